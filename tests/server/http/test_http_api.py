"""The HTTP API: room creation and validation, joining, lobby, quickplay, export, metrics."""

from __future__ import annotations

import asyncio
import json

import aiohttp
import pytest
import redis.asyncio as redis

from engine.board import Board
from engine.formats import import_psq, import_sgf
from engine.levels import DEFAULT, LEVELS, TOP
from engine.notation import split_game
from server.http.qr import qr_svg
from tests.server.client import Player, create_room, http


async def test_create_room_returns_an_unguessable_id_and_token(arena_node):
    room = await create_room(arena_node.url, variant="gomoku")
    assert len(room["room_id"]) >= 11 and len(room["token"]) >= 22
    assert room["url"] == f"/r/{room['room_id']}" and room["seat"] in (1, 2)


@pytest.mark.parametrize(("body", "status", "code"), [
    ({"variant": "chess"}, 400, "bad_variant"),
    ({}, 400, "bad_variant"),
    ({"variant": "gomoku", "opponent": "robot"}, 400, "bad_request"),
    ({"variant": "gomoku", "ai_level": TOP + 1}, 400, "bad_request"),
    ({"variant": "gomoku", "ai_level": 3.0}, 400, "bad_request"),
    ({"variant": "gomoku", "ai_level": True}, 400, "bad_request"),
    ({"variant": "gomoku", "ai_level": "3"}, 400, "bad_request"),
    ({"variant": "gomoku", "clock": {"initial_s": 0}}, 400, "bad_request"),
    ({"variant": "gomoku", "your_side": "left"}, 400, "bad_request"),
    ({"variant": "gomoku", "name": "x" * 21}, 400, "bad_request"),
])
async def test_invalid_room_request_is_refused_with_its_code(arena_node, body, status, code):
    got_status, data = await http("POST", f"{arena_node.url}/api/rooms", body)
    assert (got_status, data["error"]) == (status, code)


async def test_body_over_4_kib_is_refused(arena_node):
    status, data = await http("POST", f"{arena_node.url}/api/rooms", raw=b"{" + b" " * 5000)
    assert (status, data["error"]) == (413, "body_too_large")


async def test_malformed_json_body_is_a_bad_request(arena_node):
    status, data = await http("POST", f"{arena_node.url}/api/rooms", raw=b"{nope")
    assert (status, data["error"]) == (400, "bad_request")


async def test_unknown_room_is_404_room_not_found(arena_node):
    status, data = await http("GET", f"{arena_node.url}/api/rooms/doesnotexist")
    assert (status, data["error"]) == (404, "room_not_found")


async def test_public_state_never_contains_the_token(arena_node):
    room = await create_room(arena_node.url, variant="gomoku")
    status, text = await http("GET", f"{arena_node.url}/api/rooms/{room['room_id']}")
    assert room["token"] not in str(text) and "token_hash" not in str(text)


async def test_join_over_http_takes_the_free_seat_then_the_room_is_full(arena_node):
    room = await create_room(arena_node.url, variant="gomoku", your_side="second")
    status, joined = await http("POST", f"{arena_node.url}/api/rooms/{room['room_id']}/join")
    assert status == 200 and joined["seat"] == 1 and joined["state"]["status"] == "playing"
    status, again = await http("POST", f"{arena_node.url}/api/rooms/{room['room_id']}/join")
    assert (status, again["error"]) == (409, "seat_taken")


@pytest.mark.redis_cluster
async def test_lobby_lists_public_waiting_rooms_only(arena_node):
    public = await create_room(arena_node.url, variant="caro9", public=True)
    private = await create_room(arena_node.url, variant="caro9")
    status, lobby = await http("GET", f"{arena_node.url}/api/rooms?open=1&variant=caro9")
    ids = [r["room_id"] for r in lobby["rooms"]]
    assert public["room_id"] in ids and private["room_id"] not in ids


@pytest.mark.redis_cluster
async def test_quickplay_pairs_two_players_wanting_the_same_game(arena_node):
    body = {"variant": "custom-8x8-k4-caro"}
    status, first = await http("POST", f"{arena_node.url}/api/quickplay", body)
    status, second = await http("POST", f"{arena_node.url}/api/quickplay", body)
    assert (first["matched"], second["matched"]) == (False, True)
    assert second["room_id"] == first["room_id"] and {first["seat"], second["seat"]} == {1, 2}


async def test_quickplay_pairs_two_players_who_ask_at_the_same_instant(arena_node):
    body = {"variant": "custom-9x9-k4-freestyle"}
    for _ in range(5):  # each round its own pair: both must land in one room
        answers = await asyncio.gather(*(http("POST", f"{arena_node.url}/api/quickplay", body)
                                         for _ in range(2)))
        first, second = (data for _status, data in answers)
        assert sorted((first["matched"], second["matched"])) == [False, True]
        assert first["room_id"] == second["room_id"]


@pytest.mark.redis_cluster
async def test_clock_flag_falls_with_no_client_connected(arena_node):
    room = await create_room(arena_node.url, variant="gomoku", your_side="first",
                             clock={"initial_s": 1, "increment_s": 0})
    status, joined = await http("POST", f"{arena_node.url}/api/rooms/{room['room_id']}/join")
    first = await Player.join(arena_node.ws_url, room["room_id"], token=room["token"])
    second = await Player.join(arena_node.ws_url, room["room_id"], token=joined["token"])
    await first.move("h8")
    await second.move("h9")  # both sides have moved: the first seat's clock runs
    await first.close()
    await second.close()
    state = {}
    for _ in range(40):  # bounded: 1 s clock + the timer scan, polled every 0.1 s
        await asyncio.sleep(0.1)
        status, state = await http("GET", f"{arena_node.url}/api/rooms/{room['room_id']}")
        if state["status"] == "finished":
            break
    assert state["result"] == {"winner": 2, "reason": "timeout", "line": [], "cells": []}
    assert state["clock"]["remaining"]["1"] == 0


async def test_export_gives_the_finished_game_in_move_list_notation(arena_node):
    room = await create_room(arena_node.url, variant="tictactoe", your_side="first")
    first = await Player.join(arena_node.ws_url, room["room_id"], token=room["token"])
    second = await Player.join(arena_node.ws_url, room["room_id"])
    for who, move in ((first, "a1"), (second, "a3"), (first, "b1"), (second, "b3"),
                      (first, "c1")):
        await who.move(move)
    await second.wait_for("game_over")
    status, text = await http("GET", f"{arena_node.url}/api/rooms/{room['room_id']}/export")
    header, moves = text.split("\n\n")
    assert '[Result "1-0"]' in header and '[Variant "tictactoe"]' in header
    assert Board.from_moves("tictactoe", split_game(Board("tictactoe").variant,
                                                    moves.strip())).outcome().winner == 1


async def test_export_as_sgf_and_psq_reads_back_as_the_same_game(arena_node):
    room = await create_room(arena_node.url, variant="caro", your_side="first")
    first = await Player.join(arena_node.ws_url, room["room_id"], token=room["token"])
    second = await Player.join(arena_node.ws_url, room["room_id"])
    for who, move in ((first, "h8"), (second, "h9"), (first, "i8")):
        await who.move(move)
    await second.command("resign")
    await first.wait_for("game_over")
    url = f"{arena_node.url}/api/rooms/{room['room_id']}/export"
    _, sgf = await http("GET", f"{url}?format=sgf")
    _, psq = await http("GET", f"{url}?format=psq")
    assert import_sgf(sgf).moves == import_psq(psq, "caro").moves == ("h8", "h9", "i8")
    assert import_sgf(sgf).variant == "caro" and import_sgf(sgf).result == "1-0"


async def test_export_of_a_gravity_game_as_sgf_is_a_bad_record(arena_node):
    room = await create_room(arena_node.url, variant="connect4", your_side="first")
    status, data = await http(
        "GET", f"{arena_node.url}/api/rooms/{room['room_id']}/export?format=sgf")
    assert (status, data["error"]) == (400, "bad_record")


async def test_export_as_json_has_the_result(arena_node):
    room = await create_room(arena_node.url, variant="gomoku", opponent="ai", your_side="first")
    me = await Player.join(arena_node.ws_url, room["room_id"], token=room["token"])
    await me.command("resign")
    status, record = await http(
        "GET", f"{arena_node.url}/api/rooms/{room['room_id']}/export?format=json")
    assert status == 200 and record["result"]["reason"] == "resign"


async def test_room_page_serves_the_client(arena_node):
    room = await create_room(arena_node.url, variant="gomoku")
    status, text = await http("GET", f"{arena_node.url}{room['url']}")
    assert status == 200 and "<html" in text.lower()


async def test_variants_lists_the_built_in_games(arena_node):
    status, data = await http("GET", f"{arena_node.url}/api/variants")
    assert {"gomoku", "caro", "connect4", "tictactoe"} <= {v["name"] for v in data["variants"]}


async def test_levels_lists_the_ladder_from_the_engine_with_names_in_both_languages(arena_node):
    status, data = await http("GET", f"{arena_node.url}/api/levels")
    assert status == 200 and data["default"] == DEFAULT
    assert [entry["level"] for entry in data["levels"]] == sorted(LEVELS)
    assert all(entry["name"]["en"] and entry["name"]["vi"] and entry["about"]["vi"]
               for entry in data["levels"])


async def test_a_room_created_without_a_level_gets_the_default(arena_node):
    room = await create_room(arena_node.url, variant="gomoku", opponent="ai")
    ai = next(s for s in room["state"]["seats"].values() if s and s["kind"] == "ai")
    assert ai["level"] == DEFAULT


async def test_metrics_are_prometheus_text(arena_node):
    status, text = await http("GET", f"{arena_node.url}/metrics")
    for name in ("caro_ws_connections", "caro_moves_total", "caro_ai_queue_depth",
                 "caro_ai_move_seconds_bucket", "caro_event_loop_lag_seconds_count",
                 "caro_gc_pause_seconds_count", "caro_rooms"):
        assert name in text


async def test_room_creation_is_rate_limited_per_address(server_factory, redis_factory):
    """On a Redis of its own: the per-address counts live there (server/platform/ip_limits.py)."""
    node = server_factory.start("node-limited", redis_url=redis_factory.start().url,
                                env={"ROOM_CREATIONS_PER_MINUTE": "2"})
    statuses = []
    for _ in range(3):
        status, data = await http("POST", f"{node.url}/api/rooms", {"variant": "gomoku"})
        statuses.append(status)
    assert statuses == [201, 201, 429] and data["error"] == "rate_limited"


async def test_quickplay_skips_a_room_whose_host_left(arena_node, redis_server):
    body = {"variant": "custom-9x9-k4-caro"}
    status, abandoned = await http("POST", f"{arena_node.url}/api/quickplay", body)
    client = redis.from_url(redis_server.url, decode_responses=True)
    key = f"room:{{{abandoned['room_id']}}}:state"
    record = json.loads(await client.hget(key, "data"))
    record["created_at"] -= 60_000  # opened a minute ago, its host never connected
    await client.hset(key, "data", json.dumps(record))
    await client.aclose()
    status, second = await http("POST", f"{arena_node.url}/api/quickplay", body)
    assert second["matched"] is False and second["room_id"] != abandoned["room_id"]


async def test_custom_board_object_becomes_a_custom_variant(arena_node):
    room = await create_room(arena_node.url, board={"rows": 19, "cols": 19, "k": 5,
                                                    "rule": "caro"})
    assert room["state"]["variant"] == "custom-19x19-k5-caro"


async def test_impossible_custom_board_is_a_bad_variant(arena_node):
    status, data = await http("POST", f"{arena_node.url}/api/rooms",
                              {"board": {"rows": 3, "cols": 3, "k": 5}})
    assert (status, data["error"]) == (400, "bad_variant")


async def test_public_games_in_play_are_listed_for_watching(arena_node):
    status, demo = await http("POST", f"{arena_node.url}/api/rooms", {
        "variant": "connect4", "opponent": "ai_vs_ai", "public": True})
    status, listing = await http("GET", f"{arena_node.url}/api/rooms")
    listed = {r["room_id"]: r for r in listing["rooms"]}
    assert listed[demo["room_id"]]["status"] == "playing"
    assert listed[demo["room_id"]]["mode"] == "ai_vs_ai"


async def test_a_quickplay_room_unlisted_by_its_host_is_no_longer_matched(arena_node):
    body = {"variant": "custom-7x7-k4-caro"}
    status, first = await http("POST", f"{arena_node.url}/api/quickplay", body)
    host = await Player.join(arena_node.ws_url, first["room_id"], token=first["token"])
    assert (await host.command("unlist"))["type"] == "unlisted"
    status, second = await http("POST", f"{arena_node.url}/api/quickplay", body)
    assert second["matched"] is False and second["room_id"] != first["room_id"]
    await host.close()


@pytest.mark.redis_cluster
async def test_online_counts_the_open_room_sockets(server_factory):
    node = server_factory.start("node-online", embedded=True)  # its own store: no other node
    room = await create_room(node.url, variant="caro9")
    status, empty = await http("GET", f"{node.url}/api/online")
    first = await Player.join(node.ws_url, room["room_id"], token=room["token"])
    second = await Player.join(node.ws_url, room["room_id"])
    status, two = await http("GET", f"{node.url}/api/online")
    assert (empty["online"], status, two["online"]) == (0, 200, 2)
    await first.close()
    await second.close()


async def test_qr_code_of_a_room_is_an_svg_of_its_link(arena_node):
    room = await create_room(arena_node.url, variant="caro9")
    async with aiohttp.ClientSession() as session:
        async with session.get(f"{arena_node.url}/api/rooms/{room['room_id']}/qr.svg") as answer:
            body = await answer.text()
            assert answer.status == 200 and answer.content_type == "image/svg+xml"
    assert body.startswith("<svg") and 'class="qr"' in body
    # The same symbol as the full link the browser shows encodes to: origin and room path.
    assert body == qr_svg(f"{arena_node.url}/r/{room['room_id']}").decode()


async def test_qr_code_of_an_unknown_room_is_404(arena_node):
    status, data = await http("GET", f"{arena_node.url}/api/rooms/NoSuchRoom00/qr.svg")
    assert (status, data["error"]) == (404, "room_not_found")


async def test_variants_lists_every_variant_a_room_can_be_created_with(arena_node):
    status, data = await http("GET", f"{arena_node.url}/api/variants")
    names = [v["name"] for v in data["variants"]]
    assert {f"caro-{n}" for n in range(16, 21)} <= set(names)
    assert {f"caro-exact-{n}" for n in range(16, 21)} <= set(names)
    for name in names:
        room = await create_room(arena_node.url, variant=name)
        assert room["state"]["variant"] == name
        assert data["variants"][names.index(name)]["rows"] == room["state"]["board"]["rows"]


async def test_any_variant_spec_is_described_as_the_board_a_room_of_it_has(arena_node):
    for spec in ("gomoku", "caro-17", "custom-6x7-k4-freestyle-gravity", "custom-9x11-k5-renju"):
        status, board = await http("GET", f"{arena_node.url}/api/variants/{spec}")
        room = await create_room(arena_node.url, variant=spec)
        assert (status, board) == (200, room["state"]["board"])


async def test_describing_a_spec_that_is_no_variant_is_a_bad_variant(arena_node):
    for spec in ("custom-30x30-k5-caro", "chess", "caro-99"):
        status, refused = await http("GET", f"{arena_node.url}/api/variants/{spec}")
        assert (status, refused["error"]) == (400, "bad_variant")


async def test_variants_say_how_to_ask_for_a_custom_board(arena_node):
    status, data = await http("GET", f"{arena_node.url}/api/variants")
    custom = data["custom"]
    rows, k = custom["rows"][1], custom["k"][0]
    assert "caro" in custom["rules"]
    spec = custom["spec"].replace("<rows>x<cols>", f"{rows}x{rows}").replace("<k>", str(k)) \
        .replace("<rule>", "caro").replace("[-gravity]", "")
    room = await create_room(arena_node.url, variant=spec)
    assert room["state"]["variant"] == spec
    status, refused = await http("POST", f"{arena_node.url}/api/rooms",
                                 {"variant": spec.replace(f"{rows}x", f"{rows + 1}x")})
    assert (status, refused["error"]) == (400, "bad_variant")


async def test_a_waiting_room_shows_its_clock_full_and_stopped(arena_node):
    room = await create_room(arena_node.url, variant="gomoku",
                             clock={"initial_s": 300, "increment_s": 2})
    status, state = await http("GET", f"{arena_node.url}/api/rooms/{room['room_id']}")
    assert state["status"] == "waiting"
    assert state["clock"] == {"initial_ms": 300_000, "increment_ms": 2000,
                              "remaining": {"1": 300_000, "2": 300_000}, "running": None,
                              "since": state["created_at"]}


@pytest.mark.parametrize(("method", "path", "status", "code"), [
    ("GET", "/api/nothing-here", 404, "not_found"),
    ("POST", "/api/rooms/abc/leave", 404, "not_found"),
    ("GET", "/api/quickplay", 405, "method_not_allowed"),
    ("DELETE", "/api/rooms", 405, "method_not_allowed"),
])
async def test_unknown_api_routes_and_methods_are_answered_in_json(arena_node, method, path,
                                                                   status, code):
    got_status, data = await http(method, f"{arena_node.url}{path}")
    assert (got_status, data["error"]) == (status, code) and data["message"]


async def test_the_name_limit_served_is_the_one_a_room_enforces(arena_node):
    status, limits = await http("GET", f"{arena_node.url}/api/limits")
    most = limits["name"][1]
    room = await create_room(arena_node.url, variant="gomoku", your_side="first", name="n" * most)
    assert room["state"]["seats"]["1"]["name"] == "n" * most
    status, refused = await http("POST", f"{arena_node.url}/api/rooms",
                                 {"variant": "gomoku", "name": "n" * (most + 1)})
    assert status == 400
