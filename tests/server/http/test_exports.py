"""The text export keeps its shape (tag lines, a blank line, one line of moves) whatever the
players' names hold, and its tags read back as PGN-style escaped strings; the exports say
which opening rule a game was played under and what was chosen in it."""

from __future__ import annotations

import re

import pytest

from engine.formats import import_record
from server.http.exports import export_game, export_text

TAG = re.compile(r'^\[([A-Za-z]+) "((?:[^"\\]|\\.)*)"\]$')


def record(first: str, second: str) -> dict:
    human = {"kind": "human", "joined_at": 0}
    return {"room_id": "Xq3v9LmA0bZt", "game_no": 1, "variant": "tictactoe",
            "moves": ["a1", "a3", "b1", "b3", "c1"],
            "result": {"winner": 1, "reason": "line", "line": [], "cells": []},
            "seats": {"1": human | {"name": first}, "2": human | {"name": second}},
            "clock": None, "started_at": 1_763_723_000_000, "finished_at": None}


def read_back(text: str) -> tuple[dict[str, str], str]:
    """The tags (unescaped) and the moves line; fails unless the text has the export's shape."""
    header, moves = text.split("\n\n")
    tags = {}
    for line in header.split("\n"):
        match = TAG.match(line)
        assert match, line
        tags[match[1]] = re.sub(r"\\(.)", r"\1", match[2])
    assert moves.endswith("\n") and "\n" not in moves[:-1]
    return tags, moves.strip()


@pytest.mark.parametrize("name", ['say "hi"', "back\\slash", '\\"', 'x" ] [Result "0-1'])
def test_quotes_and_backslashes_in_names_are_escaped_and_read_back(name):
    tags, moves = read_back(export_text(record(name, "B")))
    assert tags["First"] == name and tags["Result"] == "1-0"
    assert moves == "a1 a3 b1 b3 c1"


def test_a_stored_name_with_line_breaks_cannot_add_moves_or_tags():
    tags, moves = read_back(export_text(record("x\n\nc3 c2 c1", "y\r\n[Result \"0-1\"]")))
    assert moves == "a1 a3 b1 b3 c1" and tags["Result"] == "1-0"
    assert "\n" not in tags["First"] and "\n" not in tags["Second"]


def swap2_record() -> dict:
    """A gomoku game opened with swap2: the second player placed two more, the opener took
    white (the record's seats are as the game ended: black in seat 1)."""
    human = {"kind": "human", "joined_at": 0}
    return {"room_id": "Xq3v9LmA0bZt", "game_no": 1, "variant": "gomoku",
            "moves": ["h8", "h9", "i8", "j8", "g8"],
            "result": {"winner": None, "reason": "agreement", "line": [], "cells": []},
            "seats": {"1": human | {"name": "Minh"}, "2": human | {"name": "Lan"}},
            "clock": None, "opening": "swap2", "opening_choices": ["place_two", "white"],
            "started_at": 1_763_723_000_000, "finished_at": None}


def test_the_text_export_names_the_opening_rule_and_its_choices_in_a_header_line():
    tags, _ = read_back(export_game(swap2_record(), "text"))
    assert tags["Opening"] == "swap2: place_two, white"


def test_the_text_export_reads_back_with_the_opening_it_was_played_under():
    back = import_record(export_game(swap2_record(), "text"), "text")
    assert (back.opening, back.opening_choices) == ("swap2", ("place_two", "white"))


def test_the_sgf_export_describes_the_opening_in_the_game_comment():
    sgf = export_game(swap2_record(), "sgf")
    assert "GC[Opening swap2: second player chose place_two, first player chose white]" in sgf


def test_a_game_without_an_opening_rule_exports_no_opening():
    text, sgf = export_game(record("A", "B"), "text"), export_game(record("A", "B"), "sgf")
    assert "Opening" not in read_back(text)[0] and "GC[" not in sgf


def test_players_are_named_as_the_pages_name_them():
    game = record("", "")
    game["seats"] = {"1": {"kind": "human", "joined_at": 0, "name": None, "username": "alice"},
                     "2": {"kind": "ai", "joined_at": 0, "name": "AI level 4", "level": 4}}
    tags, _ = read_back(export_text(game))
    assert (tags["First"], tags["Second"]) == ("alice", "Computer (level 4)")
    game["seats"]["2"] = {"kind": "human", "joined_at": 0, "name": None}
    assert 'PW[Anonymous]' in export_game(game, "sgf")
