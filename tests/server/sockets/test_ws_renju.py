"""Renju rooms over real WebSockets against a real server process and a real Redis: the server
judges black's forbidden points and sends them with the state."""

from __future__ import annotations

from tests.server.client import Player, create_room, http

# Black: g8 i8 h7 h9 (white far away on the a file), so h8 is black's double three.
OPENING = ("g8", "a1", "i8", "a3", "h7", "a5", "h9", "a7")


async def renju_pair(node) -> tuple[dict, Player, Player]:
    room = await create_room(node.url, variant="renju", your_side="first")
    black = await Player.join(node.ws_url, room["room_id"], token=room["token"], name="Lan")
    white = await Player.join(node.ws_url, room["room_id"], name="Minh")
    return room, black, white


async def play_opening(black: Player, white: Player) -> dict:
    """Play OPENING and return the last move event."""
    event: dict = {}
    for index, move in enumerate(OPENING):
        event = await (black if index % 2 == 0 else white).move(move)
        assert event["type"] == "move", event
    return event


async def test_creating_a_renju_room_describes_the_rule(arena_node):
    room = await create_room(arena_node.url, variant="renju", your_side="first")
    assert room["state"]["board"]["rule"] == "renju"
    assert room["state"]["forbidden"] == []


async def test_forbidden_point_is_refused_and_the_game_is_unchanged(arena_node):
    room, black, white = await renju_pair(arena_node)
    await play_opening(black, white)
    refused = await black.move("h8")
    assert refused["type"] == "error" and refused["code"] == "forbidden_move"
    status, state = await http("GET", f"{arena_node.url}/api/rooms/{room['room_id']}")
    assert state["moves"] == list(OPENING) and state["turn"] == 1
    assert (await black.move("h6"))["type"] == "move"


async def test_move_event_and_state_list_black_forbidden_points(arena_node):
    room, black, white = await renju_pair(arena_node)
    last = await play_opening(black, white)
    assert last["forbidden"] == ["h8"]
    status, state = await http("GET", f"{arena_node.url}/api/rooms/{room['room_id']}")
    assert state["forbidden"] == ["h8"]
    after_black = await black.move("h6")
    assert after_black["forbidden"] == []  # white to move: white has no forbidden points
