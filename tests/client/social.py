"""Two people with accounts in two browsers, for the challenge and friends pages' tests."""

from __future__ import annotations

import secrets

from playwright.sync_api import expect

from tests.client.players import Player
from tests.client.test_accounts_pages import sign


def signed_up(players, label: str, **screen) -> tuple[Player, str]:
    """A new browser on the home page, registered as a new account; (player, username)."""
    player = players(label, **screen)
    player.home()
    username = f"{label[:6]}_{secrets.token_hex(3)}"
    sign(player, "register", username)
    return player, username


def profile(player: Player, username: str) -> None:
    player.page.goto(f"{player.base_url}/@/{username}")
    expect(player.page.locator("#player-actions .presence-badge")).to_be_visible()
