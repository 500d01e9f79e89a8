"""A game without a clock shows both players the mover's deadline counting down, and the
opponent claims once it passes (IDLE_CLAIM_AFTER_S is 4 s here instead of 300); a host cancels
a room nobody has joined."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from tests.client.players import start_pair

IDLE_CLAIM_AFTER_S = 4
CLAIM_SHOWN_MS = 20_000  # the deadline plus the page's tick, on a busy machine


def test_both_players_see_the_movers_countdown_and_the_opponent_claims_after_it(
        server_factory, players):
    node = server_factory.start("client-idle", env={"IDLE_CLAIM_AFTER_S": str(IDLE_CLAIM_AFTER_S)})
    lan, minh = start_pair(players, base_url=node.url)
    lan.play("h8")
    minh.wait_plies(1)
    expect(minh.page.locator("#move-deadline")).to_have_text(re.compile(r"^Move within 0:0\d"))
    expect(lan.page.locator("#move-deadline")).to_have_text(
        re.compile(r"^Minh must move within 0:0\d"))
    claim = lan.page.locator("#claim")
    expect(claim).to_have_count(0)
    expect(claim).to_be_visible(timeout=CLAIM_SHOWN_MS)  # Minh is still here, but sat too long
    expect(minh.page.locator("#move-deadline")).to_have_text("Move within 0:00.0")
    lan.shot("14-idle-claim-offered")
    claim.click()
    expect(lan.result_title()).to_have_text("You won")
    expect(minh.result_title()).to_have_text("You lost")
    expect(lan.page.locator("#move-deadline")).to_be_hidden()


def test_the_host_cancels_a_room_nobody_joined(players):
    lan = players("lan")
    lan.home(name="Lan")
    lan.create("Gomoku", first="Me")
    lan.click("#cancel-room")
    expect(lan.result_title()).to_have_text("Room cancelled")
    expect(lan.result_reason()).to_have_text("Closed before anyone joined.")
    expect(lan.page.locator("#share")).to_be_hidden()
    expect(lan.page.locator("#rematch")).to_have_count(0)  # nobody to play again
