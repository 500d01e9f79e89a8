"""The README's pictures: a rated Caro game in progress between two accounts (their names and
ratings), the home page, and a phone explaining the caro rule in a rated game. Always taken
(into the test artifacts); `CARO_README_SCREENSHOT=1` also writes them to docs/ for
committing."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

from playwright.sync_api import expect

from tests.client.players import SCREENS, Player
from tests.client.test_rule_explained import BLOCKED_FIVE

DOCS = Path(__file__).resolve().parents[2] / "docs"
OPENING = ["h8", "i9", "i8", "g8", "j7", "k6", "h7", "h9", "g9", "j9", "k9", "i7", "i6", "g6"]


def publish(shot: Path, name: str) -> None:
    if os.environ.get("CARO_README_SCREENSHOT") == "1":
        shutil.copyfile(shot, DOCS / name)


def rated_pair(players, host_name: str, guest_name: str, **guest_screen) -> tuple[Player, Player]:
    """Two accounts in a rated caro game: the host moves first, the guest took the seat."""
    host, guest = players("host"), players("guest", **guest_screen)
    for player, username in ((host, host_name), (guest, guest_name)):
        player.home()
        player.register(username)
    guest.visit(host.create("Caro (Vietnamese rule)", first="Me", rated=True), join=True)
    expect(host.status()).to_have_text("Your turn")
    return host, guest


def test_screenshot_of_a_rated_caro_game_in_progress(players):
    lan, minh = rated_pair(players, "lan_nguyen", "minh_tran")
    for ply, move in enumerate(OPENING):
        (lan if ply % 2 == 0 else minh).play(move)
    minh.page.fill("#chat-input", "Chơi hay quá!")
    minh.page.press("#chat-input", "Enter")
    expect(lan.page.locator("#chat-log li .text")).to_have_text("Chơi hay quá!")
    lan.page.hover('[role="gridcell"][aria-label^="f10,"]')
    publish(lan.shot("readme-caro-in-progress"), "screenshot.png")


def test_screenshot_of_the_home_page(players):
    me = players("home", **SCREENS["desktop"])
    me.home(name="Lan")
    me.page.evaluate("document.activeElement.blur()")
    publish(me.shot("readme-home"), "screenshot-home.png")


def test_screenshot_of_a_phone_explaining_a_blocked_five(players):
    lan, minh = rated_pair(players, "lan_pham", "minh_do", **SCREENS["phone"])
    for ply, move in enumerate(BLOCKED_FIVE):
        (lan if ply % 2 == 0 else minh).play(move)
    expect(minh.page.locator("#status-note")).to_be_visible()
    expect(minh.page.locator(".layer-marks.is-waiting")).to_have_count(0)  # the stone has landed
    publish(minh.shot("readme-phone-blocked-five"), "screenshot-phone.png")
