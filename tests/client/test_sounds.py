"""Sounds made in code (WebAudio) for a join, a move, your turn and the end; a mute switch the
browser remembers; the title says it is your turn in a background tab (issue 16, point 7).
The page's oscillators are counted by an init script: what the speakers would play."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.client.players import SCREENS, Player

LISTEN = """
window.__tones = [];
const create = AudioContext.prototype.createOscillator;
AudioContext.prototype.createOscillator = function () {
  const osc = create.call(this);
  const start = osc.start.bind(osc);
  osc.start = (...args) => {
    window.__tones.push(Math.round(osc.frequency.value));
    return start(...args);
  };
  return osc;
};
let hidden = false;
window.__setHidden = (value) => {
  hidden = value;
  document.dispatchEvent(new Event('visibilitychange'));
};
Object.defineProperty(Document.prototype, 'hidden', { get: () => hidden });
Object.defineProperty(Document.prototype, 'visibilityState',
                      { get: () => (hidden ? 'hidden' : 'visible') });
"""
JOIN, MOVE, TURN = [440, 554, 659], [660], [523, 784]


def tones(player: Player) -> list[int]:
    return player.page.evaluate("window.__tones")


def wait_tones(player: Player, count: int) -> list[int]:
    player.page.wait_for_function("n => window.__tones.length >= n", arg=count)
    return tones(player)


def listening_pair(players, screen: str) -> tuple[Player, Player]:
    lan = players("lan", **SCREENS[screen])
    lan.page.context.add_init_script(LISTEN)
    lan.home(name="Lan")
    link = lan.create("Tic-Tac-Toe", first="Me")
    minh = players("minh")
    minh.page.context.add_init_script(LISTEN)
    minh.visit(link, name="Minh")
    return lan, minh


@pytest.mark.parametrize("screen", SCREENS)
def test_join_move_and_your_turn_have_sounds_and_mute_is_remembered(players, screen):
    lan, minh = listening_pair(players, screen)
    assert wait_tones(lan, 3) == JOIN
    lan.play("b2")
    assert wait_tones(lan, 4) == JOIN + MOVE
    minh.play("a1")
    assert wait_tones(lan, 6) == JOIN + MOVE + TURN

    mute = lan.page.locator("#mute")
    expect(mute).to_have_attribute("aria-pressed", "false")
    mute.click()
    lan.page.reload()
    expect(mute).to_have_attribute("aria-pressed", "true")
    expect(mute).to_have_attribute("aria-label", "Sound off (click to turn on)")
    lan.shot(f"16-7-muted-{screen}")
    lan.play("c3")
    minh.play("a3")
    lan.wait_plies(4)
    assert tones(lan) == []  # the reloaded page has played nothing since


def test_the_title_says_your_turn_while_the_tab_is_in_the_background(players):
    lan, minh = listening_pair(players, "desktop")
    lan.play("b2")
    lan.page.evaluate("window.__setHidden(true)")
    expect(lan.page).to_have_title("Minh to move — Caro Arena")
    minh.play("a1")
    expect(lan.page).to_have_title("● Your turn — Caro Arena")
    lan.page.evaluate("window.__setHidden(false)")
    expect(lan.page).to_have_title("Your turn — Caro Arena")


def test_a_win_and_a_loss_sound_different(players):
    lan, minh = listening_pair(players, "desktop")
    for lan_move, minh_move in (("a1", "a2"), ("b1", "b2")):
        lan.play(lan_move)
        minh.play(minh_move)
    before = len(wait_tones(lan, 3 + 2 * (1 + 2)))
    lan.play("c1")
    expect(lan.result_title()).to_have_text("You won")
    assert wait_tones(lan, before + 5)[before + 1:] == [523, 659, 784, 1047]  # after the move
    expect(minh.result_title()).to_have_text("You lost")
    minh.page.wait_for_function("() => window.__tones.slice(-3).join() === '392,330,262'")
