"""bench/review_cost.py: every position of the game is searched once, within the budget."""

from __future__ import annotations

from bench.review_cost import review_cost


def test_a_review_searches_each_position_within_the_node_budget():
    moves = ["h8", "h9", "i9", "g7"]
    cost = review_cost("gomoku", moves, max_nodes=3_000)
    assert 0 < cost.nodes <= (len(moves) + 1) * 3_000 * 1.1  # a search may finish its step
    assert cost.cpu_s > 0 and cost.mean_depth >= 1
