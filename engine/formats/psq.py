"""The piskvork / Gomocup ``.psq`` game record.

    Piskvorky 15x15, 11:11, 0
    8,8,0
    9,9,1250
    ...
    pbrain-first.zip
    pbrain-second.zip
    -1

The header gives the board as ``<width>x<height>`` (the rest of it is piskvork's window state,
ignored). Each move is ``x,y,time``: x the column and y the row counted from the TOP, both
1-based, time the milliseconds the move took (optional on import). Lines after the moves are
trailers: piskvork writes the two engines' names (first player first) and a number; import
takes the first two text lines as the players and ignores numbers. The format has no rule:
15x15 imports as ``gomoku`` unless a variant is given. Nor has it a place for the opening
rule or its choices (swap2): export leaves them out; the opening's stones are the first moves.
"""

from __future__ import annotations

import re

from engine.formats.record import (
    GameRecord,
    RecordError,
    checked_record,
    grid_variant,
    register,
    variant_for_size,
)
from engine.variants import Variant

_HEADER = re.compile(r"^\s*Piskvorky\s+(\d{1,2})\s*x\s*(\d{1,2})\b", re.IGNORECASE)
_MOVE = re.compile(r"^\s*(\d{1,3})\s*,\s*(\d{1,3})\s*(?:,\s*(-?\d{1,10})\s*)?$")
_NUMBER = re.compile(r"^\s*-?\d+\s*$")
_MOVE_LIKE = re.compile(r"^[\d\s,;.:-]*\d[\d\s,;.:-]*$")  # digits and separators only


def export_psq(record: GameRecord) -> str:
    """``record`` as piskvork writes it (move times unknown: 0)."""
    variant = grid_variant(record.variant)
    board = record.board()
    lines = [f"Piskvorky {variant.cols}x{variant.rows}, 11:11, 0"]
    for cell in board.move_stack:
        row, col = divmod(cell, variant.cols)
        lines.append(f"{col + 1},{variant.rows - row},0")
    lines += [record.first, record.second, "-1"]
    return "\n".join(lines) + "\n"


def _cell(variant: Variant, x: int, y: int, number: int) -> int:
    if not (1 <= x <= variant.cols and 1 <= y <= variant.rows):
        raise RecordError(f"move {number}: {x},{y} is off the {variant.cols}x{variant.rows} board")
    return (variant.rows - y) * variant.cols + (x - 1)


def import_psq(text: str, variant: str | None = None) -> GameRecord:
    """Read a ``.psq`` record; ``variant`` names the rule (the board size must match)."""
    lines = [line.strip() for line in text.splitlines()]
    while lines and not lines[0]:
        lines.pop(0)
    header = _HEADER.match(lines[0]) if lines else None
    if header is None:
        raise RecordError("not a psq record: the first line must be 'Piskvorky <w>x<h>, ...'")
    board_variant = variant_for_size(int(header[1]), int(header[2]), variant)
    cells: list[int] = []
    index = 1
    while index < len(lines) and (move := _MOVE.match(lines[index])):
        cells.append(_cell(board_variant, int(move[1]), int(move[2]), len(cells) + 1))
        index += 1
    names = []
    for number, line in enumerate(lines[index:], start=index + 1):
        if _MOVE_LIKE.match(line) and not _NUMBER.match(line):
            raise RecordError(f"line {number}: {line[:40]!r} is not a move 'x,y,time' in order")
        if line and not _NUMBER.match(line):
            names.append(line)
    first, second = (names + ["?", "?"])[:2]
    return checked_record(board_variant, cells, first=first, second=second, result="*")


register("psq", export_psq, import_psq)
