"""Chinese checkers written down: the position text reads back every state, and bad texts and moves are refused clearly."""

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from etoile.engine.game import CHANCE
from etoile.games.chinese_checkers import ai
from etoile.games.chinese_checkers import rules as cc
from etoile.games.chinese_checkers.board import SEATINGS
from etoile.games.chinese_checkers.text import from_cells

# Seat 0 has stepped 7-15: seat 1 to move.
TEXT = (
    "chinese-checkers players=2 camps=1 long_jumps=false rank_all=false move_limit=null spoiling=true edition=2"
    " A/AA/AAA/A1AA/5A7/12/11/10/9/10/11/12/13/DDDD/DDD/DD/D turns=1,0 passes=0 lowest=119,120 quiet=0 finished=-"
    " eliminated=- last=7-15,null to_move=1"
)


def round_trips(state: cc.State) -> str:
    """The state's position text, once checked to read back equal, to be written again the same, and to agree with JSON."""
    text = cc.state_to_text(state)
    assert "\n" not in text
    again = cc.state_from_text(text)
    assert again == state
    assert cc.state_to_text(again) == text
    assert cc.state_from_json(json.loads(json.dumps(cc.state_to_json(state)))) == again
    return text


def test_the_text_of_a_position_holds_the_board_the_options_and_the_counters() -> None:
    state = cc.apply(cc.new_game(2), cc.action_from_text("7-15"))
    assert round_trips(state) == TEXT
    start = cc.state_to_text(cc.new_game(2, camps=3, long_jumps=True, move_limit=20, spoiling=False, edition=1))
    assert start.split() == [
        "chinese-checkers",
        *("players=2", "camps=3", "long_jumps=true", "rank_all=false", "move_limit=20", "spoiling=false", "edition=1"),
        "A/AA/AAA/AAAA/FFFF5BBBB/FFF6BBB/FF7BB/F8B/9/E8C/EE7CC/EEE6CCC/EEEE5CCCC/DDDD/DDD/DD/D",
        *("turns=0,0", "passes=0", "lowest=360,360", "quiet=0", "finished=-", "eliminated=-", "last=null,null", "to_move=0"),
    ]


def test_the_text_writes_finished_and_eliminated_seats_and_a_game_over() -> None:
    # Seats 2 and 3 have no piece: eliminated together; the game goes on between 0 and 1.
    out = from_cells("0" + "." * 60 + "1" + "." * 59, players=4)
    assert "eliminated=2+3" in round_trips(out).split() and out.to_move == 0
    # With rank_all, a seat that has finished is skipped and the game goes on.
    rnd, state = random.Random(3), cc.new_game(3, rank_all=True)
    while not state.finished:
        state = cc.apply(state, ai.best_move(state, "easy") if rnd.random() < 0.9 else rnd.choice(cc.legal_moves(state)))
        round_trips(state)
    assert state.to_move is not None and f"finished={state.finished[0]}" in cc.state_to_text(state).split()
    over = from_cells("." * 60 + "1" + "." * 50 + "0" * 10, players=2)
    assert cc.state_to_text(over).endswith(" finished=0 eliminated=- last=null,null to_move=null")
    assert cc.state_from_text(cc.state_to_text(over)) == over


@st.composite
def games(draw: st.DrawFn) -> tuple[int, int, dict[str, object]]:
    """A seating and a value of every option: the offered ones, and move limits short enough to be reached."""
    players = draw(st.sampled_from((2, 3, 4, 6)))
    camps = draw(st.sampled_from([c for p, c in SEATINGS if p == players]))
    options = {
        "long_jumps": draw(st.booleans()),
        "rank_all": draw(st.booleans()),
        "move_limit": draw(st.sampled_from((*cc.MOVE_LIMITS, 1, 3))),
        "spoiling": draw(st.booleans()),
        "edition": draw(st.sampled_from((cc.EDITION, 1))),
    }
    return players, camps, options


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games(), st.integers(0, 2**32), st.floats(0, 1))
def test_every_position_of_random_play_reads_back_from_its_text(
    game: tuple[int, int, dict[str, object]], seed: int, greedy: float
) -> None:
    players, camps, options = game
    rnd = random.Random(seed)
    state = cc.new_game(players, camps, **options)  # type: ignore[arg-type]
    round_trips(state)
    for _ in range(250):
        if state.to_move is None:
            break
        assert cc.to_move(state) is not CHANCE and cc.chance_outcomes(state) == ()
        moves = cc.legal_moves(state)
        state = cc.apply(state, ai.best_move(state, "easy") if rnd.random() < greedy else rnd.choice(moves))
        round_trips(state)
    assert cc.chance_outcomes(state) == ()


def test_every_text_cut_short_is_refused() -> None:
    texts = [TEXT, cc.state_to_text(from_cells("." * 111 + "0" * 10, players=2))]
    for text in texts:
        for end in range(len(text)):
            with pytest.raises(ValueError):
                cc.state_from_text(text[:end])
    with pytest.raises(ValueError, match="the position has no quiet, finished, eliminated, last, to_move"):
        cc.state_from_text(TEXT[: TEXT.index(" quiet=")])


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        # The board: its rows and their holes, its pieces.
        ("/12/11/", "/12/10/", "row 7 of the board has 10 holes, not 11"),
        ("/12/11/", "/12/12/", "row 7 of the board has more than 11 holes"),
        ("/12/11/", "/12/11/1/", "the board has 18 row"),
        ("A/AA/AAA/", "A/AA/", "the board has 16 row"),
        ("5A7", "5B7", "row 5 of the board holds a piece of camp B, which nobody plays with 2 players and 1 camp"),
        ("5A7", "5x7", "row 5 of the board holds 'x'"),
        ("5A7", "05A7", "row 5 of the board holds '0'"),
        ("5A7", "5A1111111", "row 5 of the board has more than 13 holes"),
        # The fields: known, once each, written name=value, after the board.
        ("to_move=1", "to_move=1 colour=red", "unknown field\\(s\\) 'colour'"),
        ("quiet=0", "quiet=0 quiet=0", "the field quiet is given twice"),
        (" quiet=0", "", "the position has no quiet"),
        ("quiet=0", "quiet", "'quiet' is not a field of a Chinese checkers position: write name=value"),
        ("A/AA/AAA/A1AA/5A7/12/11/10/9/10/11/12/13/DDDD/DDD/DD/D ", "", "'turns=1,0' is not one of the chinese-checkers options"),
        ("chinese-checkers ", "", "opens with 'chinese-checkers', not 'players=2'"),
        ("players=2", "players=2 colour=red", "'colour=red' is not one of the chinese-checkers options, given once each"),
        ("players=2", "players=2.0", "players must be a whole number, not 2.0"),
        ("long_jumps=false", "long_jumps=1", "option long_jumps must be true or false, not 1"),
        (" edition=2", "", "the position has no edition"),
        # The options.
        ("players=2", "players=7", "for 1 to 6 players, not 7"),
        ("players=2", "players=02", "chinese-checkers option players cannot be '02'"),
        ("camps=1", "camps=4", "no seating for 2 players with 4 camp"),
        ("long_jumps=false", "long_jumps=yes", "chinese-checkers option long_jumps cannot be 'yes'"),
        ("move_limit=null", "move_limit=0", "move_limit must be null or a whole number from 1 up, not 0"),
        ("move_limit=null", "move_limit=none", "chinese-checkers option move_limit cannot be 'none'"),
        ("edition=2", "edition=3", "edition must be 1 or 2, not 3"),
        # The counters and the seat to move, as the JSON form checks them.
        ("turns=1,0", "turns=1", "one entry per seat"),
        ("last=7-15,null", "last=7-15", "one entry per seat"),
        ("last=7-15,null", "last=7-15,x", "not a move: 'x'"),
        ("lowest=119,120", "lowest=-1,120", "a distance must be a whole number, not '-1'"),
        ("lowest=119,120", "lowest=119,100000", "a distance must be a whole number 0 to 10000"),
        ("finished=-", "finished=1,1", "twice"),
        ("finished=-", "finished=", "a seat must be a whole number, not ''"),
        ("eliminated=-", "eliminated=0", "an eliminated seat still has pieces"),
        ("eliminated=-", "eliminated=2", "a seat must be a whole number 0 to 1, not 2"),
        ("to_move=1", "to_move=5", "to_move must be a whole number 0 to 1, not 5"),
        ("to_move=1", "to_move=", "to_move must be a whole number, not ''"),
        ("finished=-", "finished=1", "seat 1 is not in play and cannot be to move"),
    ],
)
def test_a_bad_position_text_is_refused_with_what_is_wrong(old: str, new: str, message: str) -> None:
    assert old in TEXT
    with pytest.raises(ValueError, match=message):
        cc.state_from_text(TEXT.replace(old, new, 1))


@settings(max_examples=300, deadline=None)
@given(st.data())
def test_any_text_reads_as_a_position_or_is_refused_with_a_value_error(data: st.DataObject) -> None:
    at = data.draw(st.integers(0, len(TEXT)))
    cut = data.draw(st.integers(0, 3))
    text = TEXT[:at] + data.draw(st.text("AD0123456789/=,+-. _abcdeflnrstu", max_size=4)) + TEXT[at + cut :]
    try:
        state = cc.state_from_text(text)
    except ValueError:
        return
    assert cc.state_from_text(cc.state_to_text(state)) == state


def test_a_position_text_must_be_a_text() -> None:
    with pytest.raises(ValueError, match="a chinese-checkers position opens with 'chinese-checkers', not 'nothing'"):
        cc.state_from_text("")
    with pytest.raises(ValueError, match="a Chinese checkers position is a text"):
        cc.state_from_text(None)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "not a move: ''"),
        ("Pass", "not a move: 'Pass'"),
        ("7 15", "not a move: '7 15' \\(write holes joined by '-', like '12-23-34', or 'pass'\\)"),
        ("07-15", "not a move"),
        ("7--15", "not a move"),
        ("٣-14", "not a move"),
        ("7", "a move is a path of at least two holes, not \\(7,\\)"),
        ("7-121", "a move's holes are numbers 0 to 120, not \\(7, 121\\)"),
    ],
)
def test_a_bad_move_notation_is_refused_with_what_was_expected(text: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        cc.action_from_text(text)


def test_a_move_notation_must_be_a_text() -> None:
    with pytest.raises(ValueError, match="a move's notation is a text, not 715"):
        cc.action_from_text(715)  # type: ignore[arg-type]
