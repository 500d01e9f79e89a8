"""A 360x740 phone plays by tap; a keyboard plays with the arrow keys and Enter (test 6)."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.client.players import start_pair

NO_SIDEWAYS_SCROLL = "document.documentElement.scrollWidth <= window.innerWidth"


def boxes_overlap(a: dict, b: dict) -> bool:
    return not (a["x"] + a["width"] <= b["x"] or b["x"] + b["width"] <= a["x"]
                or a["y"] + a["height"] <= b["y"] or b["y"] + b["height"] <= a["y"])


def test_phone_360_wide_plays_a_move_by_tap_without_overlap(players):
    phone = players("phone", width=360, height=740, phone=True)
    phone.home(name="Lan")
    assert phone.page.evaluate(NO_SIDEWAYS_SCROLL)
    phone.page.screenshot(path=str(phone.shots / "6-phone-home.png"), full_page=True)
    link = phone.create("Caro (Vietnamese rule)", first="Me")
    phone.shot("6-phone-waiting")
    friend = players("friend")
    friend.visit(link, name="Minh")
    phone.wait_my_turn()

    # A 15x15 board on a phone has ~22 px points: the first tap previews, the second plays.
    phone.cell("h8").tap()
    expect(phone.page.locator(".layer-hover .ghost")).to_have_count(1)
    assert phone.ply_count() == 0
    phone.shot("6-phone-tap-preview")
    phone.cell("h8").tap()
    phone.wait_plies(1)
    friend.wait_plies(1)
    assert friend.moves() == ["h8"]

    assert phone.page.evaluate(NO_SIDEWAYS_SCROLL)
    parts = ["#status", ".board", "#players", "#actions"]
    boxes = [phone.page.locator(p).bounding_box() for p in parts]
    for i, a in enumerate(boxes):
        assert 0 <= a["x"] and a["x"] + a["width"] <= 360, parts[i]
        for j in range(i + 1, len(boxes)):
            assert not boxes_overlap(a, boxes[j]), (parts[i], parts[j])
    phone.shot("6-phone-after-tap")
    phone.page.screenshot(path=str(phone.shots / "6-phone-room-full.png"), full_page=True)


def test_keyboard_arrows_and_enter_play_the_cell_under_the_cursor(players):
    lan, minh = start_pair(players)
    board = lan.page.locator(".board")
    board.focus()
    lan.page.keyboard.press("ArrowRight")
    lan.page.keyboard.press("ArrowUp")
    active = board.get_attribute("aria-activedescendant")
    expect(lan.page.locator(f"#{active}")).to_have_attribute("aria-label", "i9, empty")
    lan.shot("6-keyboard-cursor")
    lan.page.keyboard.press("Enter")
    lan.wait_plies(1)
    minh.wait_plies(1)
    assert minh.moves() == ["i9"]
    expect(minh.cell("i9")).to_have_attribute("aria-label", "i9, Black")
    expect(minh.page.locator("#announcer")).to_have_text("Lan played i9.")


def test_left_right_home_end_step_through_the_moves_when_the_board_is_not_focused(players):
    lan, minh = start_pair(players)
    for ply, move in enumerate(["h8", "i9", "h9"]):
        (lan if ply % 2 == 0 else minh).play(move)
    minh.wait_plies(3)
    keys = minh.page.keyboard
    minh.page.locator("h2", has_text="Moves").click()  # focus nowhere in particular
    keys.press("ArrowLeft")
    expect(minh.status()).to_contain_text("Reviewing move 2 of 3")
    expect(minh.cell("h9")).to_have_attribute("aria-label", "h9, empty")
    keys.press("Home")
    expect(minh.status()).to_contain_text("Reviewing move 0 of 3")
    keys.press("ArrowRight")
    expect(minh.status()).to_contain_text("Reviewing move 1 of 3")
    minh.shot("16-12-keyboard-review")
    keys.press("End")
    expect(minh.status()).to_have_text("Your turn")

    minh.page.locator(".board").focus()  # on the board the arrows move its cursor instead
    keys.press("ArrowLeft")
    expect(minh.status()).to_have_text("Your turn")
    minh.page.fill("#chat-input", "hi")  # and in a text field they edit the text
    minh.page.press("#chat-input", "Home")
    expect(minh.status()).to_have_text("Your turn")
