"""The README's picture of a Caro game in progress. Always taken (into the test artifacts);
`CARO_README_SCREENSHOT=1` also writes it to docs/screenshot.png for committing."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

from playwright.sync_api import expect

from tests.client.players import start_pair

DOCS_SCREENSHOT = Path(__file__).resolve().parents[2] / "docs" / "screenshot.png"
OPENING = ["h8", "i9", "i8", "g8", "j7", "k6", "h7", "h9", "g9", "j9", "k9", "i7", "i6", "g6"]


def test_screenshot_of_a_caro_game_in_progress(players):
    lan, minh = start_pair(players, game="Caro (Vietnamese rule)")
    for ply, move in enumerate(OPENING):
        (lan if ply % 2 == 0 else minh).play(move)
    minh.page.fill("#chat-input", "Chơi hay quá!")
    minh.page.press("#chat-input", "Enter")
    expect(lan.page.locator("#chat-log li .text")).to_have_text("Chơi hay quá!")
    lan.page.hover('[role="gridcell"][aria-label^="f10,"]')
    path = lan.shot("readme-caro-in-progress")
    if os.environ.get("CARO_README_SCREENSHOT") == "1":
        shutil.copyfile(path, DOCS_SCREENSHOT)
