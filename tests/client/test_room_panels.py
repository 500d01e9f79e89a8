"""The home page's options reach the room (custom board, clock), and the move list reviews
earlier positions."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.client.players import SCREENS, start_pair

RUNNING = re.compile(r"\brunning\b")


def clock(player, seat: int):
    return player.page.locator(f'.player[data-seat="{seat}"] .clock')


def test_custom_board_from_more_options_creates_that_board(players):
    me = players("custom")
    me.home(name="Lan")
    form = me.page.locator("#new-game")
    form.locator("details.more summary").click()
    form.locator("input[name=rows]").fill("19")
    form.locator("input[name=cols]").fill("17")
    form.locator("select[name=rule]").select_option("caro")
    me.create("Custom board")
    expect(me.page.locator('[role="gridcell"]')).to_have_count(19 * 17)
    expect(me.cell("q19")).to_have_attribute("aria-label", "q19, empty")
    me.shot("10-custom-19x17")


def test_a_public_custom_room_is_listed_under_the_board_the_server_describes(players):
    host = players("custom-host")
    host.home(name="Lan")
    form = host.page.locator("#new-game")
    form.locator("details.more summary").click()
    expect(form.locator("input[name=rows]")).to_have_attribute("max", "25")  # GET /api/variants
    form.locator("input[name=rows]").fill("11")
    form.locator("input[name=cols]").fill("13")
    form.locator("input[name=k]").fill("4")
    host.create("Custom board", public=True)
    guest = players("custom-guest")
    guest.home(name="Minh")
    entry = guest.page.locator(".lobby-item", has_text="by Lan")
    # (the form's rule is the caro rule unless another is chosen)
    expect(entry.locator(".lobby-game")).to_have_text("Caro 11×13, 4 in a row")


@pytest.mark.parametrize("screen", SCREENS)
def test_each_clock_starts_after_its_own_first_move(players, screen):
    lan = players("lan", **SCREENS[screen])
    lan.home(name="Lan")
    link = lan.create("Gomoku", first="Me", clock="3+2")
    minh = players("minh")
    minh.visit(link, name="Minh")
    expect(lan.page.locator("#clock-note")).to_have_text(
        "Each clock starts after that player's first move.")
    expect(clock(lan, 1)).not_to_have_class(RUNNING)
    expect(clock(lan, 1)).to_have_text("3:00")
    lan.shot(f"16-9-clocks-waiting-{screen}")
    lan.play("h8")
    expect(clock(minh, 2)).not_to_have_class(RUNNING)  # Minh's clock waits for his first move
    expect(clock(minh, 1)).to_have_text("3:00")
    minh.play("h9")
    expect(clock(lan, 1)).to_have_class(RUNNING)
    expect(lan.page.locator("#clock-note")).to_have_count(0)
    lan.play("i9")
    expect(clock(minh, 2)).to_have_class(RUNNING)
    expect(clock(minh, 1)).to_have_text(re.compile(r"^3:0[0-2]$"))
    lan.shot(f"16-9-clocks-running-{screen}")


def test_clicking_a_move_reviews_that_position_until_back_to_live(players):
    lan, minh = start_pair(players)
    for ply, move in enumerate(["h8", "i9", "h9"]):
        (lan if ply % 2 == 0 else minh).play(move)
    minh.page.locator('#move-list button[data-ply="1"]').click()
    expect(minh.status()).to_contain_text("Reviewing move 1 of 3")
    expect(minh.cell("i9")).to_have_attribute("aria-label", "i9, empty")
    expect(minh.page.locator(".board.is-interactive")).to_have_count(0)
    minh.shot("10-review")
    minh.status().get_by_role("button", name="Back to live").click()
    expect(minh.status()).to_have_text("Your turn")
    expect(minh.cell("i9")).to_have_attribute("aria-label", "i9, White")
