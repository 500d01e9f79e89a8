"""Chat text and names are shown as text, never run or parsed as HTML (browser test 5)."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.client.players import start_pair

HOSTILE = '<script>window.__pwned = 1</script><img src=x onerror="window.__pwned = 2"><b>hi</b>'
HOSTILE_NAME = "<b>Minh</b>"  # names are at most 20 characters


def test_chat_with_a_script_tag_is_shown_as_plain_text(players):
    lan, minh = start_pair(players, second_name=HOSTILE_NAME)
    lan.page.fill("#chat-input", HOSTILE)
    lan.page.press("#chat-input", "Enter")
    for person in (lan, minh):
        line = person.page.locator("#chat-log li", has_text="window.__pwned")
        expect(line.locator(".text")).to_have_text(HOSTILE)
        expect(person.page.locator("#chat-log script, #chat-log img, #chat-log b")).to_have_count(0)
        assert person.page.evaluate("window.__pwned") is None
    expect(minh.page.locator("#chat-log li .who").last).to_have_text("Lan")
    minh.page.fill("#chat-input", "xin chào")
    minh.page.press("#chat-input", "Enter")
    for person in (lan, minh):
        expect(person.page.locator("#chat-log li .who").last).to_have_text(HOSTILE_NAME)
        expect(person.page.locator('.player[data-seat="2"] .pname')).to_have_text(HOSTILE_NAME)
        expect(person.page.locator("#players b, #chat-log b")).to_have_count(0)
        assert person.page.evaluate("window.__pwned") is None
    minh.shot("5-chat-script-as-text")


def test_the_name_and_chat_fields_take_the_servers_limits(players):
    lan, minh = start_pair(players)
    limits = lan.page.evaluate("fetch('/api/limits').then((r) => r.json())")
    expect(lan.page.locator("#display-name")).to_have_js_property("maxLength", limits["name"][1])
    expect(lan.page.locator("#chat-input")).to_have_js_property("maxLength", limits["chat"][1])
    lan.page.fill("#chat-input", "c" * (limits["chat"][1] + 5))
    assert len(lan.page.input_value("#chat-input")) == limits["chat"][1]
