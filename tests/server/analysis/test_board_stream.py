"""The analysis board's streamed search (`POST /api/analyse` with `"stream": true`): an NDJSON
line per depth, deeper each time, the last one final; a client that hangs up ends the search;
one address runs a bounded number of searches at once."""

from __future__ import annotations

import asyncio
import json

import aiohttp

from tests.server.client import metric

POSITION = {"variant": "gomoku", "moves": ["h8", "h9", "i8"], "multipv": 3, "stream": True}
# Searches that last long enough to hang up in the middle of them.
LONG_ENV = {"ANALYSIS_NODES": "50000000", "ANALYSIS_MS": "60000", "BOARD_SEARCHES_PER_MINUTE": "0",
            "AI_WORKERS": "1"}
POLL_S, POLLS = 0.1, 600


async def read_lines(response: aiohttp.ClientResponse, limit: int | None = None) -> list[dict]:
    lines = []
    async for raw in response.content:
        lines.append(json.loads(raw))
        if limit is not None and len(lines) == limit:
            break
    return lines


async def test_a_streamed_search_reports_each_depth_then_a_final_answer(arena_node):
    async with aiohttp.ClientSession() as session, session.post(
            f"{arena_node.url}/api/analyse", json=POSITION) as response:
        assert response.status == 200 and response.content_type == "application/x-ndjson"
        lines = await read_lines(response)
    assert len(lines) >= 2
    assert [line["final"] for line in lines] == [False] * (len(lines) - 1) + [True]
    depths = [line["depth"] for line in lines]
    assert depths[:2] == [1, 2] and depths == sorted(depths)
    for line in lines:
        assert line["moves"] == ["h8", "h9", "i8"] and line["turn"] == 2
        assert len(line["lines"]) == 3 and line["lines"][0]["move"] == line["best"]


async def test_an_exactly_solved_position_streams_one_final_answer(arena_node):
    body = POSITION | {"variant": "tictactoe", "moves": ["b2"]}
    async with aiohttp.ClientSession() as session, session.post(
            f"{arena_node.url}/api/analyse", json=body) as response:
        lines = await read_lines(response)
    assert len(lines) == 1 and lines[0]["final"] and lines[0]["exact"]


async def test_hanging_up_ends_the_search_before_its_final_answer(server_factory):
    node = server_factory.start("node-board-cancel", env=LONG_ENV)
    async with aiohttp.ClientSession() as session, session.post(
            f"{node.url}/api/analyse", json=POSITION) as response:
        first = await read_lines(response, limit=1)
    assert first[0]["depth"] == 1 and not first[0]["final"]
    for _ in range(POLLS):
        if await metric(node.url, "caro_board_searches_total", end="cancelled") == 1:
            break
        await asyncio.sleep(POLL_S)
    else:
        raise AssertionError("the search did not end when its client hung up")
    assert await metric(node.url, "caro_board_searches_total", end="done") == 0


async def test_one_address_runs_two_searches_and_queues_four_more(server_factory):
    node = server_factory.start("node-board-bound", env=LONG_ENV)
    url = f"{node.url}/api/analyse"
    async with aiohttp.ClientSession() as session:
        streams = [asyncio.create_task(session.post(url, json=POSITION)) for _ in range(6)]
        # Headers come once a search has its slot: whichever two requests reached the node
        # first, not necessarily the first two created.
        started: set[asyncio.Task] = set()
        async with asyncio.timeout(POLLS * POLL_S):
            while len(started) < 2:
                done, _ = await asyncio.wait(set(streams) - started,
                                             return_when=asyncio.FIRST_COMPLETED)
                started |= done
        running = [task.result() for task in started]
        assert [response.status for response in running] == [200, 200]
        for _ in range(POLLS):  # the four others reach the server and wait for a slot
            if await metric(node.url, "caro_board_searches_waiting") == 4:
                break
            await asyncio.sleep(POLL_S)
        else:
            raise AssertionError("the four other searches did not wait for a slot")
        waiting = [task for task in streams if task not in started]
        assert not any(task.done() for task in waiting)
        async with session.post(url, json=POSITION) as refused:
            assert refused.status == 429 and (await refused.json())["error"] == "rate_limited"
        for task in waiting:
            task.cancel()
        for response in running:
            response.close()
