"""The words a new player reads: exact sentences where the first versions read as translations or misled."""

from __future__ import annotations

import json
import re
from dataclasses import replace

import pytest

from etoile.app.model import Model
from etoile.app.routes import Route
from etoile.engine.dice import Roll
from etoile.engine.game import token
from etoile.engine.match import Match, Seat
from etoile.engine.registry import REGISTRY
from etoile.engine.slot import Slot
from etoile.games.four21 import rules as four21
from etoile.games.four21.rules import IllegalAction
from etoile.games.generala import rules as generala
from etoile.saved.settings import LANGUAGES, Settings
from etoile.ui.dice import rounds_told
from etoile.ui.i18n import catalog, rules, strings
from etoile.ui.vdom import El
from etoile.ui.views import view

NBSP, NNBSP = "\u00a0", "\u202f"


def test_the_zero_box_question_names_the_box_as_a_box() -> None:
    t = catalog("en")
    assert (
        t("generala.confirm_zero", box=t("generala.box.general"))
        == "The dice make nothing in the general box: cross it out for 0?"
    )
    assert t("generala.confirm_zero", box=t("generala.box.1")) == "The dice make nothing in the ones box: cross it out for 0?"


def option_values(lang: str, game: str, option: str) -> list[str]:
    """The default and the other values a rules page gives ``option``."""
    page = view(Model(route=Route("rules", game), settings=Settings(language=lang)))
    [dd] = [dd for dt, dd in _pairs(page) if dt.attrs["data-option"] == option]
    return [p.text() for p in dd.children if isinstance(p, El)][:2]


def _pairs(page: El) -> list[tuple[El, El]]:
    [dl] = page.find_all(lambda el: el.attrs.get("class") == "option-list")
    items = [el for el in dl.children if isinstance(el, El)]
    return list(zip(items[::2], items[1::2], strict=True))


def test_the_rules_page_names_each_option_s_values_as_the_setup_does() -> None:
    assert option_values("en", "generala", "circular_straights") == [
        "Default: 1-2-3-4-5 and 2-3-4-5-6 only",
        "Other choice: also around the circle (3-4-5-6-1…)",
    ]
    assert option_values("en", "generala", "five_as_four") == ["Default: allowed", "Other choice: not allowed"]
    assert option_values("fr", "generala", "five_as_full") == [
        f"Par défaut{NBSP}: interdit",
        f"Autre choix{NBSP}: permis",
    ]
    assert option_values("en", "chinese-checkers", "move_limit") == [
        "Default: none",
        "Other choices: 20 moves each · 30 moves each · 40 moves each · 60 moves each",
    ]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_rules_page_gives_the_setup_s_own_words_for_every_value(lang: str) -> None:
    t = catalog(lang)
    for game_id, game in REGISTRY.items():
        spec = game.DESCRIPTION
        for option in spec.offered:
            label = t(f"{spec.namespace}.option.{option.id}.{token(option.default)}")
            assert option_values(lang, game_id, option.id)[0] == f"{t('rules.default')} {label}"


def test_russian_names_are_not_put_in_parentheses_inside_parentheses() -> None:
    t = catalog("ru")
    said = t(
        "four21.summary.charge",
        best="Компьютер 2 (эксперт)",
        best_hand="421 (четыреста двадцать один)",
        value=10,
        worst="Игрок 1",
        worst_hand="532",
        count=10,
    )
    assert said == (
        "Компьютер 2 (эксперт): лучшая комбинация, 421 (четыреста двадцать один), цена 10. "
        "Игрок 1 с худшей комбинацией, 532, берёт 10 фишек."
    )
    for lang in LANGUAGES:
        for key, value in strings(lang).items():
            for text in value.values() if isinstance(value, dict) else [value]:
                assert not re.search(r"\([^()]*\{[a-z_]*(name|best|worst|names)\}[^()]*\)", text), (lang, key, text)


@pytest.mark.parametrize(
    ("lang", "name"),
    [
        ("en", "Computer 2 (competitive)"),
        ("fr", "Ordinateur 2 (compétitif)"),
        ("ru", "Компьютер 2 (турнирный)"),
        ("es", "Máquina 2 (nivel competitivo)"),
    ],
)
def test_the_generala_level_that_plays_to_win_has_a_name_that_reads_as_one(lang: str, name: str) -> None:
    t = catalog(lang)
    assert t("seat.computer", number=2, level=t("generala.level.win")) == name


def test_russian_says_set_aside_with_one_word_in_both_dice_games() -> None:
    t = catalog("ru")
    assert (t("four21.coach.choice.keep", dice="1 1"), t("generala.coach.keep", dice="1 1")) == ("Отложить 1 1", "отложить 1 1")


def test_russian_calls_a_421_turn_of_every_player_a_round_in_the_rules_as_on_the_table() -> None:
    text = str(rules("ru")["four21"])
    assert re.findall(r"\bход(?:а|е|у|ом|ы|ов|ам)?\b", text) == []
    assert "Круг" in [section["heading"] for section in rules("ru")["four21"]["sections"]]
    assert "закончить круг с худшей комбинацией" in catalog("ru")("four21.coach.choice_charge", choice="", worst="5")
    # Spanish calls it a "turno" in the rules, and so does the coach.
    assert (
        catalog("es")("four21.coach.choice_charge", choice="Guardar 1", worst="5")
        == "Guardar 1: 5 % de riesgo de acabar el turno con la peor combinación"
    )


@pytest.mark.parametrize(
    ("lang", "told"),
    [
        ("en", "Player 1: 13, Computer 2 (competitive): 17; tied, thrown again: Player 1: 9"),
        ("fr", f"Joueur 1{NBSP}: 13, Ordinateur 2 (compétitif){NBSP}: 17{NNBSP}; égalité, on relance{NBSP}: Joueur 1{NBSP}: 9"),
        ("ru", "Игрок 1: 13, Компьютер 2 (турнирный): 17; равенство, переброс: Игрок 1: 9"),
    ],
)
def test_a_name_and_its_throw_are_kept_apart(lang: str, told: str) -> None:
    match = Match.new(generala, {"players": 2}, 0, (Seat(""), Seat("", "win")))
    rounds = [[(0, (1, 2, 3, 4, 3)), (1, (5, 5, 3, 2, 2))], [(0, (1, 2, 3, 2, 1))]]
    assert rounds_told(match, rounds, lambda dice: str(sum(dice)), catalog(lang)) == told


def test_the_technical_details_count_one_die_as_one() -> None:
    state = four21.start({"players": 2})
    state = four21.apply(state, four21.Throw())  # who starts: one die in the air
    with pytest.raises(IllegalAction, match=r"^1 die is in the air: only a roll of 1 die can come next$"):
        four21.apply(state, four21.Stop())
    state = replace(generala.start({"players": 1}), throwing=1)
    with pytest.raises(generala.IllegalAction, match=r"^1 die is in the air: only a roll of 1 die can come next$"):
        generala.apply(state, generala.Throw())


def test_french_texts_keep_their_punctuation_with_the_word_before_it() -> None:
    """French puts a no-break space before « : ; ! ? » and %, after «: never a line that opens with one of them."""
    texts = [text for value in strings("fr").values() for text in (value.values() if isinstance(value, dict) else [value])]
    texts += re.findall(r'"((?:[^"\\]|\\.)*)"', json.dumps(rules("fr"), ensure_ascii=False))
    assert [text for text in texts if re.search(r" [:;!?»%]|« ", text)] == []
    t = catalog("fr")
    assert t("four21.status.start", name="Ann") == (
        f"Qui commence{NNBSP}? Chacun lance un dé{NBSP}: le 1 est le meilleur, puis 6, 5, 4, 3, 2. À Ann de lancer."
    )
    assert t("chinese_checkers.winner", name="Ann") == f"Ann a gagné{NNBSP}!"


def test_the_421_tie_break_throws_keep_a_name_apart_from_its_dice_as_each_language_does() -> None:
    match = Match.new(four21, {"players": 3}, 0, (Seat("Ann"), Seat("Bob"), Seat("Zoé")))
    match = match.play_all([four21.Throw(), Roll((5,)), four21.Throw(), Roll((5,)), four21.Throw(), Roll((2,))])
    for lang, first in (("en", "Ann: "), ("fr", f"Ann{NBSP}: ")):
        page = view(Model(route=Route("game", "421"), matches={Slot("421"): match}, settings=Settings(language=lang)))
        [throws] = page.find_all(lambda el: el.attrs.get("class") == "rolloff-throws")
        assert next(li.text() for li in throws.children if isinstance(li, El)) == first
