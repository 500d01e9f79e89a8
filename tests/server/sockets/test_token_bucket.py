"""A socket's token bucket (server/sockets/ratelimit.py) on a set clock: the burst at once, then the
rate as time passes, never more than the burst saved up."""

from __future__ import annotations

from server.platform import clock
from server.sockets.ratelimit import TokenBucket


def taken(bucket: TokenBucket, tries: int) -> int:
    return sum(bucket.take() for _ in range(tries))


def test_the_burst_is_granted_at_once_then_the_rate_as_time_passes():
    with clock.frozen() as now:
        bucket = TokenBucket(20, 10)
        assert taken(bucket, 100) == 20
        now.advance(0.5)
        assert taken(bucket, 100) == 5


def test_an_idle_bucket_saves_up_no_more_than_its_burst():
    with clock.frozen() as now:
        bucket = TokenBucket(5, 0.5)
        assert taken(bucket, 5) == 5
        now.advance(3600)
        assert taken(bucket, 100) == 5
