"""A room page re-draws its panels on every server event; the buttons a player may be pressing
stay the same elements while what they show is unchanged. A press and release that straddle a
swap for an identical new button land on two elements, and the browser clicks neither: the
player's Resign was lost that way while the opponent's departure was being shown."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.client.players import start_pair
from tests.client.test_quick_play_search import PATIENCE_MS, search_alone


def test_the_action_buttons_survive_a_re_render_that_changes_nothing_they_show(players):
    lan, minh = start_pair(players)
    resign = minh.page.locator("#resign").element_handle()
    lan.home()  # Minh's page hears that Lan left and re-draws
    expect(minh.page.locator("#chat-log .sys", has_text="Lan left the game.")).to_have_count(1)
    assert resign.evaluate("button => button.isConnected")
    minh.click("#resign")
    minh.click("#resign-yes")
    expect(minh.result_title()).to_have_text("Lan won")


def test_the_search_keeps_its_cancel_button_while_the_offer_appears(players):
    me = players("search-keeps-cancel")
    me.page.clock.install()
    search_alone(me)
    cancel = me.page.locator("#search-cancel").element_handle()
    me.page.clock.fast_forward(PATIENCE_MS)  # the computer and the lobby are offered
    expect(me.page.locator("#search-offer")).to_be_visible()
    assert cancel.evaluate("button => button.isConnected")
