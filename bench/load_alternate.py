"""Live play with and without analyses in alternating runs on one node (bench/load.py
``--alternate R``): R rounds of a run without analyses and one with ``--analyses N``, back to
back, in alternating order, and both arms' pooled latencies."""

from __future__ import annotations

import argparse
import logging
from collections.abc import Callable
from typing import TYPE_CHECKING

from bench.load_clients import merge
from bench.stats import percentile

if TYPE_CHECKING:
    from bench.load import Measured
    from bench.load_cluster import Cluster

log = logging.getLogger("bench.load")

Run = tuple[int, int, "Measured"]  # round, analyses in flight, what it measured


def alternate(cluster: Cluster, args: argparse.Namespace,
              run: Callable[[Cluster, argparse.Namespace], Measured]) -> list[Run]:
    """R rounds of a run without analyses and one with them on one cluster, in the order
    without-with, then with-without, ... (so a load that drifts one way during the session
    favours neither arm): (round, analyses in flight, result) of every run."""
    runs = []
    for round_no in range(1, args.alternate + 1):
        arms = (0, args.analyses) if round_no % 2 else (args.analyses, 0)
        for in_flight in arms:
            arm = argparse.Namespace(**vars(args) | {"analyses": in_flight})
            log.info("round %d: %d analyses in flight", round_no, in_flight)
            runs.append((round_no, in_flight, run(cluster, arm)))
    return runs


def compare(runs: list[Run]) -> str:
    """One row per run and one per arm (latencies pooled over its runs), and the arm with
    analyses relative to the one without."""
    rows = [(f"round {r}, {n} analyses", m.tally, m.analyses[0],
             f"{m.load_before[0]:.1f} / {m.load_after[0]:.1f}",
             "n/a" if m.lag_p99_s is None else f"{m.lag_p99_s * 1000:g}") for r, n, m in runs]
    arms = {with_: merge([m.tally for _, n, m in runs if bool(n) == with_])
            for with_ in (False, True)}
    rows += [("all without analyses", arms[False], 0, "", ""),
             ("all with analyses", arms[True], sum(m.analyses[0] for *_, m in runs), "", "")]
    lines = ["| run | human move p50 / p99 ms | AI reply p50 / p99 ms | AI moves | "
             "analyses done | loop lag p99 <= ms | load before / after |",
             "|---|---|---|---|---|---|---|"]
    for name, t, done, load, lag in rows:
        lines.append(
            f"| {name} | {percentile(t.latencies_ms, .5):.1f} / "
            f"{percentile(t.latencies_ms, .99):.1f} | {percentile(t.ai_latencies_ms, .5):.0f} / "
            f"{percentile(t.ai_latencies_ms, .99):.0f} | {t.ai_moves} | {done} | {lag} | "
            f"{load} |")
    def ratio(name: str, q: float) -> float:
        return percentile(getattr(arms[True], name), q) / percentile(getattr(arms[False], name), q)

    quantiles = (("human p50", "latencies_ms", .5), ("human p99", "latencies_ms", .99),
                 ("AI p50", "ai_latencies_ms", .5), ("AI p99", "ai_latencies_ms", .99))
    ratios = [f"{what} {ratio(name, q):.2f}" for what, name, q in quantiles]
    return "\n".join([*lines, "", "with / without: " + ", ".join(ratios)])
