"""Quick play with nobody waiting: a searching state with the number of people online, a way
to cancel, and after a while the computer or the lobby instead (issue 16, point 3)."""

from __future__ import annotations

import json
import re
import urllib.request

import pytest
from playwright.sync_api import expect

from tests.client.players import COMPUTER, SCREENS, Player

PATIENCE_MS = 16_000  # a little more than the client's SEARCH_PATIENCE_MS


def search_alone(me: Player) -> str:
    """Quick play of Connect Four (no test leaves anyone waiting for it); returns the room id."""
    me.home(name="An")
    me.page.select_option("#qs-game", "connect4")
    me.click("#play-quick")
    expect(me.page).to_have_url(re.compile(r"/r/[A-Za-z0-9_-]+$"))
    expect(me.status()).to_have_text("Looking for an opponent…")
    return me.page.url.rsplit("/", 1)[1]


def room_state(me: Player, room_id: str) -> dict:
    with urllib.request.urlopen(f"{me.base_url}/api/rooms/{room_id}") as answer:
        return json.load(answer)


@pytest.mark.parametrize("screen", SCREENS)
def test_searching_shows_people_online_and_cancel_unlists_the_room(players, screen):
    me = players(f"search-{screen}", **SCREENS[screen])
    room_id = search_alone(me)
    expect(me.page.locator("#online-count")).to_have_text(re.compile(r"^Online now: \d+$"))
    assert me.in_viewport("#search-cancel")
    me.shot(f"16-3-searching-{screen}")
    me.click("#search-cancel")
    expect(me.page).to_have_url(me.base_url + "/")
    expect(me.page.locator("#quick-start")).to_be_visible()
    assert room_state(me, room_id)["public"] is False


def test_after_a_while_alone_the_computer_is_offered_and_starts_a_game(players):
    me = players("search-patience")
    me.page.clock.install()
    room_id = search_alone(me)
    expect(me.page.locator("#search-offer")).to_be_hidden()
    me.page.clock.fast_forward(PATIENCE_MS)
    offer = me.page.locator("#search-offer")
    expect(offer).to_contain_text("Nobody has come yet.")
    expect(offer.locator("#search-lobby")).to_have_text("See the open games")
    me.shot("16-3-search-offer")
    offer.locator("#search-ai").click()
    expect(me.page).not_to_have_url(re.compile(room_id))
    expect(me.page.locator(".player .pname", has_text=COMPUTER)).to_have_count(1)
    assert room_state(me, room_id)["public"] is False


SEARCHED = {
    "en": "Looking for someone to play Connect Four · 7×6 · No clock.",
    "vi": "Đang tìm người chơi Connect Four (thả bốn) · 7×6 · Không tính giờ.",
}


@pytest.mark.parametrize("lang", ["en", "vi"])
@pytest.mark.parametrize("screen", SCREENS)
def test_quick_play_says_which_game_it_is_looking_for(players, screen, lang):
    me = players(f"search-game-{screen}-{lang}", **SCREENS[screen], lang=lang,
                 console_guard=True)
    me.home()
    me.page.select_option("#qs-game", "connect4")
    me.click("#play-quick")
    expect(me.page.locator("#search-game")).to_have_text(SEARCHED[lang])
    me.click("#search-cancel")
    expect(me.page).to_have_url(me.base_url + "/")
