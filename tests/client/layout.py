"""What a person sees, measured in the page: boxes that overlap, names broken inside a word or
cut off, header words that wrap, and visible text a person should never read ("null", a raw
variant id, English left on the Vietnamese page). Shared by the layout and walk tests."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Page

# Groups of boxes that must not overlap: per element matching the first selector, the visible
# elements matching the second inside it.
NO_OVERLAP = [
    (".topbar", ".brand, #conn, #mute, #menu-btn, #name-field, #account-slot > *, #lang-select"),
    ("#topbar-menu.open", "#name-field, #account-slot > *, #lang-select"),
    (".players", ".room-game, .player, #clock-note, #move-deadline"),
    (".player", ".stone-icon, .player-name, .player-rating, .pmeta, .clock"),
    (".lobby-item", ".player-tag"),
]

def page_function(file_name: str) -> str:
    """A function kept in a .js file beside this one, without its leading comment (Playwright
    calls a string that reads as a function expression)."""
    text = Path(__file__).with_name(file_name).read_text()
    return "\n".join(line for line in text.splitlines() if not line.startswith("//"))


MEASURE = page_function("layout_checks.js")


def layout_problems(page: Page) -> list[str]:
    """Overlapping boxes, names broken or cut, header words wrapped, on the page as it is."""
    return page.evaluate(MEASURE, [list(group) for group in NO_OVERLAP])
