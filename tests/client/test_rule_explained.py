"""The caro rule is explained before it bites and when it does: a five blocked at both ends is
crossed out on the board and explained in the status line and chat (issue 16, point 2)."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.client.players import SCREENS, Player

# Lan (X, first) fills b5..f5 while Minh blocks a5 and g5: five in a row, blocked at both ends.
BLOCKED_FIVE = ["b5", "a5", "c5", "g5", "d5", "a1", "e5", "a2", "f5"]


def test_a_five_blocked_at_both_ends_is_explained_to_both_players(players):
    lan = players("lan", **SCREENS["desktop"])
    lan.home(name="Lan")
    link = lan.create("Caro (Vietnamese rule)", first="Me")
    minh = players("minh", **SCREENS["phone"])
    minh.visit(link, name="Minh")
    for ply, move in enumerate(BLOCKED_FIVE):
        (lan if ply % 2 == 0 else minh).play(move)
    minh.wait_plies(len(BLOCKED_FIVE))
    for person, screen in ((lan, "desktop"), (minh, "phone")):
        expect(person.page.locator("#status-note")).to_have_text(
            "Lan's 5 in a row is blocked at both ends: under the caro rule it does not win. "
            "Play on.")
        expect(person.page.locator(".board.has-void .void-ring")).to_have_count(5)
        expect(person.page.locator("#chat-log .sys", has_text="blocked at both ends")) \
            .to_have_count(1)
        expect(person.page.locator("#gameover")).to_be_hidden()
        person.shot(f"16-2-blocked-five-{screen}")
    minh.play("h8")  # the game goes on; the note belongs to the move that made the row
    expect(lan.page.locator("#status-note")).to_have_count(0)
    expect(lan.page.locator(".board.has-void")).to_have_count(0)


@pytest.mark.parametrize("screen", SCREENS)
def test_the_home_page_says_the_rule_of_the_chosen_game_with_pictures(players, screen):
    me: Player = players(f"rule-{screen}", **SCREENS[screen])
    me.home()
    expect(me.page.locator("#qs-rule")).to_contain_text("not when the opponent blocks both ends")
    me.page.select_option("#qs-game", "gomoku")
    expect(me.page.locator("#qs-rule")).to_contain_text("5 or more in a row")
    me.page.select_option("#qs-game", "caro")
    me.page.locator("#qs-rule a").click()
    caro = me.page.locator('#how-to details[data-game="caro"]')
    expect(caro).to_have_attribute("open", "")
    expect(caro.locator(".no-win")).to_have_text("✗ blocked at both ends: does not win")
    expect(caro.locator(".rule-strip")).to_have_count(4)
    caro.scroll_into_view_if_needed()
    me.shot(f"16-2-how-to-caro-{screen}")


def test_the_room_explains_its_rule_in_vietnamese(players):
    me = players("rule-room-vi")
    me.home()
    me.page.select_option("#lang-select", "vi")
    me.page.select_option("#qs-game", "caro")
    me.click("#play-ai")
    rules = me.page.locator("#room-rules")
    rules.locator("summary").click()
    expect(rules).to_contain_text("trừ khi bị đối thủ chặn hai đầu")
    expect(rules.locator(".no-win")).to_contain_text("bị chặn hai đầu: không thắng")
    me.shot("16-2-room-rules-vi")
