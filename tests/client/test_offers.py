"""Resign, draw offer and acceptance, rematch (browser test 4)."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.client.players import start_pair


def test_resign_ends_the_game_for_both_players(players):
    lan, minh = start_pair(players)
    lan.play("h8")
    minh.click("#resign")
    minh.shot("4-resign-confirm")
    minh.click("#resign-yes")
    expect(minh.result_title()).to_have_text("Lan won")  # not "You lost · Minh resigned"
    expect(minh.result_reason()).to_have_text("You resigned.")
    expect(minh.status()).to_have_text("You resigned · Lan won")
    expect(lan.result_title()).to_have_text("You won")
    expect(lan.result_reason()).to_have_text("Minh resigned.")
    expect(lan.status()).to_have_text("Minh resigned · You won")
    lan.shot("4-resign-game-over")


def test_draw_offer_accepted_ends_the_game_in_a_draw(players):
    lan, minh = start_pair(players)
    lan.play("h8")
    lan.click("#offer-draw")
    expect(lan.page.locator("#actions .offer")).to_have_text(
        "Draw offered. Waiting for the answer…")
    offer = minh.page.locator("#actions .offer", has_text="Lan offers a draw.")
    expect(offer).to_be_visible()
    minh.shot("4-draw-offered")
    offer.get_by_role("button", name="Accept").click()
    for person in (lan, minh):
        expect(person.result_title()).to_have_text("Draw")
        expect(person.result_reason()).to_have_text("By agreement.")
    lan.shot("4-draw-agreed")


def test_declined_draw_offer_is_reported_to_the_offerer(players):
    lan, minh = start_pair(players)
    lan.play("h8")
    minh.click("#offer-draw")
    lan.page.locator("#actions .offer").get_by_role("button", name="Decline").click()
    expect(minh.page.locator("#chat-log .sys", has_text="Lan declined your draw offer.")) \
        .to_be_visible()
    expect(minh.page.locator("#actions .offer")).to_have_count(0)
    expect(minh.status()).to_have_text("Your turn")


def test_rematch_accepted_starts_a_new_game_with_sides_swapped(players):
    lan, minh = start_pair(players)
    lan.play("h8")
    lan.click("#resign")
    lan.click("#resign-yes")
    expect(minh.result_title()).to_have_text("You won")
    minh.click("#rematch")
    expect(minh.page.locator("#gameover .offer")).to_have_text(
        "Rematch offered. Waiting for the answer…")
    offer = lan.page.locator("#gameover .offer", has_text="Minh wants a rematch.")
    expect(offer).to_be_visible()
    lan.shot("4-rematch-offered")
    offer.get_by_role("button", name="Accept").click()
    for person in (lan, minh):
        expect(person.page.locator("#gameover")).to_be_hidden()
        person.wait_plies(0)
    expect(minh.status()).to_have_text("Your turn")
    expect(lan.status()).to_have_text("Minh to move")
    for person in (lan, minh):
        expect(person.page.locator("#chat-log .sys", has_text="sides swapped")).to_have_count(1)
    minh.play("h8")
    expect(minh.cell("h8")).to_have_attribute("aria-label", "h8, Black")
    minh.shot("4-rematch-new-game")


def test_takeback_accepted_removes_the_move_for_both_players(players):
    lan, minh = start_pair(players)
    lan.play("h8")
    minh.play("a1")
    minh.click("#takeback")
    offer = lan.page.locator("#actions .offer", has_text="Minh asks to take back a move.")
    expect(offer).to_be_visible()
    offer.get_by_role("button", name="Accept").click()
    for person in (lan, minh):
        person.wait_plies(1)
        expect(person.cell("a1")).to_have_attribute("aria-label", "a1, empty")
    expect(minh.status()).to_have_text("Your turn")


def test_a_takeback_clears_a_pending_draw_offer_on_the_opponents_page(players):
    lan, minh = start_pair(players)
    lan.play("h8")
    minh.play("a1")
    minh.click("#takeback")
    takeback = lan.page.locator("#actions .offer", has_text="Minh asks to take back a move.")
    expect(takeback).to_be_visible()
    lan.click("#offer-draw")
    draw = minh.page.locator("#actions .offer", has_text="Lan offers a draw.")
    expect(draw).to_be_visible()
    takeback.get_by_role("button", name="Accept").click()
    for person in (lan, minh):
        person.wait_plies(1)
    expect(draw).to_have_count(0)  # the server cleared the offer: no stale "Accept"
    expect(minh.page.locator("#actions .offer")).to_have_count(0)


def test_the_takeback_button_is_enabled_only_when_the_server_allows_a_request(players):
    """The page reads the state's `allowed`: no request without a move of your own, and none
    while one is pending, whoever asked (it used to count its own moves and enable Minh's)."""
    lan, minh = start_pair(players)
    lan.play("h8")
    expect(lan.page.locator("#takeback")).to_be_enabled()
    expect(minh.page.locator("#takeback")).to_be_disabled()  # no move of Minh's yet
    minh.play("a1")
    expect(minh.page.locator("#takeback")).to_be_enabled()
    lan.click("#takeback")
    expect(minh.page.locator("#actions .offer", has_text="Lan asks")).to_be_visible()
    for person in (lan, minh):
        expect(person.page.locator("#takeback")).to_be_disabled()
