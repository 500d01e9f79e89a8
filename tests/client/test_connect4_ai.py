"""A whole Connect Four game against the AI at level 1 (browser test 2)."""

from __future__ import annotations

from playwright.sync_api import expect

# The person fills columns from the middle outwards; a game lasts at most 42 plies.
COLUMN_ORDER = "dcebfag"
MAX_TURNS = 21
AI_REPLY_TIMEOUT_MS = 60_000  # the first reply may wait for the AI worker process to start
REPLY_OR_END = """n => document.querySelectorAll('#move-list button.mv').length >= n
    || !document.getElementById('gameover').hidden"""


def column_open(player, column: str) -> bool:
    return player.cell(f"{column}6").get_attribute("aria-label") == f"{column}6, empty"


def test_connect4_against_the_ai_is_played_to_the_end_with_the_ai_replying(players):
    me = players("c4")
    me.home(name="Thu")
    me.create("Connect Four", opponent="The computer", level=1, first="Me")
    expect(me.status()).to_have_text("Your turn")
    expect(me.page.locator(".board-drop")).to_be_visible()
    me.shot("2-connect4-start")

    # The first disc goes in by keyboard: the cursor starts in the middle column.
    me.page.locator(".board").focus()
    me.page.keyboard.press("ArrowLeft")
    me.page.keyboard.press("Enter")
    me.page.wait_for_function(REPLY_OR_END, arg=2, timeout=AI_REPLY_TIMEOUT_MS)
    assert me.moves()[0] == "3"

    over = me.page.locator("#gameover")
    ai_replies = 0
    for turn in range(MAX_TURNS):
        if over.is_visible():
            break
        column = next(c for c in COLUMN_ORDER if column_open(me, c))
        before = me.ply_count()
        me.play(f"{column}6")
        if turn == 0:  # the server holds the AI's answer (AI_THINK_MS, 500 ms by default)
            expect(me.status()).to_have_text("The AI is thinking…")
        me.page.wait_for_function(REPLY_OR_END, arg=before + 2, timeout=AI_REPLY_TIMEOUT_MS)
        if me.ply_count() == before + 2:
            ai_replies += 1
        if turn == 1:
            me.page.hover(f'[role="gridcell"][aria-label^="{COLUMN_ORDER[0]}6,"]')
            me.shot("2-connect4-column-hover")

    expect(over).to_be_visible()
    moves = me.moves()
    assert ai_replies >= 3
    assert all(m in "1234567" for m in moves)
    assert ai_replies == len(moves) // 2 - 1  # the keyboard move's reply is not counted
    title = me.result_title().inner_text()
    assert title in {"You won", "You lost", "Draw"}
    if title != "Draw":
        assert me.page.locator(".win-ring").count() >= 4
    me.shot("2-connect4-finished")
