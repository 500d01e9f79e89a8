"""Counters of one label counted through `CountedBy` export as `labels(...).inc()` would."""

from __future__ import annotations

from prometheus_client.exposition import generate_latest

from server.platform.metrics import ArenaMetrics


def test_each_label_value_is_counted_apart():
    metrics = ArenaMetrics()
    for kind in ("move", "move", "chat"):
        metrics.commands.inc(kind)
    metrics.moves.inc("ai")
    text = generate_latest(metrics.registry).decode()
    assert 'caro_commands_total{type="move"} 2.0' in text
    assert 'caro_commands_total{type="chat"} 1.0' in text
    assert 'caro_moves_total{by="ai"} 1.0' in text
    assert 'caro_moves_total{by="human"}' not in text
