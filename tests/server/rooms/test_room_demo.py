"""The pure room state machine: a finished AI-vs-AI demo starts its next game after a pause."""

from __future__ import annotations

from server.rooms import Mode, Status, apply, commands, new_room
from server.rooms.outcomes import DEMO_RESTART_MS
from tests.server.room_helpers import T0, play, playing_room

FINISHED_AT = T0 + 5_000


def finished_demo():
    demo = new_room(room_id="demo1", variant="tictactoe", mode=Mode.AI_VS_AI, public=True,
                    now=T0, creator_seat=None, creator_name=None, token_hash=None, ai_level=1,
                    clock=None)
    return play(demo, "a1", "b1", "a2", "b2", "a3", now=FINISHED_AT)


def test_a_finished_demo_rests_until_its_pause_is_over():
    demo = finished_demo()
    transition = apply(demo, commands.Tick(), FINISHED_AT + DEMO_RESTART_MS - 1)
    assert not transition.changed and transition.state.status is Status.FINISHED


def test_a_finished_demo_starts_the_next_game_with_the_sides_swapped():
    demo = finished_demo()
    transition = apply(demo, commands.Tick(), FINISHED_AT + DEMO_RESTART_MS)
    new = transition.state
    assert [event["type"] for event in transition.events] == ["rematch"]
    assert (new.game_no, new.status, new.moves) == (2, Status.PLAYING, ())
    assert new.seats == (demo.seats[1], demo.seats[0])


def test_a_finished_game_between_people_never_restarts_by_itself():
    game = play(playing_room(), "a1", "b1", "a2", "b2", "a3", now=FINISHED_AT)
    assert not apply(game, commands.Tick(), FINISHED_AT + 10 * DEMO_RESTART_MS).changed
