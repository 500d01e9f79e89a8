"""Notifications across two nodes on one Redis and one PostgreSQL: a player's only tab is on
the other node; the node holding the tab dies and nothing is lost."""

from __future__ import annotations

import pytest

from tests.server.conftest import FAST_ENV
from tests.server.notifications.helpers import game_won_while_away, unread_becomes
from tests.server.visitor import Visitor

pytestmark = pytest.mark.slow


@pytest.fixture
def two_nodes(server_factory, postgres_server):
    env = FAST_ENV | {"DATABASE_URL": postgres_server.create_database()}
    return server_factory.start_many(["node-a", "node-b"], env=env)


async def test_a_notification_reaches_a_tab_open_only_on_the_other_node(two_nodes):
    node_a, node_b = two_nodes
    visitor = Visitor(node_a.url)
    try:
        await visitor.get("/api/me")
        tab = await visitor.player_socket(node_b.url)
        await tab.wait_for("notifications")
        room_id = await game_won_while_away(visitor, node_a.url)  # ends on node A
        item = (await tab.wait_for("notification"))["item"]
        assert item["kind"] == "game_ended" and item["data"]["room_id"] == room_id
        await tab.close()
    finally:
        await visitor.close()


async def test_a_tab_whose_node_died_finds_what_it_missed_on_the_other(two_nodes):
    node_a, node_b = two_nodes
    visitor = Visitor(node_b.url)
    try:
        await visitor.get("/api/me")
        tab = await visitor.player_socket(node_a.url)
        await tab.wait_for("notifications")
        node_a.kill()
        await tab.closed()
        room_id = await game_won_while_away(visitor, node_b.url)  # while the tab is gone
        await unread_becomes(visitor, 1)
        again = await visitor.player_socket(node_b.url)  # the tab reconnects elsewhere
        snapshot = await again.wait_for("notifications")
        assert snapshot["unread"] == 1
        assert snapshot["items"][0]["data"]["room_id"] == room_id
        await again.close()
    finally:
        await visitor.close()
