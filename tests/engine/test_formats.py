"""Game record formats: SGF, piskvork .psq and our text export, each read from records written
by hand from the format's specification the way other programs write them, round-tripped, and
refused with ``RecordError`` (code ``bad_record``) when malformed."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.board import Board
from engine.formats import (
    FORMATS,
    GameRecord,
    RecordError,
    export_record,
    import_psq,
    import_record,
    import_sgf,
    import_text,
)

# As a gomoku program writes SGF: application data, a date, comments with escaped brackets, a
# move time, Windows line endings and two variations at the end (the first is the main line).
HAND_SGF = (
    "(;GM[4]FF[4]CA[UTF-8]AP[SomeGomokuApp:2.1]SZ[15]DT[2025-03-01]\r\n"
    "PB[Black Player]PW[White \\] Player]RE[B+]C[a friendly game\\]]\r\n"
    ";B[hh]C[the centre];W[ig]BL[59.2]\r\n"
    ";B[ii](;W[gg];B[jj])(;W[jj];B[gg]))\r\n"
)
HAND_PSQ = (
    "Piskvorky 20x20, 11:11, 0\r\n"
    "10,10,0\r\n"
    "11,10,906\r\n"
    "11,11,1250\r\n"
    "pbrain-first.zip\r\n"
    "pbrain-second.zip\r\n"
    "-1\r\n"
)
HAND_TEXT = (
    "; exported by hand\r\n"
    '[Site "somewhere"]\r\n'
    '[Variant "caro"]\r\n'
    '[First "Lan"]\r\n'
    '[Second "Minh"]\r\n'
    '[Result "0-1"]\r\n'
    "\r\n"
    "h8 {a comment} h9 i8\r\n"
    "i9\r\n"
)


def test_sgf_by_hand_reads_the_main_line_players_and_result():
    record = import_sgf(HAND_SGF)
    assert record.variant == "gomoku"
    assert record.moves == ("h8", "i9", "i7", "g9", "j6")
    assert (record.first, record.second, record.result) == ("Black Player", "White ] Player", "1-0")


def test_sgf_with_a_size_other_than_15_is_a_freestyle_board_of_that_size():
    record = import_sgf("(;GM[4]SZ[19];B[jj];W[aa])")
    assert record.variant == "custom-19x19-k5-freestyle"
    assert record.moves == ("j10", "a19")


def test_sgf_variant_given_by_the_caller_decides_the_rule():
    assert import_sgf("(;SZ[15];B[hh])", "caro").variant == "caro"


def test_psq_by_hand_reads_moves_from_the_top_left_and_engine_names():
    record = import_psq(HAND_PSQ)
    assert record.variant == "custom-20x20-k5-freestyle"
    assert record.moves == ("j11", "k11", "k10")
    assert (record.first, record.second) == ("pbrain-first.zip", "pbrain-second.zip")


def test_text_by_hand_skips_comments_and_keeps_other_tags():
    record = import_text(HAND_TEXT)
    assert record.variant == "caro" and record.moves == ("h8", "h9", "i8", "i9")
    assert (record.first, record.second, record.result) == ("Lan", "Minh", "0-1")
    assert record.tags == (("Site", "somewhere"),)


@pytest.mark.parametrize(
    ("fmt", "text", "message"),
    [
        ("sgf", "(;GM[1]SZ[19];B[aa])", "GM[1]"),
        ("sgf", "(;GM[4]SZ[15]AB[hh];W[ii])", "setup stones"),
        ("sgf", "(;GM[4];B[hh];B[ii])", "W is to play"),
        ("sgf", "(;GM[4];B[hh];W[hh])", "illegal"),
        ("sgf", "(;GM[4];B[zz])", "off the 15x15 board"),
        ("sgf", "(;GM[4];B[])", "no passes"),
        ("sgf", "(;GM[4];B[hh]", "not closed"),
        ("sgf", "(;GM[4]C[open", "not closed"),
        ("sgf", "B[hh]", "outside"),
        ("sgf", "", "no SGF game tree"),
        ("psq", "Gomoku 15x15\n8,8,0\n", "Piskvorky"),
        ("psq", "Piskvorky 15x15, 11:11, 0\n16,1,0\n", "off the 15x15 board"),
        ("psq", "Piskvorky 15x15, 11:11, 0\n8,8,0\nname\n9,9,0\n", "in order"),
        ("psq", "Piskvorky 15x15, 11:11, 0\n8;8\n", "in order"),
        ("psq", "Piskvorky 15x15, 11:11, 0\n8,8,0\n8,8,0\n", "illegal"),
        ("text", "h8 h9", "no [Variant"),
        ('text', '[Variant "chess"]\n\ne4', "unknown variant"),
        ('text', '[Variant "gomoku"]\n\nh8 h8', "already taken"),
        ('text', '[Variant gomoku]\n\nh8', "not a tag"),
        ('text', '[Variant "tictactoe"]\n\na1 b1 a2 b2 a3 c3', "game is over"),
        ('text', '[Variant "gomoku"]\n[Opening "swap2: , white"]\n\nh8', "is not"),
    ],
)
def test_malformed_records_raise_record_error_saying_what_is_wrong(fmt, text, message):
    with pytest.raises(RecordError, match=message.replace("[", r"\[")) as caught:
        import_record(text, fmt)
    assert caught.value.code == "bad_record"


def test_gravity_games_export_as_text_only():
    record = GameRecord("connect4", ("4", "4", "3"))
    assert import_text(export_record(record, "text")) == record
    with pytest.raises(RecordError, match="gravity"):
        export_record(record, "sgf")


def test_an_unknown_format_is_a_record_error():
    with pytest.raises(RecordError, match="unknown format"):
        export_record(GameRecord("gomoku", ()), "pgn")


GRID_VARIANTS = ("gomoku", "caro", "caro9", "custom-20x20-k5-freestyle", "custom-9x13-k4-standard")
NAMES = st.text(alphabet='abcxyz ABC-_."\\]', min_size=1, max_size=12).map(str.strip).filter(bool)


@st.composite
def games(draw: st.DrawFn) -> GameRecord:
    """A legal game, possibly finished, with names and a result."""
    board = Board(draw(st.sampled_from(GRID_VARIANTS)))
    for _ in range(draw(st.integers(0, 40))):
        if board.is_game_over():
            break
        board.push(draw(st.sampled_from(board.legal_moves())))
    return GameRecord(board.variant.spec, tuple(board.moves_str()), draw(NAMES), draw(NAMES),
                      draw(st.sampled_from(["1-0", "0-1", "1/2-1/2", "*"])))


@settings(max_examples=60, deadline=None)
@given(games(), st.sampled_from(sorted(FORMATS)))
def test_every_format_round_trips_a_game(record, fmt):
    back = import_record(export_record(record, fmt), fmt, record.variant)
    assert (back.variant, back.moves) == (record.variant, record.moves)
    assert (back.first, back.second) == (record.first, record.second)
    if fmt != "psq":  # .psq has no result field
        assert back.result == record.result


def _mutations(text: str) -> st.SearchStrategy[str]:
    """``text`` with a slice replaced by random characters (near-valid input)."""
    return st.tuples(
        st.integers(0, len(text)), st.integers(0, 8), st.text(max_size=8)
    ).map(lambda t: text[: t[0]] + t[2] + text[t[0] + t[1] :])


@settings(max_examples=300, deadline=None)
@given(
    st.sampled_from([("sgf", HAND_SGF), ("psq", HAND_PSQ), ("text", HAND_TEXT)]).flatmap(
        lambda pair: st.tuples(st.just(pair[0]), st.one_of(_mutations(pair[1]), st.text()))
    )
)
def test_import_of_any_text_returns_a_record_or_raises_record_error(case):
    fmt, text = case
    try:
        record = import_record(text, fmt)
    except RecordError:
        return
    assert len(record.board().move_stack) == len(record.moves)
