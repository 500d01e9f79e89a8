"""Every ending names the right person, for each reader: the winner, the loser and a spectator,
in English and Vietnamese (client/js/room/result_text.js, the words of the status line and the
game-over card). Bob (seat 2, an account) plays Lan (seat 1, a guest)."""

from __future__ import annotations

import pytest

LAN = {"kind": "human", "name": "Lan"}
BOB = {"kind": "human", "name": None, "username": "bob", "rating": 1500, "provisional": True}

# (result, reader seat or None for a spectator) -> the status line, per language.
ENDINGS = [
    ({"winner": 1, "reason": "line", "line": ["a1", "b2", "c3"]}, 1,
     "3 in a row · You won", "3 quân liên tiếp · Bạn thắng"),
    ({"winner": 1, "reason": "line", "line": ["a1", "b2", "c3"]}, 2,
     "3 in a row · You lost", "3 quân liên tiếp · Bạn thua"),
    ({"winner": 1, "reason": "line", "line": ["a1", "b2", "c3"]}, None,
     "3 in a row · Lan won", "3 quân liên tiếp · Lan thắng"),
    ({"winner": 1, "reason": "resign"}, 2,
     "You resigned · Lan won", "Bạn xin thua · Lan thắng"),
    ({"winner": 1, "reason": "resign"}, 1,
     "bob resigned · You won", "bob xin thua · Bạn thắng"),
    ({"winner": 1, "reason": "resign"}, None,
     "bob resigned · Lan won", "bob xin thua · Lan thắng"),
    ({"winner": 2, "reason": "timeout"}, 1,
     "You ran out of time · You lost", "Bạn hết giờ · Bạn thua"),
    ({"winner": 2, "reason": "timeout"}, 2,
     "Lan ran out of time · You won", "Lan hết giờ · Bạn thắng"),
    ({"winner": 2, "reason": "timeout"}, None,
     "Lan ran out of time · bob won", "Lan hết giờ · bob thắng"),
    ({"winner": 2, "reason": "abandoned"}, 2,
     "Lan stopped playing; you claimed the win · You won",
     "Lan bỏ dở ván; bạn nhận thắng · Bạn thắng"),
    ({"winner": 2, "reason": "abandoned"}, 1,
     "You stopped playing; bob claimed the win · You lost",
     "Bạn bỏ dở ván; bob nhận thắng · Bạn thua"),
    ({"winner": 2, "reason": "abandoned"}, None,
     "Lan stopped playing; bob claimed the win · bob won",
     "Lan bỏ dở ván; bob nhận thắng · bob thắng"),
    ({"winner": None, "reason": "agreement"}, 1, "Draw · By agreement", "Hòa · Hai bên đồng ý hòa"),
    ({"winner": None, "reason": "board_full"}, None,
     "Draw · The board is full", "Hòa · Bàn cờ đã kín"),
    ({"winner": None, "reason": "abandoned"}, 2,
     "Game abandoned · Nobody played on", "Ván cờ bị bỏ dở · Không ai chơi tiếp"),
    ({"winner": None, "reason": "cancelled"}, 1,
     "Room cancelled · Closed before anyone joined",
     "Đã hủy phòng · Đã đóng trước khi có người vào"),
]


def test_every_ending_reads_right_to_both_players_and_spectators(players):
    me = players("results")
    me.home()
    cases = [{"result": {"line": [], "cells": [], **result}, "reader": reader}
             for result, reader, *_ in ENDINGS]
    read = me.page.evaluate(
        """async ([cases, seats]) => {
            const { resultWords } = await import('/static/js/room/result_text.js');
            const { setLang } = await import('/static/js/common/i18n.js');
            const lines = {};
            for (const lang of ['en', 'vi']) {
                setLang(lang);
                lines[lang] = cases.map(({ result, reader }) => resultWords(
                    { result, seats, board: { k: 3 } }, reader).line);
            }
            return lines;
        }""",
        [cases, {"1": LAN, "2": BOB}],
    )
    assert read["en"] == [english for *_, english, _vi in ENDINGS]
    assert read["vi"] == [vietnamese for *_, vietnamese in ENDINGS]


@pytest.mark.parametrize("reader", [1, 2])
def test_no_ending_names_the_reader_in_the_third_person(players, reader):
    """A player never reads their own name in their result (the bug: "You lost · Bob
    resigned", read by Bob)."""
    me = players("own-name")
    me.home()
    mine = {1: "Lan", 2: "bob"}[reader]
    lines = me.page.evaluate(
        """async ([results, seats, reader]) => {
            const { resultWords } = await import('/static/js/room/result_text.js');
            return results.map((result) =>
                resultWords({ result, seats, board: { k: 5 } }, reader).line);
        }""",
        [[{"line": [], "cells": [], **result} for result, *_ in ENDINGS],
         {"1": LAN, "2": BOB}, reader],
    )
    assert len(lines) == len(ENDINGS) and not [line for line in lines if mine in line]
