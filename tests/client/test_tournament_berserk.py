"""Berserk in the browser: two players of an arena are taken to their game; one (desktop,
English) presses Berserk before their first move, their clock shows half the time, and the
opponent's page (phone, Vietnamese) shows the halved clock and the ⚡ mark without a reload;
their win in seven moves is scored 3 and marked ⚡ in the standings."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from tests.client.players import DESKTOP, PHONE
from tests.client.social import signed_up
from tests.client.test_tournaments import ROOM, soon


def test_pressing_berserk_halves_the_clock_and_the_opponent_sees_it(players):
    lan, lan_name = signed_up(players, "lan", **DESKTOP)
    minh, _ = signed_up(players, "minh", **PHONE, lang="vi")
    made = lan.page.request.post(f"{lan.base_url}/api/tournaments", data={
        "format": "arena", "name": "Berserk", "variant": "gomoku", "minutes": 1,
        "clock": {"initial_s": 60, "increment_s": 0}, "starts_at": soon(3)}).json()
    for player in (lan, minh):
        player.page.goto(f"{player.base_url}{made['url']}")
        player.page.locator("#tour-join").click()
    for player in (lan, minh):  # paired: each is taken to the game
        expect(player.page).to_have_url(ROOM, timeout=20_000)
    button = lan.page.locator("#berserk")
    expect(button).to_have_text("⚡ Berserk: half the time, +1 point for a win")
    expect(minh.page.locator("#berserk")).to_have_text("⚡ Tốc chiến: nửa thời gian, thắng +1 điểm")
    lan_seat = lan.page.locator(".player", has_text="You").get_attribute("data-seat")
    lan.shot("berserk-offered")
    minh.shot("berserk-offered-phone-vi")  # beside the clocks: no scrolling
    button.click()
    expect(button).to_have_count(0)
    expect(lan.page.locator(f'[data-clock="{lan_seat}"]')).to_have_text("0:30")
    expect(minh.page.locator(f'[data-clock="{lan_seat}"]')).to_have_text("0:30")
    expect(minh.page.locator(f'[data-clock="{3 - int(lan_seat)}"]')).to_have_text("1:00")
    mark = minh.page.locator(f'[data-berserk="{lan_seat}"]')
    expect(mark).to_be_visible()
    expect(mark).to_have_attribute("title", re.compile("^Tốc chiến"))
    lan.shot("berserk-done")
    minh.shot("berserk-seen-phone-vi")

    # lan wins with their seventh move: the standings mark that game ⚡ and score it 3.
    mine = ["a1", "a3", "a5", "b1", "c1", "d1", "e1"]
    theirs = ["o15", "m15", "k15", "o13", "m13", "k13", "o11"]
    order = [(lan, mine), (minh, theirs)] if lan_seat == "1" else [(minh, theirs), (lan, mine)]
    while mine:
        for player, cells in order:
            if mine:
                player.play(cells.pop(0))
    expect(lan.result_title()).to_be_visible()
    lan.page.goto(f"{lan.base_url}{made['url']}")
    chip = lan.page.locator(f'#standings tr[data-player="{lan_name}"] .chip').first
    expect(chip).to_contain_text("3")
    expect(chip.locator("[data-berserk]")).to_have_text("⚡")
    expect(chip).to_have_attribute("title", re.compile("Went berserk"))
    expect(lan.page.locator("#tour-terms")).to_have_text("Arena · Gomoku · 1+0 · Casual · 1 minute")
    lan.shot("berserk-standings")
    for player in (lan, minh):  # out of the arena: paired no more
        player.page.request.post(f"{player.base_url}/api/tournaments/{made['id']}/leave",
                                 data={})
