"""The one naming rule (client/js/common/players.js), in both languages: an account by its
username and rating, a person by the name they chose or "Anonymous", the computer by its
level and the level's name, and the colour as a stone beside the name, never as the name."""

from __future__ import annotations

import pytest

from engine.levels import LEVELS

ALICE = {"kind": "human", "name": None, "username": "alice", "rating": 1500,
         "provisional": True}
BOB = {"kind": "human", "name": "Bobby", "username": "bob", "rating": 1612,
       "provisional": False}
LAN = {"kind": "human", "name": "Lan"}
NOBODY = {"kind": "human", "name": None}
COMPUTER = {"kind": "ai", "name": "AI level 4", "level": 4}

NAMED = {
    "en": ["alice (1500?)", "bob (1612)", "Lan", "Anonymous",
           f"Computer · level 4, {LEVELS[4].name_en}"],
    "vi": ["alice (1500?)", "bob (1612)", "Lan", "Ẩn danh", f"Máy · cấp 4, {LEVELS[4].name_vi}"],
}


@pytest.mark.parametrize("lang", ["en", "vi"])
def test_every_kind_of_player_is_named_by_the_one_rule(players, lang):
    me = players(f"names-{lang}")
    me.home()
    me.page.select_option("#lang-select", lang)
    named = me.page.evaluate(
        """async (seats) => {
            const names = await import('/static/js/common/players.js');
            const { aiLevels } = await import('/static/js/common/api.js');
            await aiLevels();
            await new Promise((resolve) => setTimeout(resolve, 0));
            return seats.map(names.playerText);
        }""",
        [ALICE, BOB, LAN, NOBODY, COMPUTER],
    )
    assert named == NAMED[lang]


def test_a_tag_links_an_account_to_its_profile_and_shows_the_colour_as_a_stone(players):
    me = players("tag")
    me.home()
    tag = me.page.evaluate(
        """async (seat) => {
            const { playerTag } = await import('/static/js/common/players.js');
            const node = playerTag(seat, { seat: 2, style: "drop" });
            document.body.appendChild(node);
            const link = node.querySelector('a');
            return { text: node.textContent, href: link && link.getAttribute('href'),
                     stone: node.querySelector('.stone-icon').getAttribute('aria-label') };
        }""",
        ALICE,
    )
    assert tag == {"text": "alice 1500?", "href": "/@/alice", "stone": "Yellow"}
