"""A walk through every page, in English and in Vietnamese, on a laptop and on a phone: home,
a room as a player and as a spectator, a finished game, the review, the replay, the analysis
board, a profile, the leaderboard, "Your games" and the puzzles. No page shows "null",
"undefined", a raw variant id or (on the Vietnamese side) English a translation exists for,
overlapping boxes, a broken name, or an error in the console. Every page is photographed at
both sizes: tests/artifacts/client/pages/ (committed: `CARO_PAGE_SCREENSHOTS=1` writes them
there; each run writes them to tests/artifacts/client/walk/ for looking at)."""

from __future__ import annotations

import os
import re
import shutil
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.client.layout import layout_problems, page_function
from tests.client.players import PASSWORD, SCREENS, Player
from tests.client.scene import Scene, build_scene

COMMITTED = Path(__file__).resolve().parents[1] / "artifacts" / "client" / "pages"
SETTLE_MS = 600  # after a page's own content is there: late answers (levels, boards) land

# Whole English words the Vietnamese pages never need (names of games such as "Connect Four"
# and "Tic-Tac-Toe" are the same in both languages and hold none of them).
ENGLISH_WORDS = re.compile(
    r"\b(the|and|you|your|with|vs|move|moves|game|games|play|player|players|rated|review|"
    r"replay|level|won|lost|draw|resigned|rating|black|white|computer|anonymous|online|"
    r"watch|first|second|loading|analysis|accuracy|best|blunder|mistake|import|export)\b",
    re.IGNORECASE)

TEXT_PROBLEMS = page_function("text_checks.js")


@dataclass(frozen=True)
class Stop:
    """A page of the walk: its path, what shows it is there, the seat token it needs."""

    name: str
    path: Callable[[Scene], str]
    ready: str
    token_of: Callable[[Scene], str | None] = lambda scene: None


STOPS = [
    Stop("home", lambda s: "/", "#your-games .game-item"),
    Stop("room-player", lambda s: f"/r/{s.live_room}", "#move-list .mv",
         lambda s: s.live_room),
    Stop("room-spectator", lambda s: f"/r/{s.watched_room}", ".player-rows"),
    Stop("game-over", lambda s: f"/r/{s.finished_room}", "#gameover #result-title",
         lambda s: s.finished_room),
    Stop("review", lambda s: f"/g/{s.game_id}", "#game-head"),
    Stop("replay", lambda s: f"/g/{s.game_id}/replay", "#replay-ply"),
    Stop("analysis-board", lambda s: "/analysis", "#board-status"),
    Stop("profile", lambda s: f"/@/{s.host}", "#profile-name"),
    Stop("leaderboard", lambda s: "/leaderboard/tictactoe",
         "#leaderboard-table, #leaderboard-empty"),
    Stop("your-games", lambda s: "/#your-games", "#your-games .game-item"),
    Stop("puzzles", lambda s: "/puzzles", "#puzzle-page .board"),
]


@pytest.fixture(scope="module")
def scene(app_server) -> Scene:
    return build_scene(app_server.url)


def raw_variant_ids(page: Page, base_url: str) -> list[str]:
    """Every variant spec a person must never read as such: the named ones of the server
    but the single plain words (a title may be the same word, "Gomoku"), and custom specs."""
    names = page.request.get(f"{base_url}/api/variants").json()["variants"]
    return [v["name"] for v in names if not v["name"].isalpha()] + [r"custom-\d+x\d+[\w-]*"]


def english_phrases(page: Page) -> list[str]:
    """The English strings of the page's dictionary that Vietnamese says otherwise, cut at
    their placeholders, where a piece is long enough to be a phrase of its own."""
    return page.evaluate("""async () => {
        const { strings: en } = await import('/static/js/common/lang/en.js');
        const { strings: vi } = await import('/static/js/common/lang/vi.js');
        const viText = Object.values(vi).join('\\n');
        return [...new Set(Object.entries(en).filter(([key, text]) => vi[key] !== text)
            .flatMap(([, text]) => text.split(/\\{\\w+\\}/).map((piece) => piece.trim()))
            .filter((piece) => piece.length >= 8 && /[a-z]{3}/.test(piece)
                && !viText.includes(piece)))];
    }""")


def visit(player: Player, scene: Scene, stop: Stop) -> list[str]:
    """Opens the stop's page; [] once its content shows, else the problem (the walk goes on,
    so one run lists every page's problems)."""
    token = stop.token_of(scene)
    if token is not None:  # the host's seat, as their own browser keeps it
        player.keep_token(token, scene.tokens[token])
    player.page.goto(scene.base_url + stop.path(scene))
    try:
        expect(player.page.locator(stop.ready).first).to_be_visible()
    except AssertionError:
        return [f"{stop.ready} is not shown"]
    finally:
        player.page.wait_for_timeout(SETTLE_MS)
    return []


def photograph(player: Player, stop: Stop, screen: str, lang: str) -> None:
    name = f"{stop.name}-{screen}-{lang}.png"
    walk_dir = player.shots / "walk"
    walk_dir.mkdir(exist_ok=True)
    if stop.name == "your-games":
        player.page.locator("#your-games").screenshot(path=str(walk_dir / name))
    else:
        player.page.screenshot(path=str(walk_dir / name), full_page=True)
    if os.environ.get("CARO_PAGE_SCREENSHOTS") == "1":
        COMMITTED.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(walk_dir / name, COMMITTED / name)


WALK_TIMEOUT_S = 600  # twenty pages on a busy shared machine (the default is 120 s a test)


@pytest.mark.timeout(WALK_TIMEOUT_S)
@pytest.mark.parametrize("lang", ["en", "vi"])
def test_every_page_reads_right_and_fits_at_both_sizes(players, scene, lang):
    problems: list[str] = []
    for screen, size in SCREENS.items():
        me = players(f"walk-{screen}-{lang}", **size, lang=lang, console_guard=True)
        me.base_url = scene.base_url
        me.page.goto(scene.base_url + "/")
        answer = me.page.request.post(f"{scene.base_url}/api/account/login",
                                      data={"username": scene.host, "password": PASSWORD})
        assert answer.ok, answer.text()
        raw_ids, english = raw_variant_ids(me.page, scene.base_url), english_phrases(me.page)
        for stop in STOPS:
            shown = visit(me, scene, stop)
            found = me.page.evaluate(TEXT_PROBLEMS, [raw_ids, english, lang])
            page_problems = shown + found["problems"] + layout_problems(me.page)
            if lang == "vi":
                words = sorted({w.lower() for w in ENGLISH_WORDS.findall(found["text"])})
                page_problems += [f"English word: {word}" for word in words]
            problems += [f"{stop.name} ({screen}): {problem}" for problem in page_problems]
            photograph(me, stop, screen, lang)
    assert not problems, "\n".join(problems)
