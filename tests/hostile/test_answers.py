"""Every command gets exactly one answer carrying its `cid`, even when the answer is a
`rate_limited` refusal, and a socket closed for flooding (4429) first receives the answers it
was already owed. Binary frames count against the rate limit like text frames."""

from __future__ import annotations

import json

from tests.hostile.conftest import start_game
from tests.server.client import Player

FLOOD = 100  # far more than the burst (20) plus the refusals tolerated (40)


def answers_by_cid(player: Player) -> dict[str, list[dict]]:
    by_cid: dict[str, list[dict]] = {}
    for message in player.received:
        if "cid" in message:
            by_cid.setdefault(message["cid"], []).append(message)
    return by_cid


async def test_rate_limited_refusals_carry_the_cid_of_the_refused_command(hostile_node):
    game = await start_game(hostile_node)
    spectator = await Player.join(hostile_node.ws_url, game.room_id, watch=True)
    cids = [f"p{i}" for i in range(30)]
    for cid in cids:
        await spectator.send(type="ping", cid=cid)
    answers = {}
    while len(answers) < len(cids):
        message = await spectator.next()
        if message["type"] in ("pong", "error"):
            answers[message["cid"]] = message
    refused = [m for m in answers.values() if m["type"] == "error"]
    assert refused and all(m["code"] == "rate_limited" for m in refused)
    assert set(answers) == set(cids)
    await spectator.close()


async def test_a_socket_closed_for_flooding_first_gets_every_answer_it_was_owed(hostile_node):
    game = await start_game(hostile_node)
    second = await Player.join(hostile_node.ws_url, game.room_id, token=game.second_token)
    frames = [json.dumps({"type": "move", "move": "h9", "cid": "c0"})]
    frames += [json.dumps({"type": "ping", "cid": f"c{i}"}) for i in range(1, FLOOD)]
    for frame in frames:
        await second.send_raw(frame)
    code, reason = await second.closed()
    assert (code, reason) == (4429, "rate_limited")
    last = second.received[-1]
    assert last["code"] == "rate_limited"
    answered = answers_by_cid(second)
    read = int(last["cid"][1:])  # the frame that closed the socket was the last one read
    assert sorted(answered, key=lambda cid: int(cid[1:])) == [f"c{i}" for i in range(read + 1)]
    assert all(len(replies) == 1 for replies in answered.values())
    assert answered["c0"][0]["type"] == "move"


async def test_binary_frames_are_rate_limited_too(hostile_node):
    game = await start_game(hostile_node)
    spectator = await Player.join(hostile_node.ws_url, game.room_id, watch=True)
    for _ in range(FLOOD):
        await spectator.send_raw(b"\x00\x01")
    code, _ = await spectator.closed()
    assert code == 4429
    codes = [m["code"] for m in spectator.received if m["type"] == "error"]
    assert "rate_limited" in codes
