"""Friends in the browser: follow from a profile, the friends page with who is online and
playing (a link to watch), the accounts online with a Challenge button, unfollow; in English
and Vietnamese, on a laptop and a phone."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.client.players import DESKTOP, PHONE
from tests.client.social import profile, signed_up


@pytest.mark.parametrize("screen", ["desktop", "phone"])
def test_follow_from_a_profile_then_see_them_online_playing_and_watch(players, screen):
    size = DESKTOP if screen == "desktop" else PHONE
    lan, _lan_name = signed_up(players, "lan", **size)
    minh, minh_name = signed_up(players, "minh", **size)
    profile(lan, minh_name)
    actions = lan.page.locator("#player-actions")
    expect(actions.locator(".presence-badge")).to_have_attribute("data-state", "online")
    actions.get_by_role("button", name="Follow").click()
    expect(actions.get_by_role("button", name="Unfollow")).to_be_visible()
    lan.shot(f"profile-actions-{screen}")

    lan.page.goto(lan.base_url + "/following")
    row = lan.page.locator(f'#following-list [data-username="{minh_name}"]')
    expect(row.locator(".presence-badge")).to_have_attribute("data-state", "online")
    minh.create("Gomoku", opponent="The computer")  # Minh starts a game
    expect(row.locator(".presence-badge")).to_have_attribute("data-state", "playing",
                                                             timeout=20_000)
    online = lan.page.locator(f'#online-list [data-username="{minh_name}"]')
    expect(online.locator(".challenge-btn")).to_be_enabled()
    lan.shot(f"friends-{screen}")
    row.locator(".watch-link").click()
    expect(lan.page).to_have_url(re.compile(r"/r/[A-Za-z0-9_-]+$"))
    assert lan.page.url == minh.page.url

    lan.page.goto(lan.base_url + "/following")
    lan.open_menu()
    lan.page.select_option("#lang-select", "vi")
    expect(lan.page.locator("#friends h1")).to_have_text("Bạn bè")
    expect(row.locator(".presence-badge")).to_contain_text("Đang chơi")
    lan.shot(f"friends-vi-{screen}")
    row.get_by_role("button", name="Bỏ theo dõi").click()
    expect(lan.page.locator("#following-list")).to_contain_text("Bạn chưa theo dõi ai")


def test_a_player_without_an_account_sees_who_is_online_and_is_asked_to_log_in(players):
    minh, minh_name = signed_up(players, "minh")
    guest = players("guest")
    guest.home()
    guest.page.locator("#home-friends").click()
    expect(guest.page.locator("#following-list")).to_have_text("Log in to follow players.")
    online = guest.page.locator(f'#online-list [data-username="{minh_name}"]')
    expect(online.locator(".challenge-btn")).to_be_disabled()
    guest.page.locator(f'#online-list [data-username="{minh_name}"] a').click()
    expect(guest.page.locator("#player-actions")).to_contain_text(
        "Log in to challenge or follow this player.")
