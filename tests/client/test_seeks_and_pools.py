"""Finding a rated opponent in the browser (issue 27): a seek with a rating range, listed in the
lobby with who seeks and at what rating, taken by another account, and both play; a search in a
rated pool, its window and count, ending with both players seated in one rated room. One flow
each, the two players on different screens and languages (desktop English, phone Vietnamese;
desktop Vietnamese, phone English), so the four views are all seen."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from tests.client.layout import layout_problems
from tests.client.players import VIEWS
from tests.client.social import signed_up

ROOM_URL = re.compile(r"/r/[A-Za-z0-9_-]+$")


def test_a_seek_with_a_rating_range_is_taken_from_the_lobby_and_both_play(players):
    lan, lan_name = signed_up(players, "lan", **VIEWS["desktop-en"])
    room_url = lan.create("Gomoku", clock="5+3", public=True, rated=True, rating_range=200)
    expect(lan.status()).to_have_text("Looking for an opponent…")

    minh, _minh_name = signed_up(players, "minh", **VIEWS["phone-vi"])
    seek = minh.page.locator("#lobby-list .lobby-item", has_text=lan_name)
    expect(seek.locator(".seek-player")).to_have_text(f"của {lan_name} 1500?")
    expect(seek.locator(".lobby-meta")).to_have_text("5+3 · Tính điểm · cho hệ số 1300–1700")
    expect(seek.locator(".seek-why")).to_have_count(0)  # just registered, rated 1500: welcome
    expect(seek.get_by_role("button", name="Vào")).to_be_enabled()
    seek.scroll_into_view_if_needed()
    assert layout_problems(minh.page) == []
    minh.shot("seek-lobby-phone-vi")
    seek.get_by_role("button", name="Vào").click()

    expect(minh.page).to_have_url(room_url)
    expect(lan.status()).to_have_text("Your turn")
    lan.play("h8")
    minh.play("h9")
    lan.wait_plies(2)
    expect(lan.page.locator(".player .pname")).to_contain_text([lan_name, "minh"])
    lan.shot("seek-game-desktop-en")
    minh.shot("seek-game-phone-vi")


def to_move(one, other):
    """(the player whose turn it is, the other): colours are drawn at random in a pool."""
    for _ in range(150):  # 15 s
        for mover, waiter in ((one, other), (other, one)):
            if mover.page.locator(".board.is-interactive").count():
                return mover, waiter
        one.page.wait_for_timeout(100)
    raise AssertionError("neither player may move")


# Each element's text on one line: its box is less than two lines of its font high.
ONE_LINE_EACH = """els => els.every(e =>
  e.getBoundingClientRect().height < 2 * parseFloat(getComputedStyle(e).fontSize))"""


def test_two_players_searching_a_rated_pool_are_seated_in_one_room(players):
    an, an_name = signed_up(players, "an", **VIEWS["desktop-vi"])
    binh, binh_name = signed_up(players, "binh", **VIEWS["phone-en"])
    pool = '#pool-buttons [data-pool="caro-3+2"]'

    expect(an.page.locator("#pool-note")).to_have_text(
        "Chơi một ván Cờ caro (luật Việt Nam) tính điểm với người có hệ số gần bạn.")
    an.page.locator(pool).click()
    search = an.page.locator("#pool-search")
    expect(search.locator(".search-text")).to_contain_text("Đang tìm đối thủ 3+2…")
    expect(search.locator("#pool-window")).to_have_text(
        re.compile(r"^Đối thủ có hệ số 1\d{3}–1\d{3} · 0 người khác đang chờ$"))
    assert layout_problems(an.page) == []
    an.shot("pool-search-desktop-vi")
    expect(binh.page.locator(pool)).to_contain_text("1 waiting")
    binh.page.locator(pool).scroll_into_view_if_needed()
    assert binh.page.locator(".pool-waiting").evaluate_all(ONE_LINE_EACH), \
        "a pool's count is split from its word on the phone"
    binh.shot("pool-waiting-phone-en")
    binh.page.locator(pool).click()

    for player in (an, binh):
        expect(player.page).to_have_url(ROOM_URL)
        expect(player.page.locator(".board")).to_be_visible()
    assert an.page.url == binh.page.url
    for player in (an, binh):
        for name in (an_name, binh_name):
            expect(player.page.locator(".players")).to_contain_text(name)
    first, second = to_move(an, binh)
    first.play("h8")
    second.play("h9")
    first.wait_plies(2)
    an.shot("pool-game-desktop-vi")
    binh.shot("pool-game-phone-en")
