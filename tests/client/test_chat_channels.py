"""The spectators' chat is a channel of its own that a player opens, and a player can mute a
chatter; the mute survives a reload."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.client.players import start_pair


def say(person, text: str) -> None:
    person.page.fill("#chat-input", text)
    person.page.press("#chat-input", "Enter")


def test_a_player_opens_the_spectators_chat_and_mutes_a_chatter(players):
    lan, minh = start_pair(players)
    fan = players("fan")
    fan.visit(lan.page.url, name="Fan")
    say(fan, "go Minh")
    expect(fan.page.locator("#chat-log li .text", has_text="go Minh")).to_be_visible()
    say(minh, "chào Lan")
    lan_lines = lan.page.locator("#chat-log li .text")
    expect(lan_lines).to_have_text(["chào Lan"])  # the spectator's line is not shown
    lan.click("#spectator-chat")
    expect(lan_lines).to_have_text(["go Minh", "chào Lan"])
    lan.page.locator("#chat-log li", has_text="chào Lan").locator(".mute").click()
    expect(lan_lines).to_have_text(["go Minh"])
    say(minh, "still there?")
    expect(minh.page.locator("#chat-log li .text").last).to_have_text("still there?")
    lan.page.reload()
    expect(lan.page.locator("#unmute-all")).to_be_visible()
    expect(lan.page.locator("#chat-log li .text")).to_have_count(0)  # spectators closed again
    lan.click("#unmute-all")
    expect(lan.page.locator("#chat-log li .text")).to_have_text(["chào Lan", "still there?"])
