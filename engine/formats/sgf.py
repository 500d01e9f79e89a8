"""SGF (FF[4]) for gomoku-style games: ``GM[4]``, ``SZ``, ``PB``/``PW``, ``RE``, ``RU`` and
the moves ``;B[hh];W[hi]``.

SGF names a point by two letters, column then row, both from the top-left corner (``aa``);
our notation counts rows from the bottom, so the row letter is flipped. Black is the first
player. Import follows the main line (the first variation at every branch), ignores the
properties it does not need (comments, times, application data, ...), and accepts ``SZ[15]``
or ``SZ[cols:rows]``; ``RU`` carries the Caro Arena variant when we wrote the file. Setup
stones (``AB``/``AW``), passes and other games (``GM`` other than 4) are refused.

A game played under an opening rule (swap, swap2) says so in ``GC`` (FF[4] game-info
"Game comment": background information about the game), e.g.
``GC[Opening swap2: second player chose place_two, first player chose white]``. Not ``RU``:
it already names the variant, which import reads back. Import does not read ``GC``.
"""

from __future__ import annotations

import re
import string

from engine.errors import EngineError
from engine.formats.record import (
    NO_OPENING,
    GameRecord,
    RecordError,
    checked_record,
    grid_variant,
    opening_summary,
    register,
    variant_for_size,
)
from engine.variants import Variant

LETTERS = string.ascii_lowercase
GOMOKU_GAME = "4"
_RESULT_OUT = {"1-0": "B+", "0-1": "W+", "1/2-1/2": "0"}
_SIZE = re.compile(r"^\s*(\d{1,2})\s*(?::\s*(\d{1,2})\s*)?$")
_REFUSED = {"AB": "setup stones", "AW": "setup stones", "AE": "setup stones"}


def _escape(text: str) -> str:
    return text.replace("\\", "\\\\").replace("]", "\\]")


def _point(variant: Variant, cell: int) -> str:
    row, col = divmod(cell, variant.cols)
    return LETTERS[col] + LETTERS[variant.rows - 1 - row]


def export_sgf(record: GameRecord) -> str:
    """``record`` as one SGF game tree (one node per move)."""
    variant = grid_variant(record.variant)
    board = record.board()
    size = str(variant.cols) if variant.rows == variant.cols else f"{variant.cols}:{variant.rows}"
    root = [
        ("FF", "4"), ("GM", GOMOKU_GAME), ("CA", "UTF-8"), ("AP", "Caro Arena"), ("SZ", size),
        ("RU", variant.spec), ("PB", record.first), ("PW", record.second),
    ]
    if record.result in _RESULT_OUT:
        root.append(("RE", _RESULT_OUT[record.result]))
    if record.opening != NO_OPENING:
        root.append(("GC", f"Opening {opening_summary(record)}"))
    head = ";" + "".join(f"{name}[{_escape(value)}]" for name, value in root)
    colours = "BW"
    moves = "".join(
        f";{colours[ply % 2]}[{_point(variant, cell)}]"
        for ply, cell in enumerate(board.move_stack)
    )
    return f"({head}\n{moves})\n"


def _main_line(text: str) -> list[list[tuple[str, list[str]]]]:
    """The nodes of the first game tree's main line, each a list of (property, values)."""
    nodes: list[list[tuple[str, list[str]]]] = []
    depth, skip_until, taken, closed = 0, -1, set(), False
    i, n = 0, len(text)
    while i < n and not closed:
        char = text[i]
        if char == "[":
            end = _value_end(text, i)
            if skip_until < 0:
                if not nodes or not nodes[-1]:
                    raise RecordError(f"a value without a property at offset {i}")
                nodes[-1][-1][1].append(_unescape(text[i + 1 : end]))
            i = end
        elif char == "(":
            if skip_until < 0 and depth in taken:
                skip_until = depth  # a later variation: not the main line
            elif skip_until < 0:
                taken.add(depth)
            depth += 1
        elif char == ")":
            if depth == 0:
                raise RecordError(f"')' without '(' at offset {i}")
            depth -= 1
            if skip_until == depth:
                skip_until = -1
            closed = depth == 0  # the first game tree is complete: later ones are other games
        elif char == ";":
            if depth == 0:
                raise RecordError(f"a node outside any game tree at offset {i}")
            if skip_until < 0:
                nodes.append([])
        elif char.isalpha():
            end = i
            while end < n and text[end].isalpha():
                end += 1
            if skip_until < 0:
                if not nodes:
                    raise RecordError(f"a property outside any node at offset {i}")
                nodes[-1].append(("".join(c for c in text[i:end] if c.isupper()), []))
            i = end - 1
        elif not char.isspace():
            raise RecordError(f"unexpected {char!r} at offset {i}")
        i += 1
    if not nodes:
        raise RecordError("no SGF game tree: expected '(;'")
    if not closed:
        raise RecordError("the game tree is not closed: missing ')'")
    return nodes


def _value_end(text: str, start: int) -> int:
    i = start + 1
    while i < len(text):
        if text[i] == "\\":
            i += 2
            continue
        if text[i] == "]":
            return i
        i += 1
    raise RecordError(f"a value opened at offset {start} is not closed with ']'")


def _unescape(value: str) -> str:
    value = re.sub(r"\\\r?\n", "", value)  # soft line breaks
    return re.sub(r"\\(.)", r"\1", value, flags=re.DOTALL)


def _parse_point(variant: Variant, value: str, number: int) -> int:
    if len(value) != 2 or value[0] not in LETTERS or value[1] not in LETTERS:
        raise RecordError(f"move {number}: {value!r} is not a point such as 'hh' (no passes)")
    col, top_row = LETTERS.index(value[0]), LETTERS.index(value[1])
    if col >= variant.cols or top_row >= variant.rows:
        size = f"{variant.cols}x{variant.rows}"
        raise RecordError(f"move {number}: {value!r} is off the {size} board")
    return (variant.rows - 1 - top_row) * variant.cols + col


def _result(value: str) -> str:
    value = value.strip().upper()
    if value.startswith("B+"):
        return "1-0"
    if value.startswith("W+"):
        return "0-1"
    return "1/2-1/2" if value in ("0", "DRAW") else "*"


def import_sgf(text: str, variant: str | None = None) -> GameRecord:
    """The main line of the first game in ``text``; ``variant`` overrides ``RU``/``SZ``."""
    nodes = _main_line(text)
    root = {name: values[0] if values else "" for name, values in nodes[0]}
    game = root.get("GM", GOMOKU_GAME).strip()
    if game != GOMOKU_GAME:
        raise RecordError(f"GM[{game}] is not a gomoku record (GM[4])")
    size = _SIZE.match(root.get("SZ", "15"))
    if size is None:
        raise RecordError(f"SZ[{root.get('SZ')}] is not a board size")
    cols, rows = int(size[1]), int(size[2] or size[1])
    hint = variant or _known_variant(root.get("RU"), cols, rows)
    board_variant = variant_for_size(cols, rows, hint)
    cells: list[int] = []
    for name, values in (prop for node in nodes for prop in node):
        if name in _REFUSED:
            raise RecordError(f"{name}[...] ({_REFUSED[name]}) is not supported: import a game")
        if name not in ("B", "W"):
            continue
        number, expected = len(cells) + 1, "BW"[len(cells) % 2]
        value = values[0] if values else ""
        if name != expected:
            raise RecordError(f"move {number} is {name}[{value}] but {expected} is to play")
        cells.append(_parse_point(board_variant, value, number))
    return checked_record(
        board_variant, cells, first=root.get("PB", "").strip() or "?",
        second=root.get("PW", "").strip() or "?", result=_result(root.get("RE", "")),
    )


def _known_variant(spec: str | None, cols: int, rows: int) -> str | None:
    """``RU`` as a variant when it names one of ours of this size (else SZ decides)."""
    if not spec:
        return None
    try:
        variant = grid_variant(spec.strip())
    except EngineError:
        return None
    return variant.spec if (variant.cols, variant.rows) == (cols, rows) else None


register("sgf", export_sgf, import_sgf)
