"""A player's view of the web client, for the browser tests: one Playwright page, the actions a
person takes (create a game, click a cell, press a button) and what they read (status, moves,
result). Selectors live here once, so the tests read as the story they check."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

WAIT_MS = 15_000
PASSWORD = "correct horse battery"
# The two screens of issue 16: a laptop and a small phone (kwargs of the `players` fixture).
DESKTOP = {"width": 1366, "height": 800}
PHONE = {"width": 360, "height": 740, "phone": True}
SCREENS = {"desktop": DESKTOP, "phone": PHONE}
# A browser set to Vietnamese opens the site in Vietnamese (client/js/common/i18n.js).
LOCALES = {"en": "en-US", "vi": "vi-VN"}
# Every screen in both languages: what a page test that "a person sees" runs on.
VIEWS = {f"{screen}-{lang}": {**size, "lang": lang} for screen, size in SCREENS.items()
         for lang in LOCALES}
# Both screens and both languages in two runs (the `reader` fixture's default): each test sees
# a desktop and a phone, English and Vietnamese, at half the time of every pairing. A test
# about the words themselves takes every view (`every_view`).
PAIRED_VIEWS = ("desktop-en", "phone-vi")
every_view = pytest.mark.parametrize("reader", list(VIEWS), indirect=True)
COMPUTER = re.compile(r"^Computer · level \d(, .+)?$")  # an AI seat, at whatever level it has


@dataclass
class Player:
    page: Page
    base_url: str
    shots: Path
    label: str
    errors: list[str] = field(default_factory=list)
    lang: str = "en"  # the page's language: the browser's own (`locale`) until one is chosen
    # Errors the browser's console shows (a failed request, a script error): a person's
    # console stays clean in every flow, so tests that open a player with `console_guard`
    # fail on any (the `players` fixture checks after the test).
    console_errors: list[str] = field(default_factory=list)
    console_guard: bool = False

    @classmethod
    def open(
        cls, browser: Browser, base_url: str, shots: Path, label: str, *,
        width: int = 1280, height: int = 800, phone: bool = False, lang: str = "en",
        console_guard: bool = False,
    ) -> Player:
        context = browser.new_context(
            viewport={"width": width, "height": height},
            device_scale_factor=2 if phone else 1,
            has_touch=phone, is_mobile=phone, locale=LOCALES[lang],
        )
        page = context.new_page()
        page.set_default_timeout(WAIT_MS)
        player = cls(page=page, base_url=base_url, shots=shots, label=label, lang=lang,
                     console_guard=console_guard)
        page.on("pageerror", lambda exc: player.errors.append(str(exc)))
        page.on("console", lambda message: player.console_errors.append(
            f"{message.text} ({message.location.get('url', '')})")
            if message.type == "error" else None)
        return player

    def close(self) -> None:
        self.page.context.close()

    # ------------------------------------------------------------------ navigation

    def open_menu(self) -> None:
        """On a narrow screen the name, account and language are behind the menu button."""
        button = self.page.locator("#menu-btn")
        if button.is_visible() and button.get_attribute("aria-expanded") != "true":
            button.click()

    def home(self, name: str | None = None) -> None:
        self.page.goto(self.base_url + "/")
        expect(self.page.locator("#new-game")).to_be_visible()
        if name:
            self.set_name(name)

    def set_name(self, name: str) -> None:
        """Types the name in the top bar (behind the menu on a phone)."""
        self.open_menu()
        self.page.fill("#display-name", name)
        self.page.press("#display-name", "Tab")
        self.page.keyboard.press("Escape")

    def visit(self, url: str, name: str | None = None, *, join: bool = True) -> None:
        """Opens a room's link; `join`: take the free seat the page offers (its name field is
        prefilled with `name`), else just look (a full room offers nothing)."""
        if name:
            self.page.goto(self.base_url + "/")
            self.set_name(name)
        self.page.goto(url)
        expect(self.page.locator(".board")).to_be_visible()
        if join:
            self.page.locator("#join-seat").click()
            expect(self.page.locator("#join-prompt")).to_be_hidden()
            expect(self.page.locator(".player .pmeta", has_text=re.compile(r"(you|bạn)$"))) \
                .to_have_count(1)

    def create(self, game: str, *, opponent: str = "A friend", first: str | None = "Me",
               level: int | None = None, public: bool = False, clock: str | None = None,
               rated: bool = False, rating_range: int | None = None) -> str:
        """Fills the home page form and creates the room; returns the room's URL. `game` is a
        tile title, or "Custom board" after the custom fields were filled; `rating_range`
        (100, 200, 300, 500) a public room's "Opponent's rating": mine plus or minus it."""
        form = self.page.locator("#new-game")
        form.locator(".tile", has_text=re.compile(f"^{re.escape(game)}")).first.click()
        if clock is not None:
            form.locator(".tile", has_text=re.compile(f"^{re.escape(clock)}$")).click()
        form.locator(".tile", has_text=opponent).click()
        if level is not None:
            form.locator("select[name=level]").select_option(str(level))
        if first is not None:
            form.locator(".side-field .tile", has_text=first).click()
        if public:
            form.locator("input[name=public]").check()
        if rated:
            form.locator("#rated-box").check()
        if rating_range is not None:
            form.locator("#range-select").select_option(str(rating_range))
        form.locator("#create-btn").click()
        expect(self.page).to_have_url(re.compile(r"/r/[A-Za-z0-9_-]+$"))
        expect(self.page.locator(".board")).to_be_visible()
        return self.page.url

    def open_room(self, **body) -> str:
        """Creates a room over HTTP as this browser (`body`: POST /api/rooms, e.g.
        variant="gomoku", opponent="ai"), keeps its seat token as the page does, and opens it
        (any page language: no tile to find by its words); returns the room's URL."""
        answer = self.page.request.post(f"{self.base_url}/api/rooms",
                                        data={"your_side": "first", **body})
        assert answer.status == 201, answer.text()
        room = answer.json()
        self.keep_token(room["room_id"], room["token"])
        self.page.goto(f"{self.base_url}{room['url']}")
        expect(self.page.locator(".board")).to_be_visible()
        return self.page.url

    def keep_token(self, room_id: str, token: str) -> None:
        """Keeps a seat token where the page looks for it (client/js/common/api.js)."""
        self.page.evaluate("([id, token]) => localStorage.setItem(`caro-arena:token:${id}`, token)",
                           [room_id, token])

    def register(self, username: str, password: str = PASSWORD) -> None:
        """Registers the account `username` for this browser (its session cookie), as the
        account form does, then reloads the page to show it."""
        answer = self.page.request.post(f"{self.base_url}/api/account/register",
                                        data={"username": username, "password": password})
        assert answer.status == 201, answer.text()
        self.page.reload()

    def share_link(self) -> str:
        share = self.page.locator("#share-link")
        expect(share).to_be_visible()
        return share.input_value()

    # ------------------------------------------------------------------ playing

    def cell(self, name: str):
        return self.page.locator(f'[role="gridcell"][aria-label^="{name},"]')

    def wait_my_turn(self) -> None:
        expect(self.page.locator(".board.is-interactive")).to_have_count(1)

    def play(self, cell_name: str) -> None:
        """Clicks a cell ("h8"; for Connect Four any cell of the column, e.g. "d6")."""
        self.wait_my_turn()
        plies = self.ply_count()
        self.cell(cell_name).click()
        self.wait_plies_at_least(plies + 1)

    def ply_count(self) -> int:
        return self.page.locator("#move-list button.mv").count()

    def wait_plies(self, n: int) -> None:
        expect(self.page.locator("#move-list button.mv")).to_have_count(n)

    def wait_plies_at_least(self, n: int) -> None:
        """For games where the AI may already have answered."""
        self.page.wait_for_function(
            "n => document.querySelectorAll('#move-list button.mv').length >= n", arg=n)

    def moves(self) -> list[str]:
        return self.page.locator("#move-list button.mv").all_inner_texts()

    def status(self):
        return self.page.locator("#status")

    def click(self, selector: str) -> None:
        self.page.locator(selector).click()

    def result_title(self):
        return self.page.locator("#result-title")

    def result_reason(self):
        return self.page.locator("#result-reason")

    def in_viewport(self, selector: str) -> bool:
        """Is the whole of `selector` on screen without scrolling?"""
        box = self.page.locator(selector).bounding_box()
        size = self.page.viewport_size
        return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= size["height"] \
            and box["x"] >= 0 and box["x"] + box["width"] <= size["width"]

    def shot(self, name: str) -> Path:
        path = self.shots / f"{name}.png"
        self.page.screenshot(path=str(path))
        return path


def start_pair(players, game: str = "Gomoku", second_name: str = "Minh",
               base_url: str | None = None) -> tuple[Player, Player]:
    """Lan creates a room (moving first) and Minh opens its link; returns (lan, minh).
    `base_url`: a server of the test's own instead of the shared one."""
    lan = players("lan")
    lan.base_url = base_url or lan.base_url
    lan.home(name="Lan")
    lan.create(game, first="Me")
    minh = players("minh")
    minh.base_url = lan.base_url
    minh.visit(lan.share_link(), name=second_name)
    expect(lan.status()).to_have_text("Your turn")
    return lan, minh
