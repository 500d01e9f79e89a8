"""Notifications in SQL (PostgreSQL and SQLite): newest first, read state, a bounded table."""

from __future__ import annotations

from server.notifications import store


async def ids_of(engine, player_id: str, limit: int = 10, before: int | None = None) -> list:
    items, _unread = await store.page(engine, player_id, limit, before)
    return [item["id"] for item in items]


async def test_notifications_come_newest_first_and_unread_until_marked(engine):
    first = await store.insert(engine, "p1", "challenge", {"n": 1}, "challenge:a", 1)
    second = await store.insert(engine, "p1", "game_ended", {"n": 2}, None, 2)
    await store.insert(engine, "p2", "challenge", {"n": 3}, None, 3)

    items, unread = await store.page(engine, "p1", 10)
    assert [item["id"] for item in items] == [second, first] and unread == 2
    assert items[0] == {"id": second, "kind": "game_ended", "data": {"n": 2},
                        "created_at": 2, "read": False}


async def test_marking_read_by_id_by_subject_or_all_changes_only_the_askers(engine):
    ids = [await store.insert(engine, "p1", "challenge", {}, f"challenge:{n}", n)
           for n in range(3)]
    other = await store.insert(engine, "p2", "challenge", {}, "challenge:0", 9)

    assert await store.mark_read(engine, "p1", 10, ids=[ids[0], other]) == ([ids[0]], 2)
    assert await store.mark_read(engine, "p1", 10, ref="challenge:1") == ([ids[1]], 1)
    assert await store.mark_read(engine, "p1", 10) == ([ids[2]], 0)
    assert (await store.page(engine, "p2", 10))[1] == 1
    items, _unread = await store.page(engine, "p1", 10)
    assert all(item["read"] for item in items)


async def test_a_page_below_a_cursor_continues_where_the_last_ended(engine):
    ids = [await store.insert(engine, "p1", "game_ended", {}, None, n) for n in range(5)]
    assert await ids_of(engine, "p1", 2, before=ids[3]) == [ids[2], ids[1]]


async def test_only_the_newest_notifications_of_a_player_are_kept(engine, monkeypatch):
    monkeypatch.setattr(store, "KEEP", 3)
    ids = [await store.insert(engine, "p1", "game_ended", {}, None, n) for n in range(5)]
    await store.insert(engine, "p2", "game_ended", {}, None, 9)
    assert await ids_of(engine, "p1") == ids[:1:-1]
    assert len(await ids_of(engine, "p2")) == 1
