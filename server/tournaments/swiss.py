"""A Swiss round's pairings (pure): the FIDE Dutch system (Handbook C.04.3), simplified as
docs/tournaments.md says.

1. Players are ranked by score, then pairing number (the seed order).
2. An odd number gives a bye (a win's point, no game) to the lowest ranked player of the
   lowest score group who has had none, provided everyone else can still be paired.
3. Score groups are paired from the top. A group, with the players moved down from the group
   above first, is split in halves S1 (the upper) and S2; S1's players meet S2's in order,
   trying S2 in the Dutch order of transpositions, then of exchanges between the halves, and
   the first arrangement that gives the fewest players a side they did not want (then the
   fewest strong wishes missed) is taken. Players moved down are paired first, against the
   group's highest players. Who cannot be paired moves down to the next group.
4. Absolute rules: nobody meets the same opponent twice, nobody moves first (or second) three
   times running or three times more than the other side (the absolute colour preferences of
   colours.py), and a group is only paired so that everyone below can still be paired
   (checked as a perfect matching of the rest, networkx).
Left out of the Dutch rules: the float history (who floated in the last two rounds), the
topscorers' last-round exceptions and the rules for the last groups' collapse; if the groups
cannot be paired at all, the whole round is paired as one maximum matching that keeps scores
close.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from types import ModuleType

from .colours import Preference, compatible, higher_gets, misses, preference
from .results import Side

SEARCH_BUDGET = 20_000  # arrangements looked at per score group before the best so far is taken
MAX_EXCHANGES = 2


@dataclass(slots=True, frozen=True)
class SwissPlayer:
    """A player to pair: `number` the pairing number (1: the top seed), `score` in half
    points, `sides` their side in each round so far (None: no game that round)."""

    player_id: str
    number: int
    score: int
    opponents: frozenset[str] = frozenset()
    sides: tuple[Side | None, ...] = ()
    had_bye: bool = False

    @property
    def preference(self) -> Preference:
        return preference(self.sides)


@dataclass(slots=True, frozen=True)
class SwissRound:
    pairs: tuple[tuple[str, str], ...]  # (first mover, second mover), the top board first
    bye: str | None


class NoPairing(Exception):
    """Nobody can be paired with anybody any more (everyone has met everyone)."""


def may_meet(one: SwissPlayer, two: SwissPlayer) -> bool:
    return two.player_id not in one.opponents and compatible(one.preference, two.preference)


def ranked(players: Sequence[SwissPlayer]) -> list[SwissPlayer]:
    return sorted(players, key=lambda p: (-p.score, p.number))


def _networkx() -> ModuleType:
    """networkx, imported when a Swiss round is first paired: the import costs ~0.2 s of CPU,
    which every node start paid though few nodes ever pair a Swiss."""
    return importlib.import_module("networkx")


def pairable(players: Sequence[SwissPlayer],
             meet: Callable[[SwissPlayer, SwissPlayer], bool] = may_meet) -> bool:
    """Can all of `players` be paired (a perfect matching of who may meet whom)?"""
    if len(players) % 2:
        return False
    nx = _networkx()
    graph = nx.Graph()
    graph.add_nodes_from(range(len(players)))
    graph.add_edges_from((i, j) for i in range(len(players)) for j in range(i + 1, len(players))
                         if meet(players[i], players[j]))
    return len(nx.max_weight_matching(graph, maxcardinality=True)) * 2 == len(players)


def pair_swiss(players: Sequence[SwissPlayer], initial: Side = Side.FIRST) -> SwissRound:
    """The next round of `players` (those who play it: absent players left out)."""
    order = ranked(players)
    bye = choose_bye(order) if len(order) % 2 else None
    rest = [p for p in order if p.player_id != (bye.player_id if bye else None)]
    pairs = pair_groups(rest) if pairable(rest) else None
    if pairs is None:
        pairs = fallback(rest)
    boards = sorted(pairs, key=lambda pair: _board_key(*pair))
    return SwissRound(tuple(_sides(a, b, initial) for a, b in boards),
                      bye.player_id if bye else None)


def choose_bye(order: list[SwissPlayer]) -> SwissPlayer:
    candidates = [p for p in reversed(order) if not p.had_bye] or list(reversed(order))
    for player in candidates:
        if pairable([p for p in order if p is not player]):
            return player
    return candidates[0]


def _board_key(one: SwissPlayer, two: SwissPlayer) -> tuple[int, int]:
    higher = min((one, two), key=lambda p: (-p.score, p.number))
    return -max(one.score, two.score), higher.number


def _sides(one: SwissPlayer, two: SwissPlayer, initial: Side) -> tuple[str, str]:
    higher, lower = sorted((one, two), key=lambda p: (-p.score, p.number))
    side = higher_gets(higher.sides, higher.number, lower.sides, initial)
    return (higher.player_id, lower.player_id) if side is Side.FIRST \
        else (lower.player_id, higher.player_id)


def _cost(one: SwissPlayer, two: SwissPlayer) -> tuple[int, int]:
    higher, lower = sorted((one, two), key=lambda p: (-p.score, p.number))
    side = higher_gets(higher.sides, higher.number, lower.sides, Side.FIRST)
    return misses((higher.preference, lower.preference), (side, side.other))


# -- score groups -----------------------------------------------------------------------------

Pairs = list[tuple[SwissPlayer, SwissPlayer]]


def pair_groups(order: list[SwissPlayer]) -> Pairs | None:
    """Pair the score groups from the top, each so that the rest stays pairable."""
    pairs: Pairs = []
    moved: list[SwissPlayer] = []
    scores = sorted({p.score for p in order}, reverse=True)
    for index, score in enumerate(scores):
        group = [p for p in order if p.score == score]
        below = [p for p in order if p.score < score]
        found = pair_bracket(moved, group, below, last=index == len(scores) - 1)
        if found is None:
            return None
        made, moved = found
        pairs += made
    return pairs if not moved else None


def pair_bracket(moved: list[SwissPlayer], group: list[SwissPlayer], below: list[SwissPlayer],
                 last: bool) -> tuple[Pairs, list[SwissPlayer]] | None:
    """The pairs of one bracket (players moved down, then the group) and who moves down from
    it; the most pairs possible such that everyone left can still be paired."""
    bracket = moved + group

    def complete(floaters: list[SwissPlayer]) -> bool:
        return not floaters if last else pairable(floaters + below)

    if len(moved) * 2 < len(bracket) and moved:
        for count in range(len(moved), -1, -1):
            found = _heterogeneous(moved, group, count, complete)
            if found is not None:
                return found
        return None
    for count in range(len(bracket) // 2, -1, -1):
        found = _best(_halves(bracket, count), complete)
        if found is not None:
            return found
    return None


def _heterogeneous(moved: list[SwissPlayer], group: list[SwissPlayer], count: int,
                   complete: Callable[[list[SwissPlayer]], bool]
                   ) -> tuple[Pairs, list[SwissPlayer]] | None:
    """Pair `count` of the players moved down with the group's highest possible, then the
    rest of the group among itself; the first arrangement of the fewest colour misses."""
    best: tuple[Pairs, list[SwissPlayer]] | None = None
    search = Search()
    upper, floated = moved[:count], moved[count:]
    for pairs, cost in _arrangements(upper, group, search):
        left = [p for p in group if all(p is not b for _a, b in pairs)]
        rest = _best(_halves(left, len(left) // 2), lambda f: complete(floated + f))
        if rest is None:
            continue
        made, floaters = rest
        total = _add(cost, _total_cost(made))
        if search.bound is None or total < search.bound:
            best, search.bound = (pairs + made, floated + floaters), total
            if total == (0, 0):
                break
    return best


def _halves(bracket: list[SwissPlayer], count: int
            ) -> Iterator[tuple[list[SwissPlayer], list[SwissPlayer]]]:
    """S1 and S2 for `count` pairs: as split, then after one exchange, then two (C.04.3 D.2:
    the smallest difference of pairing positions first, then the lowest S1 player and the
    highest S2 player exchanged first)."""
    if count == 0:
        yield [], list(bracket)
        return
    s1, s2 = list(range(count)), list(range(count, len(bracket)))
    singles = sorted(((i, j) for i in s1 for j in s2), key=lambda e: (e[1] - e[0], -e[0], e[1]))
    swaps: list[tuple[tuple[int, int], ...]] = [()] + [(e,) for e in singles]
    if MAX_EXCHANGES > 1:
        doubles = [(a, b) for n, a in enumerate(singles) for b in singles[n + 1:]
                   if a[0] != b[0] and a[1] != b[1]]
        swaps += sorted(doubles, key=lambda d: (sum(j - i for i, j in d), d))
    for swap in swaps:
        upper, lower = set(s1), set(s2)
        for i, j in swap:
            upper.remove(i), lower.remove(j), upper.add(j), lower.add(i)
        yield [bracket[k] for k in sorted(upper)], [bracket[k] for k in sorted(lower)]


def _best(halves: Iterator[tuple[list[SwissPlayer], list[SwissPlayer]]],
          complete: Callable[[list[SwissPlayer]], bool]) -> tuple[Pairs, list[SwissPlayer]] | None:
    """The first arrangement of the fewest colour misses whose floaters leave the rest
    pairable, over the given splits in order."""
    best: tuple[Pairs, list[SwissPlayer]] | None = None
    search = Search()
    for upper, lower in halves:
        for pairs, cost in _arrangements(upper, lower, search):
            floaters = [p for p in lower if all(p is not b for _a, b in pairs)]
            if complete(floaters):
                best, search.bound = (pairs, floaters), cost
                if cost == (0, 0):
                    return best
        if search.budget <= 0:
            break
    return best


@dataclass(slots=True)
class Search:
    """What is left of a search: arrangements it may still look at, and the cost an
    arrangement must be under to be better than the best accepted so far."""

    budget: int = SEARCH_BUDGET
    bound: tuple[int, int] | None = None


def _arrangements(upper: list[SwissPlayer], lower: list[SwissPlayer],
                  search: Search) -> Iterator[tuple[Pairs, tuple[int, int]]]:
    """Each way for every `upper` player to meet a different `lower` one, S2 in the
    lexicographic order of transpositions, costing less than `search.bound`."""
    chosen: Pairs = []
    used = [False] * len(lower)

    def walk(i: int, cost: tuple[int, int]) -> Iterator[tuple[Pairs, tuple[int, int]]]:
        if search.budget <= 0:
            return
        search.budget -= 1
        if i == len(upper):
            yield list(chosen), cost
            return
        for j, other in enumerate(lower):
            if used[j] or not may_meet(upper[i], other):
                continue
            step = _add(cost, _cost(upper[i], other))
            if search.bound is not None and step >= search.bound:
                continue
            used[j] = True
            chosen.append((upper[i], other))
            yield from walk(i + 1, step)
            chosen.pop()
            used[j] = False

    yield from walk(0, (0, 0))


def _add(one: tuple[int, int], two: tuple[int, int]) -> tuple[int, int]:
    return one[0] + two[0], one[1] + two[1]


def _total_cost(pairs: Pairs) -> tuple[int, int]:
    total = (0, 0)
    for one, two in pairs:
        total = _add(total, _cost(one, two))
    return total


def fallback(order: list[SwissPlayer]) -> Pairs:
    """When the groups cannot be paired: one maximum matching of the whole round that keeps
    scores close (no rematch; colours as they fall); raises NoPairing if nobody can meet."""
    nx = _networkx()
    graph = nx.Graph()
    top = max((p.score for p in order), default=0)
    for i, one in enumerate(order):
        for two in order[i + 1:]:
            if two.player_id not in one.opponents:
                graph.add_edge(one.player_id, two.player_id,
                               weight=4 * (top + 1) - abs(one.score - two.score))
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    if not matching:
        raise NoPairing("everyone has met everyone")
    by_id = {p.player_id: p for p in order}
    return [(by_id[a], by_id[b]) for a, b in matching]
