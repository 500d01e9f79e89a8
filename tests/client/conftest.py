"""Fixtures for the browser tests: one real server (with a real redis-server) for the module,
and `players`, a factory of browser contexts (each one person) closed after the test.

`reader` is one person looking at a page on a screen in a language (VIEWS: desktop and phone,
English and Vietnamese): a test that asks for it runs on a desktop in English and on a phone in
Vietnamese (PAIRED_VIEWS), or on all four views when marked `every_view`, each in a fresh
context of the Chromium the module shares (the root conftest's `browser`)."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.client.players import PAIRED_VIEWS, VIEWS, WAIT_MS, Player
from tests.conftest import CALL_FAILED  # set by the root hook

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
    failed-<test>-<label>.png. `lang="vi"` starts the page in that language;
    `console_guard=True` fails the test on any error in that player's browser console."""
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
        assert not (player.console_guard and player.console_errors), \
            f"{player.label}: console errors {player.console_errors}"
        player.close()


@pytest.fixture
def players(browser, app_server, shots_dir: Path, request: pytest.FixtureRequest) -> Iterator:
    """People on the session's server (`players_of`)."""
    with players_of(browser, app_server.url, shots_dir, request) as open_player:
        yield open_player


@pytest.fixture(params=PAIRED_VIEWS)
def reader(browser, app_server, shots_dir: Path,
           request: pytest.FixtureRequest) -> Iterator[Player]:
    """One person on one of VIEWS (the test's id says which: desktop-en, phone-vi, ...): by
    default the two PAIRED_VIEWS, every view with `@every_view`; saved as failed-<test>.png
    when the test fails; no page error may have happened."""
    person = Player.open(browser, app_server.url, shots_dir, request.param,
                         **VIEWS[request.param])
    yield person
    if request.node.stash.get(CALL_FAILED, False):
        person.shot(f"failed-{request.node.name}")
    errors = person.errors
    person.close()
    assert not errors, f"page errors {errors}"
