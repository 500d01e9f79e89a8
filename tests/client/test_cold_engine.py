"""The first game against the computer on a node whose engine cache is empty (issue 25).

One node is started on an empty NUMBA_CACHE_DIR, as on a fresh clone's first `caro-arena
serve` or an image built for another CPU. It compiles the engine ahead in a process of its
own (one to three minutes, ~1.3 GB, once for the whole module) while it serves: /healthz and
the socket's `welcome` say the AI is warming, and the room page says so while the computer is
to move, on a laptop and a phone, in English and Vietnamese. Then the computer moves, its
worker holds only what loading compiled code takes, and a node started on the cache it left
(a container of the image, compiled at build time) compiles nothing. The tests run in this
order: the first ones look while the compile runs.
"""

from __future__ import annotations

import json
import time
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from playwright.sync_api import expect
from websockets.sync.client import ClientConnection, connect

from tests.client.conftest import players_of
from tests.client.players import SCREENS, Player
from tests.harness import ServerNode, free_port, http_get

COMPILE_TIMEOUT_S = 1500.0  # ~110 s of CPU: 2 min on a quiet 2-core machine, 15 at load 18
pytestmark = [pytest.mark.slow, pytest.mark.own_engine_cache,
              pytest.mark.timeout(COMPILE_TIMEOUT_S + 120)]
WARM_START_TIMEOUT_S = 90.0
# A worker that compiled holds ~1.27 GB for its life; one that loaded compiled code ~270 MB.
WORKER_RSS_LIMIT = 600_000_000
WARMING = {
    "en": "The computer is getting ready (first start only)…",
    "vi": "Máy đang chuẩn bị (chỉ lần khởi động đầu tiên)…",
}
LANGUAGE_KEY = "caro-arena:lang"  # client/js/common/i18n.js
COMPILING = "not compiled for this machine yet"


@dataclass
class ColdStart:
    node: ServerNode
    launched: float  # time.monotonic() when the node was started
    cache: Path
    socket: ClientConnection  # a spectator's, opened while the engine compiled
    welcome: dict


def start_node(node_id: str, directory: Path, cache: Path) -> ServerNode:
    node = ServerNode(node_id=node_id, port=free_port(), redis_url=None,
                      log_path=directory / f"{node_id}.log",
                      extra_env={"NUMBA_CACHE_DIR": str(cache), "AI_WORKERS": "1"})
    node.start()
    return node


def ai_first_room(node: ServerNode) -> str:
    """A room, created over HTTP, in which the computer plays first."""
    body = json.dumps({"variant": "gomoku", "opponent": "ai", "your_side": "second"}).encode()
    request = urllib.request.Request(f"{node.url}/api/rooms", data=body, method="POST",
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.loads(response.read())["room_id"]


def health(node: ServerNode) -> tuple[int, dict]:
    status, body = http_get(f"{node.url}/healthz")
    return status, json.loads(body)


def wait_until_compiled(cold: ColdStart) -> None:
    """Until the cold node's AI is ready: its compile is over and the cache it fills complete.
    (Not left to the test that plays the first move, a browser test: without browsers, as in
    `-m 'not browser'`, the tests after it would start while the compile still runs.)"""
    deadline = time.monotonic() + COMPILE_TIMEOUT_S
    while health(cold.node)[1]["ai"] != "ready":
        assert time.monotonic() < deadline, cold.node.log()
        time.sleep(0.5)


@pytest.fixture(scope="module")
def cold(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ColdStart]:
    directory = tmp_path_factory.mktemp("cold-engine")
    cache = directory / "numba-cache"
    cache.mkdir()
    launched = time.monotonic()
    node = start_node("cold", directory, cache)
    try:
        with connect(f"{node.ws_url}/ws/{ai_first_room(node)}", open_timeout=10) as socket:
            socket.send(json.dumps({"type": "hello", "watch": True}))
            welcome = json.loads(socket.recv(timeout=10))
            yield ColdStart(node, launched, cache, socket, welcome)
    finally:
        node.stop()


@pytest.fixture
def cold_players(browser, cold: ColdStart, shots_dir: Path,
                 request: pytest.FixtureRequest) -> Iterator:
    with players_of(browser, cold.node.url, shots_dir, request) as open_player:
        yield open_player


def play_the_computer_second(me: Player) -> None:
    me.home()
    me.create("Gomoku", opponent="The computer", first="Opponent")


def test_a_cold_node_serves_is_healthy_and_says_its_ai_is_warming(cold: ColdStart) -> None:
    status, body = health(cold.node)
    assert (status, body["status"], body["ai"]) == (200, "ok", "warming")
    assert cold.welcome["type"] == "welcome" and cold.welcome["ai"] == "warming"
    assert COMPILING in cold.node.log_path.read_text()


@pytest.mark.parametrize("language", ["en", "vi"])
@pytest.mark.parametrize("screen", SCREENS)
def test_the_room_page_says_the_computer_is_getting_ready(cold_players, screen: str,
                                                          language: str) -> None:
    me = cold_players(f"warming-{screen}-{language}", **SCREENS[screen])
    play_the_computer_second(me)
    if language != "en":
        me.page.evaluate("([key, lang]) => localStorage.setItem(key, lang)",
                         [LANGUAGE_KEY, language])
        me.page.reload()
    expect(me.status()).to_have_text(WARMING[language])
    assert me.ply_count() == 0
    me.shot(f"25-computer-getting-ready-{screen}-{language}")


def test_the_computer_moves_once_the_engine_is_compiled_and_the_wait_is_over(
        cold_players, cold: ColdStart) -> None:
    me = cold_players("first-move", **SCREENS["desktop"])
    play_the_computer_second(me)
    expect(me.status()).to_have_text("Your turn", timeout=COMPILE_TIMEOUT_S * 1000)
    first_move_s = time.monotonic() - cold.launched
    assert me.ply_count() == 1
    assert health(cold.node)[1]["ai"] == "ready"
    told = json.loads(cold.socket.recv(timeout=10))
    while told["type"] != "ai_status":  # the room's own messages came first
        told = json.loads(cold.socket.recv(timeout=10))
    assert told == {"type": "ai_status", "ai": "ready"}
    assert "AI engine compiled ahead in" in cold.node.log_path.read_text()
    print(f"\nfirst AI move {first_move_s:.0f} s after starting a node on an empty cache")


def test_the_ai_worker_did_not_compile_and_the_compiling_process_is_gone(
        cold: ColdStart) -> None:
    wait_until_compiled(cold)
    workers = cold.node.ai_workers()
    assert len(workers) == 1  # the compiling process was one of these spawned children
    assert workers[0].memory_info().rss < WORKER_RSS_LIMIT


def test_a_node_started_on_the_cache_it_compiled_compiles_nothing(
        cold: ColdStart, tmp_path: Path) -> None:
    """As a container of the image starts: its cache was filled at build time."""
    wait_until_compiled(cold)
    node = start_node("container", tmp_path, cold.cache)
    try:
        room = ai_first_room(node)
        deadline = time.monotonic() + WARM_START_TIMEOUT_S
        while not json.loads(http_get(f"{node.url}/api/rooms/{room}")[1])["moves"]:
            assert time.monotonic() < deadline, node.log()
            time.sleep(0.1)
        assert health(node)[1]["ai"] == "ready"
        log = node.log_path.read_text()
        assert COMPILING not in log and "AI engine compiled" not in log
        assert node.ai_workers()[0].memory_info().rss < WORKER_RSS_LIMIT
    finally:
        node.stop()
