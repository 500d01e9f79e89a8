"""The seed engine: a typical published caro AI (depth-2 alpha-beta over a copied board) that
the benches measure our AI against.

It is an optional extra, not part of the repository: looked for in ``$CARO_SEED_ENGINE`` (a
folder holding ``seed_caro15.py``), else in ``../shared/baselines`` beside the checkout. Benches
that need it skip its rows with the reason `seed_missing` gives.
"""

from __future__ import annotations

import functools
import importlib.util
import os
from pathlib import Path
from typing import Any

from engine.board import Board

SHARED_BASELINES = Path(__file__).resolve().parents[2] / "shared" / "baselines"
SEED_FILE = Path(os.environ.get("CARO_SEED_ENGINE") or SHARED_BASELINES) / "seed_caro15.py"


def seed_missing() -> str | None:
    """Why the seed engine cannot play (its file is absent), or None when it can."""
    if SEED_FILE.is_file():
        return None
    return f"seed engine {SEED_FILE.resolve()} not found (set CARO_SEED_ENGINE)"


@functools.cache
def _peer_class() -> type:
    spec = importlib.util.spec_from_file_location("seed_caro15", SEED_FILE)
    assert spec is not None and spec.loader is not None, seed_missing()
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.Peer


def seed_peer(board: Board) -> Any:
    """A seed engine for `board`'s size and line length."""
    return _peer_class()(rows=board.rows, cols=board.cols, k=board.variant.k)


def seed_choose(peer: Any, board: Board) -> int:
    """The seed engine's move (it numbers rows from the top) as our cell (row 0 at the bottom)."""
    rows, cols = board.rows, board.cols
    grid = [[board.cell((rows - 1 - r) * cols + c) for c in range(cols)] for r in range(rows)]
    top_row, col = peer.choose(grid, board.turn)
    return (rows - 1 - top_row) * cols + col
