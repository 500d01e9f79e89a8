"""Labels are shown as written: no CSS upper-casing, which turns the Vietnamese "Ai đi trước"
(who moves first) into "AI ĐI TRƯỚC" (the AI moves first) (issue 16, point 4)."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.client.players import SCREENS

NO_TRANSFORMS = """() => [...document.querySelectorAll('body *')]
    .filter((e) => e.checkVisibility() && getComputedStyle(e).textTransform !== 'none')
    .map((e) => e.textContent.trim().slice(0, 30))"""


@pytest.mark.parametrize("screen", SCREENS)
def test_vietnamese_labels_read_as_written(players, screen):
    me = players(f"vi-case-{screen}", **SCREENS[screen])
    me.home()
    me.open_menu()
    me.page.select_option("#lang-select", "vi")
    legend = me.page.locator(".side-field legend")
    expect(legend).to_have_text("Ai đi trước")
    assert legend.inner_text() == "Ai đi trước"  # innerText is the text as rendered
    assert me.page.evaluate(NO_TRANSFORMS) == []
    legend.scroll_into_view_if_needed()
    me.shot(f"16-4-who-moves-first-vi-{screen}")
