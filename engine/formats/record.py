"""The value every format reads into and writes from, the format error, and dispatch by name."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from engine.board import Board
from engine.errors import EngineError
from engine.variants import Rule, Variant, custom_variant, get_variant

RESULTS = ("1-0", "0-1", "1/2-1/2", "*")
UNKNOWN_PLAYER = "?"
NO_OPENING = "none"
OPENING_CHOOSERS = ("second player", "first player")  # who makes each choice, in order


def opening_summary(record: GameRecord) -> str:
    """The opening in words, for formats with free text (SGF's game comment):
    ``swap2: second player chose place_two, first player chose white``."""
    made = ", ".join(f"{who} chose {choice}"
                     for who, choice in zip(OPENING_CHOOSERS, record.opening_choices, strict=False))
    return f"{record.opening}: {made}" if made else record.opening


class RecordError(EngineError):
    """A game record that cannot be read: bad syntax, an unsupported feature, an illegal move."""

    code = "bad_record"


@dataclass(frozen=True, slots=True)
class GameRecord:
    """A game as the formats see it: variant spec, moves in notation, players and result.

    ``result`` is ``1-0`` (first player won), ``0-1``, ``1/2-1/2`` or ``*`` (unknown or
    unfinished). ``tags`` keeps other name/value pairs a format carries (date, room, ...).
    ``opening`` is the opening rule (``none``, ``swap``, ``swap2``) and ``opening_choices``
    the choices made in it, in order (swap2: ``("place_two", "white")``): the second player
    chooses first, the opener (who placed the first three stones) chooses after ``place_two``.
    """

    variant: str
    moves: tuple[str, ...]
    first: str = UNKNOWN_PLAYER
    second: str = UNKNOWN_PLAYER
    result: str = "*"
    tags: tuple[tuple[str, str], ...] = ()
    opening: str = NO_OPENING
    opening_choices: tuple[str, ...] = ()

    def board(self) -> Board:
        return Board.from_moves(self.variant, self.moves)


def checked_record(
    variant: Variant, cells: Iterable[int], *, first: str, second: str, result: str,
    tags: tuple[tuple[str, str], ...] = (), opening: str = NO_OPENING,
    opening_choices: tuple[str, ...] = (),
) -> GameRecord:
    """Replay ``cells`` (cell indices) on ``variant``; an illegal move becomes a RecordError."""
    board = Board(variant)
    for number, cell in enumerate(cells, start=1):
        if board.is_game_over():
            raise RecordError(f"move {number} comes after the end of the game")
        if not board.is_legal(cell):
            raise RecordError(f"move {number} is illegal: {board.move_str(cell)} is taken")
        board.push(cell)
    if result not in RESULTS:
        result = "*"
    return GameRecord(variant.spec, tuple(board.moves_str()), first, second, result, tags,
                      opening, opening_choices)


def variant_for_size(cols: int, rows: int, hint: str | None) -> Variant:
    """The variant of an imported board: ``hint`` when given (its size must match), else
    ``gomoku`` for 15x15 and freestyle five-in-a-row for other sizes."""
    if hint is not None:
        try:
            variant = get_variant(hint)
        except EngineError as error:
            raise RecordError(str(error)) from None
        if (variant.cols, variant.rows) != (cols, rows):
            size = f"{variant.cols}x{variant.rows}"
            raise RecordError(f"the record is {cols}x{rows}, the variant {hint!r} is {size}")
        return variant
    if (cols, rows) == (15, 15):
        return get_variant("gomoku")
    try:
        return custom_variant(rows, cols, 5, Rule.FREESTYLE)
    except EngineError as error:
        raise RecordError(f"unsupported board size {cols}x{rows}: {error}") from None


def grid_variant(spec: str) -> Variant:
    """The variant of a record to export to a grid format (no gravity boards)."""
    variant = get_variant(spec)
    if variant.gravity:
        raise RecordError(f"{spec} is a gravity game: export it as text")
    return variant


FORMATS: dict[str, tuple[Callable[[GameRecord], str], Callable[..., GameRecord]]] = {}


def register(
    name: str, export: Callable[[GameRecord], str], load: Callable[..., GameRecord]
) -> None:
    """Make a format known to :func:`export_record` and :func:`import_record`."""
    FORMATS[name] = (export, load)


def export_record(record: GameRecord, fmt: str) -> str:
    """``record`` written in format ``fmt`` (``sgf``, ``psq`` or ``text``)."""
    if fmt not in FORMATS:
        raise RecordError(f"unknown format {fmt!r}; known: {', '.join(sorted(FORMATS))}")
    return FORMATS[fmt][0](record)


def import_record(text: str, fmt: str, variant: str | None = None) -> GameRecord:
    """Read ``text`` in format ``fmt``; ``variant`` overrides what the record implies."""
    if fmt not in FORMATS:
        raise RecordError(f"unknown format {fmt!r}; known: {', '.join(sorted(FORMATS))}")
    return FORMATS[fmt][1](text, variant)
