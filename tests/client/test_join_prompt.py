"""Whoever opens a share link is asked for a name (prefilled with the last one) and chooses to
join or to watch; nobody takes a seat by just opening a link (issue 16, point 6)."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.client.players import SCREENS, Player


def host_room(players) -> tuple[Player, str]:
    lan = players("lan")
    lan.home(name="Lan")
    return lan, lan.create("Gomoku", first="Me")


@pytest.mark.parametrize("screen", SCREENS)
def test_the_link_opener_joins_under_the_name_they_confirm(players, screen):
    lan, link = host_room(players)
    minh = players(f"minh-{screen}", **SCREENS[screen])
    minh.visit(link, name="Minh", join=False)
    prompt = minh.page.locator("#join-prompt")
    expect(prompt.locator("h2")).to_have_text("Lan invites you to play")
    expect(prompt.locator("#join-name")).to_have_value("Minh")
    expect(prompt.locator("#join-seat")).to_have_text("Join as White")
    assert minh.in_viewport("#join-seat")
    expect(lan.status()).to_have_text("Waiting for an opponent…")  # opening took no seat
    minh.shot(f"16-6-join-prompt-{screen}")
    prompt.locator("#join-name").fill("Minh Anh")
    prompt.locator("#join-seat").click()
    expect(prompt).to_be_hidden()
    expect(lan.status()).to_have_text("Your turn")
    expect(lan.page.locator(".player .pname", has_text="Minh Anh")).to_have_count(1)
    expect(lan.page.locator("#chat-log .sys")).to_have_text(["Minh Anh joined."])
    expect(minh.page.locator("#display-name")).to_have_value("Minh Anh")
    minh.page.reload()  # the seat is kept: no second prompt
    expect(minh.status()).to_have_text("Lan to move")
    expect(minh.page.locator("#join-prompt")).to_be_hidden()


def test_the_link_opener_may_just_watch(players):
    lan, link = host_room(players)
    viewer = players("viewer")
    viewer.visit(link, join=False)
    viewer.click("#join-watch")
    expect(viewer.page.locator("#join-prompt")).to_be_hidden()
    expect(viewer.page.locator("#players .spectating")).to_have_text("You are watching this game.")
    expect(lan.page.locator("#spectators")).to_have_text("1 watching")
    expect(lan.status()).to_have_text("Waiting for an opponent…")
