"""Sharing a room: the phone's share sheet where the browser has one, and a QR code of the link
made by the server (issue 16, point 8)."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.client.players import SCREENS

SHARE_SHEET = "navigator.share = async (data) => { window.__shared = data; };"
QR_LOADED = "() => { const img = document.querySelector('#share-qr'); " \
    "return img.complete && img.naturalWidth > 100; }"


def test_a_phone_with_a_share_sheet_shares_the_room_link(players):
    lan = players("phone-share", **SCREENS["phone"])
    lan.page.context.add_init_script(SHARE_SHEET)
    lan.home(name="Lan")
    lan.click("#play-friend")
    link = lan.share_link()
    share = lan.page.locator("#share-native")
    expect(share).to_have_text("Share…")
    share.click()
    lan.page.wait_for_function("() => window.__shared !== undefined")
    shared = lan.page.evaluate("window.__shared")
    assert shared["url"] == link and shared["text"] == "Play caro with me!"
    lan.page.wait_for_function(QR_LOADED)
    lan.page.locator("#share").scroll_into_view_if_needed()
    lan.shot("16-8-share-phone")


def test_without_a_share_sheet_the_link_is_copied_and_a_qr_code_shown(players):
    lan = players("desktop-share", **SCREENS["desktop"])
    lan.home(name="Lan")
    lan.click("#play-friend")
    expect(lan.page.locator("#share-native")).to_have_count(0)
    expect(lan.page.locator("#copy-link")).to_be_visible()
    lan.page.wait_for_function(QR_LOADED)
    expect(lan.page.locator("#share-qr")).to_have_attribute("alt", "QR code of the link")
    lan.shot("16-8-share-desktop")
