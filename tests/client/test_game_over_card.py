"""The game-over card offers what comes next: Rematch, New game, Back to the lobby and Review
(the computer review page of the game; issue 16, point 10)."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.client.players import SCREENS, Player


def finished_game(players, screen: str) -> tuple[Player, Player]:
    """Lan (X, on `screen`) wins a Tic-Tac-Toe game against Minh along the bottom row."""
    lan = players("lan", **SCREENS[screen])
    lan.home(name="Lan")
    link = lan.create("Tic-Tac-Toe", first="Me")
    minh = players("minh")
    minh.visit(link, name="Minh")
    for lan_move, minh_move in (("a1", "a2"), ("b1", "b2")):
        lan.play(lan_move)
        minh.play(minh_move)
    lan.play("c1")
    expect(lan.result_title()).to_have_text("You won")
    return lan, minh


@pytest.mark.parametrize("screen", SCREENS)
def test_the_game_over_card_offers_rematch_new_game_lobby_and_review(players, screen):
    lan, _minh = finished_game(players, screen)
    room_id = lan.page.url.rstrip("/").rsplit("/", 1)[1]
    card = lan.page.locator("#gameover")
    for button, text in (("#rematch", "Rematch"), ("#new-game-link", "New game"),
                         ("#lobby-link", "Back to the lobby"), ("#review-game", "Review")):
        expect(card.locator(button)).to_have_text(text)
    card.scroll_into_view_if_needed()
    lan.shot(f"16-10-game-over-{screen}")
    card.locator("#review-game").click()
    expect(lan.page).to_have_url(lan.base_url + "/g/" + room_id + "-1")  # the game's own id
    expect(lan.page.locator(".board .layer-pieces > *")).to_have_count(5)


def test_back_to_the_lobby_and_new_game_leave_the_room(players):
    lan, _minh = finished_game(players, "desktop")
    lan.click("#lobby-link")
    expect(lan.page).to_have_url(lan.base_url + "/#lobby")
    expect(lan.page.locator("#lobby")).to_be_in_viewport()
    lan.page.go_back()
    expect(lan.result_title()).to_have_text("You won")
    lan.click("#new-game-link")
    expect(lan.page.locator("#quick-start")).to_be_visible()
