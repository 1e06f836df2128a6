"""A game added as one package, touching no shared code: the test game pig, registered as the app's games are.

Its setup, table, replay, link, history entry, statistics, rules page, computer players and strings all work
through the app's pure functions (``update`` and ``view``) once :func:`etoile.engine.registry.register_package`
has found its :class:`~etoile.engine.registry.GameSpec`.
"""

import json
from collections.abc import Iterator
from dataclasses import replace

import pytest

from etoile.app import effects as fx
from etoile.app import messages as m
from etoile.app.effects import Effect
from etoile.app.model import Model
from etoile.app.routes import GAMES, Route
from etoile.app.update import update
from etoile.engine import computer
from etoile.engine.dice import roll_from_text
from etoile.engine.match import Match, Seat
from etoile.engine.registry import IDS, REGISTRY, GameSpec, register_package, spec, unregister
from etoile.engine.slot import Slot
from etoile.saved.history import Entry
from etoile.saved.settings import LANGUAGES
from etoile.sharing import link
from etoile.ui.i18n import catalog, rules, string_files
from etoile.ui.runtime import events
from etoile.ui.views import title, view
from tests.games.pig import rules as pig


@pytest.fixture(autouse=True)
def registered() -> Iterator[GameSpec]:
    found = register_package("tests.games.pig")
    yield found
    unregister("pig")


def send(model: Model, action: str, value: str | bool | None = None, **data: str) -> tuple[Model, list[Effect]]:
    """What a player's use of a control does: the page's own reading of it, then the update."""
    msg = events.decode(action, value, {"game": "pig", **data})
    assert msg is not None, f"{action} {value} {data} makes no message"
    return update(model, msg)


def finished(seats: tuple[Seat, ...] = (Seat("Ann"), Seat("Bob"))) -> Match:
    """A game of pig to 10 points, won by Ann with a 6 and a 5."""
    return Match.new(pig, {"players": 2, "target": 10}, 421, seats).play_all(
        ["roll", roll_from_text("roll 6"), "roll", roll_from_text("roll 5"), "hold"]
    )


def test_the_registry_finds_the_package_and_lists_it_after_the_app_s_games() -> None:
    assert list(IDS) == ["421", "generala", "chinese-checkers", "pig"] and GAMES[-1] == "pig"
    assert REGISTRY["pig"] is pig and spec("pig").namespace == "pig"
    cards = view(Model()).find_all(lambda el: el.attrs.get("data-game") == "pig" and el.tag == "li")
    assert [card.find_all(lambda el: el.tag == "h2")[0].text() for card in cards] == ["Pig"]
    unregister("pig")
    assert "pig" not in IDS and not view(Model()).find_all(lambda el: el.attrs.get("data-game") == "pig")


def test_its_strings_and_rules_page_are_in_every_language_with_the_same_keys() -> None:
    for lang in LANGUAGES:
        assert set(string_files(lang)["pig"]) == set(string_files("en")["pig"])
        assert rules(lang)["pig"]["options"][0]["id"] == "target"
    assert catalog("fr")("game.pig.name") == "Cochon" and catalog("en")("pig.level.easy") == "easy"


def test_setup_names_its_options_and_levels_and_starts_a_game() -> None:
    page = view(Model(route=Route("setup", "pig")))
    assert "Pig" in title(Model(route=Route("setup", "pig")))
    assert "Target" in page.text() and "20 points" in page.text() and "expert" in page.text()
    model, _ = send(Model(), "setup-option", "10", option="target")
    model, _ = send(model, "setup-seat-kind", "person", index="1")
    model, effects = send(model, "setup-start", seed="7")
    assert model.matches[Slot("pig")].options == {"players": 2, "target": 10}
    assert fx.Navigate("#/pig") in effects


def test_its_table_draws_and_takes_its_own_messages_and_replays() -> None:
    model = Model(
        route=Route("game", "pig"), matches={Slot("pig"): Match.new(pig, {"players": 2}, 421, (Seat("Ann"), Seat("Bob")))}
    )
    model, _ = send(model, "pig:peek")
    assert "peek True" in view(model).text()
    for action in ("roll", "roll", "hold"):
        model, _ = update(model, m.Play(action, "pig"))
    assert "scores [6, 0]" in view(model).text()
    model, _ = send(model, "replay")
    assert "scores [0, 0]" in view(model).text()
    model, _ = send(model, "replay-exit")
    assert "scores [6, 0]" in view(model).text()


def test_a_link_opens_it_as_a_replay() -> None:
    text = link.encode(finished(), "watch")
    model, _ = update(Model(), m.RouteChanged(f"#/link/{text}"))
    assert model.watching is not None and model.watching.match is not None
    assert model.watching.match.to_json() == finished().to_json()
    assert "scores [0, 0]" in view(model).text()


def test_the_history_keeps_it_and_the_statistics_show_its_section() -> None:
    entry = Entry.of(finished(), "2026-12-05T20:00")
    assert (entry.game, entry.ended, entry.facts) == ("pig", "finished", ({"score": 11}, {"score": 0}))
    assert Entry.from_json(json.loads(json.dumps(entry.to_json()))).replayed().to_json() == finished().to_json()
    history = view(Model(route=Route("history"), history=(entry,)))
    assert "Pig" in history.text() and "Ann" in history.text()
    stats = view(Model(route=Route("stats"), history=(entry,), settings=replace(Model().settings, name="Ann")))
    [section] = stats.find_all(lambda el: el.attrs.get("class") == "stats-game")
    assert section.attrs["data-game"] == "pig" and section.text() == "PigAverage score11.0"


def test_its_rules_page_shows_its_text_and_its_options_as_the_setup_names_them() -> None:
    model = Model(route=Route("rules", "pig"))
    page = view(model)
    assert title(model) == "Rules of Pig · Étoile"
    assert "A turn" in page.text() and "A 1 loses the turn's total and ends the turn." in page.text()
    [option] = page.find_all(lambda el: el.attrs.get("data-option") == "target")
    assert option.text() == "Target"


def test_its_computer_players_and_coach_answer_through_the_worker_s_entry() -> None:
    match = Match.new(pig, {"players": 2}, 421, (Seat("Ann"), Seat("", "easy"))).play_all(["roll", roll_from_text("roll 6")])
    record = json.dumps(match.to_json())
    assert json.loads(computer.choose("pig", record, "easy")) == "hold"
    assert json.loads(computer.choose("pig", record, "expert")) == "roll"
    assert json.loads(computer.advise("pig", record, "hint")) == {"hold": False}
