"""Challenges as the rest of the server sees them: create, accept, decline, cancel, list.

Each change loads the challenge, judges it with the pure machine (challenge.py), stores it by
compare-and-set (store.py), then does what follows: the room and the seats of an accepted
challenge (seating.py), the notifications to the other player (server/notifications/). The
refusals that need I/O are judged here: a block between the two (server/relations/), at most
MAX_OPEN open challenges per challenger, one open challenge per pair, and the rates of
challenges per challenger, per address and per challenged player, counted in Redis across
nodes (server/platform/ip_limits.py).
"""

from __future__ import annotations

import logging
import secrets
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..notifications.kinds import Kind
from ..notifications.service import Notifier
from ..platform.clock import now_ms
from ..platform.errors import ArenaError, ErrorCode
from ..platform.ip_limits import IpLimit, ip_limit
from ..platform.keys import new_room_id
from ..play.arena import Arena
from ..relations.service import Relations, require_account
from ..rooms import RoomState
from ..rooms.commands import PlayerRef
from . import challenge as machine
from .challenge import Challenge, Party, Terms
from .seating import LiveRooms, RoomMaker, seat_acceptor
from .store import IN, OUT, ChallengeStore

log = logging.getLogger(__name__)

MAX_OPEN = 20        # open challenges a challenger may have at once
ATTEMPTS = 5         # compare-and-set attempts of one change
CHALLENGE_ID_BYTES = 9


@dataclass(slots=True, frozen=True)
class ChallengeLimits:
    """Challenges a minute per challenger, per client address, per challenged player (each
    None: no limit)."""

    by_player: IpLimit | None = None
    by_address: IpLimit | None = None
    to_player: IpLimit | None = None


def ref(challenge: Challenge) -> str:
    """What the notifications about a challenge are about (server/notifications/store.py)."""
    return f"challenge:{challenge.id}"


class ChallengeService:
    def __init__(self, store: ChallengeStore, arena: Arena, notifier: Notifier,
                 relations: Relations, limits: ChallengeLimits, lifetime_s: int) -> None:
        self.store = store
        self.arena = arena
        self.notifier = notifier
        self.relations = relations
        self.limits = limits
        self.lifetime_ms = lifetime_s * 1000
        self.rooms: RoomMaker = LiveRooms(arena)

    # -- create ---------------------------------------------------------------------------------
    async def create(self, player: PlayerRef, name: str | None, to: str | None, terms: Terms,
                     address: str) -> Challenge:
        now = now_ms()
        target = None
        if to is not None:
            player = require_account(player, "challenge a player by name")
            target = await self.relations.other(player, to)
            if await self.relations.blocked_between(player.player_id, target.player_id):
                raise ArenaError(ErrorCode.BLOCKED, "you cannot challenge this player")
        challenge = machine.new_challenge(
            secrets.token_urlsafe(CHALLENGE_ID_BYTES), Party.of(player, name),
            None if target is None else Party.of(target), terms, now, self.lifetime_ms)
        await self._check_room_for_more(challenge, now)
        await self._count(challenge, address)
        await self.store.add(challenge, now)
        log.info("challenge %s by %s to %s", challenge.id, player.player_id,
                 target.username if target else "anyone with the link")
        if challenge.to is not None:
            await self._tell(challenge.to, Kind.CHALLENGE, challenge, {})
        return challenge

    async def _check_room_for_more(self, challenge: Challenge, now: int) -> None:
        sent = await self.store.listed(challenge.challenger.player_id, OUT, now)
        if len(sent) >= MAX_OPEN:
            raise ArenaError(ErrorCode.TOO_MANY_CHALLENGES,
                             f"you have {MAX_OPEN} open challenges; cancel some first")
        if challenge.to is not None and any(
                c.to is not None and c.to.player_id == challenge.to.player_id for c in sent):
            raise ArenaError(ErrorCode.ALREADY_PENDING,
                             "you already challenge this player; cancel that challenge first")

    async def _count(self, challenge: Challenge, address: str) -> None:
        limits = self.limits
        counted = [(limits.by_player, challenge.challenger.player_id),
                   (limits.by_address, address)]
        if challenge.to is not None:
            counted.append((limits.to_player, challenge.to.player_id))
        for limit, client in counted:
            if limit is not None and not await limit.take(client):
                raise ArenaError(ErrorCode.RATE_LIMITED,
                                 f"too many challenges (at most {limit.count} a minute); "
                                 "wait a little")

    # -- change ---------------------------------------------------------------------------------
    async def get(self, challenge_id: str) -> Challenge:
        found = await self.store.load(challenge_id)
        if found is None:
            raise ArenaError(ErrorCode.CHALLENGE_NOT_FOUND, "no such challenge (or long gone)")
        return found[1]

    async def _change(self, challenge_id: str,
                      command: Callable[[Challenge], machine.Command]) -> Challenge:
        """Apply `command(challenge)` to the stored challenge by compare-and-set, judged again
        against what another node stored meanwhile; returns the new challenge (the same object
        when nothing changed)."""
        for _attempt in range(ATTEMPTS):
            found = await self.store.load(challenge_id)
            if found is None:
                raise ArenaError(ErrorCode.CHALLENGE_NOT_FOUND,
                                 "no such challenge (or long gone)")
            raw, old = found
            new = machine.apply(old, command(old), now_ms())
            if new is old or await self.store.replace(raw, new):
                if new is not old:
                    await self.store.unlist(new)
                return new
        raise ArenaError(ErrorCode.CONFLICT, "the challenge kept changing; try again")

    async def accept(self, challenge_id: str, player: PlayerRef,
                     name: str | None) -> tuple[RoomState, str]:
        """Take up the challenge: its room, made if need be, and the acceptor's seat token."""
        by = Party.of(player, name)
        known = await self.get(challenge_id)
        if await self.relations.blocked_between(known.challenger.player_id, player.player_id):
            raise ArenaError(ErrorCode.BLOCKED, "you cannot take up this challenge")
        room_id, draw = new_room_id(), 1 + secrets.randbelow(2)
        challenge = await self._change(challenge_id, lambda c: machine.Accept(
            by, room_id, machine.challenger_seat(c.terms.colour, draw)))
        await self.rooms.make(challenge)
        state, token, seated_now = await seat_acceptor(self.arena, challenge)
        if seated_now:  # not a repeated accept (but perhaps one finishing a dead node's)
            log.info("challenge %s accepted: room %s", challenge.id, challenge.room_id)
            await self._tell(challenge.challenger, Kind.CHALLENGE_ACCEPTED, challenge,
                             {"room_id": challenge.room_id, "by": by.public()})
            await self._mark_answered(challenge)
        return state, token

    async def decline(self, challenge_id: str, player: PlayerRef, reason: str) -> Challenge:
        challenge = await self._change(challenge_id,
                                       lambda _c: machine.Decline(Party.of(player), reason))
        await self._tell(challenge.challenger, Kind.CHALLENGE_DECLINED, challenge,
                         {"reason": reason, "by": Party.of(player).public()})
        await self._mark_answered(challenge)
        return challenge

    async def cancel(self, challenge_id: str, player: PlayerRef) -> Challenge:
        challenge = await self._change(challenge_id, lambda _c: machine.Cancel(Party.of(player)))
        if challenge.to is not None:
            await self._tell(challenge.to, Kind.CHALLENGE_CANCELLED, challenge, {})
            await self._mark_answered(challenge)
        return challenge

    async def _tell(self, whom: Party, kind: Kind, challenge: Challenge,
                    extra: dict[str, Any]) -> None:
        data = {"challenge": challenge.public(now_ms(), whom.player_id), **extra}
        await self.notifier.publish(whom.player_id, kind, data, ref=ref(challenge))

    async def _mark_answered(self, challenge: Challenge) -> None:
        """The challenged player's "you are challenged" notification is read once the
        challenge is answered or withdrawn (it would offer what no longer is)."""
        if challenge.to is None:
            return
        try:
            await self.notifier.mark_read(challenge.to.player_id, ref=ref(challenge))
        except Exception as error:  # noqa: BLE001 - the answer stands; only the mark is lost
            log.warning("challenge %s: marking its notification read failed: %r",
                        challenge.id, error)

    # -- read -----------------------------------------------------------------------------------
    async def lists(self, player: PlayerRef) -> dict[str, list[dict[str, Any]]]:
        now = now_ms()
        return {name: [c.public(now, player.player_id)
                       for c in await self.store.listed(player.player_id, direction, now)]
                for name, direction in (("incoming", IN), ("outgoing", OUT))}


def build(arena: Arena, notifier: Notifier, relations: Relations) -> ChallengeService:
    """The node's challenge service, its limits from the settings (CHALLENGES_PER_MINUTE)."""
    settings, limiter = arena.settings, arena.ip_limiter
    per_minute = settings.challenges_per_minute
    limits = ChallengeLimits(ip_limit(limiter, "challenge-by", per_minute),
                             ip_limit(limiter, "challenge-ip", 3 * per_minute),
                             ip_limit(limiter, "challenge-to", per_minute))
    return ChallengeService(ChallengeStore(arena.repo.redis), arena, notifier, relations,
                            limits, settings.challenge_ttl_s)
