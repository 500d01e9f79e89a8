"""Every visible string of the game pages is in the page's language, and dates are written as
that language writes them (Intl.DateTimeFormat): on every screen, the review (analysed, at a
judged move), the replay, the analysis board (its legend and setup open), the leaderboard, a
profile and the registration form show no sentence that only the other language's dictionary
holds, and no date written the American way ("11/26/2026")."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.client.played import Played, analysed, play
from tests.client.players import every_view

AMERICAN_DATE = re.compile(r"\b\d{1,2}/\d{1,2}/\d{4}\b")
MEDIUM_DATE = {"en": re.compile(r"\b[A-Z][a-z]{2} \d{1,2}, \d{4}\b"),
               "vi": re.compile(r"\b\d{1,2} thg \d{1,2}, \d{4}\b")}
# The dictionaries as the page loads them: per key, the text in each language.
DICTIONARIES = """async () => {
  const [en, vi] = await Promise.all([import("/static/js/common/lang/en.js"),
                                      import("/static/js/common/lang/vi.js")]);
  return { en: { ...en.strings, ...en.errors }, vi: { ...vi.strings, ...vi.errors } };
}"""
OTHER = {"en": "vi", "vi": "en"}


@pytest.fixture(scope="module")
def game(app_server) -> tuple[Played, dict]:
    played = play(app_server, ["b2", "b1", "a1", "c3", "a3", "a2", "c1"], variant="tictactoe")
    return played, analysed(app_server, played.game_id)


def foreign_phrases(page, lang: str) -> list[str]:
    """The literal parts (between placeholders) of every string only the other language has,
    less those its own strings contain too."""
    dictionaries = page.evaluate(DICTIONARIES)
    mine, other = dictionaries[lang], dictionaries[OTHER[lang]]
    phrases = []
    for key, text in other.items():
        if mine.get(key) == text:
            continue
        phrases += [part.strip(" .:·,()") for part in re.split(r"\{\w+\}", text)]
    own = "\n".join(mine.values())  # "Connect Four (thả bốn)" holds the English name
    return sorted({phrase for phrase in phrases if len(phrase) >= 5 and phrase not in own})


def check_language(page, lang: str, where: str) -> None:
    text = page.locator("body").inner_text()
    found = [phrase for phrase in foreign_phrases(page, lang)
             if re.search(rf"(?<!\w){re.escape(phrase)}(?!\w)", text)]
    assert not found, (where, found)
    assert not AMERICAN_DATE.search(text), (where, AMERICAN_DATE.search(text))


@every_view
def test_the_game_pages_speak_the_pages_language_and_write_its_dates(reader, game):
    played, analysis = game
    page = reader.page
    page.goto(f"{reader.base_url}/g/{played.game_id}")
    expect(page.locator("#eval-chart .eval-point")).to_have_count(len(analysis["moves"]) + 1)
    page.locator('#move-list button[data-ply="2"]').click()
    expect(page.locator("#game-meta")).to_contain_text(MEDIUM_DATE[reader.lang])
    check_language(page, reader.lang, "review")
    reader.shot(f"25-review-{reader.label}")

    page.goto(f"{reader.base_url}/g/{played.game_id}/replay")
    expect(page.locator("#game-meta")).to_contain_text(MEDIUM_DATE[reader.lang])
    page.locator("#downloads summary").click()
    check_language(page, reader.lang, "replay")
    reader.shot(f"25-replay-{reader.label}")

    page.goto(f"{reader.base_url}/@/{played.usernames[0]}")
    item = page.locator(f'[data-game="{played.game_id}"]')
    expect(item).to_contain_text(MEDIUM_DATE[reader.lang])
    check_language(page, reader.lang, "profile")
    reader.shot(f"25-profile-{reader.label}")

    page.goto(f"{reader.base_url}/leaderboard/tictactoe")
    expect(page.locator("#leaderboard-table")).to_be_visible()
    check_language(page, reader.lang, "leaderboard")
    reader.shot(f"25-leaderboard-{reader.label}")

    page.goto(f"{reader.base_url}/analysis?variant=tictactoe&moves=b2")
    expect(page.locator("#lines .engine-line").first).to_be_visible(timeout=60_000)
    page.locator("#engine-legend summary").click()
    check_language(page, reader.lang, "analysis board")
    reader.shot(f"25-analysis-board-{reader.label}")
    page.locator("#setup-btn").click()
    check_language(page, reader.lang, "setup")
    reader.shot(f"25-setup-{reader.label}")

    page.goto(f"{reader.base_url}/")
    reader.open_menu()  # on a phone the account buttons are behind the menu
    page.locator("#register-btn").click()
    expect(page.locator("#account-password2")).to_be_visible()
    check_language(page, reader.lang, "registration")
    reader.shot(f"25-registration-{reader.label}")


@every_view
def test_choosing_the_other_language_redraws_the_page_and_its_dates(reader, game):
    """A browser in one language, the page switched to the other (an English browser, a
    Vietnamese reader: "11/26/2026" was seen in Vietnamese)."""
    played, _ = game
    page = reader.page
    page.goto(f"{reader.base_url}/@/{played.usernames[0]}")
    item = page.locator(f'[data-game="{played.game_id}"]')
    expect(item).to_contain_text(MEDIUM_DATE[reader.lang])
    reader.open_menu()  # on a phone the language is behind the menu
    page.select_option("#lang-select", OTHER[reader.lang])
    expect(item).to_contain_text(MEDIUM_DATE[OTHER[reader.lang]])
    page.goto(f"{reader.base_url}/g/{played.game_id}/replay")
    expect(page.locator("#game-meta")).to_contain_text(MEDIUM_DATE[OTHER[reader.lang]])
    check_language(page, OTHER[reader.lang], "replay in the chosen language")
