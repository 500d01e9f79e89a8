"""Renju in the browser: black's forbidden points, judged by the server, are marked while black is
to move, and picking one explains the rule instead of sending a move."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.client.players import start_pair

# Black g8 i8 h7 h9 (white far off on the a file): h8 is black's double three.
BLACK = ["g8", "i8", "h7", "h9"]
WHITE = ["a1", "a3", "a5", "a7"]


def test_black_sees_its_forbidden_point_and_is_told_why_it_cannot_play_it(players):
    lan, minh = start_pair(players, game="Renju")
    for ply, (black, white) in enumerate(zip(BLACK, WHITE, strict=True)):
        expect(lan.page.locator(".forbidden-mark")).to_have_count(0)
        lan.play(black)
        minh.wait_plies(2 * ply + 1)
        minh.play(white)
    lan.wait_plies(8)
    expect(lan.page.locator(".forbidden-mark")).to_have_count(1)
    expect(lan.cell("h8")).to_have_attribute("aria-label", "h8, forbidden to black")
    lan.shot("renju-forbidden-point")
    lan.cell("h8").click()
    expect(lan.page.locator(".toast-area")).to_contain_text("Black may not play there")
    assert lan.ply_count() == 8
    lan.play("h6")  # an allowed point is played as usual, and white has no forbidden points
    minh.wait_plies(9)
    expect(minh.page.locator(".forbidden-mark")).to_have_count(0)
