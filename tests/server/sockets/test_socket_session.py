"""One socket's protocol without a socket (server/sockets/session.py): inputs in, actions out."""

from __future__ import annotations

from server.platform.errors import ArenaError, ErrorCode
from server.platform.tokens import hash_token
from server.rooms import Mode, RoomState, apply, commands, new_room
from server.sockets.messages import Absence, Hello, decode
from server.sockets.session import (
    ABUSE_LIMIT,
    CatchUp,
    CloseCode,
    CloseWith,
    FetchAbsence,
    FetchChat,
    FetchHistory,
    FetchStandings,
    MoveSeat,
    PostChat,
    Present,
    Relist,
    Run,
    Send,
    SocketSession,
    TakeSeat,
    refuse_hello,
)
from tests.server.room_helpers import T0

TOKEN_A, TOKEN_B = "token-of-a", "token-of-b"


def waiting_room() -> RoomState:
    """Seat 1 held by TOKEN_A, seat 2 free."""
    return new_room(room_id="r1", variant="tictactoe", mode=Mode.HUMAN, public=True, now=T0,
                    creator_seat=1, creator_name="A", token_hash=hash_token(TOKEN_A),
                    ai_level=1, clock=None)


def playing() -> RoomState:
    return apply(waiting_room(), commands.Join(hash_token(TOKEN_B), "B"), T0).state


V = playing().v  # the version a snapshot of `playing()` covers


def hello(token: str | None = None, v: int | None = None, watch: bool = False) -> Hello:
    return Hello(token=token, v=v, name=None, watch=watch)


def opened(state: RoomState, token: str | None = None) -> SocketSession:
    """A session past its welcome (a snapshot of `state`) and its early messages."""
    session = SocketSession("r1", claim_after_ms=60_000)
    session.hello(hello(token), state)
    session.welcome(state, None, T0)
    session.opened(state)
    return session


def sent(actions) -> list[dict]:
    return [action.message for action in actions if isinstance(action, Send)]


def event(v: int, kind: str = "move") -> tuple[dict, bytes]:
    return {"type": kind, "v": v}, f'{{"type":"{kind}","v":{v}}}'.encode()


def rematch_of(state: RoomState) -> RoomState:
    state = apply(state, commands.Resign(1), T0).state
    state = apply(state, commands.RematchOffer(1), T0).state
    return apply(state, commands.RematchAnswer(2, accept=True), T0).state


# -- hello ----------------------------------------------------------------------------------------
def test_hello_to_a_missing_room_closes_not_found():
    [close] = SocketSession("r1", 0).hello(hello(), None)
    assert (close.code, close.error.code) == (CloseCode.NOT_FOUND, ErrorCode.ROOM_NOT_FOUND)


def test_hello_with_a_token_holding_no_seat_closes_unauthorized():
    [close] = SocketSession("r1", 0).hello(hello("guess"), playing())
    assert (close.code, close.error.code) == (CloseCode.UNAUTHORIZED, ErrorCode.BAD_TOKEN)


def test_hello_with_a_seat_token_is_welcomed_in_that_seat():
    session = SocketSession("r1", 0)
    assert session.hello(hello(TOKEN_B), playing()) == []
    assert sent(session.welcome(playing(), None, T0))[0]["seat"] == 2


def test_hello_without_a_token_to_a_waiting_room_asks_for_the_free_seat():
    assert SocketSession("r1", 0).hello(hello(), waiting_room()) == [TakeSeat(None)]


def test_a_watcher_takes_no_seat_even_when_one_is_free():
    assert SocketSession("r1", 0).hello(hello(watch=True), waiting_room()) == []


def test_a_seat_taken_by_the_socket_is_in_its_welcome_with_the_token():
    session = SocketSession("r1", 0)
    session.hello(hello(), waiting_room())
    session.seated(TOKEN_B)
    welcome = sent(session.welcome(playing(), None, T0))[0]
    assert (welcome["seat"], welcome["token"]) == (2, TOKEN_B)


def test_the_welcome_says_whether_this_nodes_ai_is_ready_or_still_warming():
    said = []
    for warming in (False, True):
        session = SocketSession("r1", 0)
        session.hello(hello(watch=True), playing())
        said.append(sent(session.welcome(playing(), None, T0, ai_warming=warming))[0]["ai"])
    assert said == ["ready", "warming"]


def test_a_first_message_with_a_bad_token_is_unauthorized_any_other_bad_one_a_bad_hello():
    codes = [refuse_hello(ArenaError(code, "")).code
             for code in (ErrorCode.BAD_TOKEN, ErrorCode.BAD_MESSAGE)]
    assert codes == [CloseCode.UNAUTHORIZED, CloseCode.BAD_HELLO]


# -- resume or snapshot ---------------------------------------------------------------------------
def test_a_welcome_without_events_sends_a_snapshot_and_says_not_resumed():
    session = SocketSession("r1", 0)
    session.hello(hello(watch=True), playing())
    welcome, snapshot = sent(session.welcome(playing(), None, T0))
    assert (welcome["resumed"], snapshot["type"], snapshot["v"]) == (False, "snapshot", V)


def test_a_welcome_with_the_missed_events_resumes_with_them():
    session = SocketSession("r1", 0)
    session.hello(hello(v=0, watch=True), playing())
    welcome, *events = sent(session.welcome(playing(), [{"type": "game_started", "v": 1}], T0))
    assert (welcome["resumed"], [e["v"] for e in events]) == (True, [1])


def test_the_welcome_is_followed_by_the_chat_histories_the_socket_may_see():
    session = SocketSession("r1", 0)
    session.hello(hello(TOKEN_A), playing())
    assert session.welcome(playing(), None, T0)[-1] == FetchChat(frozenset({"players"}))


def test_messages_published_while_opening_follow_the_welcome_without_duplicates():
    session = SocketSession("r1", 0)
    session.hello(hello(watch=True), playing())
    assert session.deliver([event(V), event(V + 1)]) == []
    session.welcome(playing(), None, T0)  # a snapshot at V
    assert [m["v"] for m in sent(session.opened(playing()))] == [V + 1]


# -- de-duplication -------------------------------------------------------------------------------
def test_an_event_already_sent_is_not_sent_again():
    session = opened(playing())
    session.deliver([event(V + 1)])
    assert session.deliver([event(V + 1)]) == []


def test_an_event_older_than_the_snapshot_is_dropped():
    assert opened(playing()).deliver([event(V)]) == []


def test_a_sync_resends_events_already_sent():
    session = opened(playing())
    session.deliver([event(V + 1)])
    resent = sent(session.history(playing(), [event(V + 1)[0]], force=True))
    assert [m["v"] for m in resent] == [V + 1]


def test_messages_without_a_version_are_always_sent():
    session = opened(playing())
    presence = ({"type": "presence"}, b'{"type":"presence"}')
    assert len(session.deliver([presence, presence])) == 2


def test_the_fan_out_s_encoded_json_is_sent_as_is():
    assert opened(playing()).deliver([event(V + 1)]) == [Send(*event(V + 1))]


# -- rematch --------------------------------------------------------------------------------------
def test_a_rematch_swaps_the_seat_and_moves_presence_before_the_event_is_sent():
    session = opened(playing(), TOKEN_A)
    actions = session.deliver([event(V + 1, "rematch")])
    assert (actions[0], session.seat) == (MoveSeat(1, 2), 2)


def test_a_rematch_tells_the_page_its_new_seat_just_before_the_event():
    actions = opened(playing(), TOKEN_A).deliver([event(V + 1, "rematch")])
    assert sent(actions) == [{"type": "seat", "seat": 2}, event(V + 1, "rematch")[0]]


def test_a_rematch_leaves_a_spectator_where_it_is():
    session = opened(playing())
    assert [type(a) for a in session.deliver([event(V + 1, "rematch")])] == [Send]


def test_a_rematch_already_in_the_welcome_state_is_not_swapped_again():
    after = rematch_of(playing())
    session = SocketSession("r1", 0)
    session.hello(hello(TOKEN_A, v=1), after)
    actions = session.welcome(after, [{"type": "rematch", "v": after.v}], T0)
    assert (session.seat, [a for a in actions if isinstance(a, MoveSeat)]) == (2, [])


def test_a_rematch_resent_by_a_sync_is_not_swapped_again():
    session = opened(playing(), TOKEN_A)
    session.deliver([event(V + 1, "rematch")])
    session.history(playing(), [event(V + 1, "rematch")[0]], force=True)
    assert session.seat == 2


def test_a_swap_inside_a_gap_closed_by_a_snapshot_moves_the_seat_before_the_snapshot():
    session = opened(playing(), TOKEN_A)
    after = rematch_of(playing())
    actions = session.history(after, None, force=True)
    assert (actions[:2], sent(actions)[-1]["type"], session.seat) == (
        [MoveSeat(1, 2), Send({"type": "seat", "seat": 2})], "snapshot", 2)


def test_a_snapshot_without_a_swap_keeps_the_seat():
    session = opened(playing(), TOKEN_A)
    assert [type(a) for a in session.history(playing(), None, force=True)] == [Send]


# -- presence -------------------------------------------------------------------------------------
def test_an_opened_socket_is_counted_present_in_its_seat():
    session = SocketSession("r1", 0)
    session.hello(hello(TOKEN_B), playing())
    session.welcome(playing(), None, T0)
    assert session.opened(playing()) == [Present(2)]


def test_a_host_back_in_a_waiting_room_relists_it():
    session = SocketSession("r1", 0)
    session.hello(hello(TOKEN_A), waiting_room())
    session.welcome(waiting_room(), None, T0)
    assert session.opened(waiting_room()) == [Present(1), Relist(waiting_room())]


# -- spectators' chat -----------------------------------------------------------------------------
def spectator_line() -> tuple[dict, bytes]:
    return {"type": "chat", "channel": "spectators"}, b'{"type":"chat","channel":"spectators"}'


def test_a_player_does_not_see_the_spectators_chat_until_it_opens_it():
    assert opened(playing(), TOKEN_A).deliver([spectator_line()]) == []


def test_a_player_that_opened_the_spectators_chat_sees_it():
    session = opened(playing(), TOKEN_A)
    actions = session.receive(decode({"type": "spectator_chat", "open": True}), T0)
    assert (actions, len(session.deliver([spectator_line()]))) == (
        [FetchChat(frozenset({"players", "spectators"}), ("spectators",))], 1)


def test_a_spectator_sees_the_spectators_chat():
    assert len(opened(playing()).deliver([spectator_line()])) == 1


# -- client messages ------------------------------------------------------------------------------
def test_a_ping_is_answered_with_the_time_and_its_cid():
    [pong] = sent(opened(playing()).receive(decode({"type": "ping", "cid": "c1"}), T0 + 5))
    assert pong == {"type": "pong", "now": T0 + 5, "cid": "c1"}


def test_a_sync_asks_for_the_events_after_its_version_even_if_sent():
    actions = opened(playing()).receive(decode({"type": "sync", "v": 0}), T0)
    assert actions == [FetchHistory(0, force=True)]


def test_a_chat_message_is_posted_with_its_cid():
    actions = opened(playing()).receive(decode({"type": "chat", "text": "hi", "cid": "c"}), T0)
    assert actions == [PostChat("hi", "c")]


def test_a_move_runs_for_the_seat_the_socket_holds_in_the_state_it_meets():
    session = opened(playing(), TOKEN_B)
    [run] = session.receive(decode({"type": "move", "move": "b2"}), T0)
    assert isinstance(run, Run) and run.build(rematch_of(playing())).seat == 1


def test_a_win_claim_first_asks_who_is_away():
    message = decode({"type": "claim_win"})
    assert opened(playing(), TOKEN_A).receive(message, T0) == [
        FetchAbsence(message)]


def test_a_win_claim_is_judged_on_the_presence_facts_given():
    absence = Absence({1: True, 2: False}, {1: T0, 2: T0 - 1}, 60_000)
    [run] = opened(playing(), TOKEN_A).claim(decode({"type": "claim_win"}), absence)
    assert (run.build(playing()).opponent_last_seen, run.build(playing()).seat) == (T0 - 1, 1)


def test_a_rematch_offer_or_acceptance_first_asks_for_the_ratings_it_starts_from():
    for kind in ("rematch_offer", "rematch_accept"):
        message = decode({"type": kind})
        assert opened(playing(), TOKEN_A).receive(message, T0) == [FetchStandings(message)]


def test_a_rematch_carries_the_ratings_given():
    standings = (("p-a", commands.Standing(1612, False)),)
    [run] = opened(playing(), TOKEN_A).rematch(decode({"type": "rematch_accept"}), standings)
    command = run.build(playing())
    assert (command.seat, command.accept, command.standings) == (1, True, standings)


def test_after_a_lost_channel_the_socket_catches_up_from_its_last_version():
    session = opened(playing(), TOKEN_A)
    session.deliver([event(V + 1)])
    assert session.resynced() == [CatchUp(V + 1, frozenset({"players"}))]


def test_events_of_an_accepted_command_are_owed_until_sent():
    session = opened(playing())
    session.committed(V + 1)
    owed_before = session.owes()
    session.deliver([event(V + 1)])
    assert (owed_before, session.owes()) == (True, False)


# -- flooding -------------------------------------------------------------------------------------
def test_a_message_over_the_rate_limit_is_refused_with_its_cid():
    [refusal] = sent(opened(playing()).flooded("c9"))
    assert (refusal["code"], refusal["cid"]) == ("rate_limited", "c9")


def test_flooding_past_the_abuse_limit_closes_the_socket():
    session = opened(playing())
    for _ in range(ABUSE_LIMIT):
        session.flooded(None)
    [close] = session.flooded("c")
    assert close == CloseWith(CloseCode.ABUSE, close.error, "c")
    assert close.error.code is ErrorCode.RATE_LIMITED
