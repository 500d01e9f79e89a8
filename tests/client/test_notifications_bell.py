"""The bell of the top bar: a game that ends while its player is on another page shows as an
unread notification on the bell, at once (the player's own socket); the panel lists it and
opening it clears the count; the notifications page lists it; in English and Vietnamese, on a
laptop and a phone."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.client.players import start_pair


def no_overlap(page, first: str, second: str) -> bool:
    a, b = page.locator(first).bounding_box(), page.locator(second).bounding_box()
    return a["x"] + a["width"] <= b["x"] or b["x"] + b["width"] <= a["x"] \
        or a["y"] + a["height"] <= b["y"] or b["y"] + b["height"] <= a["y"]


@pytest.mark.parametrize("screen", ["desktop", "phone"])
def test_a_game_won_while_away_rings_the_bell_and_the_panel_lists_it(players, screen):
    lan, minh = start_pair(players)
    if screen == "phone":
        lan.page.set_viewport_size({"width": 360, "height": 740})
    lan.home()  # Lan leaves the room: the game goes on without her
    count = lan.page.locator("#bell-count")
    expect(count).to_be_hidden()
    minh.click("#resign")
    minh.click("#resign-yes")
    expect(count).to_have_text("1")
    # On a phone the account is behind the menu button, beside the bell.
    assert no_overlap(lan.page, "#bell", "#menu-btn" if screen == "phone" else "#account-slot")
    lan.shot(f"bell-count-{screen}")

    lan.click("#bell")
    row = lan.page.locator("#bell-panel .notif").first
    expect(row.locator(".notif-text")).to_have_text("You won against Minh (Gomoku, resignation)")
    expect(count).to_be_hidden()  # opening the panel marks it read
    assert lan.in_viewport("#bell-panel")
    lan.shot(f"bell-panel-{screen}")

    lan.open_menu()  # on a phone the language is behind the menu button: the panel closes
    lan.page.select_option("#lang-select", "vi")
    if not lan.page.locator("#bell-all").is_visible():
        lan.page.keyboard.press("Escape")
        lan.click("#bell")
    lan.page.locator("#bell-all").click()
    expect(lan.page.locator("#notifications h1")).to_have_text("Thông báo")
    expect(lan.page.locator("#notif-page-list .notif-text").first).to_have_text(
        "Bạn thắng Minh (Gomoku, xin thua)")
    lan.shot(f"notifications-page-vi-{screen}")


def test_the_count_survives_a_reload_until_read(players):
    lan, minh = start_pair(players)
    lan.home()
    minh.click("#resign")
    minh.click("#resign-yes")
    expect(lan.page.locator("#bell-count")).to_have_text("1")
    lan.page.reload()
    expect(lan.page.locator("#bell-count")).to_have_text("1")
    lan.page.goto(lan.base_url + "/notifications")
    expect(lan.page.locator("#notif-page-list .notif")).to_have_count(1)
    expect(lan.page.locator("#bell-count")).to_be_hidden()
