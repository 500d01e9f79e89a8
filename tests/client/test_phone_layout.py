"""The top bar and the players fit a phone (360x740) as well as a laptop, in both languages: no
two header or player-card boxes overlap, no name is broken inside a word or cut off, "Log in"
stays on one line, and the brand stays whole (the name, account and language sit behind a menu
on a narrow screen). In a casual game without a clock, the idle countdown stays out of the way
until its last minute, on a line of its own."""

from __future__ import annotations

import re
import secrets
from collections.abc import Iterator

import pytest
from playwright.sync_api import expect

from tests.client.layout import layout_problems
from tests.client.players import DESKTOP, SCREENS
from tests.harness import ServerFactory, ServerNode

LANGS = ["en", "vi"]
IDLE_CLAIM_AFTER_S = 72  # the countdown appears 12 s after the game starts
LONG_NAME = "Nguyễn Thị Thanh Lan"  # 20 characters, the most a name may have


@pytest.fixture(scope="module")
def idle_node(tmp_path_factory: pytest.TempPathFactory, redis_server) -> Iterator[ServerNode]:
    """A node whose players may sit on their turn 72 s (not 300) before being claimed."""
    factory = ServerFactory(tmp_path_factory.mktemp("idle"), redis_server.url)
    yield factory.start("idle-1", env={"IDLE_CLAIM_AFTER_S": str(IDLE_CLAIM_AFTER_S)})
    factory.close()


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("screen", list(SCREENS))
def test_the_header_fits_with_the_name_account_and_language_in_reach(players, screen, lang):
    me = players("me", **SCREENS[screen], lang=lang, console_guard=True)
    me.home()
    assert layout_problems(me.page) == []
    me.open_menu()
    expect(me.page.locator("#display-name")).to_be_visible()
    expect(me.page.locator("#login-btn")).to_be_visible()
    expect(me.page.locator("#lang-select")).to_be_visible()
    assert layout_problems(me.page) == []
    me.shot(f"layout-header-menu-{screen}-{lang}")

    username = f"h_{secrets.token_hex(4)}"
    me.register(username)
    me.open_menu()
    expect(me.page.locator("#account-name")).to_have_text(username)
    expect(me.page.locator("#name-field")).to_be_hidden()  # the account names its player
    assert layout_problems(me.page) == []


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("screen", list(SCREENS))
def test_player_cards_keep_long_names_whole_and_the_casual_countdown_waits(
        idle_node, players, screen, lang):
    lan = players("lan", **DESKTOP)
    lan.base_url = idle_node.url
    lan.home(name=LONG_NAME)
    link = lan.create("Gomoku", first="Me")
    minh = players("minh", **SCREENS[screen], lang=lang, console_guard=True)
    minh.base_url = idle_node.url
    minh.visit(link, name="Phạm Minh")
    deadline = minh.page.locator("#move-deadline")
    expect(deadline).to_be_hidden()
    expect(minh.page.locator('.player[data-seat="1"] .player-name')).to_have_text(LONG_NAME)
    assert layout_problems(minh.page) == []

    expect(deadline).to_be_visible(timeout=30_000)  # its last minute
    expect(deadline).to_have_text(
        re.compile(f"^{LONG_NAME} (must move within|phải đi trong) [01]:"))
    assert layout_problems(minh.page) == []
    cards = minh.page.locator(".player-rows").bounding_box()
    below = deadline.bounding_box()
    assert cards and below and below["y"] >= cards["y"] + cards["height"]  # a line of its own
    minh.shot(f"layout-countdown-{screen}-{lang}")


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("screen", list(SCREENS))
def test_the_computers_card_and_the_clocks_fit(players, screen, lang):
    me = players("me", **SCREENS[screen], lang=lang, console_guard=True)
    me.home()
    me.open_room(variant="gomoku", opponent="ai", name=LONG_NAME,
                 clock={"initial_s": 180, "increment_s": 2})
    computer = me.page.locator('.player[data-seat="2"] .player-name, '
                               '.player[data-seat="1"] .player-name', has_text=re.compile("·"))
    expect(computer).to_have_text(re.compile(r"^(Computer · level|Máy · cấp) \d, .+"))
    expect(me.page.locator(".player .clock")).to_have_count(2)
    assert layout_problems(me.page) == []
