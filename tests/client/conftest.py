"""Fixtures for the browser tests: one real server (with a real redis-server) for the module,
and `players`, a factory of browser contexts (each one person) closed after the test."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.client.players import WAIT_MS, Player
from tests.conftest import CALL_FAILED  # recorded for every test by the root conftest's hook

# The machine is shared: give assertions on the page the same patience as page actions.
expect.set_options(timeout=WAIT_MS)


@pytest.fixture(scope="session")
def shots_dir(artifacts_dir: Path) -> Path:
    path = artifacts_dir / "client"
    path.mkdir(parents=True, exist_ok=True)
    return path


@contextlib.contextmanager
def players_of(browser, base_url: str, shots_dir: Path,
               request: pytest.FixtureRequest) -> Iterator:
    """`players(label, **viewport)` opens a fresh browser context (its own localStorage) on the
    server at `base_url`; when the test fails, every player's page is saved as
    failed-<test>-<label>.png."""
    opened: list[Player] = []

    def open_player(label: str, **kwargs) -> Player:
        player = Player.open(browser, base_url, shots_dir, label, **kwargs)
        opened.append(player)
        return player

    yield open_player
    if request.node.stash.get(CALL_FAILED, False):
        for player in opened:
            player.shot(f"failed-{request.node.name}-{player.label}")
    for player in opened:
        assert not player.errors, f"{player.label}: page errors {player.errors}"
        player.close()


@pytest.fixture
def players(browser, app_server, shots_dir: Path, request: pytest.FixtureRequest) -> Iterator:
    """People on the session's server (`players_of`)."""
    with players_of(browser, app_server.url, shots_dir, request) as open_player:
        yield open_player
