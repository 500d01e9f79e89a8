"""Puzzles: forced wins and only-defences cut from games, proven by the engine, rated.

Owns: the puzzles in SQL (`catalogue`: the shipped set added at start, mined ones later, the
choice of the next puzzle near a rating), judging a move against the solution (`judge`, pure),
attempts and puzzle ratings (`attempts`: one attempt per player and puzzle, each move a
conditional update, Glicko-2 for the player and the puzzle in the transaction that ends it),
the service the routes call (`service.PuzzleService`: next, move, give up, solution, daily,
history, a game's puzzles) and the low-priority miner of newly archived games (`miner`).
What a puzzle is and how it is proven is the engine's (engine/puzzles/, docs/puzzles.md).

Imports: server.analysis (the gate that stops background work while live searches run),
server.players (the SQL tables, Glicko-2), server.platform (the worker pool, keys, errors),
engine.

Other packages may use:
- `service`: `PuzzleService`
- `miner`: `PuzzleMiner`
"""
