"""The AI level picker is the server's ladder (GET /api/levels): named levels, in the page's
language, the default chosen, and the chosen level's one-line description shown."""

from __future__ import annotations

from playwright.sync_api import expect

from engine.levels import DEFAULT, LEVELS


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
