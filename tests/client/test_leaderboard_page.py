"""The leaderboard page: once a player's rating is established (enough rated games, archived and
rated by the server's own outbox consumer), they are listed with a link to their profile; before
that, from their first rated game, they are listed after the established ones, marked "?"; the
variant picker names each game once."""

from __future__ import annotations

import json
import re
import secrets
import time

import pytest
from playwright.sync_api import expect

from server.platform.keys import OUTBOX_PREFIX
from server.players.archive import GROUP
from server.players.glicko2 import PROVISIONAL_RD, Glicko, rate_game
from tests.client.played import Played, play
from tests.client.players import Player
from tests.client.test_accounts_pages import new_username, sign
from tests.harness import http_get

VARIANT = "caro"


def games_to_establish() -> int:
    """How many games two new players need before their rating stops being provisional."""
    first = second = Glicko()
    for played in range(1, 100):
        first, second = rate_game(first, second, 1 + played % 2)
        if first.rd <= PROVISIONAL_RD and second.rd <= PROVISIONAL_RD:
            return played
    raise AssertionError("ratings never became established")


def account(player: Player) -> dict:
    """`{player_id, username}` of the account the browser is logged into."""
    return player.page.evaluate("fetch('/api/me').then((r) => r.json())")


def rated_game(first: dict, second: dict, winner: int) -> dict:
    """An archive entry of a finished rated game, as a room writes it to the outbox."""
    room_id, now = secrets.token_urlsafe(9), int(time.time() * 1000)
    seat = {"kind": "human", "joined_at": now}
    return {"id": f"{room_id}-1", "room_id": room_id, "game_no": 1, "variant": VARIANT,
            "mode": "human", "rated": True,
            "seats": {"1": seat | {"name": first["username"], "player_id": first["player_id"],
                                   "username": first["username"]},
                      "2": seat | {"name": second["username"], "player_id": second["player_id"],
                                   "username": second["username"]}},
            "moves": ["h8"], "move_times": [now], "clock_config": None, "clock": None,
            "result": {"winner": winner, "reason": "resign", "line": [], "cells": []},
            "created_at": now, "started_at": now, "finished_at": now}


def wait_established(player: Player, username: str, within_s: float = 15.0) -> None:
    """The outbox is archived and rated a moment after the games are written to it."""
    deadline = time.monotonic() + within_s
    while time.monotonic() < deadline:
        status, body = http_get(f"{player.base_url}/api/leaderboard/{VARIANT}")
        if status == 200 and username in {p["username"] for p in json.loads(body)["players"]
                                          if not p["provisional"]}:
            return
        time.sleep(0.05)
    raise AssertionError(f"{username} was not established on the {VARIANT} leaderboard "
                         f"within {within_s} s")


def outbox_read_by(client, node_id: str) -> str:
    """The outbox stream `node_id` archives from (there is one outbox per database)."""
    for key in client.keys(OUTBOX_PREFIX + "*"):
        if any(c["name"] == node_id for c in client.xinfo_consumers(key, GROUP)):
            return key
    raise AssertionError(f"no outbox is read by {node_id}")


def test_an_established_player_is_on_the_leaderboard_and_links_to_their_profile(
        players, app_redis, app_server):
    lan, minh = players("lan-board"), players("minh-board")
    lan_name, minh_name = new_username(), new_username()
    lan.home(name="Lan")
    sign(lan, "register", lan_name)
    minh.home(name="Minh")
    sign(minh, "register", minh_name)
    first, second = account(lan), account(minh)
    client = app_redis.client()
    outbox = outbox_read_by(client, app_server.node_id)
    for played in range(1, games_to_establish() + 1):
        client.xadd(outbox, {"game": json.dumps(rated_game(first, second, 1 + played % 2))})
    wait_established(lan, lan_name)
    lan.page.locator("#home-leaderboard").click()
    expect(lan.page).to_have_url(re.compile(f"/leaderboard/{VARIANT}$"))
    expect(lan.page.locator("#leaderboard-variant")).to_have_value(VARIANT)
    row = lan.page.locator(f'#leaderboard-table tr[data-player="{lan_name}"]')
    expect(row).to_be_visible()
    expect(row.locator(".rating")).to_have_text(re.compile(r"^1[4-6]\d\d$"))
    lan.shot("12-leaderboard")
    row.locator("a").click()
    expect(lan.page).to_have_url(re.compile(f"/@/{lan_name}$"))
    expect(lan.page.locator("#profile-name")).to_have_text(lan_name)


# --------------------------------------------------------------------------- every view

PROVISIONAL_NOTE = {"en": "? A provisional rating", "vi": "? Điểm tạm thời"}


@pytest.fixture(scope="module")
def first_rated_game(app_server) -> Played:
    """Two new accounts' first rated game: both ratings provisional."""
    return play(app_server, ["a1", "b1", "a2", "b2", "a3"], variant="tictactoe")


def test_a_provisional_player_is_listed_and_marked(reader, first_rated_game):
    reader.page.goto(f"{reader.base_url}/leaderboard/tictactoe")
    for username in first_rated_game.usernames:
        row = reader.page.locator(f'#leaderboard-table tr[data-player="{username}"]')
        expect(row).to_have_class("provisional")
        expect(row.locator(".rating")).to_have_text(re.compile(r"^1[3-7]\d\d\?$"))
    expect(reader.page.locator("#leaderboard-provisional")).to_contain_text(
        PROVISIONAL_NOTE[reader.lang])
    reader.shot(f"25-leaderboard-provisional-{reader.label}")


def test_the_variant_picker_names_every_game_once(reader):
    listed = json.loads(http_get(f"{reader.base_url}/api/variants")[1])["variants"]
    reader.page.goto(f"{reader.base_url}/leaderboard/caro")
    options = reader.page.locator("#leaderboard-variant option")
    expect(options).to_have_count(len(listed))
    labels = options.all_inner_texts()
    assert len(set(labels)) == len(labels), labels
    assert not [label for label in labels if re.search(r"[a-z]+-\d|null|undefined", label)]
