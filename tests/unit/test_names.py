"""A player's name is cleaned once, in ``clean_name``: emoji sequences stay whole, text-reordering controls go."""

import base64
import json
import zlib

import pytest
from hypothesis import given
from hypothesis import strategies as st

from etoile.engine.match import Match, Seat
from etoile.engine.names import NAME_LENGTH, clean_name
from etoile.games.four21 import rules as four21
from etoile.sharing.link import decode, encode, pack

FAMILY = "\U0001f469\u200d\U0001f469\u200d\U0001f467\u200d\U0001f466"
"""👩‍👩‍👧‍👦: four people joined by three zero-width joiners."""

SCOTLAND = "\U0001f3f4\U000e0067\U000e0062\U000e0073\U000e0063\U000e0074\U000e007f"
"""Scotland's flag: a black flag, the tags g b s c t, the cancel tag."""

BIDI_CONTROLS = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


@pytest.mark.parametrize(
    ("typed", "kept"),
    [
        ("Ann " + FAMILY, "Ann " + FAMILY),
        ("  Ann\t" + FAMILY + "\n", "Ann " + FAMILY),
        # a heart with its emoji-style variation selector, a thumb with a skin tone
        ("Bo \u2764\ufe0f \U0001f44d\U0001f3fd", "Bo \u2764\ufe0f \U0001f44d\U0001f3fd"),
        # flags: a pair of regional indicators, and Scotland's tag sequence
        ("Eva \U0001f1eb\U0001f1f7", "Eva \U0001f1eb\U0001f1f7"),
        ("Ian " + SCOTLAND, "Ian " + SCOTLAND),
        # a joiner or selector with nothing before it to join goes
        ("\u200dAnn \ufe0fBo", "Ann Bo"),
        # the controls that reorder text go, without leaving a space
        ("Ann\u202e\u2066Bob\u2069\u200f", "AnnBob"),
        ("A\u0000B\u0085C", "A B C"),
        ("Zoë\u00ad", "Zoë"),
    ],
)
def test_clean_name_keeps_grapheme_clusters_whole_and_drops_controls(typed: str, kept: str) -> None:
    assert clean_name(typed) == kept


def test_clean_name_cuts_a_long_name_between_grapheme_clusters() -> None:
    # 28 letters and a space, then the family: a cut at 32 code points would fall inside it
    assert clean_name("a" * 28 + " " + FAMILY) == "a" * 28
    assert clean_name("b" * 30 + "\U0001f1eb\U0001f1f7\U0001f1e9\U0001f1ea") == "b" * 30 + "\U0001f1eb\U0001f1f7"
    assert len(clean_name("c" * 50)) == NAME_LENGTH


@given(st.text(alphabet=st.characters(codec="utf-8"), max_size=60))
def test_clean_name_is_idempotent_and_never_keeps_a_control(text: str) -> None:
    name = clean_name(text)
    assert clean_name(name) == name
    assert not BIDI_CONTROLS & set(name)
    assert all(ch.isprintable() or ch in "\u200c\u200d" or "\U000e0020" <= ch <= "\U000e007f" for ch in name)
    assert len(name) <= NAME_LENGTH and name == name.strip()


@given(
    st.lists(
        st.sampled_from(["Ann", " ", FAMILY, "\u200d", "\ufe0f", "\U0001f3fd", "\U0001f1eb", "\u202e", "\U000e0067", "x"]),
        max_size=20,
    )
)
def test_clean_name_is_idempotent_on_emoji_pieces(pieces: list[str]) -> None:
    name = clean_name("".join(pieces))
    assert clean_name(name) == name


def test_a_link_naming_a_seat_with_an_emoji_sequence_opens_with_the_name_whole() -> None:
    match = Match.new(four21, {"players": 2}, 7, (Seat("Ann"), Seat("Max", "expert")))
    record = json.loads(zlib.decompress(base64.urlsafe_b64decode(encode(match, "watch")[8:] + "==")))
    record["seats"][0]["name"] = "Ann " + FAMILY
    assert decode(pack(record, "watch")).match.seats[0].name == "Ann " + FAMILY
