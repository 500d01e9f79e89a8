"""Summary statistics shared by the benchmark scripts."""

from __future__ import annotations


def percentile(values: list[float], q: float) -> float:
    """The nearest-rank ``q`` quantile (``q`` in 0..1) of ``values``; NaN when there are none."""
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]
