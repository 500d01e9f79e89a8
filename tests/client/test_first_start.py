"""A newcomer starts a game in one click from the top of the home page, on a laptop and on a
phone; the full form is one click further (issue 16, point 1)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.client.players import COMPUTER, SCREENS

STARTS = ("#play-ai", "#play-friend", "#play-quick")


@pytest.mark.parametrize("screen", SCREENS)
def test_the_three_one_click_starts_are_above_the_fold(players, screen):
    me = players(f"start-{screen}", **SCREENS[screen])
    me.home()
    for button in STARTS:
        assert me.in_viewport(button), button
    me.shot(f"16-1-home-{screen}")


@pytest.mark.parametrize("screen", SCREENS)
def test_play_the_computer_starts_a_game_against_the_ai_in_one_click(players, screen):
    me = players(f"ai-{screen}", **SCREENS[screen])
    me.home()
    me.page.select_option("#qs-game", "tictactoe")
    me.click("#play-ai")
    expect(me.page).to_have_url(re.compile(r"/r/[A-Za-z0-9_-]+$"))
    expect(me.page.locator(".player .pname", has_text=COMPUTER)).to_have_count(1)
    expect(me.status()).to_have_text(re.compile("Your turn|The AI is thinking"))
    assert me.page.locator(".board [role=gridcell]").count() == 9
    me.shot(f"16-1-ai-started-{screen}")


def test_play_a_friend_gives_a_link_the_friend_opens_to_play(players):
    lan = players("friend-host")
    lan.home(name="Lan")
    lan.click("#play-friend")
    friend = players("friend-guest")
    friend.visit(lan.share_link(), name="Minh")
    expect(lan.page.locator(".player .pname", has_text="Minh")).to_have_count(1)
    expect(lan.page.locator(".board [role=gridcell]")).to_have_count(15 * 15)


def test_the_full_form_is_one_click_away_and_shares_the_chosen_game(players):
    me = players("more", **SCREENS["phone"])
    me.home()
    me.page.select_option("#qs-game", "connect4")
    me.click("#more-options")
    me.page.wait_for_function("document.activeElement.name === 'game'")
    expect(me.page.locator("#new-game input[name=game]:checked")).to_have_value("connect4")
    expect(me.page.locator("#new-game h2")).to_be_in_viewport()
    me.shot("16-1-full-form-phone")
