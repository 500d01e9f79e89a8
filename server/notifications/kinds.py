"""The kinds of notification, and which of them are kept.

A kept notification is a row in SQL (read state and all) that the player finds on the bell and
the notifications page on their next visit; a live-only one (`LIVE_ONLY`) travels to the tabs
open now and is gone: a challenge withdrawn only takes its prompt down, a friend coming online
is news only while it is true. The `data` of each kind is described in docs/protocol.md §3b.
Daily games and tournaments add their kinds here.
"""

from __future__ import annotations

import enum


class Kind(enum.StrEnum):
    CHALLENGE = "challenge"                      # someone challenges you (by name)
    CHALLENGE_ACCEPTED = "challenge_accepted"    # your challenge was accepted: the room
    CHALLENGE_DECLINED = "challenge_declined"    # ... declined, with a reason
    CHALLENGE_CANCELLED = "challenge_cancelled"  # a challenge to you was withdrawn
    FRIEND_ONLINE = "friend_online"              # a player you follow opened a tab
    GAME_ENDED = "game_ended"                    # a game of yours ended while you were away
    TOURNAMENT_GAME = "tournament_game"          # a tournament paired you: the room
    YOUR_TURN = "your_turn"                      # your move in a daily game (server/daily/)


LIVE_ONLY = frozenset({Kind.CHALLENGE_CANCELLED, Kind.FRIEND_ONLINE})
