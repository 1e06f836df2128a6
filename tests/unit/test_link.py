"""Games in links: every game of every kind and seating goes through a link and back; every bad link is refused
with its own reason, and no other error ever escapes."""

from __future__ import annotations

import base64
import json
import random
import zlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from etoile.engine.match import Match, Seat
from etoile.games.chinese_checkers import rules as chinese_checkers
from etoile.games.four21 import rules as four21
from etoile.games.generala import rules as generala
from etoile.sharing import link
from etoile.sharing.link import MAX_LINK_CHARS, LinkRefused, decode, encode, pack

CODE = "k3j9x2ab"
"""A game by link's id."""

GAMES = {
    "421": (four21, (2, 3, 8)),
    "generala": (generala, (1, 2, 5)),
    "chinese-checkers": (chinese_checkers, (2, 3, 4, 6)),
}


def random_game(game_id: str, players: int, seed: int, plies: int) -> Match:
    """A game of ``players`` (the last one the computer) after about ``plies`` random legal actions."""
    game = GAMES[game_id][0]
    seats = (*(Seat(f"Player {n}") for n in range(1, players)), Seat("Max", game.DESCRIPTION.levels[0]))
    match = Match.new(game, {"players": players}, seed, seats).settled()
    rng = random.Random(seed)
    while match.result is None and match.cursor < plies:
        match = match.play(rng.choice(list(game.legal_actions(match.state)))).settled()
    return match


def refusal(text: object) -> str:
    with pytest.raises(LinkRefused) as refused:
        decode(text)  # type: ignore[arg-type]
    assert refused.value.reason in link.REASONS
    return refused.value.reason


@settings(max_examples=40, deadline=None)
@given(
    game_id=st.sampled_from(sorted(GAMES)),
    choice=st.integers(0, 3),
    seed=st.integers(0, 2**64 - 1),
    plies=st.integers(0, 400),
    purpose=st.sampled_from(link.PURPOSES),
)
def test_every_game_goes_through_a_link_and_back_whole(game_id: str, choice: int, seed: int, plies: int, purpose: str) -> None:
    counts = GAMES[game_id][1]
    match = random_game(game_id, counts[choice % len(counts)], seed, plies)
    purpose = purpose if game_id == "chinese-checkers" else "watch"  # only Chinese checkers is played by link
    text = encode(match, purpose, CODE if purpose == "play" else None)
    shared = decode(text)
    assert shared.purpose == purpose and shared.by_link == (CODE if purpose == "play" else None)
    assert shared.match.to_json() == match.to_json()
    assert shared.match.state == match.state and shared.match.seats == match.seats
    assert link.DATA.fullmatch(text.split(".", 2)[2])  # only characters a URL carries as they are


def test_an_undone_position_travels_with_the_moves_after_it_to_watch_but_not_to_play() -> None:
    match = random_game("chinese-checkers", 2, 3, 12).undo(2)
    watched = decode(encode(match, "watch")).match
    assert (watched.cursor, len(watched.actions)) == (10, 12)
    played = decode(encode(match, "play", CODE)).match
    assert (played.cursor, len(played.actions)) == (10, 10)


def test_who_plays_on_which_device_is_not_in_a_link() -> None:
    seats = (Seat("Ann"), Seat("Bob", away=True), Seat("Max", "easy"))
    match = Match.new(chinese_checkers, {"players": 3}, 9, seats)
    record = json.loads(zlib.decompress(base64.urlsafe_b64decode(encode(match, "play", CODE)[7:] + "==")))
    assert record["seats"] == [
        {"name": "Ann", "computer": None},
        {"name": "Bob", "computer": None},
        {"name": "Max", "computer": "easy"},
    ]
    assert record["by_link"] == CODE and "away" not in json.dumps(record)


def test_only_a_play_link_names_a_game_by_link_and_only_chinese_checkers_is_played_by_link() -> None:
    record = random_game("chinese-checkers", 2, 4, 6).to_json()
    del record["format"]
    assert refusal(pack(record, "play")) == "not_a_game"  # no id
    assert refusal(pack({**record, "by_link": CODE}, "watch")) == "not_a_game"
    assert refusal(pack({**record, "by_link": "NOT-AN-ID"}, "play")) == "not_a_game"
    assert decode(pack({**record, "by_link": CODE}, "play")).by_link == CODE
    dice = random_game("421", 2, 4, 6).to_json()
    del dice["format"]
    assert refusal(pack({**dice, "by_link": CODE}, "play")) == "not_a_game"
    with pytest.raises(ValueError, match="not played by link"):
        encode(random_game("421", 2, 4, 6), "play", CODE)
    with pytest.raises(ValueError, match="names its game by link"):
        encode(random_game("chinese-checkers", 2, 4, 6), "play")


def test_a_150_move_chinese_checkers_game_fits_a_link_far_under_2000_characters() -> None:
    for seed in range(5):
        match = random_game("chinese-checkers", 2, seed, 150)
        assert match.cursor == 150
        assert len("https://example.github.io/etoile/#/link/" + encode(match, "play", CODE)) < 1_000


@settings(max_examples=200, deadline=None)
@given(
    st.one_of(
        st.text(max_size=200),
        st.binary(max_size=200).map(lambda raw: "1.play." + base64.urlsafe_b64encode(raw).decode().rstrip("=")),
    )
)
def test_random_text_is_refused_with_a_reason_and_nothing_else_escapes(text: str) -> None:
    refusal(text)


def test_a_link_cut_short_anywhere_is_refused() -> None:
    text = encode(random_game("generala", 2, 8, 60), "watch")
    for end in range(len(text) - 1, 0, -7):
        assert refusal(text[:end]) in ("damaged", "not_a_link")


def test_a_changed_character_anywhere_in_its_data_is_seen() -> None:
    text = encode(random_game("421", 3, 11, 80), "watch")
    start = text.rindex(".") + 1
    for index in range(start, len(text)):
        changed = text[:index] + ("A" if text[index] != "A" else "B") + text[index + 1 :]
        assert refusal(changed) == "damaged", index


def test_an_illegal_move_slipped_into_the_record_is_refused() -> None:
    record = random_game("chinese-checkers", 2, 4, 20).to_json()
    del record["format"]
    record["actions"].insert(5, record["actions"][0])  # the first move again, from a hole now empty
    with pytest.raises(LinkRefused) as refused:
        decode(pack({**record, "by_link": CODE}, "play"))
    assert refused.value.reason == "not_a_game" and "do not replay" in str(refused.value)


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (lambda record: record.update(game="chess"), "unknown game"),
        (lambda record: record["options"].update(players=7), "not a generala game"),
        (lambda record: record.update(seats=record["seats"][:1]), "seats"),
        (lambda record: record.update(actions=record["actions"] * 200), "more than"),
        (lambda record: record.update(cursor=-1), "cursor"),
    ],
)
def test_a_record_that_does_not_fit_its_game_is_refused(change, words: str) -> None:
    record = random_game("generala", 2, 6, 30).to_json()
    del record["format"]
    change(record)
    with pytest.raises(LinkRefused) as refused:
        decode(pack(record, "watch"))
    assert refused.value.reason == "not_a_game" and words in str(refused.value)


def test_a_link_a_hundred_times_too_long_is_refused_unread() -> None:
    text = encode(random_game("421", 2, 1, 400), "watch")
    long = text + text.split(".", 2)[2] * 99
    assert len(long) > MAX_LINK_CHARS
    assert refusal(long) == "too_long"


def test_a_small_link_that_would_inflate_beyond_any_game_is_refused() -> None:
    bomb = base64.urlsafe_b64encode(zlib.compress(b"[" + b" " * 8_000_000 + b"]", 9)).decode().rstrip("=")
    assert len(bomb) < MAX_LINK_CHARS
    assert refusal(f"1.watch.{bomb}") == "too_long"


def test_a_link_of_a_later_version_asks_for_a_newer_etoile() -> None:
    text = encode(random_game("generala", 1, 2, 10), "watch")
    assert refusal("2" + text[1:]) == "newer"
    assert refusal("17.watch.AAAA") == "newer"


@pytest.mark.parametrize("text", ["", "hello", "1", "1.play", "0.play.eJw", "1.send.eJw", "1.play.not base64!", "x.play.eJw"])
def test_what_is_not_a_link_says_so(text: str) -> None:
    assert refusal(text) == "not_a_link"


def test_a_record_that_is_not_an_object_or_not_json_is_refused() -> None:
    def packed(body: bytes) -> str:
        return "1.play." + base64.urlsafe_b64encode(zlib.compress(body)).decode().rstrip("=")

    assert refusal(packed(json.dumps([1, 2]).encode())) == "not_a_game"
    assert refusal(packed(b"{not json")) == "damaged"
    assert refusal(packed(b"\xff\xfe")) == "damaged"
    assert refusal(packed(b"[" * 100 + b"]" * 100)) == "damaged"  # nested beyond any record


def test_names_travel_as_plain_text_in_a_link() -> None:
    game = chinese_checkers
    seats = (Seat("<img src=x onerror=alert(1)>"), Seat("Zoé «Б»"))
    match = Match.new(game, {"players": 2}, 1, seats)
    assert decode(encode(match, "play", CODE)).match.seats == seats
