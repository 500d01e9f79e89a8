"""Threat-aware alpha-beta search for k-in-a-row boards (gomoku, caro, caro9, custom)."""

from engine.search.player import LEVEL_SETTINGS, choose_grid_move, position_of, warm_up

__all__ = ["LEVEL_SETTINGS", "choose_grid_move", "position_of", "warm_up"]
