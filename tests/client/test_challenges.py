"""Challenges in the browser: from a profile, the challenged player's prompt on whatever page
they are, accept and play (both land in the room); decline with a reason, read by the
challenger; in English and Vietnamese, on a laptop and a phone."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.client.layout import layout_problems
from tests.client.players import DESKTOP, PHONE
from tests.client.social import profile, signed_up


def send_challenge(player, to: str, game: str = "gomoku", clock: str = "5+3",
                   colour: str = "first") -> None:
    """From `to`'s profile: the dialog, filled and sent; the page then waits for the answer."""
    profile(player, to)
    player.page.locator("#player-actions .challenge-btn").click()
    dialog = player.page.locator("#challenge-dialog")
    expect(dialog).to_be_visible()
    dialog.locator("#challenge-variant").select_option(game)
    dialog.locator("#challenge-clock").select_option(clock)
    dialog.locator("#challenge-colour").select_option(colour)
    dialog.locator("#challenge-send").click()
    expect(player.page).to_have_url(re.compile(r"/challenge/[A-Za-z0-9_-]+$"))


def holding_reads(player, url: str) -> tuple[list, list]:
    """From now on: the frames the player's own socket receives, and the player's reads of
    `url`, answered by the server at once but held back from the page until `deliver`."""
    frames: list = []
    held: list = []
    player.page.on("websocket", lambda ws: ws.on("framereceived", lambda f: frames.append(f))
                   if ws.url.endswith("/ws/me") else None)
    player.page.route(re.compile(url), lambda route: held.append((route, route.fetch())))
    return frames, held


def deliver(player, held: list) -> None:
    for route, answer in held:
        route.fulfill(response=answer)
    player.page.wait_for_timeout(500)  # the held answers reach the page


def until(player, seen) -> None:
    """Waits (at most 10 s) for `seen()` on the player's page; fails if it never comes."""
    for _ in range(200):
        if seen():
            return
        player.page.wait_for_timeout(50)
    assert seen()


def heard(frames: list[str], word: str):
    return lambda: any(word in str(frame) for frame in frames)


def test_a_read_answered_after_a_live_cancel_does_not_bring_the_challenge_back(players):
    """The challenge page reads the challenge when it opens and again when its socket opens;
    an answer that comes after the socket told of the cancel is older than the cancel."""
    lan, _lan_name = signed_up(players, "lan")
    minh, minh_name = signed_up(players, "minh")
    send_challenge(lan, minh_name)
    frames, held = holding_reads(minh, r"/api/challenges/[A-Za-z0-9_-]+$")
    minh.page.goto(lan.page.url)
    until(minh, lambda: held and heard(frames, '"welcome"')())  # read held, socket subscribed
    lan.page.locator("#challenge-cancel").click()
    expect(minh.page.locator("#challenge-status")).to_have_text("Cancelled")
    deliver(minh, held)
    expect(minh.page.locator("#challenge-status")).to_have_text("Cancelled")


def test_a_list_read_answered_after_a_live_cancel_does_not_bring_the_prompt_back(players):
    """Every page reads the player's open challenges when its socket opens; a list answered
    after the socket told of a cancel is older than the cancel."""
    lan, _lan_name = signed_up(players, "lan")
    minh, minh_name = signed_up(players, "minh")
    send_challenge(lan, minh_name)
    expect(minh.page.locator(".challenge-prompt")).to_have_count(1)
    frames, held = holding_reads(minh, r"/api/challenges$")
    minh.page.goto(f"{minh.base_url}/leaderboard")
    until(minh, lambda: held and heard(frames, '"welcome"')())  # read held, socket subscribed
    lan.page.locator("#challenge-cancel").click()
    expect(lan.page.locator("#challenge-status")).to_have_text("Cancelled")
    until(minh, heard(frames, "challenge_cancelled"))
    deliver(minh, held)
    expect(minh.page.locator(".challenge-prompt")).to_have_count(0)


@pytest.mark.parametrize("screen", ["desktop", "phone"])
def test_a_challenge_from_a_profile_is_accepted_and_both_play_in_the_room(players, screen):
    size = DESKTOP if screen == "desktop" else PHONE
    lan, lan_name = signed_up(players, "lan", **size)
    minh, minh_name = signed_up(players, "minh", **size)
    minh.page.goto(f"{minh.base_url}/leaderboard")  # any page
    send_challenge(lan, minh_name)
    expect(lan.page.locator("#challenge-heading")).to_have_text(
        f"Waiting for {minh_name} to answer…")
    expect(lan.page.locator("#challenge-terms")).to_have_text("Gomoku · 5+3 · Casual")
    lan.shot(f"challenge-waiting-{screen}")

    prompt = minh.page.locator(".challenge-prompt")
    expect(prompt.locator(".prompt-title")).to_have_text(f"{lan_name} challenges you")
    expect(prompt.locator(".prompt-terms")).to_have_text("Gomoku · 5+3 · Casual")
    expect(prompt.locator(".prompt-side")).to_have_text("You move second")
    assert minh.in_viewport(".challenge-prompt")
    minh.shot(f"challenge-prompt-{screen}")
    prompt.locator(".accept-btn").click()

    for player in (lan, minh):
        expect(player.page).to_have_url(re.compile(r"/r/[A-Za-z0-9_-]+$"))
        expect(player.page.locator(".board")).to_be_visible()
    assert lan.page.url == minh.page.url
    expect(lan.status()).to_have_text("Your turn")
    lan.play("h8")
    minh.play("h9")
    lan.wait_plies(2)
    expect(minh.page.locator(".challenge-prompt")).to_have_count(0)
    minh.shot(f"challenge-game-{screen}")


def test_a_declined_challenge_shows_the_reason_to_the_challenger(players):
    lan, _lan_name = signed_up(players, "lan")
    minh, minh_name = signed_up(players, "minh")
    send_challenge(lan, minh_name, game="caro", clock="1+0")
    prompt = minh.page.locator(".challenge-prompt")
    prompt.locator(".decline-reason").select_option("too_fast")
    prompt.locator(".decline-btn").click()
    expect(prompt).to_have_count(0)
    expect(lan.page.locator("#challenge-status")).to_have_text("Declined: Too fast for me")
    lan.shot("challenge-declined")
    lan.page.select_option("#lang-select", "vi")
    lan.page.reload()
    expect(lan.page.locator("#challenge-status")).to_have_text("Đã từ chối: Nhịp độ quá nhanh")
    lan.shot("challenge-declined-vi")


@pytest.mark.parametrize("lang", ["en", "vi"])
def test_the_prompt_on_a_phone_shows_every_reason_whole(players, lang):
    lan, _lan_name = signed_up(players, "lan")
    minh, minh_name = signed_up(players, "minh", **PHONE, lang=lang)
    send_challenge(lan, minh_name)
    prompt = minh.page.locator(".challenge-prompt")
    reasons = prompt.locator(".decline-reason")
    expect(reasons.locator("option")).not_to_have_count(0)
    for reason in reasons.locator("option").all():
        reasons.select_option(reason.get_attribute("value"))
        assert layout_problems(minh.page) == [], reason.text_content()
    assert minh.in_viewport(".challenge-prompt")
    minh.shot(f"challenge-prompt-reasons-phone-{lang}")


def test_the_challenged_player_on_the_challenge_page_in_vietnamese(players):
    lan, lan_name = signed_up(players, "lan")
    minh, minh_name = signed_up(players, "minh")
    minh.page.select_option("#lang-select", "vi")
    send_challenge(lan, minh_name, colour="second")
    url = lan.page.url
    minh.page.goto(url)
    expect(minh.page.locator("#challenge-heading")).to_have_text(f"{lan_name} thách đấu bạn")
    expect(minh.page.locator(".challenge-prompt")).to_be_hidden()  # the page offers the same
    expect(minh.page.locator("#challenge .prompt-side, #challenge .muted").first).to_have_text(
        "Bạn đi trước")
    minh.shot("challenge-page-vi")
    lan.page.locator("#challenge-cancel").click()
    expect(lan.page.locator("#challenge-status")).to_have_text("Cancelled")
    expect(minh.page.locator("#challenge-status")).to_have_text("Đã hủy")


def test_an_anonymous_challenge_by_link_is_taken_up_by_whoever_opens_it(players):
    lan, minh = players("lan"), players("minh")
    lan.home(name="Lan")
    lan.page.goto(lan.base_url + "/following")
    lan.page.locator("#challenge-by-link").click()
    dialog = lan.page.locator("#challenge-dialog")
    dialog.locator("#challenge-variant").select_option("tictactoe")
    dialog.locator("#challenge-clock").select_option("none")
    expect(dialog.locator("#challenge-rated")).to_be_disabled()  # no account, no rated game
    dialog.locator("#challenge-send").click()
    expect(lan.page.locator("#challenge-heading")).to_have_text("Send this link to your opponent")
    link = lan.page.locator("#challenge-link").input_value()
    lan.shot("challenge-by-link")

    minh.home(name="Minh")
    minh.page.goto(link)
    expect(minh.page.locator("#challenge-heading")).to_have_text("Lan challenges you")
    expect(minh.page.locator("#challenge-terms")).to_have_text("Tic-Tac-Toe · No clock · Casual")
    minh.page.locator("#challenge .accept-btn").click()
    for player in (lan, minh):
        expect(player.page).to_have_url(re.compile(r"/r/[A-Za-z0-9_-]+$"))
    assert lan.page.url == minh.page.url
    expect(lan.page.locator(".player .pmeta", has_text="you")).to_have_count(1)
    expect(minh.page.locator(".player .pmeta", has_text="you")).to_have_count(1)


def test_after_a_game_the_result_card_challenges_the_opponent_again(players):
    lan, lan_name = signed_up(players, "lan")
    minh, minh_name = signed_up(players, "minh")
    send_challenge(lan, minh_name, game="tictactoe", clock="none", colour="first")
    minh.page.locator(".challenge-prompt .accept-btn").click()
    expect(lan.page).to_have_url(re.compile(r"/r/[A-Za-z0-9_-]+$"))
    for mover, cell in ((lan, "a1"), (minh, "b1"), (lan, "a2"), (minh, "b2"), (lan, "a3")):
        mover.play(cell)
    again = minh.page.locator("#result-challenge")
    expect(again).to_have_text(f"Challenge {lan_name}")
    again.click()
    dialog = minh.page.locator("#challenge-dialog")
    expect(dialog.locator("h2")).to_have_text(f"Challenge {lan_name}")
    expect(dialog.locator("#challenge-variant")).to_have_value("tictactoe")
    expect(dialog.locator("#challenge-clock")).to_have_value("none")
    minh.shot("challenge-again")
    dialog.locator("#challenge-send").click()
    expect(lan.page.locator(".challenge-prompt .prompt-title")).to_have_text(
        f"{minh_name} challenges you")
