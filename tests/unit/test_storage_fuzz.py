"""Whatever any key of the app's storage holds, the app loads: a valid game, or the value set aside with a notice.

Random and adversarial values go into every key the app reads (the settings
and each game's slot): other games' records, wrong versions, huge and deeply
nested values, truncated and binary text, valid JSON of the wrong shape,
records with an illegal action in the middle, unknown computer levels, wrong
seat counts. Loading never raises; each slot then holds a game of its own kind
that replays, or its value is kept byte for byte (set aside, or left in place
when there is no room) and a problem names it; and every screen still draws.
"""

from __future__ import annotations

import json
import random
from dataclasses import replace
from functools import cache

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from etoile.app.model import Model
from etoile.app.routes import GAMES, Route
from etoile.app.update import with_problems
from etoile.engine.match import Match, Seat
from etoile.engine.registry import REGISTRY
from etoile.engine.slot import Slot
from etoile.games.chinese_checkers import table as chinese_checkers  # noqa: F401 - the tables the views draw
from etoile.games.four21 import table as four21  # noqa: F401
from etoile.games.generala import table as generala  # noqa: F401
from etoile.saved.storage import ASIDE_PREFIX, MATCH, PREFIX, SETTINGS, MemoryBackend, Store
from etoile.ui.views import view

RECORDS = (SETTINGS, *(MATCH + game for game in GAMES))
ROUTES = [Route("home"), Route("settings"), *(Route(screen, game) for game in GAMES for screen in ("game", "setup", "rules"))]


@cache
def real_record(game_id: str, seed: int, plies: int) -> dict:
    """The JSON of a real game of ``game_id``: random legal play for up to ``plies`` actions, a computer in the last seat."""
    game = REGISTRY[game_id]
    players = 2 if game_id != "generala" else 1 + seed % 3
    seats = (*(Seat(f"P{i}") for i in range(players - 1)), Seat("", game.DESCRIPTION.levels[0]))
    match = Match.new(game, {"players": players}, seed, seats)
    rnd = random.Random(seed)
    for _ in range(plies):
        actions = game.legal_actions(match.state)
        if not actions:
            break
        match = match.play(rnd.choice(actions))
    return match.to_json()


def envelope(data: object, schema: object = 1) -> str:
    return json.dumps({"schema": schema, "data": data}, ensure_ascii=False)


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)


@st.composite
def mutated_record(draw: st.DrawFn, slot: str | None = None) -> str:
    """A real game's record (half the time of the ``slot``'s game), changed in one of the ways a tampered or damaged save is."""
    game = slot if slot in GAMES and draw(st.booleans()) else draw(st.sampled_from(GAMES))
    data = json.loads(json.dumps(real_record(game, draw(st.integers(0, 5)), draw(st.integers(0, 60)))))
    change = draw(
        st.sampled_from(
            ["none", "action", "insert", "level", "seats", "options", "players", "format", "cursor", "seed", "field", "drop"]
        )
    )
    actions = data["actions"]
    if change == "action" and actions:
        actions[draw(st.integers(0, len(actions) - 1))] = draw(json_values)
    elif change == "insert":
        other = real_record(draw(st.sampled_from(GAMES)), 0, 10)["actions"] or ["stop"]
        actions.insert(draw(st.integers(0, len(actions))), draw(st.sampled_from(other)))
    elif change == "level":
        data["seats"][-1]["computer"] = draw(st.sampled_from(["godlike", "", "hard", "expert", "optimal", 3]))
    elif change == "seats":
        data["seats"] = data["seats"][: draw(st.integers(0, len(data["seats"])))] + draw(st.lists(json_values, max_size=2))
    elif change == "options":
        data["options"][draw(st.sampled_from(["pot", "camps", "five_as_full", "long_jumps", "spin"]))] = draw(json_values)
    elif change == "players":
        data["options"]["players"] = draw(st.sampled_from([0, 1, 3, 9, 13, 10**6, -1, "2", None]))
    elif change == "format":
        data["format"] = draw(st.sampled_from([0, 1, 3, "1", None]))
    elif change == "cursor":
        data["cursor"] = draw(st.sampled_from([-1, len(actions) + 1, 0.5, "0"]))
    elif change == "seed":
        data["seed"] = draw(st.sampled_from([-1, 2**64, 1.5, "7", None]))
    elif change == "field":
        data[draw(st.text(max_size=6))] = draw(json_values)
    elif change == "drop":
        del data[draw(st.sampled_from(sorted(data)))]
    schema = draw(st.sampled_from([1, 1, 1, 0, 2, "1", None]))
    return envelope(data, schema)


def adversarial_text(draw: st.DrawFn) -> str:
    kind = draw(st.sampled_from(["json", "truncated", "binary", "deep", "huge", "text", "settings"]))
    if kind == "json":
        return envelope(draw(json_values)) if draw(st.booleans()) else json.dumps(draw(json_values))
    if kind == "truncated":
        whole = draw(mutated_record())
        return whole[: draw(st.integers(0, len(whole) - 1))]
    if kind == "binary":
        return draw(st.binary(max_size=64)).decode("latin-1")
    if kind == "deep":
        depth = draw(st.sampled_from([33, 2_000, 20_000]))
        opener, closer = draw(st.sampled_from([("[", "]"), ('{"a":', "}")]))
        inner = opener * depth + ("1" if opener != "[" else "") + closer * depth
        return envelope(None).replace("null", inner) if draw(st.booleans()) else inner
    if kind == "huge":
        return envelope({"name": "x" * 1_000_001})
    if kind == "settings":
        return envelope(draw(st.dictionaries(st.sampled_from(["language", "theme", "name", "sound", "x"]), json_values)))
    return draw(st.text(max_size=40))


@st.composite
def stored_values(draw: st.DrawFn) -> dict[str, str]:
    """A value for some of the records the app reads, each a record changed or an adversarial text."""
    records = draw(st.lists(st.sampled_from(RECORDS), min_size=1, unique=True))
    return {
        record: draw(mutated_record(record.removeprefix(MATCH))) if draw(st.booleans()) else adversarial_text(draw)
        for record in records
    }


@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(stored_values(), st.sampled_from([None, 0, 2_000_000]))
def test_loading_never_fails_and_each_value_is_a_valid_game_or_kept_with_a_notice(values: dict, quota: int | None) -> None:
    items = {PREFIX + record: text for record, text in values.items()}
    backend = MemoryBackend(items)
    store = Store(backend)
    backend.quota = None if quota is None else sum(len(k) + len(v) for k, v in items.items()) + quota

    loaded_settings = store.settings()
    matches = store.matches()

    problems = {problem.record: problem for problem in store.problems}
    for record, text in values.items():
        game = record.removeprefix(MATCH) if record.startswith(MATCH) else None
        if record in problems:
            problem = problems[record]
            assert problem.aside_key is not None
            assert backend.get(problem.aside_key) == text  # kept byte for byte
            assert problem.aside_key.startswith(ASIDE_PREFIX) or (problem.in_place and problem.aside_key == PREFIX + record)
            assert game is None or Slot(game) not in matches
        elif game is not None:
            match = matches[Slot(game)]
            assert game == match.game.ID
            assert Match.from_json(json.loads(json.dumps(match.to_json()))).state == match.state
            assert all(seat.computer in (None, *match.game.DESCRIPTION.levels) for seat in match.seats)
        else:
            assert loaded_settings is not None

    model = with_problems(Model(settings=loaded_settings, matches=matches), store.problems)
    for route in ROUTES:
        view(replace(model, route=route))
