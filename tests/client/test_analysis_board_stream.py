"""The analysis board's lines update as the engine thinks: in Chromium, each depth's answer
replaces the lines before the final one, and playing another move cancels the search of the
position before it (the server counts it in caro_board_searches_total{end="cancelled"})."""

from __future__ import annotations

import re
import time
import urllib.request
from pathlib import Path

from playwright.sync_api import expect
from prometheus_client.parser import text_string_to_metric_families

from tests.client.players import Player

# Long enough searches (a few seconds each) that a click lands in the middle of one.
SEARCH_ENV = {"ANALYSIS_NODES": "3000000", "ANALYSIS_MS": "60000",
              "BOARD_SEARCHES_PER_MINUTE": "0"}
# Every text the lines list and the depth label take, in order, from the page's first paint.
RECORD_CHANGES = """
window.__shown = [];
new MutationObserver((records) => {
  for (const record of records) {
    const id = record.target.id;
    if (id !== "lines" && id !== "lines-depth") continue;
    if (!record.addedNodes.length) continue;
    window.__shown.push([id, Array.from(record.addedNodes, (n) => n.textContent).join(" | ")]);
  }
}).observe(document, { childList: true, subtree: true });
"""
POLL_S, POLLS = 0.2, 300


def board_searches(base_url: str, end: str) -> float:
    with urllib.request.urlopen(f"{base_url}/metrics", timeout=10) as response:
        text = response.read().decode()
    for family in text_string_to_metric_families(text):
        for sample in family.samples:
            if sample.name == "caro_board_searches_total" and sample.labels == {"end": end}:
                return sample.value
    return 0.0


def test_lines_deepen_before_the_final_and_a_new_position_cancels_the_search(
        browser, server_factory, shots_dir: Path):
    node = server_factory.start("board-stream", env=SEARCH_ENV)
    me = Player.open(browser, node.url, shots_dir, "board-stream")
    try:
        me.page.add_init_script(RECORD_CHANGES)
        me.page.goto(f"{node.url}/analysis?variant=gomoku&moves=h8,h9,i8")
        depth = me.page.locator("#lines-depth")
        expect(depth).to_have_text(re.compile(r"^Depth \d+ · [\d,]+ positions$"),
                                   timeout=120_000)  # the final
        shown = me.page.evaluate("window.__shown")
        depths = [text for kind, text in shown if kind == "lines-depth"]
        line_sets = [text for kind, text in shown if kind == "lines"]
        assert len(depths) >= 3 and depths[-1].startswith("Depth ") and "deeper" not in depths[-1]
        assert all("deeper" in text for text in depths[:-1])  # every earlier one said more came
        assert len(set(line_sets)) >= 2  # the lines changed while the engine thought

        cancelled = board_searches(node.url, "cancelled")
        me.page.click('[role="gridcell"][aria-label^="g8"]')
        expect(depth).to_contain_text("deeper", timeout=60_000)
        me.page.click('[role="gridcell"][aria-label^="g9"]')  # mid-search: another position
        expect(me.page).to_have_url(f"{node.url}/analysis?variant=gomoku&moves=h8,h9,i8,g8,g9")
        for _ in range(POLLS):
            if board_searches(node.url, "cancelled") > cancelled:
                break
            time.sleep(POLL_S)
        else:
            raise AssertionError("the search of the position before was not cancelled")
        expect(me.page.locator("#lines .engine-line")).to_have_count(3, timeout=60_000)
        assert not me.errors, me.errors
    finally:
        me.close()
