"""Accounts in the browser: register, log in on a second browser, the profile with its rating
chart, "Your games" and the replay page of an archived game."""

from __future__ import annotations

import json
import re
import secrets
import time
import urllib.request

from playwright.sync_api import expect

from tests.client.players import Player, start_pair
from tests.harness import http_get

PASSWORD = "correct horse battery"


def new_username() -> str:
    return f"b_{secrets.token_hex(4)}"


def sign(player: Player, mode: str, username: str, typed: str | None = None) -> None:
    """Register or log in from the top bar (typing `typed`, default `username`)."""
    player.open_menu()
    player.page.locator(f"#{mode}-btn").click()
    player.page.fill("#account-username", typed or username)
    player.page.fill("#account-password", PASSWORD)
    if mode == "register":
        player.page.fill("#account-password2", PASSWORD)
    player.page.locator("#account-submit").click()
    expect(player.page.locator("#account-name")).to_have_text(username)


def room_state(player: Player) -> dict:
    room_id = player.page.url.rstrip("/").rsplit("/", 1)[1]
    with urllib.request.urlopen(f"{player.base_url}/api/rooms/{room_id}", timeout=5) as answer:
        return json.loads(answer.read())


def wait_archived(player: Player, game_id: str, within_s: float = 15.0) -> None:
    """The outbox archives a game a moment after it ends; pages read the archive."""
    deadline = time.monotonic() + within_s
    while time.monotonic() < deadline:
        if http_get(f"{player.base_url}/api/games/{game_id}")[0] == 200:
            return
        time.sleep(0.05)
    raise AssertionError(f"game {game_id} was not archived within {within_s} s")


def play_tictactoe_to_a_win(lan: Player, minh: Player) -> None:
    for mover, cell in ((lan, "a1"), (minh, "b1"), (lan, "a2"), (minh, "b2"), (lan, "a3")):
        mover.play(cell)
    expect(lan.result_title()).to_be_visible()


def test_register_then_log_in_on_a_second_browser_as_the_same_account(players):
    first, second, username = players("first"), players("second"), new_username()
    first.home()
    sign(first, "register", username)
    second.home()
    sign(second, "login", username, typed=username.upper())
    second.page.locator("#account-name").click()
    expect(second.page.locator("#profile-name")).to_have_text(username)
    second.page.locator("#logout-btn").click()
    expect(second.page.locator("#login-btn")).to_be_visible()


def test_a_finished_game_is_in_your_games_and_replays_step_by_step(players):
    lan, minh = start_pair(players, game="Tic-Tac-Toe")
    play_tictactoe_to_a_win(lan, minh)
    game_id = room_state(lan)["game_id"]
    wait_archived(lan, game_id)
    lan.home()
    review = lan.page.locator(f'#your-games [data-game="{game_id}"] a')
    expect(review).to_be_visible()
    review.click()
    expect(lan.page).to_have_url(re.compile(f"/g/{re.escape(game_id)}/replay$"))
    expect(lan.page.locator("#replay-ply")).to_have_text("5 / 5")
    expect(lan.page.locator("#game-result")).to_have_text("X won · 3 in a row")
    lan.page.locator("#replay-first").click()
    expect(lan.page.locator("#replay-ply")).to_have_text("0 / 5")
    lan.page.locator("#replay-next").click()
    expect(lan.page.locator("#replay-ply")).to_have_text("1 / 5")
    lan.shot("12-replay")


def test_a_rated_games_change_shows_on_the_result_card_and_the_profile_chart(players):
    lan, minh = players("lan-rated"), players("minh-rated")
    lan_name, minh_name = new_username(), new_username()
    lan.home(name="Lan")
    sign(lan, "register", lan_name)
    lan.page.locator("#new-game .tile", has_text=re.compile("^Tic-Tac-Toe")).first.click()
    lan.page.locator("#new-game .tile", has_text="A friend").click()
    lan.page.locator("#new-game .side-field .tile", has_text="Me").click()
    lan.page.locator("#rated-box").check()
    lan.page.locator("#create-btn").click()
    link = lan.share_link()
    minh.home(name="Minh")
    sign(minh, "register", minh_name)
    minh.visit(link)
    expect(lan.status()).to_have_text("Your turn")
    play_tictactoe_to_a_win(lan, minh)
    rating_change = re.compile(r"^Rating 1[5-9]\d\d \(\+\d+\)$")
    expect(lan.page.locator("#result-rating")).to_have_text(rating_change)
    wait_archived(lan, room_state(lan)["game_id"])
    lan.page.goto(f"{lan.base_url}/@/{lan_name}")
    rating = lan.page.locator('#profile-ratings [data-variant="tictactoe"] .rating')
    expect(rating).to_have_text(re.compile(r"^1[5-9]\d\d\?$"))
    expect(lan.page.locator(".rating-chart polyline")).to_have_count(1)
    expect(lan.page.locator("#profile-record")).to_contain_text("1 wins")
    lan.shot("12-profile")


def test_an_unfinished_game_is_resumed_on_a_second_browser_logged_into_the_account(players):
    phone, laptop, friend = players("phone"), players("laptop"), players("friend")
    username = new_username()
    phone.home(name="Lan")
    sign(phone, "register", username)
    link = phone.create("Tic-Tac-Toe", first="Me")
    friend.visit(link, name="Minh")
    phone.play("a1")
    laptop.home()
    sign(laptop, "login", username)
    laptop.page.reload()
    resume = laptop.page.locator("#your-unfinished button")
    expect(resume).to_have_count(1)
    resume.click()
    expect(laptop.page).to_have_url(link)
    friend.play("b1")
    laptop.play("a2")  # the seat is the account's on this browser too
    expect(phone.page.locator("#move-list button.mv")).to_have_count(3)


def test_a_rated_public_room_is_marked_rated_in_the_lobby(players):
    host, visitor = players("host-rated-lobby"), players("visitor-rated-lobby")
    host.home(name="Lan")
    username = new_username()
    sign(host, "register", username)
    form = host.page.locator("#new-game")
    form.locator(".tile", has_text=re.compile("^Tic-Tac-Toe")).first.click()
    form.locator(".tile", has_text="A friend").click()
    form.locator("#rated-box").check()
    form.locator("input[name=public]").check()
    form.locator("#create-btn").click()
    host.share_link()
    visitor.home(name="Minh")
    entry = visitor.page.locator(".lobby-item", has_text=username)  # an account by its name
    expect(entry.locator(".lobby-meta")).to_contain_text("Rated")
    expect(entry.locator(".player-rating")).to_have_text("1500?")


# --------------------------------------------------------------------------- every view

REGISTRATION = {
    "en": {"rule": "At least 8 characters", "short": "A password has 8 to 200 characters.",
           "mismatch": "The two passwords are not the same.",
           "taken": "This username is taken."},
    "vi": {"rule": "Ít nhất 8 ký tự", "short": "Mật khẩu gồm 8 đến 200 ký tự.",
           "mismatch": "Hai mật khẩu không giống nhau.",
           "taken": "Tên đăng nhập này đã có người dùng."},
}


def test_registration_asks_twice_states_the_rule_and_refuses_in_the_pages_language(reader):
    words = REGISTRATION[reader.lang]
    reader.home()
    reader.open_menu()
    reader.page.locator("#register-btn").click()
    expect(reader.page.locator("#account-password-rule")).to_have_text(words["rule"])
    error = reader.page.locator("#account-error")
    for password, repeated, problem in (("short", "short", "short"),
                                        (PASSWORD, PASSWORD + "!", "mismatch")):
        reader.page.fill("#account-username", new_username())
        reader.page.fill("#account-password", password)
        reader.page.fill("#account-password2", repeated)
        reader.page.locator("#account-submit").click()
        expect(error).to_have_text(words[problem])
    reader.shot(f"25-register-{reader.label}")
    taken = new_username()
    status, _ = post_json(f"{reader.base_url}/api/account/register",
                          {"username": taken, "password": PASSWORD})
    assert status == 201
    reader.page.fill("#account-username", taken)
    reader.page.fill("#account-password2", PASSWORD)
    reader.page.locator("#account-submit").click()
    expect(error).to_have_text(words["taken"])
    expect(reader.page.locator("#account-name")).to_have_count(0)


def post_json(url: str, body: dict) -> tuple[int, dict]:
    request = urllib.request.Request(url, data=json.dumps(body).encode(),
                                     headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=10) as answer:
            return answer.status, json.loads(answer.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())
