"""When a player may claim the win: one rule for the server's judgement (`play.claim_win`) and
for what the server tells the clients, who only compare the instants with their clock.

Without a running clock, a player may claim once the opponent, to move, has let the move
deadline pass (the state's `claim_at`, `RoomState.deadline_claim_at`), or once the opponent
has had no open socket for `claim_after_ms` (the presence message's `claim_at`, from
`away_claim_at`). Once a clock runs, it decides."""

from __future__ import annotations

from .state import RoomState, SeatKind, Status, other


def away_claim_at(state: RoomState, seat: int, opponent_connected: bool,
                  opponent_last_seen: int | None, claim_after_ms: int) -> int | None:
    """From when `seat` may claim because its human opponent is gone: `claim_after_ms` after
    the opponent was last seen connected (or joined, or the game started, if it never was).
    None while the opponent is connected or an AI, or when the game is not one to claim."""
    opponent = state.seat(other(seat))
    if state.status is not Status.PLAYING or state.clock_runs() or opponent is None \
            or opponent.kind is SeatKind.AI or opponent_connected:
        return None
    last_seen = opponent_last_seen or max(opponent.joined_at, state.started_at or 0)
    return last_seen + claim_after_ms


def claim_at(state: RoomState, seat: int, opponent_connected: bool,
             opponent_last_seen: int | None, claim_after_ms: int) -> int | None:
    """The first instant `seat` may claim the win, by either rule (None: not now)."""
    dues = [due for due in (state.deadline_claim_at(seat),
                            away_claim_at(state, seat, opponent_connected, opponent_last_seen,
                                          claim_after_ms)) if due is not None]
    return min(dues, default=None)


def away_claim_inputs(state: RoomState) -> tuple[object, ...]:
    """What `away_claim_at` reads from the state: when it changes, the presence message
    (which carries the away claims) must be worked out again."""
    return (state.status, state.clock_runs(), state.started_at,
            tuple(None if s is None else (s.kind, s.joined_at) for s in state.seats))
