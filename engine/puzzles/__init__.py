"""Puzzles: forced wins and only-defences cut from games, proven, themed and rated.

Pure (no I/O but the ``cli`` that writes the shipped set). Modules, each with one job:
  wins      where a stone wins at once, and which cells could stop it (the rules, read off)
  proof     the certificate format and its engine-free checker (``check_win``,
            ``check_defence``, ``unanswered``)
  prover    grows a certificate with the engine as oracle (``Prover``, ``main_line``)
  unique    the search for a second solution within a node budget (``rivals_of_win``,
            ``rivals_of_hold``)
  themes    themes and the starting rating (``THEMES``, ``themes_of``, ``starting_rating``)
  puzzle    the value stored and served (``Puzzle``, ``position_id``)
  mine      candidates in a game and the whole proof of one (``scan``, ``make_puzzle``,
            ``mine_game``, ``Budget``)
  verify    the proof test of a finished puzzle (``problems``)
  selfplay  the engine's games against itself (``play``)
  cli       ``caro-arena puzzles generate`` / ``verify``

The search is used only through its public entry points (``engine.lines.analyse_grid``,
``engine.ai.choose_move``), so the proof of a shipped puzzle is re-run, not trusted, when the
engine changes. Rules of generation, themes and rating: docs/puzzles.md.
"""
