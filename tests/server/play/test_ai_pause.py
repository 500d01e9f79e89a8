"""The natural pause before the AI's answer (server/play/ai_player.py: reply_pause_ms)."""

from __future__ import annotations

from dataclasses import replace

from engine.analysis import WIN_SCORE, Analysis
from server.play.ai_player import BUSY_PLIES, reply_pause_ms
from server.rooms import Mode
from tests.server.room_helpers import ai_room, play

EVEN = Analysis(move="e5", score=12, depth=6, nodes=5000, time_ms=8.0)
FORCED_WIN = replace(EVEN, score=WIN_SCORE - 5)
FORCED_LOSS = replace(EVEN, score=-(WIN_SCORE - 6))


def test_an_answer_early_in_the_game_waits_the_least_pause():
    state = ai_room(human_seat=1, variant="gomoku")
    assert reply_pause_ms(state, EVEN, 500) == 500


def test_a_fuller_board_waits_longer_up_to_twice_the_least():
    opening = play(ai_room(human_seat=1, variant="gomoku"), "h8", "h9")
    crowded = play(opening, *(f"{col}{row}" for row in (1, 2, 3) for col in "abcdefghijklmno"))
    assert 500 < reply_pause_ms(opening, EVEN, 500) < reply_pause_ms(crowded, EVEN, 500)
    assert len(crowded.moves) >= BUSY_PLIES and reply_pause_ms(crowded, EVEN, 500) == 1000


def test_a_decided_game_is_answered_without_a_pause():
    state = play(ai_room(human_seat=1, variant="gomoku"), "h8", "h9", "i8")
    assert reply_pause_ms(state, FORCED_WIN, 500) == 0
    assert reply_pause_ms(state, FORCED_LOSS, 500) == 0


def test_a_demo_keeps_its_own_pace_and_no_reply_pause():
    demo = replace(ai_room(human_seat=1, variant="gomoku"), mode=Mode.AI_VS_AI)
    assert reply_pause_ms(demo, EVEN, 500) == 0


def test_a_least_pause_of_zero_turns_the_pause_off():
    assert reply_pause_ms(ai_room(human_seat=1, variant="gomoku"), EVEN, 0) == 0
