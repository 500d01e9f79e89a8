"""Human games over real WebSockets against a real server process and a real Redis."""

from __future__ import annotations

import asyncio

import pytest

from engine.variants import VARIANTS
from tests.server.client import Player, create_room, http, winning_line

VARIANT_SPECS = [*VARIANTS, "caro-17", "custom-7x9-k4-standard", "custom-6x6-k3-freestyle-gravity"]

pytestmark = pytest.mark.redis_cluster  # rooms over sockets, on both kinds of Redis


async def seated_pair(node, **room_fields) -> tuple[dict, Player, Player]:
    room = await create_room(node.url, your_side="first", **room_fields)
    first = await Player.join(node.ws_url, room["room_id"], token=room["token"], name="Lan")
    second = await Player.join(node.ws_url, room["room_id"], name="Minh")
    return room, first, second


@pytest.mark.parametrize("variant", VARIANT_SPECS)
async def test_full_human_game_ends_in_a_win_for_every_variant(arena_node, variant):
    room, first, second = await seated_pair(arena_node, variant=variant)
    spectator = await Player.join(arena_node.ws_url, room["room_id"], watch=True)
    ours, theirs = winning_line(room["state"]["board"])
    for index, move in enumerate(ours):
        accepted = await first.move(move)
        assert accepted["type"] == "move", accepted
        if index < len(theirs):
            assert (await second.move(theirs[index]))["type"] == "move"
    over = await spectator.wait_for("game_over")
    assert over["result"]["winner"] == 1 and over["result"]["reason"] == "line"
    status, state = await http("GET", f"{arena_node.url}/api/rooms/{room['room_id']}")
    assert state["status"] == "finished" and len(state["moves"]) == 2 * len(ours) - 1


async def test_second_visitor_takes_the_free_seat_and_third_watches(arena_node):
    room, first, second = await seated_pair(arena_node, variant="tictactoe")
    third = await Player.join(arena_node.ws_url, room["room_id"])
    assert (second.seat, third.seat, "token" in third.welcome) == (2, None, False)


async def test_reconnect_with_the_token_resumes_the_seat(arena_node):
    room, first, second = await seated_pair(arena_node, variant="tictactoe")
    await second.close()
    again = await Player.join(arena_node.ws_url, room["room_id"], token=second.welcome["token"])
    assert again.seat == 2
    await first.move("b2")
    assert (await again.move("a1"))["type"] == "move"


async def test_spectator_cannot_move(arena_node):
    room, first, second = await seated_pair(arena_node, variant="tictactoe")
    spectator = await Player.join(arena_node.ws_url, room["room_id"], watch=True)
    assert (await spectator.move("a1"))["code"] == "not_a_player"


async def test_chat_from_a_player_reaches_everyone_without_a_version(arena_node):
    room, first, second = await seated_pair(arena_node, variant="gomoku")
    spectator = await Player.join(arena_node.ws_url, room["room_id"], watch=True)
    await first.send(type="chat", text="hay quá")
    for socket in (second, spectator):
        line = await socket.wait_for("chat")
        assert (line["text"], line["channel"], line["from"]["seat"]) == ("hay quá", "players", 1)
        assert "v" not in line


async def test_presence_counts_players_and_spectators(arena_node):
    room, first, second = await seated_pair(arena_node, variant="gomoku")
    await Player.join(arena_node.ws_url, room["room_id"], watch=True)
    presence = await first.wait_for("presence", lambda m: m["spectators"] == 1)
    assert presence["players"] == {"1": True, "2": True}


async def test_draw_offer_accepted_ends_the_game_in_a_draw(arena_node):
    room, first, second = await seated_pair(arena_node, variant="gomoku")
    await first.command("draw_offer")
    over = await second.command("draw_accept")
    assert over["type"] == "game_over" and over["result"] == {
        "winner": None, "reason": "agreement", "line": [], "cells": []}


async def test_takeback_accepted_over_the_socket_removes_the_move(arena_node):
    room, first, second = await seated_pair(arena_node, variant="gomoku")
    await first.move("h8")
    await first.command("takeback_request")
    taken = await second.command("takeback_accept")
    assert taken["type"] == "takeback" and taken["moves"] == [] and taken["turn"] == 1


async def test_rematch_swaps_the_seats(arena_node):
    room, first, second = await seated_pair(arena_node, variant="tictactoe")
    await first.command("resign")
    await second.command("rematch_offer")
    rematch = await first.command("rematch_accept")
    assert rematch["type"] == "rematch" and rematch["state"]["game_no"] == 2
    assert (await first.move("a1"))["code"] == "not_your_turn"
    assert (await second.move("a1"))["type"] == "move"


async def test_after_a_rematch_each_player_is_told_its_new_seat_before_the_event(arena_node):
    room, first, second = await seated_pair(arena_node, variant="tictactoe")
    spectator = await Player.join(arena_node.ws_url, room["room_id"], watch=True)
    await first.command("resign")
    await second.command("rematch_offer")
    await first.command("rematch_accept")  # answered by the rematch event
    await second.wait_for("rematch")
    for player, seat in ((first, 2), (second, 1)):
        told = [m for m in player.received if m["type"] in ("seat", "rematch")]
        assert [m["type"] for m in told] == ["seat", "rematch"] and told[0]["seat"] == seat
    await spectator.wait_for("rematch")
    assert all(m["type"] != "seat" for m in spectator.received)


async def test_presence_tells_when_the_win_may_be_claimed_against_a_player_who_left(arena_node):
    room, first, second = await seated_pair(arena_node, variant="gomoku")
    await first.wait_for("presence", lambda m: m["players"]["2"])
    await second.close()
    gone = await first.wait_for("presence", lambda m: not m["players"]["2"])
    assert gone["claim_at"] == {"1": gone["away_since"]["2"] + 2000, "2": None}  # CLAIM_AFTER_S=2


async def test_a_clock_starting_to_run_withdraws_the_claim_announced(arena_node):
    room, first, second = await seated_pair(arena_node, variant="gomoku",
                                            clock={"initial_s": 600})
    await first.move("h8")
    await second.wait_for("presence", lambda m: m["players"]["1"])
    await first.close()
    gone = await second.wait_for("presence", lambda m: not m["players"]["1"])
    assert gone["claim_at"]["2"] is not None  # no clock runs yet: each side's first move is free
    await second.move("h9")  # the first seat's clock now runs: it decides
    again = await second.wait_for("presence")
    assert again["claim_at"] == {"1": None, "2": None}


async def test_claim_win_after_the_opponent_left_long_enough(arena_node):
    room, first, second = await seated_pair(arena_node, variant="gomoku")
    await second.close()
    early = await first.command("claim_win")
    assert early["code"] == "cannot_claim_yet"
    claimed = early
    for _ in range(80):  # CLAIM_AFTER_S is 2 on the test node; bounded polling
        await asyncio.sleep(0.25)
        claimed = await first.command("claim_win")
        if claimed["type"] == "game_over":
            break
    assert claimed["result"] == {"winner": 1, "reason": "abandoned", "line": [], "cells": []}
