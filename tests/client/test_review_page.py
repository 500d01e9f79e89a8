"""The review page /g/{id}: a finished game is analysed on request, the evaluation chart is
drawn, clicking a point moves the board there, and the engine's best move is shown; a game
played under an opening rule says which, and what each player chose."""

from __future__ import annotations

import asyncio
import threading

from playwright.sync_api import expect

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
