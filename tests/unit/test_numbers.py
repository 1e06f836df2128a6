"""Every number a table writes with decimals is written as the player's language writes it (a decimal comma in
French, Russian and Spanish): the 421 coach's chances, the Generala hint's expected scores, a solo game's par and
the points the after-game report says were lost."""

from __future__ import annotations

from dataclasses import replace

import pytest

from etoile.app import messages as m
from etoile.app.model import Model
from etoile.app.routes import Route
from etoile.app.update import update
from etoile.engine.dice import Roll
from etoile.engine.match import Match, Seat
from etoile.engine.slot import Slot
from etoile.games.four21 import rules as four21
from etoile.games.generala import rules as generala
from etoile.games.generala import table as generala_table
from etoile.games.generala.coach import GeneralaMistake, GeneralaPar, GeneralaReport
from etoile.saved.settings import Settings
from etoile.ui.i18n import catalog
from etoile.ui.views import view


def four21_coached(lang: str, escape: float, best: float) -> str:
    """The text of a 421 table whose coach gives these chances, Ann to decide after her first throw."""
    match = Match.new(four21, {"players": 2}, 0, (Seat("Ann"), Seat("Bob")))
    match = match.play_all([four21.Throw(), Roll((1,)), four21.Throw(), Roll((3,)), four21.Throw(), Roll((5, 3, 2))])
    model = Model(route=Route("game", "421"), matches={Slot("421"): match}, settings=Settings(coach=True, language=lang))
    advice = {"keep": [5], "stop": False, "escape": escape, "best": best}
    model, _ = update(model, m.CoachAnswer(Slot("421"), match.cursor, "advice", advice))
    return view(model).text()


@pytest.mark.parametrize(
    ("lang", "line"),
    [
        ("en", "If you follow it: 87.5% chance of not ending the turn with the worst hand, 12% chance of ending with the best."),
        (
            "fr",
            "En le suivant\u00a0: 87,5\u00a0% de chances de ne pas finir le tour avec la plus mauvaise combinaison, "
            "12\u00a0% de chances de finir avec la meilleure.",
        ),
        ("ru", "Если последовать совету: 87,5% — шанс не закончить круг с худшей комбинацией, 12% — закончить с лучшей."),
    ],
)
def test_the_421_coach_writes_its_chances_to_a_tenth_as_the_language_does(lang: str, line: str) -> None:
    assert line in four21_coached(lang, 0.875, 0.12)


def test_the_421_coach_writes_spanish_chances_with_a_decimal_comma() -> None:
    text = four21_coached("es", 0.875, 0.12)
    assert "87,5" in text and "87.5" not in text


def generala_hinted(lang: str, expected: float) -> str:
    match = Match.new(generala, {"players": 2}, 3, (Seat("Ann"), Seat("Bob")))
    match = match.play_all([generala.Throw(), Roll((2, 2, 2, 2, 2)), generala.Throw(), Roll((6, 5, 4, 3, 3))])
    match = match.play_all([generala.Throw(), Roll((6, 6, 5, 4, 1))])
    model = Model(route=Route("game", "generala"), matches={Slot("generala"): match}, settings=Settings(language=lang))
    model, _ = update(model, m.AtTable("generala", generala_table.AskHint()))
    answer = [{"action": {"throw": [6, 6]}, "expected": expected}]
    model, _ = update(model, m.CoachAnswer(Slot("generala"), match.cursor, "hint", answer))
    return view(model).text()


@pytest.mark.parametrize(
    ("lang", "line"),
    [
        ("en", "Keep 6 6: expected final score 154.4."),
        ("fr", "Garder 6 6\u00a0: score final espéré 154,4."),
        ("ru", "Отложить 6 6: ожидаемый итог 154,4."),
    ],
)
def test_the_generala_hint_writes_the_expected_score_as_the_language_does(lang: str, line: str) -> None:
    assert line in generala_hinted(lang, 154.36)


def test_the_generala_hint_in_spanish_writes_a_decimal_comma() -> None:
    text = generala_hinted("es", 154.36)
    assert "154,4" in text and "154.4" not in text


def finished_solo() -> Match:
    match = Match.new(generala, {"players": 1}, 5, (Seat("Ann"),))
    for _ in range(generala.ROUNDS):
        match = match.play_all([generala.Throw(), Roll((6, 5, 3, 2, 1))])
        box = next(b for b in generala.BOXES if generala.Fill(b) in generala.legal_actions(match.state))
        match = match.play(generala.Fill(box))
    assert match.result is not None
    return match


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("en", "below the optimal player's average under these rules (156.2)."),
        ("fr", "la moyenne du joueur optimal avec ces règles (156,2 points)."),
        ("ru", "ниже среднего результата оптимального игрока по этим правилам (156,2)."),
        ("es", "por debajo del promedio del jugador óptimo con estas reglas (156,2)."),
    ],
)
def test_a_solo_generala_game_sets_its_score_against_the_par_as_the_language_writes_it(lang: str, expected: str) -> None:
    match = finished_solo()
    line = generala_table.par_line(match, generala_table.Local(par=GeneralaPar(156.19)), catalog(lang))
    assert line is not None and expected in line.text()


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("en", "Round 3, throw 2: write in straight instead of keep 6 6, 2.3 expected points lost."),
        ("fr", "Manche 3, lancer 2\u00a0: inscrire dans la suite au lieu de garder 6 6, 2,3 points espérés perdus."),
        ("ru", "Раунд 3, бросок 2: записать в графу «стрит» вместо того, чтобы отложить 6 6; потеряно ожидаемых очков: 2,3."),
        ("es", "2,3"),
    ],
)
def test_the_generala_report_writes_the_points_lost_as_the_language_does(lang: str, expected: str) -> None:
    mistake = GeneralaMistake(3, 2, (6, 6, 5, 4, 1), {"fill": "straight"}, {"throw": [6, 6]}, 2.26)
    local = replace(generala_table.Local(), report=GeneralaReport({0: (mistake,)}))
    panel = generala_table.report_panel(finished_solo(), local, catalog(lang))
    assert panel is not None and expected in panel.text()
