"""A player whose opponent left a game without a clock claims the win (the server's
CLAIM_AFTER_S is 3 s here instead of 60, so the test waits seconds, not a minute)."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.client.players import start_pair

CLAIM_AFTER_S = 3
CLAIM_SHOWN_MS = 20_000  # the claim time plus presence reaching the page, on a busy machine


def test_a_player_whose_opponent_left_claims_the_win(server_factory, players):
    node = server_factory.start("client-claim", env={"CLAIM_AFTER_S": str(CLAIM_AFTER_S)})
    lan, minh = start_pair(players, base_url=node.url)
    lan.play("h8")
    minh.wait_plies(1)
    claim = lan.page.locator("#claim")
    expect(claim).to_have_count(0)  # the opponent is here: nothing to claim

    minh.page.close()  # Minh closes the tab in the middle of the game
    expect(claim).to_be_visible(timeout=CLAIM_SHOWN_MS)
    lan.shot("13-claim-offered")
    claim.click()
    expect(lan.result_title()).to_have_text("You win!")
    expect(lan.result_reason()).to_contain_text("Minh left the game")
    lan.shot("13-claim-won")
