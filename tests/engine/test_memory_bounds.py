"""What an AI worker keeps between searches stays within fixed budgets, whatever it is asked.

A worker serves every variant and custom size in turn; each cache that outlives a search is
bounded (bench/ai_memory.py measures the whole worker)."""

from __future__ import annotations

from collections import OrderedDict

import pytest

from engine import exact
from engine.board import Board
from engine.connect4 import player as connect4_player
from engine.exact import choose_exact_move
from engine.search import position
from engine.search.patterns import CARO, CARO_EXACT, STANDARD

TICTACTOE_POSITIONS = 5478


def test_pattern_tables_kept_stay_within_their_byte_budget(monkeypatch):
    monkeypatch.setattr(position, "TABLE_BYTES", 2 << 20)  # two of the 1 MiB k = 5 tables
    # From an empty cache: tables other tests of this process built are not evicted by a hit.
    monkeypatch.setattr(position, "_TABLES", OrderedDict())
    for rule in (STANDARD, CARO, CARO_EXACT):
        position.pattern_table(5, rule)
    assert sum(t.nbytes for t in position._TABLES.values()) <= 2 << 20


def test_the_pattern_table_used_last_is_kept():
    for rule in (STANDARD, CARO, CARO_EXACT):
        table = position.pattern_table(5, rule)
    assert position.pattern_table(5, CARO_EXACT) is table


def test_the_exact_memo_is_dropped_once_past_its_limit(monkeypatch):
    monkeypatch.setattr(exact, "MEMO_LIMIT", 1000)
    monkeypatch.setattr(exact, "_memos", {})
    for opening in ("", "a1", "b2", "a1 b2", "c3 a1"):
        choose_exact_move(Board.from_moves("tictactoe", opening), level=5, seed=0)
        choose_exact_move(Board.from_moves("custom-3x3-k3-standard", opening), level=5, seed=0)
        # dropped by a solve that finds it full: the limit plus one solve's positions at most
        assert sum(len(memo) for memo in exact._memos.values()) <= 1000 + TICTACTOE_POSITIONS


@pytest.mark.parametrize("level", [4, 5])
def test_the_connect4_players_table_is_16_mb(level):
    connect4_player.choose_connect4_move(
        Board.from_moves("connect4", list("4453")), time_ms=50, level=level, seed=0
    )
    assert connect4_player._shared_solver().tt.table.nbytes <= 16 << 20
