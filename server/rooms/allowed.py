"""What each seat may do now, as the server tells the clients: the state's and every event's
`allowed` (docs/protocol.md §1), so a page enables a button from the server's word and holds
no copy of a rule.

Each entry asks the same check the rule itself makes before it changes anything
(`offers.check_takeback_request`, ...): a command is listed exactly when the machine would
accept it from that seat. Listed are the commands a player may start at any time; a stone or
a colour choice is the act of the seat to act (`turn`, with `phase` saying which, and the
opening's `choices`), answers to an offer follow the state's pending offers, and a claim the
instants in `claim_at`. So `allowed` stays the same from move to move of a game, and an
event carries it only when its command changed it.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable
from typing import Any

from ..platform.errors import ArenaError
from . import commands as cmd
from .berserk import check_berserk
from .offers import check_draw_offer, check_rematch_offer, check_takeback_request
from .outcomes import require_playing
from .play import check_cancel, check_rated, check_unlist, open_seat
from .state import SEATS, Mode, RoomState, Status

Check = Callable[[RoomState, int], None]
Possible = Callable[[RoomState], bool]
WAITING, PLAYING, FINISHED = Status.WAITING, Status.PLAYING, Status.FINISHED


def _in(*statuses: Status) -> Possible:
    return lambda state: state.status in statuses


# Keyed by the client message that sends the command: a cheap test of whether its check can
# pass at all (the check's first tests, so that `allowed` need not raise and catch the check's
# refusal for every entry of every state: a move's `allowed` is worked out anew each time, and
# a refusal costs about a microsecond; tests/server/rooms/test_allowed.py holds the table to
# the checks), and the check.
CHECKS: dict[str, tuple[Possible, Check]] = {
    "resign": (_in(PLAYING), lambda state, _seat: require_playing(state)),
    "draw_offer": (_in(PLAYING), check_draw_offer),
    "takeback_request": (_in(PLAYING), check_takeback_request),
    "berserk": (lambda state: state.status is PLAYING and state.berserkable, check_berserk),
    "rematch_offer": (_in(FINISHED), check_rematch_offer),
    "unlist": (_in(WAITING), check_unlist),
    "cancel": (_in(WAITING), check_cancel),
}


def _passes(check: Callable[..., None], *args: Any) -> bool:
    """Whether a check (a rule's own test, which raises when the rule refuses) passes."""
    try:
        check(*args)
    except ArenaError:
        return False
    return True


def allowed(state: RoomState, seat: int) -> list[str]:
    """The commands the human player in `seat` may send now (none for an AI or empty seat)."""
    if state.seat(seat) is None or state.is_ai(seat):
        return []
    return [name for name, (possible, check) in CHECKS.items()
            if possible(state) and _passes(check, state, seat)]


def allowed_by_seat(state: RoomState) -> dict[str, list[str]]:
    """Both seats' `allowed`. Remembered for the last state of each room: `machine.apply`
    compares the state before a command with the one after, and the state before is, on the
    node that applied the previous command, the very state that command produced (a pure memo,
    as server/rooms/boards.py: the answer is the same without it; half the `allowed` work of a
    move, docs/performance.md)."""
    remembered = _last.get(state.room_id)
    if remembered is not None and remembered[0] is state:
        _last.move_to_end(state.room_id)
        return remembered[1]
    by_seat = {str(seat): allowed(state, seat) for seat in SEATS}
    _last[state.room_id] = (state, by_seat)
    _last.move_to_end(state.room_id)
    if len(_last) > MEMO_ROOMS:
        _last.popitem(last=False)
    return by_seat


MEMO_ROOMS = 4096  # as many rooms as a node remembers states of (play/room_service.py)
_last: OrderedDict[str, tuple[RoomState, dict[str, list[str]]]] = OrderedDict()


def public_state(state: RoomState) -> dict[str, Any]:
    """The room as clients see it (the `state` object of docs/protocol.md §1): the state's
    public fields, what each seat may do and the seat a visitor may take."""
    return {**state.to_public(), "allowed": allowed_by_seat(state),
            "open_seat": open_seat(state)}


def rated_modes(player: cmd.PlayerRef | None) -> list[str]:
    """The kinds of room (`mode`) in which `player` may open or join a rated game
    (`GET /api/me`): the home page offers "rated" only for those."""
    return [mode.value for mode in Mode if _passes(check_rated, mode, player)]
