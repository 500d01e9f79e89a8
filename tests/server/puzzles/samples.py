"""Small puzzles for the server's tests: real positions with their solutions. The server does
not check certificates (the engine's proof test does, tests/engine/puzzles/), it serves and
judges the line, so these carry only what serving needs."""

from __future__ import annotations

from engine.board import Board
from engine.puzzles.puzzle import Puzzle, position_id

# Black plays h7 (an open four); White blocks g6; Black completes l11 (or g6's twin).
VCF_MOVES = "h8 h9 i8 i9 j8 g8 j9 j10 k10 k8"
VCF_TREE = {"m": "h7", "p": "g6", "r": {"g6": {"m": "l11"}}}


def puzzle(moves: str, goal: str, tree: dict, line: tuple[str, ...], rating: int,
           themes: tuple[str, ...], variant: str = "gomoku", **source) -> Puzzle:
    board = Board.from_moves(variant, moves)
    return Puzzle(position_id(board), variant, tuple(moves.split()), goal, tree, line, themes,
                  rating, dict(source))


def vcf(rating: int = 1200, **source) -> Puzzle:
    return puzzle(VCF_MOVES, "win", VCF_TREE, ("h7", "g6", "l11"), rating, ("vcf", "short"),
                  **source)


def defence(rating: int = 1500) -> Puzzle:
    return puzzle("i7 i9 g7 h7 j6 k5 h6 i6 j4 i5 j5", "defend", {"hold": "j7", "r": {}},
                  ("j7",), rating, ("defence", "short"))


def many(count: int, variant: str = "gomoku", rows: int = 0, **source) -> list[Puzzle]:
    """``count`` distinct puzzles (the VCF position shifted right column by column, and up by
    ``rows``, with its solution shifted alike), rated 1000, 1100, ..."""
    made = []
    for shift in range(count):
        def moved(cell: str, shift: int = shift) -> str:
            return chr(ord(cell[0]) + shift - 4) + str(int(cell[1:]) + rows)
        moves = " ".join(moved(m) for m in VCF_MOVES.split())
        line = tuple(moved(m) for m in ("h7", "g6", "l11"))
        tree = {"m": line[0], "p": line[1], "r": {line[1]: {"m": line[2]}}}
        made.append(puzzle(moves, "win", tree, line, 1000 + 100 * shift, ("vcf",),
                           variant=variant, **source))
    return made
