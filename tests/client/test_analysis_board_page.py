"""The analysis board as a person reads it, on every screen in both languages: it says which
colour is to move; the engine's numbers are explained; an imported game has a move list to
step through; a free setup places stones of either colour and chooses the side to move;
picking a file and then pressing Import does not show an error; the game picker names every
game in words, never by its id."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.harness import ServerFactory

# Its own node: these tests ask for many positions from one address, past the shared node's
# per-minute limit, and small searches keep the shared machine free.
BOARD_ENV = {"BOARD_SEARCHES_PER_MINUTE": "0", "ANALYSIS_NODES": "20000"}
PSQ = "Piskvorky 15x15, 11:11, 0\n8,8,0\n9,8,0\n8,9,0\n9,9,0\n10,10,0\n-1\n"  # h8 i8 h7 i7 j6
WORDS = {
    "en": {"white": "White to move", "black": "Black to move", "nodes": "positions",
           "legend": "What do these numbers mean?", "terms": ["Percent", "Line", "Depth",
                                                              "Positions"],
           "chance": "chance to win", "counts": "Black to move needs as many Black stones "
                                                "as White ones.",
           "empty": "Paste a record into the box or choose a file first."},
    "vi": {"white": "Trắng đi", "black": "Đen đi", "nodes": "thế cờ",
           "legend": "Các con số này nghĩa là gì?", "terms": ["Phần trăm", "Biến", "Độ sâu",
                                                               "Thế cờ"],
           "chance": "khả năng thắng", "counts": "Đen đi thì số quân Đen phải bằng số quân Trắng.",
           "empty": "Hãy dán biên bản vào ô hoặc chọn một tệp trước."},
}


@pytest.fixture(scope="module")
def board_node(tmp_path_factory, redis_server) -> Iterator:
    factory = ServerFactory(tmp_path_factory.mktemp("board-page"), redis_server.url)
    yield factory.start("board-page", env=BOARD_ENV)
    factory.close()


@pytest.fixture
def me(reader, board_node):
    reader.base_url = board_node.url
    return reader


def open_board(me, query: str):
    me.page.goto(f"{me.base_url}/analysis?{query}")
    expect(me.page.locator("#lines .engine-line").first).to_be_visible(timeout=60_000)
    return me.page


def test_the_board_says_which_colour_is_to_move(me):
    words = WORDS[me.lang]
    page = open_board(me, "variant=gomoku&moves=h8")
    expect(page.locator("#board-status")).to_contain_text(words["white"])
    page.locator('[role="gridcell"][aria-label^="h9,"]').click()
    expect(page.locator("#board-status")).to_contain_text(words["black"])
    expect(page.locator("#board-status")).not_to_contain_text("Player")


def test_the_engines_numbers_are_explained(me):
    words = WORDS[me.lang]
    page = open_board(me, "variant=gomoku&moves=h8,h9")
    expect(page.locator("#lines-depth")).to_contain_text(words["nodes"])
    chance = page.locator("#lines .line-chance").first
    expect(chance).to_have_text(re.compile(r"^\d+%$"))
    expect(chance).to_have_attribute("title", re.compile(words["chance"], re.IGNORECASE))
    page.locator("#engine-legend summary").click()
    expect(page.locator("#engine-legend summary")).to_have_text(words["legend"])
    expect(page.locator("#engine-legend dt")).to_have_text(words["terms"])
    for text in page.locator("#engine-legend dd").all_inner_texts():
        assert len(text) > 30, text
    me.shot(f"25-analysis-numbers-{me.label}")


def test_an_imported_game_has_a_move_list_to_step_through(me):
    page = open_board(me, "variant=gomoku")
    page.select_option("#import-format", "psq")
    page.fill("#import-text", PSQ)
    page.locator("#import-btn").click()
    moves = page.locator("#move-list button.mv")
    expect(moves).to_have_text(["h8", "i8", "h7", "i7", "j6"])
    stones = page.locator(".board .layer-pieces > *")
    moves.nth(1).click()
    expect(stones).to_have_count(2)
    expect(page).to_have_url(re.compile(r"moves=h8,i8,h7,i7,j6&ply=2$"))
    page.keyboard.press("End")
    expect(stones).to_have_count(5)
    page.keyboard.press("Home")
    expect(stones).to_have_count(0)
    page.keyboard.press("ArrowRight")
    expect(page.locator('#move-list button[aria-current="true"]')).to_have_text("h8")
    page.locator("#board-next").click()
    expect(stones).to_have_count(2)


def test_a_free_setup_places_either_colour_and_chooses_the_side_to_move(me):
    words = WORDS[me.lang]
    page = open_board(me, "variant=gomoku")
    page.locator("#setup-btn").click()
    for cell in ("h8", "i9", "j10"):
        page.locator(f'[role="gridcell"][aria-label^="{cell},"]').click()
    page.locator("#setup-stone-2").click()
    page.locator('[role="gridcell"][aria-label^="h9,"]').click()
    page.locator("#setup-done").click()
    expect(page.locator("#setup-problem")).to_have_text(words["counts"])
    page.locator('[role="gridcell"][aria-label^="g9,"]').click()
    page.locator("#setup-turn-2").click()
    me.shot(f"25-analysis-setup-{me.label}")
    page.locator("#setup-done").click()
    expect(page.locator("#setup")).to_be_hidden()
    expect(page).to_have_url(re.compile(r"moves=h8,g9,i9,h9,j10&setup=5$"))
    expect(page.locator(".board .layer-pieces > *")).to_have_count(5)
    expect(page.locator("#board-status")).to_contain_text(words["white"])
    expect(page.locator("#lines .engine-line").first).to_be_visible(timeout=60_000)
    expect(page.locator("#move-list button.mv")).to_have_count(0)  # a position, not moves


def test_importing_after_picking_a_file_shows_no_error(me, tmp_path: Path):
    words = WORDS[me.lang]
    page = open_board(me, "variant=gomoku")
    page.locator("#import-btn").click()
    expect(page.locator("#import-problem")).to_have_text(words["empty"])
    record = tmp_path / "game.psq"
    record.write_text(PSQ)
    page.locator("#import-file").set_input_files(str(record))
    expect(page.locator("#move-list button.mv")).to_have_count(5)
    expect(page.locator("#import-file-name")).to_have_text("game.psq")
    expect(page.locator("#import-problem")).to_be_hidden()
    page.locator("#import-btn").click()
    expect(page.locator("#board-status")).to_contain_text(words["white"])
    expect(page.locator("#move-list button.mv")).to_have_count(5)
    expect(page.locator("#import-problem")).to_be_hidden()


def test_the_game_picker_names_every_game_in_words(me):
    page = open_board(me, "variant=caro-exact-16")
    picker = page.locator("#board-variant")
    expect(picker).to_have_value("caro-exact-16")
    names = page.request.get(f"{me.base_url}/api/variants").json()["variants"]
    expect(picker.locator("option")).to_have_count(len(names))
    labels = picker.locator("option").all_inner_texts()
    assert len(set(labels)) == len(labels), labels
    assert not {variant["name"] for variant in names} & set(labels), labels
    assert not [label for label in labels if re.search(r"-\d|null|undefined", label)], labels
