"""Round robin rounds from the Berger tables (FIDE Handbook C.05, Annex 1), pure.

Players are numbered 1..n by the draw; an odd number is made even by a number n + 1 that
stands for "no game" (its opponent sits the round out). Round r of n (even) players: n meets
s = 1 + (r - 1) * n / 2 (mod n - 1), moving first in the even rounds and second in the odd;
then, for t = 1 .. n / 2 - 1, s + t (moving first) meets s - t (both mod n - 1, numbered
1 .. n - 1). This gives the published tables exactly (1-8, 2-7, 3-6, 4-5 / 8-5, 6-4, 7-3, 1-2
/ ...). Twice round: the second cycle repeats the first with the colours swapped, and, as
C.05 recommends, the first cycle's last two rounds are played in the other order, so nobody
moves first (or second) three times running across the cycles' seam.
"""

from __future__ import annotations


def rounds_of(players: int, cycles: int = 1) -> int:
    """How many rounds `players` play, each meeting each other `cycles` times."""
    even = players + players % 2
    return (even - 1) * cycles


def berger_round(players: int, round_no: int) -> list[tuple[int, int]]:
    """The pairs (first mover, second mover) of round `round_no` (1-based, within one cycle)
    of `players` players numbered from 1; with an odd number, a pair may hold players + 1,
    the number that means "no game"."""
    n = players + players % 2
    if not 1 <= round_no <= n - 1:
        raise ValueError(f"a round robin of {players} has rounds 1..{n - 1}")
    m = n - 1

    def number(k: int) -> int:  # 1..m, cyclically
        return (k - 1) % m + 1

    s = number(1 + (round_no - 1) * n // 2)
    pairs = [(n, s) if round_no % 2 == 0 else (s, n)]
    pairs += [(number(s + t), number(s - t)) for t in range(1, n // 2)]
    return pairs


def schedule(players: int, cycles: int = 1) -> list[list[tuple[int, int]]]:
    """Every round, in playing order: the pairs of each (`berger_round`), `cycles` 1 or 2."""
    if cycles not in (1, 2):
        raise ValueError("a round robin is played once or twice round")
    first = [berger_round(players, r) for r in range(1, rounds_of(players) + 1)]
    if cycles == 1:
        return first
    if len(first) >= 2:
        first[-2], first[-1] = first[-1], first[-2]
    return first + [[(b, a) for a, b in pairs] for pairs in first]
