"""A finished game's pages and records as a person reads them, on every screen in both
languages: the replay reads "Black won · 5 in a row" in the board's colours, its move list keeps
the current move in sight without scrolling the page; the room, the replay and the review offer
SGF, PSQ and text downloads naming the players; no page shows "null", "undefined" or a raw id."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.client.played import PASSWORD, Played, play
from tests.client.test_review_page import check_downloads

# Black builds h8-l8 while both sides scatter stones that make no line: 33 plies, more than
# the move list shows at once.
BLACK = ["a1", "c1", "e1", "g1", "i1", "k1", "m1", "o1", "a4", "c4", "e4", "g4",
         "h8", "i8", "j8", "k8", "l8"]
WHITE = ["a15", "c15", "e15", "g15", "i15", "k15", "m15", "o15", "a12", "c12", "e12", "g12",
         "b7", "b9", "c11", "d13"]
MOVES = [move for pair in zip(BLACK, [*WHITE, ""], strict=True) for move in pair if move]
RESULT = {"en": "Black won · 5 in a row", "vi": "Đen thắng · 5 quân liên tiếp"}
RESIGNED = {"en": "O won · X resigned", "vi": "O thắng · X xin thua"}
# What a page must never show: an unfilled value, a placeholder, a variant's id.
RAW = re.compile(r"\b(null|undefined|NaN)\b|\{\w+\}|\b(gomoku-standard|caro-exact|caro-\d+|"
                 r"custom-\d)")


@pytest.fixture(scope="module")
def long_game(app_server) -> Played:
    return play(app_server, MOVES)


@pytest.fixture(scope="module")
def resigned_game(app_server) -> Played:
    """Tic-tac-toe: X resigns after two moves."""
    return play(app_server, ["b2", "a1"], variant="tictactoe", resign=True)


def visible_text(page) -> str:
    return page.locator("body").inner_text()


def test_the_replay_reads_the_result_in_the_boards_colours(reader, long_game, resigned_game):
    page = reader.page
    page.goto(f"{reader.base_url}/g/{long_game.game_id}/replay")
    expect(page.locator("#game-result")).to_have_text(RESULT[reader.lang])
    expect(page.locator("#game-head .player-name")).to_have_text(list(long_game.usernames))
    reader.shot(f"25-replay-result-{reader.label}")
    page.goto(f"{reader.base_url}/g/{resigned_game.game_id}/replay")
    expect(page.locator("#game-result")).to_have_text(RESIGNED[reader.lang])


def test_the_replay_keeps_the_current_move_in_sight_without_scrolling_the_page(reader,
                                                                               long_game):
    page = reader.page
    page.goto(f"{reader.base_url}/g/{long_game.game_id}/replay")
    moves = page.locator("#move-list button.mv")
    expect(moves).to_have_count(len(MOVES))
    page.evaluate("window.scrollTo(0, 30)")
    scrolled = page.evaluate("window.scrollY")
    for key, ply in (("End", len(MOVES)), ("Home", 0), ("ArrowRight", 1), ("End", len(MOVES)),
                     ("ArrowLeft", len(MOVES) - 1)):
        page.keyboard.press(key)
        expect(page.locator("#replay-ply")).to_have_text(f"{ply} / {len(MOVES)}")
        if ply:
            item = page.locator(f'#move-list button[data-ply="{ply}"]')
            expect(item).to_have_attribute("aria-current", "true")
            assert inside(item.bounding_box(), page.locator("#move-list").bounding_box())
    assert page.evaluate("window.scrollY") == scrolled


def inside(item: dict, box: dict) -> bool:
    return box["y"] - 1 <= item["y"] and item["y"] + item["height"] <= box["y"] + box["height"] + 1


def test_the_replay_offers_the_game_as_sgf_psq_and_text(reader, long_game):
    reader.page.goto(f"{reader.base_url}/g/{long_game.game_id}/replay")
    check_downloads(reader.page, f"caro-arena-{long_game.game_id}", long_game.usernames[0])


def test_the_room_offers_its_game_as_sgf_psq_and_text(reader, long_game):
    reader.page.goto(f"{reader.base_url}/r/{long_game.room_id}")
    expect(reader.page.locator("#move-list button.mv")).to_have_count(len(MOVES))
    check_downloads(reader.page, f"caro-arena-{long_game.room_id}-1", long_game.usernames[0])
    reader.shot(f"25-room-downloads-{reader.label}")


def test_no_game_page_shows_null_undefined_or_a_raw_id(reader, long_game):
    page = reader.page
    answer = page.request.post(f"{reader.base_url}/api/account/login",
                               data={"username": long_game.usernames[0], "password": PASSWORD})
    assert answer.ok  # the context's cookies are now the account's: "Your games" lists its game
    for path, shown in ((f"/g/{long_game.game_id}/replay", "#game-result"),
                        (f"/g/{long_game.game_id}", "#game-result"),
                        (f"/@/{long_game.usernames[0]}", f'[data-game="{long_game.game_id}"]'),
                        ("/leaderboard/gomoku", "#leaderboard-table"),
                        ("/", f'#your-games [data-game="{long_game.game_id}"]')):
        page.goto(reader.base_url + path)
        expect(page.locator(shown).first).to_be_visible()
        text = visible_text(page)
        assert not RAW.search(text), (path, RAW.search(text))
        assert long_game.game_id not in text and long_game.room_id not in text, path
    reader.shot(f"25-your-games-{reader.label}")
