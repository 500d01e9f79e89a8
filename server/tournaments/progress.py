"""What the director does next (pure): given a tournament, the instant, and the games that
ended since it last looked, the tournament after one step and the games it paired.

A step is idempotent in effect: the director stores its result by compare-and-set, fenced by
its lease (store.py), before it makes any room, so a node taking over mid-round reads the
pairings already made and never pairs them again. Room ids are minted here (`mint`) and
stored with the pairing: making the room later, once or twice, is the same room.

- Start: at `starts_at`. A Swiss or round robin with fewer than two players finishes at once.
- Arena: every free, unpaused player is paired (arena_pairing.py) until the time is up;
  then it finishes when the last game ends.
- Swiss: when no game of the round is being played, the next round is paired (swiss.py)
  among the players not withdrawn; after the last round, or when nobody can meet anybody
  new, it finishes.
- Round robin: the Berger table of the players in seed order (berger.py), a round at a time.
  A game of a player who has withdrawn is not played: it is lost by forfeit (scored as a
  loss to them, a win to the opponent) when its round is paired; a game between two
  withdrawn players is dropped (it scores nothing).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace

from . import arena_pairing, berger, swiss
from .results import Ending, Format, Game, Result, Side
from .standings import standings
from .tournament import MIN_PLAYERS, Status, Tournament

Ended = Mapping[str, Ending | tuple[Result, int]]  # room id -> how (and when) it ended


def advance(t: Tournament, now: int, ended: Ended,
            mint: Callable[[], str]) -> tuple[Tournament, list[Game]]:
    t = record(t, ended)
    if t.status is Status.CREATED:
        if now < t.terms.starts_at:
            return t, []
        t = replace(t, status=Status.STARTED, started_at=now)
        if t.format is not Format.ARENA and len(t.players) < MIN_PLAYERS:
            return finish(t, now), []
    if t.status is not Status.STARTED:
        return t, []
    if t.format is Format.ARENA:
        return _arena(t, now, mint)
    if t.playing():
        return t, []
    paired = _next_round(t, mint)
    if paired is None:
        return finish(t, now), []
    return replace(t, round=t.round + 1, games=(*t.games, *paired)), paired


def record(t: Tournament, ended: Ended) -> Tournament:
    """`t` with the results of the games in `ended` (a game already scored is left as it is)."""
    if not ended:
        return t
    games = tuple(_ended(g, Ending(*ended[g.room_id]))
                  if g.result is None and g.room_id in ended else g for g in t.games)
    return replace(t, games=games)


def _ended(game: Game, ending: Ending) -> Game:
    return replace(game, result=ending.result, ended_at=ending.at, berserks=ending.berserks)


def finish(t: Tournament, now: int) -> Tournament:
    return replace(t, status=Status.FINISHED, finished_at=now)


# -- arena ------------------------------------------------------------------------------------

def _arena(t: Tournament, now: int, mint: Callable[[], str]) -> tuple[Tournament, list[Game]]:
    ends_at = t.terms.ends_at
    assert ends_at is not None
    if now >= ends_at:
        return (t, []) if t.playing() else (finish(t, now), [])
    busy = {p for g in t.playing() for p in (g.first, g.second)}
    paused = {p.player_id for p in t.players if p.paused}
    order = [row.entrant.player_id for row in standings(Format.ARENA, t.seeded(), t.games)]
    free = [_free(t, pid) for pid in order if pid not in busy and pid not in paused]
    number = len(t.games)
    paired = [Game(number + i + 1, first, second, room_id=mint())
              for i, (first, second) in enumerate(arena_pairing.pair_arena(free, now))]
    return replace(t, games=(*t.games, *paired)), paired


def _free(t: Tournament, player_id: str) -> arena_pairing.Free:
    mine = [g for g in t.games if player_id in (g.first, g.second)]
    sides = [g.side_of(player_id) for g in mine]
    joined = t.player(player_id)
    last = mine[-1] if mine else None
    return arena_pairing.Free(
        player_id, last.opponent(player_id) if last else None,
        (last.ended_at or 0) if last else (joined.joined_at if joined else 0),
        sides.count(Side.FIRST), sides.count(Side.SECOND), sides[-1] if sides else None)


# -- rounds -----------------------------------------------------------------------------------

def _next_round(t: Tournament, mint: Callable[[], str]) -> list[Game] | None:
    """The next round's games (byes included), or None when the tournament is over."""
    number = t.round + 1
    if t.format is Format.ROUND_ROBIN:
        if number > berger.rounds_of(len(t.players), t.terms.cycles):
            return None
        return _berger_round(t, number, mint)
    if number > t.terms.rounds:
        return None
    try:
        paired = swiss.pair_swiss(_swiss_players(t))
    except swiss.NoPairing:
        return None
    games = [Game(number, first, second, room_id=mint()) for first, second in paired.pairs]
    if paired.bye is not None:
        games.append(Game(number, paired.bye, None, Result.FIRST))
    return games


def _berger_round(t: Tournament, number: int, mint: Callable[[], str]) -> list[Game]:
    seeded = t.seeded()
    withdrawn = {p.player_id for p in t.players if p.paused}
    table = berger.schedule(len(seeded), t.terms.cycles)[number - 1]
    games = []
    for a, b in table:
        if a > len(seeded) or b > len(seeded):  # the odd player out sits this round
            idle = seeded[min(a, b) - 1].player_id
            games.append(Game(number, idle, None, Result.FIRST))
            continue
        first, second = seeded[a - 1].player_id, seeded[b - 1].player_id
        if first in withdrawn and second in withdrawn:
            continue
        if first in withdrawn or second in withdrawn:
            games.append(Game(number, first, second, Result.SECOND if first in withdrawn
                              else Result.FIRST, forfeit=True))
        else:
            games.append(Game(number, first, second, room_id=mint()))
    return games


def _swiss_players(t: Tournament) -> list[swiss.SwissPlayer]:
    rows = {row.entrant.player_id: row for row in standings(Format.SWISS, t.seeded(), t.games)}
    players = []
    for player in t.players:
        if player.paused:
            continue
        row = rows[player.player_id]
        by_round = {g.round: g for g in row.games}
        sides = tuple(by_round[r].side_of(player.player_id)
                      if r in by_round and not by_round[r].is_bye else None
                      for r in range(1, t.round + 1))
        players.append(swiss.SwissPlayer(
            player.player_id, row.entrant.seed, sum(row.sheet),
            frozenset(o for g in row.games if (o := g.opponent(player.player_id))),
            sides, any(g.is_bye for g in row.games)))
    return players
