"""server/platform/user_text.py without a network: strict JSON, the name rule, one-line chat."""

from __future__ import annotations

import pytest

from server.platform.user_text import MAX_NAME, TextError, check_chat_line, clean_name, loads_strict


@pytest.mark.parametrize("text", ['{"a": "\\ud800"}', '{"\\udfff": 1}', '["x\\udc00y"]',
                                  '{"a": "\ud800"}', b'{"a": "\xed\xa0\x80"}'])
def test_a_lone_surrogate_escaped_raw_or_encoded_is_refused(text):
    with pytest.raises(ValueError):
        loads_strict(text)


def test_a_surrogate_pair_escape_is_one_character_and_accepted():
    assert loads_strict('{"a": "\\ud83d\\ude00 \\u00e9"}') == {"a": "😀 é"}


@pytest.mark.parametrize("name", ["a\nb", "\x00", "a\x7f", "a\x85b", "\u202ex", "\u2067x",
                                  "\u200fx", "a\u2029b", " ", "", "x" * (MAX_NAME + 1), 7])
def test_the_name_rule_refuses(name):
    with pytest.raises(TextError):
        clean_name(name)


@pytest.mark.parametrize(("name", "clean"), [("  Lan ", "Lan"), ("Nguyễn Văn A", "Nguyễn Văn A"),
                                             ("سارة", "سارة"), ("x" * MAX_NAME, "x" * MAX_NAME)])
def test_the_name_rule_trims_and_keeps_any_script(name, clean):
    assert clean_name(name) == clean


def test_chat_is_one_line_but_may_mark_its_direction():
    check_chat_line("\u200fمرحبا\u200e ok\u061c")
    for text in ("a\nb", "a\rb", "\u202egnol", "tab\tbed", "a\u2028b"):
        with pytest.raises(TextError):
            check_chat_line(text)
