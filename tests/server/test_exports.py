"""The text export keeps its shape (tag lines, a blank line, one line of moves) whatever the
players' names hold, and its tags read back as PGN-style escaped strings."""

from __future__ import annotations

import re

import pytest

from server.exports import export_text

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
