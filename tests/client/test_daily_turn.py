"""A daily game in the browser (issue 27): made with a day per move, it waits while a player is
on another page; the move played meanwhile shows as "your turn" on the bell and at the top of
Your games, still there after a reload, and Resume takes the player back to their seat to
answer. The mover on a laptop in English, the one away on a phone in Vietnamese."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from tests.client.layout import layout_problems
from tests.client.players import VIEWS
from tests.client.social import signed_up


def test_a_daily_game_s_your_turn_shows_on_the_bell_and_home_across_a_reload(players):
    lan, lan_name = signed_up(players, "lan", **VIEWS["desktop-en"])
    room_url = lan.create("Gomoku", clock="1 day a move")
    expect(lan.page.locator("#daily-note")).to_have_text(
        "Daily game: 1 day a move. It waits for you: leave and come back any time.")
    expect(lan.page.locator("#room-game")).to_have_text("Gomoku · 15×15 · 1 day a move · Casual")
    minh, _minh_name = signed_up(players, "minh", **VIEWS["phone-vi"])
    minh.visit(lan.share_link())
    # Lan's day runs (23 h 59 min left), Minh's waits whole.
    expect(minh.page.locator("[data-clock]")).to_have_text(
        [re.compile(r"^(1 ngày 0 giờ|23 giờ 59 phút)$"), "1 ngày 0 giờ"])
    minh.home()  # away from the game

    lan.play("h8")
    expect(minh.page.locator("#bell-count")).to_have_text("1")
    game = minh.page.locator("#your-unfinished .lobby-item").first
    expect(game).to_have_class(re.compile(r"\byour-turn\b"))
    expect(game.locator(".game-turn")).to_have_text(
        re.compile(r"^Đến lượt bạn · 1 ngày một nước · còn 23 giờ$"))
    minh.page.reload()
    expect(minh.page.locator("#bell-count")).to_have_text("1")
    expect(game.locator(".game-turn")).to_contain_text("Đến lượt bạn")
    game.scroll_into_view_if_needed()
    minh.shot("daily-your-turn-home-phone-vi")
    minh.page.locator("#bell").click()
    expect(minh.page.locator("#bell-panel .notif").first).to_contain_text(
        f"Đến lượt bạn đi trong ván với {lan_name} (Gomoku)")
    minh.shot("daily-your-turn-bell-phone-vi")
    minh.page.locator("#bell").click()  # closed; read now
    expect(minh.page.locator("#bell-count")).to_be_hidden()
    expect(game.locator(".game-turn")).to_contain_text("Đến lượt bạn")  # read, still my turn
    assert layout_problems(minh.page) == []

    game.get_by_role("button", name="Chơi tiếp").click()
    expect(minh.page).to_have_url(room_url)
    minh.play("h9")
    lan.wait_plies(2)
    expect(lan.status()).to_have_text("Your turn")
    lan.shot("daily-game-desktop-en")
