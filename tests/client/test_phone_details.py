"""The small things a newcomer meets on a phone (360x740) and a laptop: no sideways scroll,
reviewing a move keeps "Back to live" at hand, names are not cut or repeated, the tagline fits
every game (issue 16, point 11; the watch list naming both players is in test_lobby)."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from tests.client.players import COMPUTER, SCREENS

PAGE_WIDTH = "document.documentElement.scrollWidth"


def test_a_phone_room_never_scrolls_sideways(players):
    lan = players("lan", **SCREENS["phone"])
    lan.home(name="Lan")
    link = lan.create("Caro (Vietnamese rule)", first="Me")
    assert lan.page.evaluate(PAGE_WIDTH) <= 360
    minh = players("minh")
    minh.visit(link, name="Minh")
    lan.play("h8")
    minh.play("h9")  # the announcer now holds text
    lan.wait_plies(2)
    assert lan.page.evaluate(PAGE_WIDTH) <= 360


def test_reviewing_a_move_on_a_phone_keeps_back_to_live_on_screen(players):
    lan = players("lan", **SCREENS["phone"])
    lan.home(name="Lan")
    link = lan.create("Gomoku", first="Me")
    minh = players("minh")
    minh.visit(link, name="Minh")
    for ply, move in enumerate(["h8", "i9", "h9", "i10", "h10"]):
        (lan if ply % 2 == 0 else minh).play(move)
    lan.wait_plies(5)
    first = lan.page.locator('#move-list button[data-ply="1"]')
    first.scroll_into_view_if_needed()
    first.tap()
    expect(lan.status()).to_contain_text("Reviewing move 1 of 5")
    assert lan.in_viewport('#move-list button[data-ply="1"]')  # the page stayed where it was
    assert lan.in_viewport("#back-live")
    lan.shot("16-11-review-phone")
    lan.page.locator("#back-live").tap()
    expect(lan.status()).to_have_text("Minh to move")
    expect(lan.page.locator("#back-live")).to_have_count(0)


def test_the_computer_s_name_is_not_cut_on_a_phone(players):
    me = players("me", **SCREENS["phone"])
    me.home()
    me.page.select_option("#qs-game", "tictactoe")
    me.click("#play-ai")
    name = me.page.locator(".player .pname", has_text="Computer")
    expect(name).to_have_text(COMPUTER)
    assert name.evaluate("e => e.scrollWidth <= e.clientWidth && e.scrollHeight <= 3 * 20")
    me.shot("16-11-ai-name-phone")


def test_an_unnamed_player_is_anonymous_beside_the_stone_of_their_colour(players):
    lan = players("lan")
    lan.home()
    link = lan.create("Gomoku", first="Me")
    minh = players("minh")
    minh.visit(link)
    me = lan.page.locator('.player[data-seat="1"]')
    expect(me.locator(".pname")).to_have_text("Anonymous")
    expect(me.locator(".stone-icon")).to_have_attribute("aria-label", "Black")
    expect(me.locator(".pmeta")).to_have_text("online · you")
    expect(lan.page.locator('.player[data-seat="2"] .pmeta')).to_have_text("online")


def test_the_tagline_fits_games_of_three_four_and_five(players):
    me = players("me", **SCREENS["desktop"])
    me.home()
    expect(me.page.locator(".home-hero [data-i18n=\"app.tagline\"]")).to_have_text(
        re.compile("three, four or five"))
