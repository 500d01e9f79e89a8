"""A dropped connection comes back by itself: the server node a player is connected to dies and
restarts; the page shows it, reconnects with backoff, keeps the seat and catches up with the
move the opponent made (through another node) in the meantime."""

from __future__ import annotations

from playwright.sync_api import expect


def test_server_restart_mid_game_reconnects_keeps_the_seat_and_catches_up(
    server_factory, players
):
    node_a = server_factory.start("client-a")
    node_b = server_factory.start("client-b")
    lan = players("lan")
    minh = players("minh")
    lan.base_url, minh.base_url = node_a.url, node_b.url

    lan.home(name="Lan")
    link = lan.create("Gomoku", first="Me")
    minh.visit(link.replace(node_a.url, node_b.url), name="Minh")
    lan.play("h8")
    minh.wait_plies(1)
    badge = lan.page.locator("#conn")
    expect(badge).to_have_attribute("data-state", "online")

    node_a.kill()
    expect(badge).to_have_attribute("data-state", "reconnecting")
    lan.shot("8-reconnecting")
    minh.play("i9")
    node_a.start()

    expect(badge).to_have_attribute("data-state", "online", timeout=30_000)
    lan.wait_plies(2)
    assert lan.moves() == ["h8", "i9"]
    expect(lan.status()).to_have_text("Your turn")
    lan.play("h9")
    minh.wait_plies(3)
    lan.shot("8-reconnected")
