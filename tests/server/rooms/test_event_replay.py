""""Applying events to the previous state gives the next state" (docs/protocol.md §3.3), as a
property of the room core: hundreds of random games — seats taken, moves legal and not, offers,
answers, takebacks, berserks, resignations, claims, cancellations, abandonments, clocks running out,
move deadlines, rematches, swap and swap2 openings with their colour choices — are played
through `apply`, and after every command the events, applied to the first snapshot by
tests/server/event_reducer.py, must give exactly the public state the server would report.
The reducer takes only the state fields an event carries (and the two keyed changes of §3.3),
so a rule whose event does not say a field it changes fails here; the games must play every
kind typed in server/rooms/events.py (`EVENT_TYPES` is derived from those definitions)."""

from __future__ import annotations

import random
from collections.abc import Callable

from engine.board import Board
from server.platform.errors import ArenaError
from server.rooms import (
    ClockConfig,
    Mode,
    Opening,
    RoomState,
    apply,
    commands,
    new_room,
    public_state,
)
from server.rooms.events import EVENT_TYPES
from server.rooms.state import Status
from tests.server.event_reducer import apply_event
from tests.server.room_helpers import HASH_A, HASH_B, T0

GAMES = 300
PLAYER_A = commands.PlayerRef("player-a")
STEPS = 80
VARIANTS = ("tictactoe", "caro9", "connect4", "custom-5x5-k3-caro", "renju", "gomoku")
OPENING_VARIANTS = ("renju", "gomoku")


def random_room(rng: random.Random, number: int, openings: bool = False) -> RoomState:
    """A random room; `openings`: always one with a swap or swap2 opening."""
    mode = rng.choice([Mode.HUMAN, Mode.HUMAN, Mode.AI, Mode.AI_VS_AI])
    clock = rng.choice([None, ClockConfig(rng.randint(1, 30) * 1000, rng.choice([0, 2000]))])
    variant = rng.choice(OPENING_VARIANTS if openings else VARIANTS)
    opening = rng.choice(list(Opening)) if variant in OPENING_VARIANTS else Opening.NONE
    if openings:
        opening = rng.choice([Opening.SWAP, Opening.SWAP2])
    return new_room(room_id=f"room{number}", variant=variant, mode=mode, opening=opening,
                    public=rng.random() < 0.3, now=T0, creator=PLAYER_A,
                    creator_seat=None if mode is Mode.AI_VS_AI else 1,
                    creator_name="A", token_hash=None if mode is Mode.AI_VS_AI else HASH_A,
                    ai_level=1, clock=clock, idle_claim_ms=rng.choice([None, 5000]),
                    berserkable=number % 3 == 0)


def random_move(rng: random.Random, state: RoomState) -> commands.Move:
    """Mostly a legal move for the seat to move (by the AI when it is an AI seat); sometimes an
    occupied cell, another seat, or text that is no move."""
    seat = state.turn if rng.random() < 0.9 else rng.choice([1, 2, None])
    board = Board.from_moves(state.variant, state.moves)
    legal = board.legal_moves()
    text = board.move_str(rng.choice(legal)) if legal and rng.random() < 0.9 else \
        rng.choice(["a1", "zz", "c3", "1"])
    return commands.Move(seat, text, by_ai=seat is not None and state.is_ai(seat))  # type: ignore[arg-type]


def random_choice(rng: random.Random, state: RoomState) -> commands.OpeningChoice:
    """Mostly the seat to act choosing one of the three choices (offered or not); sometimes
    another seat, or a word that is no choice."""
    seat = state.turn if rng.random() < 0.9 else rng.choice([1, 2, None])
    choice = rng.choice(["black", "white", "place_two", "place_two", "red"])
    return commands.OpeningChoice(seat, choice,  # type: ignore[arg-type]
                                  by_ai=seat is not None and state.is_ai(seat))


def random_command(rng: random.Random, state: RoomState) -> commands.Command:
    if state.takeback_request is not None and rng.random() < 0.5:
        # Answered by the seat it is put to, or the next move mostly cancels it unanswered.
        return commands.TakebackAnswer(3 - state.takeback_request, rng.random() < 0.5)
    seat = rng.choice([1, 2, 1, 2, None])
    makers: list[Callable[[], commands.Command]] = [
        lambda: random_move(rng, state),
        lambda: random_move(rng, state),
        lambda: random_move(rng, state),
        lambda: random_choice(rng, state),
        lambda: commands.Join(HASH_B, "B"),
        lambda: commands.Resign(seat),  # type: ignore[arg-type]
        lambda: commands.DrawOffer(seat),  # type: ignore[arg-type]
        lambda: commands.DrawAnswer(seat, rng.random() < 0.5),  # type: ignore[arg-type]
        lambda: commands.TakebackRequest(seat),  # type: ignore[arg-type]
        lambda: commands.TakebackAnswer(seat, rng.random() < 0.5),  # type: ignore[arg-type]
        lambda: commands.RematchOffer(seat),  # type: ignore[arg-type]
        lambda: commands.RematchAnswer(seat, rng.random() < 0.5),  # type: ignore[arg-type]
        lambda: commands.ClaimWin(seat, rng.random() < 0.5, None, 1000),  # type: ignore[arg-type]
        lambda: commands.Cancel(seat),  # type: ignore[arg-type]
        lambda: commands.Unlist(seat),  # type: ignore[arg-type]
        lambda: commands.Resume(PLAYER_A.player_id, "c" * 64),
        lambda: commands.Abandon(rng.choice([None, T0]), 10_000),
        lambda: commands.Tick(),
    ]
    if state.berserkable:  # a tournament's game
        makers.append(lambda: commands.Berserk(seat))  # type: ignore[arg-type]
    return rng.choice(makers)()


def random_game(seed: int, openings: bool = False) -> tuple[dict, list[tuple[list[dict], dict]]]:
    """One random game: the first snapshot and, per accepted command, its events and the
    public state after them (what GET /api/rooms/{id} would answer)."""
    rng = random.Random(seed)
    state = random_room(rng, seed, openings)
    first, now, steps = public_state(state), T0, []
    for _step in range(STEPS):
        now += rng.choice([0, 100, 1500, 8000])
        try:
            command = random_choice(rng, state) if openings and rng.random() < 0.3 \
                else random_command(rng, state)
            transition = apply(state, command, now)
        except ArenaError:
            continue
        state = transition.state
        if transition.events:
            steps.append((list(transition.events), public_state(state)))
    return first, steps


def play_random_game(seed: int, openings: bool = False) -> tuple[int, set[str]]:
    """Replay one random game's events; returns how many events it had and which kinds
    (an opening choice counts as `opening_choice:{choice}:{swapped}`)."""
    held, steps = random_game(seed, openings)
    kinds: set[str] = set()
    for events, expected in steps:
        for event in events:
            assert event["v"] == held["v"] + 1
            held = apply_event(held, event)
            kinds.add(event["type"])
            if event["type"] == "opening_choice":
                kinds.add(f"opening_choice:{event['choice']}:{event['swapped']}")
        assert held == expected, (seed, events)
    return held["v"], kinds


def test_replaying_the_events_of_random_games_gives_the_servers_state():
    total, kinds = 0, set()
    for seed in range(GAMES):
        events, seen = play_random_game(seed)
        total, kinds = total + events, kinds | seen
    # The games exercised every kind of event, many times over.
    assert {kind for kind in kinds if ":" not in kind} == EVENT_TYPES
    assert total > GAMES * 10


def test_replaying_the_events_of_random_opening_games_gives_the_servers_state():
    kinds: set[str] = set()
    for seed in range(GAMES):
        kinds |= play_random_game(seed, openings=True)[1]
    # Every choice was made, with and without a change of seats.
    assert {f"opening_choice:{choice}:{swapped}" for choice in ("black", "white")
            for swapped in (True, False)} | {"opening_choice:place_two:False"} <= kinds


def test_a_takeback_after_a_draw_offer_clears_it_in_the_replayed_state():
    state = new_room(room_id="r", variant="tictactoe", mode=Mode.HUMAN, public=False, now=T0,
                     creator_seat=1, creator_name="A", token_hash=HASH_A, ai_level=1, clock=None)
    held = public_state(state)
    for command in (commands.Join(HASH_B, "B"), commands.Move(1, "b2"), commands.Move(2, "a1"),
                    commands.TakebackRequest(1), commands.DrawOffer(2),
                    commands.TakebackAnswer(2, True)):
        transition = apply(state, command, T0)
        for event in transition.events:
            held = apply_event(held, event)
        state = transition.state
    assert state.status is Status.PLAYING and state.draw_offer is None
    assert held == public_state(state)


def test_an_unlisted_room_replays_as_private():
    state = new_room(room_id="r", variant="tictactoe", mode=Mode.HUMAN, public=True, now=T0,
                     creator_seat=1, creator_name="A", token_hash=HASH_A, ai_level=1, clock=None)
    transition = apply(state, commands.Unlist(1), T0)
    held = public_state(state)
    for event in transition.events:
        held = apply_event(held, event)
    assert held == public_state(transition.state) and held["public"] is False
