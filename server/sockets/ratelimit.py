"""Token buckets: a burst allowance refilled at a steady rate, for one socket's messages.

Per-address limits, which must hold across nodes, are counted in Redis
(server/platform/ip_limits.py).
"""

from __future__ import annotations

from ..platform.clock import monotonic_s


class TokenBucket:
    __slots__ = ("capacity", "per_second", "tokens", "updated")  # two per open socket

    def __init__(self, capacity: float, per_second: float) -> None:
        self.capacity = capacity
        self.per_second = per_second
        self.tokens = capacity
        self.updated = monotonic_s()

    def take(self) -> bool:
        """Spend one token if there is one; False means over the limit."""
        now = monotonic_s()
        self.tokens = min(self.capacity, self.tokens + (now - self.updated) * self.per_second)
        self.updated = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False

