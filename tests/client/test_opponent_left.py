"""An opponent who closes the tab is announced in the status line and the chat, with a
countdown to the moment the win may be claimed, then claimed (issue 16, point 5). The
server's CLAIM_AFTER_S is 4 s here instead of 60, so the test waits seconds, not a minute."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.client.players import SCREENS

CLAIM_AFTER_S = 4
SHOWN_MS = 20_000  # presence reaching the page plus the claim time, on a busy machine


@pytest.mark.parametrize("screen", SCREENS)
def test_the_player_is_told_the_opponent_left_and_when_the_win_can_be_claimed(
        server_factory, players, screen):
    node = server_factory.start(f"client-left-{screen}", env={"CLAIM_AFTER_S": str(CLAIM_AFTER_S)})
    lan, minh = players("lan", **SCREENS[screen]), players("minh")
    lan.base_url = minh.base_url = node.url
    lan.home(name="Lan")
    link = lan.create("Gomoku", first="Me")
    minh.visit(link, name="Minh")
    lan.play("h8")
    minh.wait_plies(1)
    away = lan.page.locator("#status-away")
    expect(away).to_have_count(0)

    minh.page.close()
    expect(away).to_have_text(re.compile(r"^Minh left\. You can claim the win in 0:0\d"),
                              timeout=SHOWN_MS)
    expect(lan.page.locator("#chat-log .sys", has_text="Minh left the game.")).to_have_count(1)
    lan.shot(f"16-5-opponent-left-{screen}")
    expect(away).to_have_text("Minh left. You can claim the win now.", timeout=SHOWN_MS)
    lan.shot(f"16-5-claim-now-{screen}")
    lan.click("#claim")
    expect(lan.result_title()).to_have_text("You won")
    expect(lan.result_reason()).to_have_text("Minh stopped playing; you claimed the win.")


def test_once_the_clock_runs_the_player_is_told_it_decides(players):
    lan, minh = players("lan-clock"), players("minh-clock")
    lan.home(name="Lan")
    link = lan.create("Gomoku", first="Me", clock="10+5")
    minh.visit(link, name="Minh")
    lan.play("h8")
    minh.play("h9")  # both sides have moved: the clocks run
    lan.play("i9")
    minh.page.close()
    expect(lan.page.locator("#status-away")).to_have_text(
        "Minh left. If they do not come back, their time runs out.", timeout=SHOWN_MS)
    expect(lan.page.locator("#claim")).to_have_count(0)
