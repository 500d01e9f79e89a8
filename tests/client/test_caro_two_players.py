"""Two people play Caro through the share link while a third watches (browser test 1)."""

from __future__ import annotations

from playwright.sync_api import expect

# Black builds h8..h12 (open at both ends, so it wins under the caro rule); White answers
# on the g column, never touching Black's line.
BLACK = ["h8", "h9", "h10", "h11", "h12"]
WHITE = ["g6", "g5", "g4", "g3"]


def test_friends_play_caro_by_link_to_a_five_and_a_spectator_sees_it(players):
    lan = players("lan")
    lan.home(name="Lan")
    lan.shot("1-home")
    lan.create("Caro (Vietnamese rule)", first="Me")
    link = lan.share_link()
    assert link.endswith(lan.page.url.split("/r/")[1])
    expect(lan.status()).to_contain_text("Waiting for an opponent")
    lan.click("#copy-link")
    expect(lan.page.locator("#copy-link")).to_have_text("Copied!")
    lan.shot("1-caro-waiting-for-opponent")

    minh = players("minh")
    minh.visit(link, name="Minh")
    expect(lan.page.locator("#share")).to_be_hidden()
    expect(lan.status()).to_have_text("Your turn")
    expect(minh.status()).to_have_text("Lan to move")

    watcher = players("watcher")
    watcher.visit(link, join=False)
    expect(watcher.page.locator("#actions")).to_be_hidden()
    expect(lan.page.locator("#spectators")).to_have_text("1 watching")

    for ply, (black, white) in enumerate(zip(BLACK, WHITE, strict=False)):
        lan.play(black)
        minh.wait_plies(2 * ply + 1)
        minh.play(white)
        if ply == 1:
            lan.shot("1-caro-in-progress")
    lan.play(BLACK[-1])

    expected = [m for pair in zip(BLACK, WHITE + [""], strict=True) for m in pair if m]
    for person in (lan, minh, watcher):
        person.wait_plies(len(expected))
        assert person.moves() == expected
        expect(person.page.locator(".win-ring")).to_have_count(5)
        expect(person.result_reason()).to_have_text("5 in a row.")
    expect(lan.result_title()).to_have_text("You won")
    expect(minh.result_title()).to_have_text("You lost")
    expect(watcher.result_title()).to_have_text("Lan won")
    for cell in BLACK:
        expect(watcher.cell(cell)).to_have_attribute("aria-label", f"{cell}, Black")
    lan.shot("1-caro-won-winner")
    watcher.click("#downloads summary")
    with watcher.page.expect_download() as download:
        watcher.click('#downloads [data-format="text"]')
    record = download.value.path().read_text()
    assert '[Result "1-0"]' in record
    assert record.rstrip().endswith(" ".join(expected))
    minh.shot("1-caro-won-loser")
    watcher.shot("1-caro-won-spectator")
