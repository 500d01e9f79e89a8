"""Swap2 in the browser: the page walks each player through the opening (which stone to place,
which choice to make, whom to wait for), the choice buttons send the choice, the seats follow
the colours chosen, and the game is then played to its end — between two people, and against
the computer."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from tests.client.players import COMPUTER, Player

AI_REPLY_TIMEOUT_MS = 60_000  # the first AI action may wait for the AI worker process to start
MAX_TURNS = 30
# The page's sockets, kept where the test can close them; while `__blockSockets` is set, new
# ones go to a closed port, so the page stays disconnected until the test lets it back.
KEEP_SOCKETS = """(() => {
  const Real = window.WebSocket;
  window.__sockets = [];
  window.WebSocket = function (url, protocols) {
    const socket = new Real(window.__blockSockets ? "ws://127.0.0.1:9/" : url, protocols);
    window.__sockets.push(socket);
    return socket;
  };
  Object.assign(window.WebSocket, Real);
  window.WebSocket.prototype = Real.prototype;
})()"""
CUT_SOCKETS = "() => { window.__blockSockets = true; window.__sockets.forEach((s) => s.close()); }"
REPLY_OR_END = """n => document.querySelectorAll('#move-list button.mv').length >= n
    || !document.getElementById('gameover').hidden"""


def create_swap2(player: Player, *, opponent: str, first: str) -> None:
    """Creates a gomoku room with the swap2 opening from the home page form."""
    player.home(name=player.label.capitalize())
    form = player.page.locator("#new-game")
    form.locator("label.tile:has(input[value=gomoku])").click()
    form.locator(".tile", has_text=opponent).click()
    expect(form.locator(".opening-field")).to_be_visible()
    form.locator(".opening-field .tile", has_text=re.compile("^Swap2")).click()
    form.locator(".side-field .tile", has_text=first).click()
    form.locator("#create-btn").click()
    expect(player.page).to_have_url(re.compile(r"/r/[A-Za-z0-9_-]+$"))


def seat_of(player: Player, name: str):
    return player.page.locator(".player", has_text=name)


def expect_plays(player: Player, name: str, colour: str) -> None:
    """`name`'s card, on `player`'s page, has the stone of `colour` and is theirs."""
    card = seat_of(player, name)
    expect(card.locator(".stone-icon")).to_have_attribute("aria-label", colour)
    expect(card.locator(".pmeta")).to_contain_text("you")


def test_the_opening_field_is_offered_only_for_games_that_have_opening_rules(players):
    me = players("form")
    me.home()
    form = me.page.locator("#new-game")
    form.locator("label.tile:has(input[value=renju])").click()
    expect(form.locator(".opening-field")).to_be_visible()
    form.locator("label.tile:has(input[value=caro])").click()
    expect(form.locator(".opening-field")).to_be_hidden()


def test_a_swap2_game_between_two_browsers(players):
    lan = players("lan")
    create_swap2(lan, opponent="A friend", first="Me")
    minh = players("minh")
    minh.visit(lan.share_link(), name="Minh")

    # The opener places three stones; the other player is told whom they wait for.
    expect(lan.status()).to_have_text("Place stone 1 of 3 (black)")
    expect(lan.page.locator("#opening-banner")).to_have_text("Place stone 1 of 3 (black)")
    expect(minh.status()).to_have_text("Waiting for Lan to place the opening stones (1 of 3)")
    expect(lan.page.locator("#offer-draw")).to_be_disabled()
    lan.play("h8")
    expect(lan.status()).to_have_text("Place stone 2 of 3 (white)")
    lan.play("h9")
    lan.play("i9")

    # Minh chooses among three; Lan waits.
    minh.wait_plies(3)
    expect(minh.status()).to_have_text("Choose: play black, play white or place two more stones")
    expect(lan.status()).to_have_text("Waiting for Minh to choose")
    expect(minh.page.locator(".opening-choices button")).to_have_count(3)
    minh.shot("swap2-choose")
    minh.click("#choose-place-two")
    expect(minh.status()).to_have_text("Place stone 1 of 2 (white)")
    minh.play("g9")
    minh.play("j10")

    # Lan chooses between two and takes white: the seats follow the colours.
    lan.wait_plies(5)
    expect(lan.status()).to_have_text("Choose: play black or play white")
    expect(lan.page.locator("#choose-place-two")).to_have_count(0)
    lan.click("#choose-white")
    expect(lan.status()).to_have_text("Your turn")
    expect(minh.status()).to_have_text("Lan to move")
    expect_plays(lan, "Lan", "White")
    expect_plays(minh, "Minh", "Black")
    expect(minh.page.locator("#chat-log")).to_contain_text("Lan plays white.")
    expect(lan.page.locator("#opening")).to_be_hidden()

    # The game proper: Minh (black: h8, i9, j10 on a diagonal) makes five.
    lan.play("a1")
    minh.play("g7")
    lan.play("k11")
    minh.play("f6")
    expect(minh.result_title()).to_have_text("You won")
    expect(lan.result_title()).to_have_text("You lost")
    minh.shot("swap2-finished")


def test_a_player_who_reconnects_after_missing_the_swap_sits_in_the_new_seat(players):
    lan = players("lan")
    lan.page.add_init_script(KEEP_SOCKETS)
    create_swap2(lan, opponent="A friend", first="Me")
    minh = players("minh")
    minh.visit(lan.share_link(), name="Minh")
    for stone in ("h8", "h9", "i9"):
        lan.play(stone)
    minh.wait_plies(3)
    badge = lan.page.locator("#conn")
    lan.page.evaluate(CUT_SOCKETS)  # Lan's connection drops while Minh chooses
    expect(badge).not_to_have_attribute("data-state", "online")
    minh.click("#choose-black")
    expect(minh.status()).to_contain_text("Lan to move")
    lan.page.evaluate("() => { window.__blockSockets = false; }")
    expect(badge).to_have_attribute("data-state", "online", timeout=30_000)
    expect_plays(lan, "Lan", "White")
    expect(lan.status()).to_have_text("Your turn")


def test_a_swap2_game_against_the_computer(players):
    me = players("thu")
    create_swap2(me, opponent="The computer", first="Opponent")

    # The computer opens: three stones near the centre, then the page asks me to choose.
    me.page.wait_for_function(
        "() => document.querySelectorAll('#move-list button.mv').length >= 3",
        timeout=AI_REPLY_TIMEOUT_MS)
    expect(me.status()).to_have_text("Choose: play black, play white or place two more stones")
    me.click("#choose-black")
    expect_plays(me, "Thu", "Black")
    computer = me.page.locator('.player[data-seat="2"] .pname')
    expect(computer).to_have_text(COMPUTER)
    expect(me.page.locator('.player[data-seat="2"] .stone-icon')).to_have_attribute(
        "aria-label", "White")

    # The computer, now white, moves fourth; then the game goes on move for move.
    me.page.wait_for_function(
        "() => document.querySelectorAll('#move-list button.mv').length >= 4",
        timeout=AI_REPLY_TIMEOUT_MS)
    expect(me.status()).to_have_text("Your turn")
    over = me.page.locator("#gameover")
    for _turn in range(MAX_TURNS):  # the computer wins long before: I play the top row
        if over.is_visible():
            break
        plies = me.ply_count()
        me.page.locator('[role="gridcell"][aria-label$=", empty"]').first.click()
        me.page.wait_for_function(REPLY_OR_END, arg=plies + 2, timeout=AI_REPLY_TIMEOUT_MS)
    expect(me.result_title()).to_have_text("You lost")
    expect(me.result_reason()).to_have_text("5 in a row.")
    assert len(me.moves()) >= 9


def test_the_opening_is_explained_in_vietnamese(players):
    lan = players("lan-vi")
    lan.home(name="Lan")
    lan.page.select_option("#lang-select", "vi")
    form = lan.page.locator("#new-game")
    form.locator("label.tile:has(input[value=renju])").click()
    form.locator(".opening-field label.tile:has(input[value=swap])").click()
    form.locator("label.tile:has(input[value=first])").click()
    form.locator("#create-btn").click()
    minh = players("minh-vi")
    minh.visit(lan.share_link(), name="Minh")
    expect(lan.status()).to_have_text("Đặt quân thứ 1 / 3 (đen)")
    expect(lan.page.locator("#opening")).to_contain_text("Khai cuộc swap")
    for stone in ("h8", "h9", "i9"):
        lan.play(stone)
    expect(lan.status()).to_have_text("Chờ Minh chọn")
