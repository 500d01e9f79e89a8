"""Tournaments in the browser: created from the form and listed on the home page; two players
join a round robin, are taken to their game when it is paired and play it, while a third
person on a phone watches the tournament page: the game appears under "Playing now", the
crosstable fills in without a reload (pushed, not polled), and the finished page stays, in
English and Vietnamese, fitting 360 px."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta

from playwright.sync_api import expect

from tests.client.players import DESKTOP, PHONE
from tests.client.social import signed_up

URL = re.compile(r"/tournament/[A-Za-z0-9_-]+$")
ROOM = re.compile(r"/r/[A-Za-z0-9_-]+$")
# The page fits the screen, and so does every table in it: a box that scrolls sideways hides
# a column (a crosstable of a few players must show its score without scrolling).
FITS = """() => document.documentElement.scrollWidth <= window.innerWidth
  && [...document.querySelectorAll('.crosstable-wrap')]
       .every(w => w.scrollWidth <= w.clientWidth)"""
PUSHED_WITHIN_MS = 6000  # well under the page's 30 s fallback poll; a tick and a busy machine


def test_a_tournament_created_from_the_form_shows_its_countdown_and_is_listed_at_home(players):
    """With the opening rules of the chosen game (gomoku: swap2)."""
    lan, _ = signed_up(players, "lan", **DESKTOP)
    lan.page.goto(f"{lan.base_url}/tournaments")
    form = lan.page.locator("#tour-create-form")
    form.locator("#tour-name-input").fill("Câu lạc bộ Thứ Năm")
    expect(form.locator("#tour-berserk")).to_be_checked()  # an arena's, allowed by default
    form.locator("#tour-format").select_option("swiss")
    expect(form.locator("#tour-berserk")).to_be_hidden()
    form.locator("#tour-variant").select_option("caro")
    expect(form.locator("#tour-opening")).to_be_hidden()  # caro has no opening rule
    form.locator("#tour-variant").select_option("gomoku")
    expect(form.locator("#tour-opening option")).to_have_text(
        ["None", "Swap (3 stones, then pick a colour)", "Swap2 (…or place 2 more)"])
    form.locator("#tour-opening").select_option("swap2")
    form.scroll_into_view_if_needed()
    lan.shot("tournament-form-opening")
    form.locator("#tour-clock").select_option("3+2")
    form.locator("#tour-rounds").fill("5")
    form.locator("#tour-start-in").fill("10")
    form.locator("#tour-create").click()
    expect(lan.page).to_have_url(URL)
    expect(lan.page.locator("#tour-name")).to_have_text("Câu lạc bộ Thứ Năm")
    expect(lan.page.locator("#tour-terms")).to_have_text(
        re.compile(r"^Swiss · Gomoku.* · Swap2 · 3\+2 · Casual · 5 rounds$"))
    expect(lan.page.locator("#tour-status")).to_have_text(re.compile(r"^Starts in (10:00|9:\d\d)$"))
    expect(lan.page.locator("#tour-join")).to_be_visible()
    lan.shot("tournament-created")
    lan.home()
    expect(lan.page.locator("#tournaments #tour-live")).to_contain_text("Câu lạc bộ Thứ Năm")
    lan.page.locator("#tournaments").scroll_into_view_if_needed()
    lan.shot("tournament-home-card")


def soon(seconds: float) -> str:
    return (datetime.now(UTC) + timedelta(seconds=seconds)).isoformat()


def who_moves_first(one, two):
    """(the player whose board takes a move, the other), once one of them does."""
    for _ in range(150):
        for mover, other in ((one, two), (two, one)):
            if mover.page.locator(".board.is-interactive").count():
                return mover, other
        one.page.wait_for_timeout(100)
    raise AssertionError("neither board takes a move")


def test_two_players_join_play_their_pairing_and_a_phone_sees_the_crosstable_live(players):
    lan, lan_name = signed_up(players, "lan", **DESKTOP)
    minh, minh_name = signed_up(players, "minh", **PHONE, lang="vi")
    watcher = players("watcher", **PHONE)
    made = lan.page.request.post(f"{lan.base_url}/api/tournaments", data={
        "format": "round_robin", "name": "Lớp 10A1", "variant": "tictactoe",
        "clock": {"initial_s": 60, "increment_s": 0}, "starts_at": soon(8)}).json()
    page_url = f"{lan.base_url}{made['url']}"
    for player in (lan, minh):
        player.page.goto(page_url)
        player.page.locator("#tour-join").click()
        expect(player.page.locator("#tour-leave")).to_be_visible()
    watcher.page.goto(page_url)
    expect(watcher.page.locator("#standings tbody tr")).to_have_count(2)
    expect(minh.page.locator("#tour-status")).to_have_text(re.compile(r"^Bắt đầu sau 0:0\d$"))
    watcher.shot("tournament-before-start-phone")

    for player in (lan, minh):  # paired: each is taken to the game
        expect(player.page).to_have_url(ROOM, timeout=20_000)
    assert lan.page.url == minh.page.url
    expect(watcher.page.locator("#playing li")).to_have_count(1)
    first, second = who_moves_first(lan, minh)
    for mine, theirs in (("a1", "b1"), ("a2", "b2")):
        first.play(mine)
        second.play(theirs)
    first.play("a3")
    expect(first.result_title()).to_be_visible()
    first.shot("tournament-game-won")

    winner = lan_name if first is lan else minh_name
    row = watcher.page.locator(f'#standings tbody tr[data-player="{winner}"]')
    # Without a reload, pushed (the page's fallback poll is every 30 s): the director's next
    # tick (1 s) records the result, and its announcement makes the page read it again.
    expect(row.locator(".score")).to_have_text("1", timeout=PUSHED_WITHIN_MS)
    expect(watcher.page.locator("#tour-status")).to_have_text("Finished")
    expect(watcher.page.locator("#playing li")).to_have_count(0)
    assert watcher.page.evaluate(FITS), "the crosstable does not fit 360 px"
    watcher.shot("tournament-finished-phone")

    minh.page.goto(page_url)  # the finished page stays
    expect(minh.page.locator("#tour-status")).to_have_text("Đã kết thúc")
    expect(minh.page.locator("#tour-standings h2")).to_have_text("Bảng đấu chéo")
    expect(minh.page.locator("#standings tbody tr").first).to_have_attribute("data-player", winner)
    assert minh.page.evaluate(FITS)
    minh.shot("tournament-finished-phone-vi")
    lan.page.goto(page_url)
    expect(lan.page.locator("#standings tbody tr").first.locator(".score")).to_have_text("1")
    lan.shot("tournament-finished-desktop")


def test_a_round_robin_player_withdraws_after_being_told_what_it_costs(players):
    """Three players: the first to join (seed 1 of equal ratings) sits out round 1, on the
    tournament's page, and withdraws there."""
    host, _ = signed_up(players, "host", **DESKTOP)
    khoa, khoa_name = signed_up(players, "khoa", **PHONE, lang="vi")
    third, _ = signed_up(players, "third", **DESKTOP)
    made = host.page.request.post(f"{host.base_url}/api/tournaments", data={
        "format": "round_robin", "name": "Lớp 10A2", "variant": "tictactoe",
        "clock": {"initial_s": 60, "increment_s": 0}, "starts_at": soon(3)}).json()
    page_url = f"{host.base_url}{made['url']}"
    for player in (khoa, host, third):
        joined = player.page.request.post(
            f"{player.base_url}/api/tournaments/{made['id']}/join", data={})
        assert joined.ok, joined.text()
    khoa.page.goto(page_url)
    expect(khoa.page.locator("#tour-status")).to_have_text("Vòng 1", timeout=20_000)
    withdraw = khoa.page.locator("#tour-leave")
    expect(withdraw).to_have_text("Rút lui")
    withdraw.click()  # first: what it costs
    expect(khoa.page.locator("#tour-withdraw-note")).to_have_text(
        "Bạn sẽ không quay lại được: mọi ván chưa đấu của bạn bị xử thua.")
    expect(withdraw).to_have_text("Rút lui hẳn")
    khoa.shot("tournament-withdraw-phone-vi")
    withdraw.click()
    row = khoa.page.locator(f'#standings tbody tr[data-player="{khoa_name}"]')
    expect(row.locator(".paused-note")).to_have_text(" (đã rút lui)")
    expect(khoa.page.locator("#tour-leave")).to_have_count(0)
    assert khoa.page.evaluate(FITS)
    khoa.shot("tournament-withdrawn-phone-vi")
