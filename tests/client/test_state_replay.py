"""The browser's `applyEvent` (client/js/room/state.js) against the server: random room-core games'
events, applied in Chromium to the first snapshot, give the server's public state after every
command — so the page never shows an offer, clock or status the server has changed. The games
play every kind of event of server/rooms/events.py."""

from __future__ import annotations

import json

from server.rooms.events import EVENT_TYPES
from tests.server.rooms.test_event_replay import random_game

GAMES = 60


def test_the_page_applies_events_exactly_as_the_server_changes_its_state(players):
    games = [random_game(seed) for seed in range(GAMES)]
    me = players("replay")
    me.home()
    replayed = me.page.evaluate(
        """async (gamesJson) => {
            const { applyEvent } = await import('/static/js/room/state.js');
            return JSON.parse(gamesJson).map(([first, steps]) => {
                let state = first;
                return steps.map(([events]) => {
                    for (const event of events) state = applyEvent(state, event);
                    return state;
                });
            });
        }""",
        json.dumps(games),
    )
    for seed, ((_first, steps), states) in enumerate(zip(games, replayed, strict=True)):
        for (events, expected), state in zip(steps, states, strict=True):
            assert state == expected, (seed, events)
    played = {event["type"] for _first, steps in games for events, _state in steps
              for event in events}
    assert played == EVENT_TYPES
