"""Swap2 over real WebSockets against a real server process and a real Redis: room creation
with an opening rule, the phases as the players see them, the seat swap a colour choice makes
(the sockets keep working for their player's new seat), and the archive's true colours."""

from __future__ import annotations

from tests.server.client import Player, create_room, http
from tests.server.players.test_archive import archived

THREE = ("h8", "h9", "i9")
TWO_MORE = ("g9", "j10")


async def swap2_pair(node) -> tuple[dict, Player, Player]:
    """Lan opens a swap2 gomoku room in seat 1; Minh joins seat 2."""
    room = await create_room(node.url, variant="gomoku", your_side="first", opening="swap2",
                             name="Lan")
    lan = await Player.join(node.ws_url, room["room_id"], token=room["token"], name="Lan")
    minh = await Player.join(node.ws_url, room["room_id"], name="Minh")
    return room, lan, minh


async def test_an_opening_rule_is_refused_for_caro(arena_node):
    status, body = await http("POST", f"{arena_node.url}/api/rooms",
                              {"variant": "caro", "opening": "swap2"})
    assert (status, body["error"]) == (400, "bad_opening")


async def test_an_unknown_opening_rule_is_refused(arena_node):
    status, body = await http("POST", f"{arena_node.url}/api/rooms",
                              {"variant": "gomoku", "opening": "swap3"})
    assert (status, body["error"]) == (400, "bad_opening")


async def test_the_created_room_states_its_opening_and_phase(arena_node):
    room = await create_room(arena_node.url, variant="renju", opening="swap")
    state = room["state"]
    assert (state["opening"], state["phase"], state["opening_choices"]) == ("swap", "place", [])


async def test_a_choice_in_the_place_phase_is_refused_with_its_code(arena_node):
    room, lan, minh = await swap2_pair(arena_node)
    refused = await lan.command("opening_choice", choice="black")
    assert (refused["type"], refused["code"]) == ("error", "wrong_phase")


async def test_the_second_player_may_not_place_the_openers_stones(arena_node):
    room, lan, minh = await swap2_pair(arena_node)
    refused = await minh.move("h8")
    assert (refused["type"], refused["code"]) == ("error", "not_your_turn")


async def test_a_full_swap2_opening_swaps_the_seats_and_the_game_is_archived_by_colour(
        arena_node):
    room, lan, minh = await swap2_pair(arena_node)
    for stone in THREE:
        assert (await lan.move(stone))["type"] == "move"
    assert (await minh.move("a1"))["code"] == "wrong_phase"  # a colour is due, not a stone
    more = await minh.command("opening_choice", choice="place_two")
    assert (more["type"], more["phase"], more["turn"], more["swapped"]) == \
        ("opening_choice", "place", 2, False)
    for stone in TWO_MORE:
        assert (await minh.move(stone))["type"] == "move"
    chosen = await lan.command("opening_choice", choice="white")  # Lan takes white
    assert chosen["swapped"] is True and chosen["phase"] == "play" and chosen["turn"] == 2
    assert (chosen["seats"]["1"]["name"], chosen["seats"]["2"]["name"]) == ("Minh", "Lan")
    seen = await minh.wait_for("opening_choice")
    assert seen["v"] == chosen["v"]
    # The same sockets play on from their new seats: Lan (white) moves sixth, then Minh.
    assert (await lan.move("a1"))["seat"] == 2
    assert (await minh.move("a2"))["seat"] == 1
    asked = await minh.command("takeback_request")
    assert asked["type"] == "takeback_requested"  # a move of the game proper may be undone
    over = await minh.command("resign")
    assert over["type"] == "game_over" and over["result"]["winner"] == 2
    game = await archived(arena_node.url, over["game_id"])
    assert game["moves"][:5] == [*THREE, *TWO_MORE]
    assert (game["players"]["1"]["name"], game["players"]["2"]["name"]) == ("Minh", "Lan")
    assert (game["opening"], game["opening_choices"]) == ("swap2", ["place_two", "white"])
    status, record = await http("GET", f"{arena_node.url}/api/games/{game['id']}/export"
                                       "?format=json")
    assert (record["opening"], record["opening_choices"]) == ("swap2", ["place_two", "white"])
    status, sgf = await http("GET", f"{arena_node.url}/api/games/{over['game_id']}/export"
                                    "?format=sgf")
    assert status == 200 and "PB[Minh]" in sgf and "PW[Lan]" in sgf


# -- against the AI --------------------------------------------------------------------------

async def test_the_ai_opens_with_three_stones_near_the_centre_then_waits_for_my_choice(
        arena_node):
    room = await create_room(arena_node.url, variant="renju", opponent="ai", your_side="second",
                             opening="swap2")
    me = await Player.join(arena_node.ws_url, room["room_id"], token=room["token"])
    third = await me.wait_for("move", lambda m: m["ply"] == 3)
    assert (third["seat"], third["phase"], third["turn"]) == (1, "choose", 2)
    status, state = await http("GET", f"{arena_node.url}/api/rooms/{room['room_id']}")
    for stone in state["moves"]:  # within three lines of h8
        assert abs(ord(stone[0]) - ord("h")) <= 3 and abs(int(stone[1:]) - 8) <= 3
    chosen = await me.command("opening_choice", choice="black")
    assert chosen["swapped"] is True and chosen["seats"]["1"]["kind"] == "human"
    reply = await me.wait_for("move", lambda m: m["ply"] == 4)
    assert reply["seat"] == 2  # the AI, now white, plays the fourth stone


async def test_the_ai_answers_my_opening_with_a_choice_and_the_game_goes_on(arena_node):
    room = await create_room(arena_node.url, variant="gomoku", opponent="ai", your_side="first",
                             opening="swap2")
    me = await Player.join(arena_node.ws_url, room["room_id"], token=room["token"])
    for stone in THREE:
        assert (await me.move(stone))["type"] == "move"
    choice = await me.wait_for("opening_choice")
    assert choice["seat"] == 2 and choice["choice"] in ("black", "white", "place_two")
    if choice["choice"] == "place_two":  # the AI places white then black; I choose
        await me.wait_for("move", lambda m: m["ply"] == 5 and m["phase"] == "choose")
        choice = await me.command("opening_choice", choice="white")
    assert choice["phase"] == "play"
    status, state = await http("GET", f"{arena_node.url}/api/rooms/{room['room_id']}")
    seats = state["seats"]
    mine = 1 if seats["1"]["kind"] == "human" else 2
    if state["turn"] == mine:  # white is to move: whoever it is, the game goes on
        assert (await me.move("a1"))["type"] == "move"
    reply = await me.wait_for("move", lambda m: m["seat"] != mine)
    assert reply["phase"] == "play"


async def test_the_variants_list_names_the_openings_each_variant_accepts(arena_node):
    status, data = await http("GET", f"{arena_node.url}/api/variants")
    offered = {v["name"]: v["openings"] for v in data["variants"]}
    assert {name for name, openings in offered.items() if "swap2" in openings} == \
        {"gomoku", "gomoku-standard", "renju"}
    assert offered["caro"] == ["none"]


async def test_after_a_swap_presence_follows_each_player_to_their_new_seat(arena_node):
    room, lan, minh = await swap2_pair(arena_node)
    for stone in THREE:
        await lan.move(stone)
    assert (await minh.command("opening_choice", choice="black"))["swapped"] is True
    await lan.close()  # Lan, now in seat 2, leaves: seat 2 is gone, Minh's seat 1 is not
    presence = await minh.wait_for("presence", lambda m: not all(m["players"].values()))
    assert presence["players"] == {"1": True, "2": False}


async def test_an_ai_demo_plays_through_the_swap2_opening(arena_node):
    room = await create_room(arena_node.url, variant="gomoku", opponent="ai_vs_ai",
                             opening="swap2")
    watcher = await Player.join(arena_node.ws_url, room["room_id"], watch=True)
    choice = await watcher.wait_for("opening_choice", within=60)
    assert choice["choice"] in ("black", "white", "place_two")
    await watcher.wait_for("move", lambda m: m.get("phase") == "play", within=60)


async def test_a_socket_resuming_across_a_swap_keeps_the_seat_its_welcome_named(arena_node):
    room, lan, minh = await swap2_pair(arena_node)
    for stone in THREE:
        await lan.move(stone)
    before = lan.last_v
    await minh.command("opening_choice", choice="black")
    await lan.close()
    await minh.wait_for("presence", lambda m: m["players"] == {"1": True, "2": False})
    # Lan reopens from before the choice: the welcome names seat 2 and the missed choice is
    # replayed; the socket must stay seat 2's, not be swapped a second time.
    again = await Player.join(arena_node.ws_url, room["room_id"], token=room["token"], v=before)
    assert again.seat == 2
    assert (await again.wait_for("opening_choice"))["swapped"] is True
    # A spectator arriving after the replay: the presence it causes counts every socket.
    watcher = await Player.join(arena_node.ws_url, room["room_id"], watch=True)
    presence = await minh.wait_for("presence", lambda m: m["spectators"] == 1)
    assert presence["players"] == {"1": True, "2": True}
    await watcher.close()
