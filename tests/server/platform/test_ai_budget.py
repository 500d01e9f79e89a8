"""How long an AI search may think when the pool is busy (server/platform/ai_pool.py)."""

from __future__ import annotations

from server.platform.ai_pool import BUSY_FLOOR_MS, busy_budget_ms


def test_a_search_gets_its_whole_budget_when_nobody_waits():
    assert busy_budget_ms(1000, workers=2, waiting=0) == 1000


def test_a_long_queue_shares_the_budget_so_it_drains_in_about_one_budget():
    assert busy_budget_ms(1000, workers=2, waiting=2) == 500
    assert busy_budget_ms(1000, workers=2, waiting=8) == 200


def test_a_shared_budget_is_never_cut_below_the_floor():
    assert busy_budget_ms(500, workers=2, waiting=48) == BUSY_FLOOR_MS


def test_a_budget_already_below_the_floor_is_kept():
    assert busy_budget_ms(50, workers=2, waiting=48) == 50
