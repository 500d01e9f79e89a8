"""The review page /g/{id}: a finished game is analysed on request, the evaluation chart is
drawn, clicking a point moves the board there, and the engine's best move is shown; a game
played under an opening rule says which, and what each player chose. On every screen in both
languages: the header names the players, ratings, result, game and date; the move list and
the keys follow the current move without scrolling the page; a judgement names one best move,
the one the board rings; the chart has a centre line and a win-chance scale; on a phone the
board comes before the chart and the accuracy, which names the players; the game downloads as
SGF, PSQ and text."""

from __future__ import annotations

import asyncio
import re
import threading

import pytest
from playwright.sync_api import expect

from tests.client.played import Played, analysed, play
from tests.server.client import Player as SocketPlayer
from tests.server.client import create_room

# X wins: O's edge reply b1 loses by force (the solver judges it a blunder).
GAME = ["b2", "b1", "a1", "c3", "a3", "a2", "c1"]


async def _play(base_url: str, ws_url: str) -> str:
    room = await create_room(base_url, variant="tictactoe", your_side="first")
    first = await SocketPlayer.join(ws_url, room["room_id"], token=room["token"])
    second = await SocketPlayer.join(ws_url, room["room_id"])
    for ply, move in enumerate(GAME):
        await (first if ply % 2 == 0 else second).move(move)
    await first.wait_for("game_over")
    return room["room_id"]


async def _play_swap2(base_url: str, ws_url: str) -> str:
    """Swap2 gomoku: Lan opens, Minh places two more, Lan takes white, Minh resigns."""
    room = await create_room(base_url, variant="gomoku", your_side="first", opening="swap2")
    lan = await SocketPlayer.join(ws_url, room["room_id"], token=room["token"], name="Lan")
    minh = await SocketPlayer.join(ws_url, room["room_id"], name="Minh")
    for stone in ("h8", "h9", "i9"):
        await lan.move(stone)
    await minh.command("opening_choice", choice="place_two")
    for stone in ("g9", "j10"):
        await minh.move(stone)
    await lan.command("opening_choice", choice="white")
    await minh.command("resign")
    return room["room_id"]


# Caro: l8 makes h8-l8, five but blocked at both ends by g8 and m8 (no win); then O resigns.
CARO_GAME = ["h8", "g8", "i8", "m8", "j8", "a1", "k8", "a2", "l8"]


async def _play_caro(base_url: str, ws_url: str) -> str:
    room = await create_room(base_url, variant="caro", your_side="first")
    first = await SocketPlayer.join(ws_url, room["room_id"], token=room["token"])
    second = await SocketPlayer.join(ws_url, room["room_id"])
    for ply, move in enumerate(CARO_GAME):
        await (first if ply % 2 == 0 else second).move(move)
    await second.command("resign")
    await first.wait_for("game_over")
    return room["room_id"]


def finished_game(server, play=_play) -> str:
    """Plays `play` over real sockets (in a thread: the browser test owns this one's loop)."""
    result: list[str] = []
    thread = threading.Thread(
        target=lambda: result.append(asyncio.run(play(server.url, server.ws_url))))
    thread.start()
    thread.join(timeout=60)
    assert result, "the game was not played"
    return result[0]


def test_review_page_draws_the_chart_and_clicking_a_point_moves_the_board(players, app_server):
    game_id = finished_game(app_server)
    me = players("review")
    me.page.goto(f"{me.base_url}/g/{game_id}")
    expect(me.page.locator(".board")).to_be_visible()
    expect(me.page.locator(".board .layer-pieces > *")).to_have_count(len(GAME))
    me.page.click("#analyse-btn")
    points = me.page.locator("#eval-chart .eval-point")
    expect(points).to_have_count(len(GAME) + 1, timeout=90_000)
    expect(me.page.locator("#accuracy-first")).to_be_visible()

    points.nth(2).click()
    expect(me.page.locator('#move-list button[aria-current="true"]')).to_have_attribute(
        "data-ply", "2")
    expect(me.page.locator(".board .layer-pieces > *")).to_have_count(2)
    expect(me.page.locator("#judgement")).to_contain_text("b1: Blunder")
    expect(me.page.locator("#best-move")).to_be_visible()
    expect(me.page.locator(".board .hint")).to_have_count(1)
    expect(me.page.locator('#move-list button[data-ply="2"]')).to_have_text("b1??")
    me.shot("13-review")


def test_analysis_board_shows_three_lines_follows_clicks_and_imports_a_record(players):
    me = players("board")
    me.page.goto(f"{me.base_url}/analysis?variant=gomoku&moves=h8,h9,i8,i9,j8,j9")
    lines = me.page.locator("#lines .engine-line")
    expect(lines).to_have_count(3, timeout=60_000)
    expect(lines.first).to_contain_text("100%")  # Black has a forced win by fours
    expect(me.page.locator(".board .hint")).to_have_count(1)

    me.page.click('[role="gridcell"][aria-label^="g8"]')
    expect(me.page).to_have_url(f"{me.base_url}/analysis?variant=gomoku&moves=h8,h9,i8,i9,j8,j9,g8")
    expect(me.page.locator(".board .layer-pieces > *")).to_have_count(7)

    me.page.select_option("#import-format", "psq")
    me.page.fill("#import-text", "Piskvorky 15x15, 11:11, 0\n8,8,0\n9,8,0\n-1\n")
    me.page.click("#import-btn")
    expect(me.page).to_have_url(f"{me.base_url}/analysis?variant=gomoku&moves=h8,i8")
    expect(me.page.locator(".board .layer-pieces > *")).to_have_count(2)
    expect(lines).to_have_count(3, timeout=60_000)
    me.shot("13-analysis-board")


def test_review_page_names_the_opening_rule_and_each_players_choice(players, app_server):
    game_id = finished_game(app_server, _play_swap2)
    me = players("review-opening")
    me.page.goto(f"{me.base_url}/g/{game_id}")
    card = me.page.locator("#review-opening")
    expect(card.locator("h2")).to_have_text("Swap2 opening")
    expect(card.locator("li")).to_have_text(["The second player chose: Place two more",
                                             "Then the first player chose: Play white"])


def test_review_page_of_a_game_without_an_opening_rule_shows_none(players, app_server):
    game_id = finished_game(app_server)
    me = players("review-no-opening")
    me.page.goto(f"{me.base_url}/g/{game_id}")
    expect(me.page.locator(".board .layer-pieces > *")).to_have_count(len(GAME))
    expect(me.page.locator("#review-opening")).to_be_hidden()


def test_the_analysis_board_draws_any_board_the_server_describes(players):
    me = players("board-custom")
    me.page.goto(f"{me.base_url}/analysis?variant=custom-9x11-k4-standard&moves=e5")
    expect(me.page.locator('[role="gridcell"]')).to_have_count(9 * 11)
    expect(me.page.locator(".board .layer-pieces > *")).to_have_count(1)
    me.page.goto(f"{me.base_url}/analysis?variant=custom-99x99-k4-standard")
    expect(me.page.locator('[role="gridcell"]')).to_have_count(15 * 15)  # gomoku instead


def test_the_analysis_board_offers_the_servers_variants_and_names_a_custom_board(players):
    me = players("board-variants")
    me.page.goto(f"{me.base_url}/analysis?variant=custom-9x11-k4-standard&moves=e5")
    picker = me.page.locator("#board-variant")
    expect(picker).to_have_value("custom-9x11-k4-standard")
    listed = me.page.request.get(f"{me.base_url}/api/variants").json()["variants"]
    for variant in listed:  # renju too: the page keeps no list of its own
        expect(picker.locator(f'option[value="{variant["name"]}"]')).to_have_count(1)


def test_review_page_says_why_a_blocked_five_did_not_win_in_vietnamese(players, app_server):
    game_id = finished_game(app_server, _play_caro)
    me = players("review-vi")
    me.home()
    me.page.select_option("#lang-select", "vi")
    me.page.goto(f"{me.base_url}/g/{game_id}")
    me.page.click("#analyse-btn")
    expect(me.page.locator("#eval-chart .eval-point")).to_have_count(len(CARO_GAME) + 1,
                                                                        timeout=120_000)
    me.page.locator(f'#move-list button[data-ply="{len(CARO_GAME)}"]').click()
    expect(me.page.locator("#rule-note")).to_have_text(
        "h8-l8 đủ 5 quân liền nhưng bị quân đối phương chặn hai đầu, "
        "theo luật caro không tính thắng")


# --------------------------------------------------------------------------- every view
# One rated game between two accounts, analysed once, looked at on every screen in both
# languages (VIEWS). X wins: O's edge reply b1 loses by force.

WORDS = {
    "en": {"result": "X won · 3 in a row",
           "meta": re.compile(r"^Tic-Tac-Toe · Rated · [A-Z][a-z]{2} \d{1,2}, \d{4}$"),
           "blunder": "b1: Blunder", "better": "Better was {move} (ringed on the board)",
           "best": "Best move here: {move} (ringed on the board)",
           "scale": "X's chance to win after each move"},
    "vi": {"result": "X thắng · 3 quân liên tiếp",
           "meta": re.compile(r"^Tic-Tac-Toe · Tính điểm · \d{1,2} thg \d{1,2}, \d{4}$"),
           "blunder": "b1: Sai lầm nghiêm trọng", "better": "Nên đi {move} (khoanh trên bàn cờ)",
           "best": "Nước hay nhất ở đây: {move} (khoanh trên bàn cờ)",
           "scale": "Khả năng thắng của X sau mỗi nước"},
}


@pytest.fixture(scope="module")
def reviewed(app_server) -> tuple[Played, dict]:
    """A rated game of two new accounts and its finished analysis."""
    game = play(app_server, GAME, variant="tictactoe")
    return game, analysed(app_server, game.game_id)


def open_review(reader, game: Played):
    reader.page.goto(f"{reader.base_url}/g/{game.game_id}")
    expect(reader.page.locator("#eval-chart .eval-point")).to_have_count(len(GAME) + 1)
    return reader.page


def test_the_header_names_the_players_ratings_result_game_and_date(reader, reviewed):
    game, _ = reviewed
    page = open_review(reader, game)
    words = WORDS[reader.lang]
    for seat, username in zip(("1", "2"), game.usernames, strict=True):
        player = page.locator(f'#game-head .head-player[data-seat="{seat}"]')
        expect(player.locator(".player-name")).to_have_text(username)
        expect(player.locator(".player-rating")).to_have_text("1500?")
        expect(player.locator(".rating-change")).to_have_text(re.compile(r"^[+−]\d+$"))
    expect(page.locator("#game-result")).to_have_text(words["result"])
    expect(page.locator("#game-meta")).to_have_text(words["meta"])
    reader.shot(f"25-review-header-{reader.label}")


def test_the_move_list_follows_the_current_move_and_keys_do_not_scroll_the_page(reader,
                                                                              reviewed):
    page = open_review(reader, reviewed[0])
    current = page.locator('#move-list button[aria-current="true"]')
    stones = page.locator(".board .layer-pieces > *")
    page.evaluate("window.scrollTo(0, 40)")
    scrolled = page.evaluate("window.scrollY")
    for key, ply in (("Home", 0), ("ArrowRight", 1), ("ArrowRight", 2), ("End", len(GAME)),
                     ("ArrowLeft", len(GAME) - 1), ("ArrowDown", len(GAME)), ("ArrowUp", 0)):
        page.keyboard.press(key)
        expect(stones).to_have_count(ply)
        if ply:
            expect(current).to_have_attribute("data-ply", str(ply))
        else:
            expect(current).to_have_count(0)
    assert page.evaluate("window.scrollY") == scrolled


def test_a_judgement_names_one_best_move_and_the_board_rings_that_one(reader, reviewed):
    game, analysis = reviewed
    page = open_review(reader, game)
    words = WORDS[reader.lang]
    blunder, first = analysis["moves"][1], analysis["moves"][0]
    assert blunder["judgement"] == "blunder" and blunder["best"] != blunder["move"]
    page.locator('#move-list button[data-ply="2"]').click()
    expect(page.locator("#judgement")).to_contain_text(words["blunder"])
    expect(page.locator("#best-move")).to_have_text(words["better"].format(move=blunder["best"]))
    expect(page.locator(".board .hint")).to_have_count(1)
    expect(page.locator(".board .hint")).to_have_attribute("data-cell", blunder["best"])
    page.locator('#move-list button[data-ply="1"]').click()  # a best move: the next one's
    best_here = analysis["moves"][1]["best"]
    expect(page.locator("#best-move")).to_have_text(words["best"].format(move=best_here))
    expect(page.locator(".board .hint")).to_have_attribute("data-cell", best_here)
    assert first["judgement"] in ("best", "good")
    expect(page.locator("#review-detail")).not_to_contain_text(blunder["best"] if
                                                               blunder["best"] != best_here
                                                               else "\u0000")


def test_the_chart_has_a_centre_line_and_a_win_chance_scale(reader, reviewed):
    page = open_review(reader, reviewed[0])
    expect(page.locator("#eval-chart .eval-mid")).to_have_count(1)
    expect(page.locator("#eval-chart .eval-scale")).to_have_text(["100%", "50%", "0%"])
    expect(page.locator("#eval-caption")).to_contain_text(WORDS[reader.lang]["scale"])


def test_the_board_comes_before_the_chart_and_accuracy_and_accuracy_names_the_players(
        reader, reviewed):
    game, analysis = reviewed
    page = open_review(reader, game)
    board = page.locator(".board").bounding_box()
    for card in ("#eval-card", "#accuracy"):
        box = page.locator(card).bounding_box()
        if reader.label.startswith("phone"):
            assert board["y"] + board["height"] <= box["y"], card  # above it, on one column
        else:
            assert board["x"] + board["width"] <= box["x"], card  # to its left
    for side, username in zip(("first", "second"), game.usernames, strict=True):
        row = page.locator(f"#accuracy-{side}")
        expect(row.locator(".player-name")).to_have_text(username)
        value = f"{analysis['accuracy'][side]:g}%"
        expect(row.locator(".accuracy-value")).to_have_text(
            value.replace(".", ",") if reader.lang == "vi" else value)


def test_the_review_offers_the_game_as_sgf_psq_and_text(reader, reviewed):
    game, _ = reviewed
    page = open_review(reader, game)
    check_downloads(page, f"caro-arena-{game.game_id}", game.usernames[0])


def check_downloads(page, name: str, first_player: str) -> None:
    """The download menu offers SGF, PSQ and text, each naming the first player."""
    page.locator("#downloads summary").click()
    links = page.locator("#downloads a")
    expect(links).to_have_count(3)
    for fmt, ext in (("sgf", "sgf"), ("psq", "psq"), ("text", "txt")):
        link = links.and_(page.locator(f'[data-format="{fmt}"]'))
        expect(link).to_be_visible()
        expect(link).to_have_attribute("download", f"{name}.{ext}")
        answer = page.request.get(link.evaluate("(a) => a.href"))
        assert answer.ok and first_player in answer.text(), (fmt, answer.text())
