"""Opening rules (swap, swap2) as pure functions of a game's progress: the phase, who acts in
it, and the choices on offer. No room state here, so `state.py` can derive `turn` and `phase`
from these without an import circle; the rules that change a room are in opening_play.py.

- `swap`: the opener (seat 1) places three stones (black, white, black); the other player
  (seat 2) then chooses to play black or white. White moves next.
- `swap2`: the same three stones; seat 2 takes black, takes white, or places two more (white,
  black), after which the opener chooses the colour. White moves next.

Black always sits in seat 1: a colour choice that makes the other player black swaps the seats.
"""

from __future__ import annotations

import enum

from engine.variants import get_variant


class Opening(enum.StrEnum):
    NONE = "none"
    SWAP = "swap"
    SWAP2 = "swap2"


class Phase(enum.StrEnum):
    PLACE = "place"    # the actor places opening stones (colours alternate by the move count)
    CHOOSE = "choose"  # the actor chooses a colour (or, in swap2, to place two more)
    PLAY = "play"      # the game proper: players alternate, black (seat 1) first


class Choice(enum.StrEnum):
    BLACK = "black"
    WHITE = "white"
    PLACE_TWO = "place_two"


FIRST_STONES = 3  # the opener's stones
MORE_STONES = 2   # swap2: the stones the other player may add
VARIANTS = frozenset({"gomoku", "gomoku-standard", "renju"})  # the variants an opening suits


def check_opening(variant: str, opening: Opening) -> None:
    """Raise ValueError unless `opening` may be played in `variant`."""
    if opening not in openings_for(variant):
        raise ValueError(f"the {opening.value} opening is for {', '.join(sorted(VARIANTS))}")


def openings_for(variant: str) -> tuple[Opening, ...]:
    """The opening rules a room of `variant` may be created with."""
    return tuple(Opening) if get_variant(variant).name in VARIANTS else (Opening.NONE,)


def phase_of(opening: Opening, plies: int, choices: tuple[str, ...]) -> Phase:
    """The phase after `plies` stones and the `choices` made so far."""
    if opening is Opening.NONE or (choices and choices[-1] != Choice.PLACE_TWO):
        return Phase.PLAY
    stones = FIRST_STONES + (MORE_STONES if choices else 0)
    return Phase.PLACE if plies < stones else Phase.CHOOSE


def actor_of(phase: Phase, plies: int) -> int:
    """The seat that acts in an opening phase: the opener places the first three stones and
    makes the last choice; the other player chooses first and places the two more."""
    if phase is Phase.PLACE:
        return 1 if plies < FIRST_STONES else 2
    return 2 if plies == FIRST_STONES else 1


def options_of(opening: Opening, phase: Phase, plies: int) -> tuple[Choice, ...]:
    """The choices on offer (none outside the choose phase)."""
    if phase is not Phase.CHOOSE:
        return ()
    if opening is Opening.SWAP2 and plies == FIRST_STONES:
        return (Choice.BLACK, Choice.WHITE, Choice.PLACE_TWO)
    return (Choice.BLACK, Choice.WHITE)


def has_acted(seat: int, plies: int, choices: tuple[str, ...]) -> bool:
    """Has `seat` acted yet in this game (the opener by its first stone, the other player by
    its first choice)? Each player's clock runs only once they have."""
    return plies >= 1 if seat == 1 else bool(choices)


def opening_stones(opening: Opening, choices: tuple[str, ...]) -> int:
    """How many of the first stones belong to the opening (they cannot be taken back)."""
    if opening is Opening.NONE:
        return 0
    return FIRST_STONES + (MORE_STONES if Choice.PLACE_TWO in choices else 0)
