"""Reloading the page in the middle of a game gives the seat and the position back (test 3)."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.client.players import start_pair


def test_reload_mid_game_restores_the_seat_and_the_position(players):
    lan, minh = start_pair(players)
    lan.play("h8")
    minh.play("g7")
    lan.play("i9")
    expect(minh.status()).to_have_text("Your turn")

    minh.page.reload()
    minh.wait_plies(3)
    assert minh.moves() == ["h8", "g7", "i9"]
    expect(minh.status()).to_have_text("Your turn")
    expect(minh.page.locator('.player[data-seat="2"] .pmeta')).to_contain_text("you")
    expect(minh.cell("h8")).to_have_attribute("aria-label", "h8, Black")
    expect(minh.cell("g7")).to_have_attribute("aria-label", "g7, White")
    minh.shot("3-reload-restored")

    minh.play("j10")
    lan.wait_plies(4)
    assert lan.moves() == ["h8", "g7", "i9", "j10"]
    expect(lan.page.locator('.player[data-seat="2"] .pmeta')).to_contain_text("online")
