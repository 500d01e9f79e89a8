"""A rated game between two accounts, seen on a laptop and on a phone, in English and in
Vietnamese: every place names the players by the one rule (username and rating, the colour as
a stone), the invite says who invites, a declined offer says what was declined, the results
name the right person ("You resigned" for the one who resigned), the game-over card offers one
review, the chat's mute button is a picture, a logged-in player types no name, and nobody's
console shows an error (the rating change waits for the archive instead of meeting a 404)."""

from __future__ import annotations

import re
import secrets

import pytest
from playwright.sync_api import expect

from tests.client.players import DESKTOP, SCREENS, Player

WORDS = {
    "en": {
        "invites": "{host} 1500? invites you to play",
        "joined": "{name} joined.",
        "declined": "{name} declined your draw offer.",
        "resigner": "You resigned · {winner} won",
        "winner": "{loser} resigned · You won",
        "resigner_card": ("{winner} won", "You resigned."),
        "winner_card": ("You won", "{loser} resigned."),
        "game": "Tic-Tac-Toe · 3×3 · No clock · Rated",
        "review": "Review",
        "colours": ("X", "O"),
    },
    "vi": {
        "invites": "{host} 1500? mời bạn chơi",
        "joined": "{name} đã vào phòng.",
        "declined": "{name} đã từ chối lời mời hòa của bạn.",
        "resigner": "Bạn xin thua · {winner} thắng",
        "winner": "{loser} xin thua · Bạn thắng",
        "resigner_card": ("{winner} thắng", "Bạn xin thua."),
        "winner_card": ("Bạn thắng", "{loser} xin thua."),
        "game": "Tic-Tac-Toe · 3×3 · Không tính giờ · Tính điểm",
        "review": "Xem lại",
        "colours": ("X", "O"),
    },
}


def card(player: Player, seat: int):
    return player.page.locator(f'.player[data-seat="{seat}"]')


def expect_named(player: Player, seat: int, username: str) -> None:
    """The card names the account (a link to its profile) with its rating; the colour is the
    stone beside it, never the name."""
    seat_card = card(player, seat)
    expect(seat_card.locator(".player-name")).to_have_text(username)
    expect(seat_card.locator("a.player-name")).to_have_attribute("href", f"/@/{username}")
    expect(seat_card.locator(".player-rating")).to_have_text("1500?")
    expect(seat_card.locator(".stone-icon")).to_be_visible()


@pytest.mark.parametrize("lang", ["en", "vi"])
@pytest.mark.parametrize("screen", list(SCREENS))
def test_a_rated_game_names_both_accounts_on_every_part_of_the_room(players, screen, lang):
    words, host_words = WORDS[lang], WORDS["en"]  # the host reads English
    host_name, guest_name = f"al_{secrets.token_hex(3)}", f"bo_{secrets.token_hex(3)}"
    host = players("host", **DESKTOP, console_guard=True)
    guest = players("guest", **SCREENS[screen], lang=lang, console_guard=True)
    host.home()
    host.register(host_name)
    link = host.create("Tic-Tac-Toe", first="Me", rated=True)
    guest.home()
    guest.register(guest_name)
    guest.open_menu()
    expect(guest.page.locator("#name-field")).to_be_hidden()  # the username names them
    guest.page.keyboard.press("Escape")

    guest.visit(link, join=False)
    expect(guest.page.locator("#join-title")).to_have_text(
        words["invites"].format(host=host_name))
    expect(guest.page.locator("#join-name")).to_have_count(0)
    expect(guest.page.locator("#room-game")).to_have_text(words["game"])
    guest.page.locator("#join-seat").click()

    for player in (host, guest):
        expect_named(player, 1, host_name)
        expect_named(player, 2, guest_name)
        for colour in words["colours"]:
            expect(player.page.locator(".player .pname", has_text=re.compile(f"^{colour}$"))) \
                .to_have_count(0)
    expect(host.page.locator("#chat-log li.sys",
                             has_text=host_words["joined"].format(name=guest_name))
           ).to_have_count(1)

    host.page.fill("#chat-input", "chào")
    host.page.press("#chat-input", "Enter")
    line = guest.page.locator("#chat-log li", has_text="chào")
    expect(line.locator(".who")).to_have_text(host_name)
    expect(line.locator(".mute svg")).to_have_count(1)
    assert line.locator(".mute").inner_text().strip() == ""  # no emoji to render as a box

    host.play("a1")
    guest.click("#offer-draw")
    host.page.locator("#actions .offer .btn", has_text="Decline").click()
    expect(guest.page.locator(".toast", has_text=words["declined"].format(name=host_name))) \
        .to_be_visible()

    guest.click("#resign")
    guest.click("#resign-yes")
    expect(guest.status()).to_have_text(words["resigner"].format(winner=host_name))
    expect(host.status()).to_have_text(host_words["winner"].format(loser=guest_name))
    title, reason = words["resigner_card"]
    expect(guest.result_title()).to_have_text(title.format(winner=host_name))
    expect(guest.result_reason()).to_have_text(reason)
    title, reason = host_words["winner_card"]
    expect(host.result_title()).to_have_text(title)
    expect(host.result_reason()).to_have_text(reason.format(loser=guest_name))
    expect(guest.page.locator("#gameover a", has_text=words["review"])).to_have_count(1)
    # The rating change comes once the archive has the game, asked without a 404 (the console
    # guard of both players checks it).
    expect(guest.page.locator("#result-rating")).to_contain_text(re.compile(r"\d{4} \(−\d+\)"))
    expect(host.page.locator("#result-rating")).to_contain_text(re.compile(r"\d{4} \(\+\d+\)"))
