"""A tournament as a value (pure): its terms, its players and its games, and what a player may
do to it (join, leave). Replaced, never mutated; stored as JSON by store.py.

A player who leaves before the start is gone; after it, an arena player is paused (not paired
until they join again), a Swiss player withdrawn (not paired in the next rounds) and a round
robin player withdrawn: the table stays as drawn, and each of their games of the rounds still
to come is lost by forfeit (progress.py). Neither withdrawal can be undone.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, replace

from ..platform.errors import ArenaError, ErrorCode
from ..platform.tokens import hash_token, same_hash
from .results import Entrant, Format, Game

MAX_PLAYERS = {Format.ARENA: 1000, Format.SWISS: 500, Format.ROUND_ROBIN: 16}
MIN_PLAYERS = 2  # fewer at the start: the tournament finishes without games


class Status(enum.StrEnum):
    CREATED = "created"
    STARTED = "started"
    FINISHED = "finished"


@dataclass(slots=True, frozen=True)
class Terms:
    """What the creator chose. `starts_at` epoch ms; `minutes` (arena), `rounds` (Swiss) or
    `cycles` (round robin) as the format needs; `password_hash` None for a public event;
    `berserk`: an arena whose players may berserk."""

    format: Format
    name: str
    variant: str
    opening: str
    initial_ms: int
    increment_ms: int
    rated: bool
    starts_at: int
    minutes: int = 0
    rounds: int = 0
    cycles: int = 1
    password_hash: str | None = None
    created_by: str = ""
    creator_name: str = ""
    berserk: bool = False

    @property
    def ends_at(self) -> int | None:
        """When an arena stops pairing (None for the formats played in rounds)."""
        return self.starts_at + self.minutes * 60_000 if self.format is Format.ARENA else None


@dataclass(slots=True, frozen=True)
class Player:
    """An entrant: `paused` an arena player who left for now (or a Swiss player withdrawn)."""

    player_id: str
    username: str
    rating: int
    provisional: bool
    joined_at: int
    paused: bool = False


@dataclass(slots=True, frozen=True)
class Tournament:
    id: str
    terms: Terms
    created_at: int
    status: Status = Status.CREATED
    players: tuple[Player, ...] = ()
    games: tuple[Game, ...] = ()
    round: int = 0              # the round being played (Swiss, round robin); 0 before
    started_at: int | None = None
    finished_at: int | None = None
    archived: bool = False      # the finished tournament is in SQL (then it leaves Redis)
    v: int = 0

    @property
    def format(self) -> Format:
        return self.terms.format

    def player(self, player_id: str) -> Player | None:
        return next((p for p in self.players if p.player_id == player_id), None)

    def seeded(self) -> list[Entrant]:
        """The players in seed order: rating, then who joined first."""
        order = sorted(self.players, key=lambda p: (-p.rating, p.joined_at, p.username))
        return [Entrant(p.player_id, p.username, p.rating, n)
                for n, p in enumerate(order, start=1)]

    def playing(self) -> list[Game]:
        """The games being played now."""
        return [g for g in self.games if not g.is_bye and g.result is None]


def password_hash(password: str | None) -> str | None:
    return hash_token(password) if password else None


def join(t: Tournament, player: Player, password: str | None) -> Tournament:
    """`t` with `player` in (or, a paused arena player, back); raises the refusal's code."""
    if t.status is Status.FINISHED:
        raise ArenaError(ErrorCode.TOURNAMENT_FINISHED, "this tournament has finished")
    if t.terms.password_hash is not None and not same_hash(
            t.terms.password_hash, password_hash(password) or ""):
        raise ArenaError(ErrorCode.WRONG_PASSWORD, "wrong password for this tournament")
    known = t.player(player.player_id)
    if known is not None and not known.paused:
        raise ArenaError(ErrorCode.ALREADY_JOINED, "you are already in this tournament")
    if t.status is Status.STARTED and t.format is not Format.ARENA:
        raise ArenaError(ErrorCode.TOURNAMENT_STARTED,
                         "this tournament has started; only an arena can be joined late")
    if known is not None:
        return _with(t, replace(known, paused=False))
    if len(t.players) >= MAX_PLAYERS[t.format]:
        raise ArenaError(ErrorCode.TOURNAMENT_FULL,
                         f"this tournament is full ({MAX_PLAYERS[t.format]} players)")
    return replace(t, players=(*t.players, player))


def leave(t: Tournament, player_id: str) -> Tournament:
    known = t.player(player_id)
    if known is None or known.paused:
        raise ArenaError(ErrorCode.NOT_JOINED, "you are not in this tournament")
    if t.status is Status.FINISHED:
        raise ArenaError(ErrorCode.TOURNAMENT_FINISHED, "this tournament has finished")
    if t.status is Status.CREATED:
        return replace(t, players=tuple(p for p in t.players if p.player_id != player_id))
    return _with(t, replace(known, paused=True))


def _with(t: Tournament, player: Player) -> Tournament:
    return replace(t, players=tuple(player if p.player_id == player.player_id else p
                                    for p in t.players))
