"""Finding an opponent: the lobby of open public rooms, and quick play."""

from __future__ import annotations

import re
import uuid

from playwright.sync_api import expect

from tests.client.players import COMPUTER


def test_public_room_is_listed_in_the_lobby_and_joined_in_one_click(players):
    host_name = f"Host{uuid.uuid4().hex[:6]}"
    host = players("host")
    host.home(name=host_name)
    room_url = host.create("Caro 9×9", first="Me", public=True)

    guest = players("guest")
    guest.home(name="Guest")
    entry = guest.page.locator("#lobby-list .lobby-item", has_text=host_name)
    expect(entry).to_be_visible()
    expect(entry.locator(".lobby-game")).to_have_text("Caro 9×9")
    expect(entry.locator(".seek-player")).to_have_text(f"by {host_name}")
    expect(entry.locator(".lobby-meta")).to_have_text("No clock · Casual")
    guest.page.screenshot(path=str(guest.shots / "9-lobby.png"))
    entry.get_by_role("button", name="Join").click()
    expect(guest.page).to_have_url(room_url)
    expect(guest.status()).to_have_text(f"{host_name} to move")
    expect(host.status()).to_have_text("Your turn")


def test_quick_play_puts_two_waiting_players_in_the_same_room(players):
    first = players("quick-1")
    first.home(name="An")
    room_url = first.create("Tic-Tac-Toe", opponent="Anyone", first=None)
    expect(first.status()).to_have_text("Looking for an opponent…")

    second = players("quick-2")
    second.home(name="Binh")
    assert second.create("Tic-Tac-Toe", opponent="Anyone", first=None) == room_url
    for person in (first, second):
        expect(person.status()).not_to_have_text("Looking for an opponent…")
        names = person.page.locator(".player .pname").all_inner_texts()
        assert sorted(names) == ["An", "Binh"]
    statuses = {first.status().inner_text(), second.status().inner_text()}
    assert "Your turn" in statuses and len(statuses) == 2


def test_watching_the_computer_play_itself_shows_its_moves_to_the_end(players):
    viewer = players("demo")
    viewer.home(name="Viewer")
    viewer.page.locator("#new-game .tile", has_text="Tic-Tac-Toe").click()
    viewer.page.locator("#watch-demo").click()
    expect(viewer.page).to_have_url(re.compile(r"/r/[A-Za-z0-9_-]+$"))
    expect(viewer.page.locator("#actions")).to_be_hidden()
    expect(viewer.page.locator("#gameover")).to_be_visible(timeout=60_000)
    assert len(viewer.moves()) >= 5
    expect(viewer.page.locator(".player .pname")).to_have_text([COMPUTER, COMPUTER])
    viewer.shot("9-ai-vs-ai-finished")


def test_public_game_being_played_is_listed_to_watch(players):
    host_name = f"Host{uuid.uuid4().hex[:6]}"
    host = players("host")
    host.home(name=host_name)
    room_url = host.create("Gomoku", first="Me", public=True)
    players("guest").visit(room_url, name="Guest")
    expect(host.status()).to_have_text("Your turn")

    viewer = players("viewer")
    viewer.home(name="Viewer")
    entry = viewer.page.locator("#live-list .lobby-item", has_text=host_name)
    expect(entry.locator(".lobby-players")).to_have_text(f"{host_name} vs Guest")
    entry.get_by_role("link", name="Watch").click()
    expect(viewer.page).to_have_url(room_url)
    expect(viewer.page.locator("#players .spectating")).to_have_text("You are watching this game.")
    expect(viewer.page.locator("#actions")).to_be_hidden()
