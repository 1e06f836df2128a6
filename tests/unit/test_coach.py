"""The coaches' answers: one typed value per game, the same after the worker's JSON, and "pending" until they come."""

import json

from etoile.engine import computer as run
from etoile.engine.coach import PENDING, Pending
from etoile.engine.match import Match, Seat
from etoile.games.chinese_checkers import ai as cc_ai
from etoile.games.chinese_checkers import rules as chinese_checkers
from etoile.games.chinese_checkers.coach import ChineseCheckersHint
from etoile.games.four21 import ai as four21_ai
from etoile.games.four21 import rules as four21
from etoile.games.four21.coach import Four21Advice
from etoile.games.generala import ai as generala_ai
from etoile.games.generala import rules as generala
from etoile.games.generala.coach import GeneralaHint, GeneralaReport

SEATS = (Seat("Ann"), Seat("", "easy"))


def through_the_worker(match: Match, request: str) -> object:
    return json.loads(run.advise(match.game.ID, json.dumps(match.to_json()), request))


def test_the_421_advice_comes_back_from_the_worker_as_the_same_value() -> None:
    match = Match.new(four21, {"players": 2}, 3, SEATS)
    while match.state.rolloff is not None or match.state.throws == 0:  # up to the leader's first throw
        match = match.play(four21.legal_actions(match.state)[0]).settled()
    advice = four21_ai.advise(match, "advice")
    assert isinstance(advice, Four21Advice)
    assert Four21Advice.from_json(through_the_worker(match, "advice")) == advice


def test_the_generala_hint_and_report_come_back_from_the_worker_as_the_same_values() -> None:
    match = Match.new(generala, {"players": 1}, 5, (Seat("Ann"),))
    match = match.play(generala.Throw(())).settled()
    hint = generala_ai.advise(match, "hint")
    assert isinstance(hint, GeneralaHint) and 1 <= len(hint.choices) <= 6
    assert GeneralaHint.from_json(through_the_worker(match, "hint")) == hint
    while match.result is None:
        match = match.play(generala_ai.choose(match.state, "easy")).settled()
    report = generala_ai.advise(match, "report")
    assert isinstance(report, GeneralaReport) and list(report.mistakes) == [0]
    assert GeneralaReport.from_json(through_the_worker(match, "report")) == report


def test_the_chinese_checkers_hint_comes_back_from_the_worker_as_the_same_value() -> None:
    match = Match.new(chinese_checkers, {"players": 2}, 1, SEATS)
    hint = cc_ai.advise(match, "hint")
    assert isinstance(hint, ChineseCheckersHint) and chinese_checkers.Move(hint.path) in chinese_checkers.legal_moves(match.state)
    again = ChineseCheckersHint.from_json(through_the_worker(match, "hint"))  # searched again: some good move
    assert chinese_checkers.Move(again.path) in chinese_checkers.legal_moves(match.state)


def test_pending_is_one_explicit_value() -> None:
    assert isinstance(PENDING, Pending) and Pending() == PENDING and repr(PENDING) == "PENDING"


def test_the_worker_gets_ready_for_every_game_and_generala_keeps_what_it_computes_for_later_loads() -> None:
    for game in (four21, chinese_checkers):
        match = Match.new(game, {"players": 2}, 3, (Seat("Ann"), Seat("Bob")))
        assert run.prepare(game.ID, json.dumps(match.to_json())) == "{}"
    rules = generala.Rules(circular_straights=True, five_as_full=True)  # neither of its tables is shipped
    options = {"players": 2, "circular_straights": True, "five_as_full": True}
    record = json.dumps(Match.new(generala, options, 3, (Seat("Ann"), Seat("Bob"))).to_json())

    def new_page_load() -> None:
        generala_ai.dp._TABLES.pop(generala_ai.dp.dp_key(rules), None)
        generala_ai.win._FUTURES.pop(generala_ai.dp.dp_key(rules), None)

    new_page_load()
    computed = json.loads(run.prepare(generala.ID, record))
    assert set(computed) == {"generala:values:111", "generala:futures:111"}
    values, futures = generala_ai.dp.table(rules), generala_ai.win.futures(rules)
    new_page_load()
    assert run.prepare(generala.ID, record, json.dumps(computed)) == "{}"
    assert generala_ai.dp.table(rules) == values
    kept = generala_ai.win.decode(generala_ai.win.encode(futures))  # kept as the shipped table is: to 1/65535
    assert [list(p) for p in generala_ai.win.futures(rules)] == [list(p) for p in kept]
    new_page_load()
    generala_ai.win.remember(rules, futures)
    values_text = computed["generala:values:111"]
    tampered = {"generala:values:111": values_text[:-12], "generala:futures:111": "AAAA"}
    assert json.loads(run.prepare(generala.ID, record, json.dumps(tampered))) == {"generala:values:111": values_text}
    assert generala_ai.table_ready(rules)
