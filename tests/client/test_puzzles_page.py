"""The puzzles page as a person uses it, on a laptop and on a phone: a VCF puzzle solved move
by move (by keyboard on the laptop; the server's reply appears after a pause, the rating goes
up, the attempt is in the history); a wrong move that ends the attempt, with the solution
stepped through by buttons and keys; a streak run until its first mistake; the daily puzzle
from the home page. The puzzles are real rows of the node's store; the test reads their
answers from it, as the server never sends a solution before an attempt ends. A reviewed
game links the position a puzzle was cut from to that puzzle."""

from __future__ import annotations

import asyncio
import dataclasses
import re
from concurrent.futures import ThreadPoolExecutor

import pytest
from playwright.sync_api import Route, expect

from engine.board import Board
from tests.client.players import SCREENS, Player
from tests.server.client import Player as SocketPlayer
from tests.server.client import create_room
from tests.server.puzzles.helpers import add_puzzles, answer_key
from tests.server.puzzles.samples import many, vcf

pytestmark = pytest.mark.slow


def run(coroutine):
    """Runs a store call beside Playwright's own event loop (in a thread of its own)."""
    with ThreadPoolExecutor(1) as thread:
        return thread.submit(asyncio.run, coroutine).result()


@pytest.fixture(scope="module")
def puzzles(app_server):
    """A VCF puzzle (h7, g6, l11) and a ladder of easy ones for streaks, in the node's store."""
    added = [vcf(), *many(6, rows=1)]
    run(add_puzzles(app_server, added))
    return added


@pytest.fixture(params=list(SCREENS))
def solver(browser, app_server, shots_dir, request):
    person = Player.open(browser, app_server.url, shots_dir, f"puzzles-{request.param}",
                         **SCREENS[request.param], console_guard=True)
    yield person
    errors = person.errors + person.console_errors
    person.close()
    assert not errors


def play(solver: Player, move: str) -> None:
    """Plays `move` on the puzzle's board (a phone's small board: tap twice, as a person)."""
    solver.page.locator(".puzzle-board .board.is-interactive").wait_for()
    cell = solver.page.locator(f'.puzzle-board [role="gridcell"][aria-label^="{move},"]')
    if solver.page.viewport_size["width"] < 500:
        cell.tap()
        cell.tap()
    else:
        cell.click()


def stones(solver: Player) -> int:
    return solver.page.locator(".puzzle-board .layer-pieces > *").count()


def shot(solver: Player, name: str) -> None:
    solver.page.screenshot(path=str(solver.shots / f"{name}-{solver.label}.png"), full_page=True)


def solve_shown(solver: Player) -> str:
    """Plays the player's part of the puzzle on the page, as its answer key says (of the
    puzzle on the board once it takes moves: while the next one loads, it takes none)."""
    solver.page.locator(".puzzle-board .board.is-interactive").wait_for()
    puzzle_id = solver.page.locator(".puzzle-board").get_attribute("data-puzzle")
    line = run(answer_key(solver.app_node, puzzle_id))
    for ply in range(0, len(line), 2):
        play(solver, line[ply])
        if ply + 1 < len(line):  # the reply comes after a pause, and the board waits for it
            expect(solver.page.locator("#puzzle-status")).to_have_text(
                "Keep going: find the next move.")
    return puzzle_id


def wrong_move(solver: Player) -> str:
    """A legal move far from the stones, which no solution plays."""
    moves = solver.page.evaluate("fetch(location.pathname.replace('/puzzles/', '/api/puzzles/'))"
                                 ".then((r) => r.json()).then((p) => [p.variant, p.moves])")
    board = Board.from_moves(*moves)
    return next(m for m in ("a1", "o15", "a15", "o1") if board.is_legal(board.parse_move(m)))


def test_a_vcf_puzzle_is_solved_move_by_move(solver, puzzles, app_server):
    solver.app_node = app_server
    solver.page.goto(f"{app_server.url}/puzzles/{puzzles[0].id}")
    expect(solver.page.locator("#puzzle-task")).to_have_text("Black to play and win")
    expect(solver.page.locator("#puzzle-my-rating")).to_have_text("1500?")
    before = stones(solver)
    if solver.label.endswith("desktop"):  # by keyboard: the board has it, its cursor on h8
        solver.page.locator(".puzzle-board .board.is-interactive").wait_for()
        expect(solver.page.locator(".puzzle-board .board")).to_be_focused()
        solver.page.keyboard.press("ArrowDown")
        solver.page.keyboard.press("Enter")
    else:
        play(solver, "h7")
    expect(solver.page.locator("#puzzle-status")).to_have_text("Keep going: find the next move.")
    assert stones(solver) == before + 2  # the move and the defender's reply g6
    expect(solver.page.locator('.puzzle-board [aria-label^="g6,"]')).to_have_attribute(
        "aria-label", re.compile("White"))
    play(solver, "l11")
    expect(solver.page.locator("#puzzle-status")).to_have_text("Solved!")
    expect(solver.page.locator("#puzzle-change")).to_have_text(re.compile(r"^\+\d+$"))
    expect(solver.page.locator("#puzzle-history-list .is-solved")).to_have_count(1)
    expect(solver.page.locator("#puzzle-solution")).to_be_visible()
    shot(solver, "puzzle-solved")


def test_a_wrong_move_ends_the_attempt_and_the_solution_is_stepped_through(
        solver, puzzles, app_server):
    solver.app_node = app_server
    solver.page.goto(f"{app_server.url}/puzzles/{puzzles[0].id}")
    play(solver, "a1")
    expect(solver.page.locator("#puzzle-status")).to_have_text(
        "a1 is not it. The attempt is over: step through the solution.")
    expect(solver.page.locator("#puzzle-change")).to_have_text(re.compile(r"^−\d+$"))
    ply = solver.page.locator("#solution-ply")
    expect(ply).to_have_text("1 / 3")  # the move to find is on the board
    expect(solver.page.locator('.puzzle-board [aria-label^="h7,"]')).to_have_attribute(
        "aria-label", re.compile("Black"))
    solver.page.locator("#solution-next").click()
    expect(ply).to_have_text("2 / 3")
    solver.page.locator("#solution-first").focus()
    solver.page.keyboard.press("End")
    expect(ply).to_have_text("3 / 3")
    solver.page.keyboard.press("ArrowLeft")
    expect(ply).to_have_text("2 / 3")
    solver.page.locator("#solution-moves button.mv", has_text="l11").click()
    expect(ply).to_have_text("3 / 3")
    expect(solver.page.locator("#puzzle-history-list .is-failed")).to_have_count(1)
    shot(solver, "puzzle-failed")


def test_a_streak_runs_until_the_first_mistake(solver, puzzles, app_server):
    """The puzzle asked for when the page opened comes back only after the streak's first one
    is on the board (as on a busy server): the page keeps the streak's puzzle."""
    solver.app_node = app_server
    held: list[Route] = []
    rated_next = re.compile(r"/api/puzzles/next(\?(?!.*streak=).*)?$")  # not the streak's
    solver.page.route(rated_next, lambda route: held.append(route))
    solver.page.goto(f"{app_server.url}/puzzles")
    solver.page.locator("#puzzle-mode-streak").click()
    expect(solver.page.locator("#puzzle-streak")).to_have_text(re.compile(r"^Streak: 0 solved"))
    expect(solver.page.locator("#puzzle-kind")).to_have_text(re.compile(r"^Streak · "))
    streak_first = solver.page.locator(".puzzle-board").get_attribute("data-puzzle")
    with solver.page.expect_response(rated_next):
        (late,) = held
        late.continue_()
    solved_ids = []
    for solved in (1, 2):
        solved_ids.append(solve_shown(solver))
        expect(solver.page.locator("#puzzle-streak")).to_have_text(
            re.compile(rf"^Streak: {solved} solved"))
        expect(solver.page.locator(".puzzle-board")).not_to_have_attribute(
            "data-puzzle", solved_ids[-1])
    assert solved_ids[0] == streak_first  # the late answer did not take its place
    play(solver, wrong_move(solver))
    expect(solver.page.locator("#puzzle-status")).to_have_text(
        "The streak is over: 2 solved in a row. Step through the solution.")
    expect(solver.page.locator("#puzzle-next")).to_have_text("Start a new streak")
    expect(solver.page.locator("#puzzle-solution")).to_be_visible()
    shot(solver, "puzzle-streak-over")


def test_the_daily_puzzle_is_on_the_home_page_and_solved_there(solver, puzzles, app_server):
    solver.app_node = app_server
    solver.page.goto(app_server.url + "/")
    card = solver.page.locator("#daily-puzzle")
    expect(card.locator("#daily-task")).to_have_text(re.compile(r"to play"))
    card.locator("#daily-solve").click()
    expect(solver.page).to_have_url(re.compile(r"/puzzles/daily$"))
    expect(solver.page.locator("#puzzle-kind")).to_have_text(re.compile(r"^Puzzle of the day"))
    solve_shown(solver)
    expect(solver.page.locator("#puzzle-status")).to_have_text("Solved!")
    solver.page.goto(app_server.url + "/")
    expect(solver.page.locator("#daily-done")).to_have_text("You solved today's puzzle.")
    shot(solver, "puzzle-daily-home")


async def play_missing_the_win(base_url: str, ws_url: str, moves: tuple[str, ...]) -> str:
    """A gomoku game through ``moves``, where Black then plays far away instead of the
    forced win, and White resigns; returns its game id."""
    room = await create_room(base_url, variant="gomoku", your_side="first")
    black = await SocketPlayer.join(ws_url, room["room_id"], token=room["token"])
    white = await SocketPlayer.join(ws_url, room["room_id"])
    for ply, move in enumerate([*moves, "o1"]):
        await (black if ply % 2 == 0 else white).move(move)
    await white.command("resign")
    await black.wait_for("game_over")
    return f"{room['room_id']}-1"


@pytest.mark.parametrize("solver", ["desktop"], indirect=True)
def test_a_reviewed_game_links_its_missed_win_to_the_puzzle_cut_from_it(solver, app_server):
    (mined,) = many(1, rows=3)  # a position no other test adds
    game_id = run(play_missing_the_win(app_server.url, app_server.ws_url, mined.moves))
    ply = len(mined.moves)
    run(add_puzzles(app_server, [dataclasses.replace(
        mined, source={"kind": "game", "game_id": game_id, "ply": ply})]))
    solver.page.goto(f"{app_server.url}/g/{game_id}")
    solver.page.locator(f'#move-list button.mv[data-ply="{ply + 1}"]').click()
    link = solver.page.locator("#review-puzzle a")
    expect(link).to_have_text("The forced win here is a puzzle: solve it")
    link.click()
    expect(solver.page).to_have_url(re.compile(rf"/puzzles/{mined.id}$"))
    expect(solver.page.locator("#puzzle-task")).to_have_text("Black to play and win")
