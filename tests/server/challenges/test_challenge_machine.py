"""The challenge as a pure state machine (server/challenges/challenge.py): who may accept,
decline or cancel, when, and what each leaves; every refusal leaves the challenge as it was."""

from __future__ import annotations

import pytest

from server.challenges.challenge import (
    Accept,
    Cancel,
    Colour,
    Decline,
    Party,
    Status,
    Terms,
    apply,
    challenger_seat,
    new_challenge,
)
from server.platform.errors import ArenaError
from server.rooms import Opening

LAN = Party("p-lan", "lan")
MINH = Party("p-minh", "minh")
GUEST = Party("p-guest", None, "Guest")
NOW = 1_000_000
LIFETIME = 60_000


def challenge(to: Party | None = MINH, **terms):
    return new_challenge("c1", LAN, to, Terms("gomoku", **terms), NOW, LIFETIME)


def refused(code: str, old, command, now: int = NOW + 1) -> None:
    with pytest.raises(ArenaError) as error:
        apply(old, command, now)
    assert error.value.code.value == code


def test_a_new_challenge_is_open_until_it_expires():
    made = challenge()
    assert made.status_at(NOW) is Status.OPEN and made.expires_at == NOW + LIFETIME
    assert made.status_at(NOW + LIFETIME) is Status.EXPIRED


def test_the_challenged_player_accepts_into_a_room_with_the_colours_decided():
    accepted = apply(challenge(), Accept(MINH, "room1", 2), NOW + 1)
    assert accepted.status is Status.ACCEPTED and accepted.room_id == "room1"
    assert accepted.acceptor == MINH and accepted.challenger_seat == 2 and accepted.v == 1


def test_accepting_again_by_the_acceptor_changes_nothing():
    accepted = apply(challenge(), Accept(MINH, "room1", 2), NOW + 1)
    assert apply(accepted, Accept(MINH, "room2", 1), NOW + 2) is accepted


def test_anyone_but_the_challenger_accepts_an_open_challenge():
    accepted = apply(challenge(to=None), Accept(GUEST, "room1", 1), NOW + 1)
    assert accepted.acceptor == GUEST


def test_a_challenge_to_oneself_is_refused():
    with pytest.raises(ArenaError) as error:
        new_challenge("c1", LAN, Party("p-lan", "lan"), Terms("gomoku"), NOW, LIFETIME)
    assert error.value.code.value == "cannot_target_self"


def test_an_opening_the_variant_has_not_is_refused():
    with pytest.raises(ArenaError) as error:
        new_challenge("c1", LAN, MINH, Terms("tictactoe", Opening.SWAP), NOW, LIFETIME)
    assert error.value.code.value == "bad_opening"


def test_a_rated_challenge_needs_accounts_on_both_sides():
    with pytest.raises(ArenaError) as error:
        new_challenge("c1", GUEST, None, Terms("gomoku", rated=True), NOW, LIFETIME)
    assert error.value.code.value == "not_rated_eligible"
    refused("not_rated_eligible", challenge(to=None, rated=True), Accept(GUEST, "r", 1))


def test_only_the_challenged_player_may_accept_or_decline():
    refused("not_your_challenge", challenge(), Accept(GUEST, "room1", 1))
    refused("not_your_challenge", challenge(), Decline(GUEST))
    refused("cannot_target_self", challenge(), Accept(LAN, "room1", 1))


def test_an_open_challenge_cannot_be_declined():
    refused("not_your_challenge", challenge(to=None), Decline(MINH))


def test_declining_keeps_the_reason_and_an_unknown_reason_is_refused():
    declined = apply(challenge(), Decline(MINH, "too_fast"), NOW + 1)
    assert declined.status is Status.DECLINED and declined.reason == "too_fast"
    refused("bad_request", challenge(), Decline(MINH, "smells"))


def test_only_the_challenger_may_cancel():
    assert apply(challenge(), Cancel(LAN), NOW + 1).status is Status.CANCELLED
    refused("not_your_challenge", challenge(), Cancel(MINH))


@pytest.mark.parametrize("command", [Accept(MINH, "room2", 1), Decline(MINH), Cancel(LAN)])
def test_nothing_more_happens_to_an_answered_challenge(command):
    declined = apply(challenge(), Decline(MINH), NOW + 1)
    refused("challenge_closed", declined, command, NOW + 2)


@pytest.mark.parametrize("command", [Accept(MINH, "room2", 1), Decline(MINH), Cancel(LAN)])
def test_nothing_happens_to_an_expired_challenge(command):
    refused("challenge_expired", challenge(), command, NOW + LIFETIME)


def test_the_colour_decides_the_challengers_seat_and_a_draw_decides_random():
    assert challenger_seat(Colour.FIRST, 2) == 1 and challenger_seat(Colour.SECOND, 1) == 2
    assert challenger_seat(Colour.RANDOM, 2) == 2


def test_the_public_view_gives_the_room_only_to_its_players():
    accepted = apply(challenge(clock=(300_000, 2_000)), Accept(MINH, "room1", 1), NOW + 1)
    view = accepted.public(NOW + 2)
    assert view["clock"] == {"initial_s": 300, "increment_s": 2} and view["room_id"] is None
    assert view["status"] == "accepted" and view["to"] == {"username": "minh", "name": None}
    assert accepted.public(NOW + 2, "p-minh")["room_id"] == "room1"
    assert challenge(days=3).public(NOW)["clock"] == {"days": 3}
