"""The AI level picker is the server's ladder (GET /api/levels): named levels, in the page's
language, the default chosen, and the chosen level's one-line description shown; its strength
in words (how often it beats the level below), never an Elo beside the players' ratings."""

from __future__ import annotations

import json

from playwright.sync_api import expect

from engine.levels import DEFAULT, LEVELS
from tests.harness import http_get


def test_the_picker_offers_every_level_by_name_with_the_default_chosen(players):
    me = players("levels")
    me.home()
    me.page.locator("input[name=opponent][value=ai]").check(force=True)
    picker = me.page.locator("select[name=level]")
    expect(picker.locator("option")).to_have_count(len(LEVELS))
    expect(picker).to_have_value(str(DEFAULT))
    for number, level in LEVELS.items():
        expect(picker.locator(f"option[value='{number}']")).to_contain_text(level.name_en)
    expect(me.page.locator("#level-about")).to_have_text(LEVELS[DEFAULT].about_en)


def test_the_level_names_follow_the_language_switch(players):
    me = players("levels-vi")
    me.home()
    me.page.select_option("#lang-select", "vi")
    me.page.locator("input[name=opponent][value=ai]").check(force=True)
    top = max(LEVELS)
    expect(me.page.locator(f"select[name=level] option[value='{top}']")).to_contain_text(
        LEVELS[top].name_vi)
    me.page.select_option("select[name=level]", "1")
    expect(me.page.locator("#level-about")).to_have_text(LEVELS[1].about_vi)


# --------------------------------------------------------------------------- every view

BEATS = {"en": "Wins about {wins} games in 10 against level {level}, {name}.",
         "vi": "Thắng khoảng {wins}/10 ván trước cấp {level}, {name}."}


def test_levels_show_their_strength_in_words_not_a_number_beside_players(reader):
    """The ladder's Elo (greedy = 0) is not the players' scale (1500 for a newcomer)."""
    ladder = json.loads(http_get(f"{reader.base_url}/api/levels")[1])
    reader.home()
    reader.page.locator("input[name=opponent][value=ai]").check(force=True)
    picker = reader.page.locator("select[name=level]")
    expect(picker.locator("option")).to_have_count(len(LEVELS))
    for number, level in LEVELS.items():
        name = level.name_vi if reader.lang == "vi" else level.name_en
        expect(picker.locator(f"option[value='{number}']")).to_have_text(f"{number} · {name}")
    for entry in ladder["levels"][1:]:
        picker.select_option(str(entry["level"]))
        below = LEVELS[entry["against_below"]["level"]]
        expect(reader.page.locator("#level-strength")).to_have_text(BEATS[reader.lang].format(
            wins=round(entry["against_below"]["score"] * 10), level=below.number,
            name=below.name_vi if reader.lang == "vi" else below.name_en))
    picker.select_option("1")
    expect(reader.page.locator("#level-strength")).to_be_hidden()
    picker.select_option(str(DEFAULT))
    reader.page.locator("#level-strength").scroll_into_view_if_needed()
    reader.shot(f"25-level-picker-{reader.label}")
