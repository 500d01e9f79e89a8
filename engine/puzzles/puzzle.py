"""A puzzle as a value: the position, what to find, the certificate, and how it was made.

One JSON object per puzzle (one line of ``engine/data/puzzles/<variant>.jsonl``). ``moves``
lead from the empty board to the position (room notation), so any page can replay them;
``goal`` is ``win`` (the side to move wins by force, ``tree`` is an attack) or ``defend``
(exactly one move does not lose, ``tree`` is a defence); ``line`` is the main line the
server plays through; ``proof`` records the searches that found no other solution.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from engine.board import Board

GOALS = ("win", "defend")
SHIPPED = Path(__file__).resolve().parents[1] / "data" / "puzzles"  # <variant>.jsonl


@dataclass(frozen=True, slots=True)
class Puzzle:
    id: str
    variant: str
    moves: tuple[str, ...]
    goal: str
    tree: dict[str, Any]
    line: tuple[str, ...]
    themes: tuple[str, ...]
    rating: int
    source: dict[str, Any] = field(default_factory=dict)
    proof: dict[str, Any] = field(default_factory=dict)

    @property
    def to_move(self) -> str:
        """``black`` or ``white``: the side the player plays (black moves first)."""
        return "black" if len(self.moves) % 2 == 0 else "white"

    def board(self) -> Board:
        return Board.from_moves(self.variant, self.moves)

    def to_json(self) -> str:
        data = asdict(self)
        data["moves"], data["line"], data["themes"] = (
            list(self.moves), list(self.line), list(self.themes))
        return json.dumps(data, separators=(",", ":"), sort_keys=False)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Puzzle:
        return cls(id=data["id"], variant=data["variant"], moves=tuple(data["moves"]),
                   goal=data["goal"], tree=data["tree"], line=tuple(data["line"]),
                   themes=tuple(data["themes"]), rating=int(data["rating"]),
                   source=data.get("source", {}), proof=data.get("proof", {}))

    @classmethod
    def from_json(cls, text: str) -> Puzzle:
        return cls.from_dict(json.loads(text))


def position_id(board: Board) -> str:
    """A stable id for a position (its variant, stones and side to move, not the move order),
    so the same position found twice is one puzzle."""
    digest = hashlib.sha256(
        f"{board.variant.spec}:{board.turn}:{''.join(map(str, board.cells()))}".encode())
    return digest.hexdigest()[:12]


def read_puzzles(path: Path) -> list[Puzzle]:
    """The puzzles of a JSON lines file (none if it does not exist)."""
    if not path.exists():
        return []
    return [Puzzle.from_json(line) for line in path.read_text().splitlines() if line.strip()]


def shipped() -> list[Puzzle]:
    """The puzzle set that comes with the engine (engine/data/puzzles/*.jsonl)."""
    return [puzzle for path in sorted(SHIPPED.glob("*.jsonl")) for puzzle in read_puzzles(path)]


def shipped_digest() -> str:
    """A digest of the shipped files: a store that has seen it has every shipped puzzle."""
    digest = hashlib.sha256()
    for path in sorted(SHIPPED.glob("*.jsonl")):
        digest.update(path.name.encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()[:32]
