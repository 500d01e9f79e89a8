"""Token buckets: a burst allowance refilled at a steady rate (per connection, per IP)."""

from __future__ import annotations

from collections import OrderedDict

from .clock import monotonic_s


class TokenBucket:
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


class KeyedLimiter:
    """One bucket per key (a client IP), forgetting the least recently used beyond `max_keys`."""

    def __init__(self, capacity: float, per_second: float, max_keys: int = 10_000) -> None:
        self.capacity = capacity
        self.per_second = per_second
        self.max_keys = max_keys
        self.buckets: OrderedDict[str, TokenBucket] = OrderedDict()

    def take(self, key: str) -> bool:
        bucket = self.buckets.pop(key, None) or TokenBucket(self.capacity, self.per_second)
        self.buckets[key] = bucket
        if len(self.buckets) > self.max_keys:
            self.buckets.popitem(last=False)
        return bucket.take()
