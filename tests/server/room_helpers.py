"""Builders for the pure room tests: rooms in a given situation, without any network."""

from __future__ import annotations

from server.rooms import ClockConfig, Mode, RoomState, apply, commands, new_room

T0 = 1_700_000_000_000  # an arbitrary epoch-ms instant the tests count from
HASH_A, HASH_B = "a" * 64, "b" * 64


def human_room(variant: str = "tictactoe", clock: ClockConfig | None = None) -> RoomState:
    """A human room with seat 1 taken by A and seat 2 free."""
    return new_room(room_id="room1", variant=variant, mode=Mode.HUMAN, public=False, now=T0,
                    creator_seat=1, creator_name="A", token_hash=HASH_A, ai_level=1,
                    clock=clock)


def playing_room(variant: str = "tictactoe", clock: ClockConfig | None = None) -> RoomState:
    """A human game that has just started (seat 2 joined at T0)."""
    return apply(human_room(variant, clock), commands.Join(HASH_B, "B"), T0).state


def ai_room(human_seat: int = 1, variant: str = "tictactoe") -> RoomState:
    return new_room(room_id="room2", variant=variant, mode=Mode.AI, public=False, now=T0,
                    creator_seat=human_seat, creator_name="A", token_hash=HASH_A, ai_level=2,
                    clock=None)


def play(state: RoomState, *moves: str, now: int = T0) -> RoomState:
    """Play `moves` alternately by whichever seat is to move."""
    for text in moves:
        state = apply(state, commands.Move(state.turn, text, by_ai=state.is_ai(state.turn)),
                      now).state
    return state
