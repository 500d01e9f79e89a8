"""Reports and the moderators' page in the browser: a player reports another from their
profile; a moderator (made on the command line) sees it on /mod, mutes the account and marks
the report handled; in English and Vietnamese."""

from __future__ import annotations

import subprocess
import sys

from playwright.sync_api import expect

from tests.client.social import profile, signed_up
from tests.harness import REPO_ROOT


def test_a_report_from_a_profile_is_handled_on_the_moderators_page(players, app_server):
    lan, _lan_name = signed_up(players, "lan")
    _minh, minh_name = signed_up(players, "minh")
    mod, mod_name = signed_up(players, "mod")
    subprocess.run([sys.executable, "-m", "server.cli", "admin", "grant-moderator", mod_name],
                   cwd=REPO_ROOT, env=app_server.environment(), check=True, timeout=60,
                   capture_output=True)

    profile(lan, minh_name)
    lan.page.locator("#report-btn").click()
    lan.page.locator("#report-reason").select_option("abuse")
    lan.page.fill("#report-text", "Rude words in the chat of our game.")
    lan.shot("report-dialog")
    lan.page.locator("#report-send").click()
    expect(lan.page.locator("#report-dialog")).to_have_count(0)

    mod.page.reload()
    mod.page.locator("#home-mod").click()
    item = mod.page.locator("#reports-open .report", has_text=minh_name)
    expect(item).to_contain_text("Insults or harassment")
    expect(item).to_contain_text("Rude words in the chat of our game.")
    mod.shot("moderation-page")
    item.get_by_role("button", name="Mute").click()
    expect(item).to_contain_text("muted")
    item.get_by_role("button", name="Mark handled").click()
    expect(mod.page.locator("#reports-handled .report", has_text=minh_name)).to_be_visible()
    mod.page.select_option("#lang-select", "vi")
    mod.page.reload()
    expect(mod.page.locator("#moderation h1")).to_have_text("Điều hành")
    mod.shot("moderation-page-vi")


def test_the_moderators_page_tells_a_player_it_is_not_theirs(players):
    lan, _name = signed_up(players, "lan")
    lan.page.goto(lan.base_url + "/mod")
    expect(lan.page.locator("#moderation-error")).to_have_text("This page is for moderators.")
