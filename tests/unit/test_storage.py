"""Saved data: validated on read, set aside when bad, never lost, export and import all-or-nothing."""

import json
import re

import pytest

from etoile.engine.dice import Roll
from etoile.engine.match import Match
from etoile.engine.slot import Slot
from etoile.saved.settings import Settings
from etoile.saved.storage import (
    ASIDE_PREFIX,
    CACHE_PREFIX,
    MAX_CACHED,
    MAX_CACHED_CHARS,
    PREFIX,
    Draft,
    ImportRefused,
    MemoryBackend,
    Problem,
    Store,
    import_match,
)
from tests.games.pig import rules as pig


def envelope(data: object, schema: int = 1) -> str:
    return json.dumps({"schema": schema, "data": data})


def store_with(items: dict[str, str], games: dict, quota: int | None = None) -> Store:
    return Store(MemoryBackend(items, quota), games)


def test_settings_default_when_nothing_is_saved(games: dict) -> None:
    store = store_with({}, games)
    assert store.settings() == Settings()
    assert store.problems == []


def test_settings_round_trip(games: dict) -> None:
    store = store_with({}, games)
    chosen = Settings(language="ru", name="Анна", sound=False, speed="fast", theme="dark")
    assert store.save_settings(chosen)
    assert store.settings() == chosen
    assert json.loads(store.backend.get("etoile:settings")) == {"schema": 1, "data": chosen.to_json()}


def test_settings_saved_before_the_volume_and_the_vibration_load_with_their_defaults(games: dict) -> None:
    older = {"language": "fr", "name": "Ann", "sound": False, "speed": "fast", "theme": "dark", "coach": True}
    store = store_with({"etoile:settings": envelope(older)}, games)
    settings = store.settings()
    assert settings == Settings(language="fr", name="Ann", sound=False, speed="fast", theme="dark", coach=True)
    assert (settings.volume, settings.vibrate) == (70, True)
    assert settings.to_json() == older | {"volume": 70, "vibrate": True, "learned": [], "relay": ""}
    assert store.problems == []


def test_the_pointers_learned_are_saved_and_a_tampered_list_is_refused(games: dict) -> None:
    store = store_with({}, games)
    assert store.save_settings(Settings(learned=("four21.tip.keep", "generala.tip.fill")))
    assert json.loads(store.backend.get("etoile:settings"))["data"]["learned"] == ["four21.tip.keep", "generala.tip.fill"]
    assert store_with(store.backend.items, games).settings().learned == ("four21.tip.keep", "generala.tip.fill")
    for bad in ("four21.tip.keep", [1], ["x" * 81], ["k"] * 65):
        with pytest.raises(ValueError, match="learned"):
            Settings.from_json({"learned": bad})


def test_the_volume_and_the_vibration_are_saved_as_chosen(games: dict) -> None:
    store = store_with({}, games)
    assert store.save_settings(Settings(volume=30, vibrate=False))
    assert json.loads(store.backend.get("etoile:settings"))["data"] == {
        "language": None,
        "name": "",
        "sound": True,
        "speed": "normal",
        "theme": "system",
        "coach": False,
        "volume": 30,
        "vibrate": False,
        "learned": [],
        "relay": "",
    }
    assert store_with(store.backend.items, games).settings() == Settings(volume=30, vibrate=False)
    assert [Settings(volume=v).volume for v in (0, 100)] == [0, 100]


@pytest.mark.parametrize(
    ("fields", "error"),
    [
        ({"volume": True}, "the volume must be a whole number from 0 to 100, not True"),  # a bool is no number here
        ({"volume": 70.0}, "the volume must be a whole number from 0 to 100, not 70.0"),
        ({"volume": "70"}, "the volume must be a whole number from 0 to 100, not '70'"),
        ({"volume": 101}, "the volume must be a whole number from 0 to 100, not 101"),
        ({"volume": -1}, "the volume must be a whole number from 0 to 100, not -1"),
        ({"volume": None}, "the volume must be a whole number from 0 to 100, not None"),
        ({"vibrate": 1}, "sound, coach and vibrate must be true or false"),
        ({"vibrate": None}, "sound, coach and vibrate must be true or false"),
    ],
)
def test_settings_refuse_a_volume_out_of_0_to_100_and_a_vibration_that_is_no_switch(fields: dict, error: str) -> None:
    with pytest.raises(ValueError, match=f"^{re.escape(error)}$"):
        Settings.from_json(fields)


@pytest.mark.parametrize(
    "raw",
    [
        "{not json",
        '{"schema": 1, "data": {"language": "de"}}',
        '{"schema": 1, "data": {"theme": "pink"}}',
        '{"schema": 1, "data": {"sound": "loud"}}',
        '{"schema": 1, "data": {"volume": 70.5}}',
        '{"schema": 1, "data": {"volume": true}}',
        '{"schema": 1, "data": {"vibrate": "yes"}}',
        "[" * 20_000 + "]" * 20_000,
        '{"schema": 1, "data": ' + "[" * 40 + "]" * 40 + "}",
        '{"schema": 1, "data": {"name": "' + "x" * 1_000_000 + '"}}',
        "\udcff\x00\x01 binary",
        '{"schema": 1, "data": {"name": "<b>\\u0000</b>"}}',
        '{"schema": 1}',
        '"just a string"',
        "[]",
        '{"schema": 0, "data": {}}',
        # another record's value (a saved game): none of the settings' fields, so not settings at all
        '{"schema": 1, "data": {"game": "421", "options": {}, "seed": 7, "seats": [], "actions": []}}',
    ],
)
def test_an_unreadable_value_is_set_aside_unchanged_and_reported(raw: str, games: dict) -> None:
    store = store_with({"etoile:settings": raw, "other-app": "x"}, games)
    assert store.settings() == Settings()
    assert store.set_aside() == {"etoile-aside:settings:1": raw}
    assert store.backend.get("etoile:settings") is None
    assert store.backend.get("other-app") == "x"
    [problem] = store.problems
    assert (problem.kind, problem.record, problem.aside_key) == ("unreadable", "settings", "etoile-aside:settings:1")


def test_a_value_from_a_newer_schema_is_set_aside_as_newer(games: dict) -> None:
    store = store_with({"etoile:settings": envelope({}, schema=2)}, games)
    assert store.settings() == Settings()
    assert store.problems[0].kind == "newer"
    assert list(store.set_aside()) == ["etoile-aside:settings:1"]


def test_set_aside_values_never_overwrite_each_other(games: dict) -> None:
    store = store_with({"etoile:settings": "bad 1"}, games)
    store.settings()
    store.backend.set("etoile:settings", "bad 2")
    store.settings()
    assert store.set_aside() == {"etoile-aside:settings:1": "bad 1", "etoile-aside:settings:2": "bad 2"}


def test_fields_this_version_does_not_know_are_dropped_not_carried(games: dict) -> None:
    store = store_with({"etoile:settings": envelope({"theme": "dark", "colour": "red"})}, games)
    assert store.settings() == Settings(theme="dark")
    assert store.problems == []
    data = Match.new(pig, {"players": 2}, seed=1).to_json() | {"comment": "hi"}
    data["seats"] = [{"name": "Zoé", "computer": None, "avatar": "🐷"}] * 2
    store.backend.set("etoile:match:pig", envelope(data))
    assert "comment" not in store.match(Slot("pig")).to_json()
    assert store.match(Slot("pig")).seats[0].to_json() == {"name": "Zoé", "computer": None}


def test_a_value_is_left_in_place_when_there_is_no_room_to_set_it_aside(games: dict) -> None:
    store = store_with({"etoile:settings": "bad"}, games, quota=20)
    assert store.settings() == Settings()
    assert store.backend.get("etoile:settings") == "bad"
    assert store.problems == [Problem("unreadable", "settings", store.problems[0].detail, "etoile:settings", in_place=True)]
    # Downloading gives the value itself, never an empty file.
    assert store.aside("etoile:settings") == "bad"
    assert store.set_aside() == {"etoile:settings": "bad"}
    # Its slot is not written over while it is there: the new settings stay in memory.
    store.backend.quota = None
    assert not store.save_settings(Settings(theme="dark"))
    assert store.backend.get("etoile:settings") == "bad"
    assert store.problems[-1].kind == "full"
    # Discarding it really discards it, and frees the slot.
    assert store.discard("etoile:settings") == "settings"
    assert store.backend.items == {}
    assert store.save_settings(Settings(theme="dark"))
    assert store.settings() == Settings(theme="dark")


def test_an_import_never_writes_over_a_value_left_in_place(games: dict) -> None:
    store = store_with({"etoile:settings": "bad"}, games, quota=20)
    store.settings()
    store.backend.quota = None
    document = {"kind": "etoile-export", "schema": 1, "records": {"settings": {"theme": "light"}}}
    with pytest.raises(ImportRefused) as refused:
        store.import_all(json.dumps(document))
    assert refused.value.reason == "full"
    assert store.backend.items == {"etoile:settings": "bad"}


class Crash(Exception):
    """The page died in the middle of a write."""


class CrashingBackend(MemoryBackend):
    """Writes only the first half of the value of its ``crash_at``-th write, then dies: every later call fails."""

    def __init__(self, items: dict[str, str], crash_at: int) -> None:
        super().__init__(items)
        self.writes, self.crash_at, self.dead = 0, crash_at, False

    def _alive(self) -> None:
        if self.dead:
            raise Crash

    def set(self, key: str, value: str) -> None:
        self._alive()
        self.writes += 1
        if self.writes == self.crash_at:
            self.items[key] = value[: len(value) // 2]
            self.dead = True
            raise Crash
        super().set(key, value)

    def remove(self, key: str) -> None:
        self._alive()
        super().remove(key)


@pytest.mark.parametrize("crash_at", [1, 2])
def test_a_write_interrupted_halfway_loses_no_game(crash_at: int, games: dict) -> None:
    before = Match.new(pig, {}, seed=5).play("roll").settled()
    after = before.settled().play("roll").settled()
    store = store_with({}, games)
    store.save_match(before)
    backend = CrashingBackend(store.backend.items, crash_at)
    with pytest.raises(Crash):
        Store(backend, games).save_match(after)
    # The next visit finds a whole game: the previous one if the new one was not fully written yet, else the new one.
    reloaded = Store(MemoryBackend(backend.items), games)
    found = reloaded.match(Slot("pig"))
    assert found is not None and found.state == (before if crash_at == 1 else after).state
    assert reloaded.problems == []
    assert list(reloaded.backend.items) == ["etoile:match:pig"]


def test_a_write_interrupted_before_its_pending_copy_was_removed_is_finished_on_the_next_read(games: dict) -> None:
    old, new = Match.new(pig, {}, seed=5), Match.new(pig, {}, seed=5).play("roll").settled()
    store = store_with({}, games)
    store.save_match(new)
    text = store.backend.get("etoile:match:pig")
    store.save_match(old)
    store.backend.set("etoile-pending:match:pig", text)
    assert store.match(Slot("pig")).state == new.state
    assert "etoile-pending:match:pig" not in store.backend.items


def test_a_record_in_another_games_slot_is_set_aside_and_the_other_games_still_load(games: dict) -> None:
    pig_game = Match.new(pig, {}, seed=2).play("roll").settled().to_json()
    store = store_with({"etoile:match:other": envelope(pig_game), "etoile:match:pig": envelope(pig_game)}, games | {"other": pig})
    assert list(store.matches()) == [Slot("pig")]
    [problem] = store.problems
    assert problem.record == "match:other" and "holds a record of 'pig'" in problem.detail
    assert store.set_aside() == {"etoile-aside:match:other:1": envelope(pig_game)}


def test_a_full_storage_is_reported_and_the_old_value_kept(games: dict) -> None:
    store = store_with({}, games)
    store.save_settings(Settings(theme="dark"))
    store.backend.quota = len("etoile:settings") + len(store.backend.get("etoile:settings"))
    assert not store.save_settings(Settings(theme="light", name="A much longer name than before"))
    assert store.problems == [Problem("full", "settings")]
    assert store.settings().theme == "dark"


def test_discard_removes_only_set_aside_values(games: dict) -> None:
    store = store_with({"etoile:settings": "bad"}, games)
    store.settings()
    store.discard("etoile:settings")  # not an aside key: ignored
    store.discard("etoile-aside:settings:1")
    assert store.set_aside() == {}


def test_matches_are_saved_per_game_and_replayed_on_read(games: dict) -> None:
    store = store_with({}, games)
    match = Match.new(pig, {}, seed=421).play("roll").settled().play("hold")
    store.save_match(match)
    assert list(store.matches()) == [Slot("pig")]
    again = store.match(Slot("pig"))
    assert again is not None and again.state == match.state
    store.delete_match("pig")
    assert store.matches() == {}


def test_a_table_s_unfinished_choice_is_kept_beside_its_game_but_never_exported(games: dict) -> None:
    store = store_with({}, games)
    store.save_match(Match.new(pig, {}, seed=421))
    assert store.draft(Slot("pig")) is None
    assert store.save_draft(Slot("pig"), Draft(3, [0, 2]))
    assert store.draft(Slot("pig")) == Draft(3, [0, 2])
    assert sorted(json.loads(store.export_all())["records"]) == ["match:pig"]
    store.save_draft(Slot("pig"), None)
    assert store.draft(Slot("pig")) is None and store.backend.get(PREFIX + "draft:pig") is None


@pytest.mark.parametrize(
    "raw", ["{broken", envelope({"cursor": -1, "data": []}), envelope({"cursor": True, "data": []}), envelope([])]
)
def test_an_unreadable_draft_is_set_aside_and_nothing_else_is_touched(raw: str, games: dict) -> None:
    store = store_with({PREFIX + "draft:pig": raw}, games)
    assert store.draft(Slot("pig")) is None
    assert [p.kind for p in store.problems] == ["unreadable"] and store.set_aside() == {ASIDE_PREFIX + "draft:pig:1": raw}


def test_a_draft_in_an_import_file_is_left_out(games: dict) -> None:
    records = {"settings": {"theme": "dark"}, "draft:pig": {"cursor": 0, "data": [1]}}
    store = store_with({}, games)
    assert store.import_all(json.dumps({"kind": "etoile-export", "schema": 1, "records": records})) == 1
    assert store.draft(Slot("pig")) is None


def test_a_saved_record_that_stops_with_the_die_in_the_air_goes_on_with_the_throw_of_its_seed(games: dict) -> None:
    store = store_with({}, games)
    store.save_match(Match.new(pig, {}, seed=421).play("roll"))  # cut short between the choice and the die
    again = store.match(Slot("pig"))
    assert again is not None and again.played == ("roll", Roll((3,))) and again.state.turn_total == 3


def test_a_saved_match_that_does_not_replay_is_set_aside(games: dict) -> None:
    data = Match.new(pig, {}, seed=1).to_json() | {"actions": ["hold"], "cursor": 1}
    store = store_with({"etoile:match:pig": envelope(data)}, games)
    assert store.match(Slot("pig")) is None
    assert store.problems[0].record == "match:pig"
    assert "do not replay" in store.problems[0].detail


def test_reset_deletes_every_etoile_value_and_nothing_else(games: dict) -> None:
    store = store_with({"etoile:settings": envelope({}), "etoile-aside:x:1": "?", "other-app": "keep"}, games)
    store.reset()
    assert store.backend.items == {"other-app": "keep"}


def exported(store: Store) -> dict:
    return json.loads(store.export_all())


def test_export_then_import_restores_everything(games: dict) -> None:
    source = store_with({}, games)
    source.save_settings(Settings(theme="dark", name="Zoé"))
    source.save_match(Match.new(pig, {"players": 3}, seed=7).play("roll").settled())
    text = source.export_all()
    document = json.loads(text)
    assert document["kind"] == "etoile-export" and document["schema"] == 1
    assert sorted(document["records"]) == ["match:pig", "settings"]

    target = store_with({}, games)
    assert target.import_all(text) == 2
    assert target.settings() == Settings(theme="dark", name="Zoé")
    assert target.match(Slot("pig")).state == source.match(Slot("pig")).state


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("{nope", "not_json"),
        ('{"hello": 1}', "not_export"),
        ('{"kind": "etoile-export", "schema": 7, "records": {}}', "schema"),
        ('{"kind": "etoile-export", "schema": 1, "records": []}', "not_export"),
        ('{"kind": "etoile-export", "schema": 1, "records": {"weather": {}}}', "schema"),
        ("[" * 20_000 + "]" * 20_000, "too_deep"),
        ('"' + "x" * 5_000_000 + '"', "too_large"),
        ('{"kind": "etoile-export", "schema": 1, "records": {"settings": {"theme": "pink"}}}', "bad_record"),
    ],
)
def test_an_import_that_does_not_validate_changes_nothing(text: str, reason: str, games: dict) -> None:
    store = store_with({}, games)
    store.save_settings(Settings(theme="dark"))
    before = dict(store.backend.items)
    with pytest.raises(ImportRefused) as refused:
        store.import_all(text)
    assert refused.value.reason == reason
    assert store.backend.items == before


def test_an_import_with_one_bad_record_among_good_ones_changes_nothing(games: dict) -> None:
    store = store_with({}, games)
    document = {"kind": "etoile-export", "schema": 1, "records": {"settings": {"theme": "light"}, "match:pig": {"format": 1}}}
    with pytest.raises(ImportRefused) as refused:
        store.import_all(json.dumps(document))
    assert (refused.value.reason, refused.value.record) == ("bad_record", "match:pig")
    assert store.backend.items == {}


def test_an_import_that_does_not_fit_is_rolled_back(games: dict) -> None:
    store = store_with({}, games)
    store.save_settings(Settings(theme="dark"))
    before = dict(store.backend.items)
    store.backend.quota = sum(len(k) + len(v) for k, v in before.items()) + 10
    document = {
        "kind": "etoile-export",
        "schema": 1,
        "records": {"settings": {"theme": "light"}, "match:pig": Match.new(pig, {}, seed=3).to_json()},
    }
    with pytest.raises(ImportRefused) as refused:
        store.import_all(json.dumps(document))
    assert refused.value.reason == "full"
    assert store.backend.items == before


def test_an_import_leaves_out_records_of_other_versions(games: dict) -> None:
    store = store_with({}, games)
    document = {"kind": "etoile-export", "schema": 1, "records": {"settings": {"theme": "light"}, "history": [1, 2]}}
    assert store.import_all(json.dumps(document)) == 1
    assert list(store.backend.items) == ["etoile:settings"]


def test_an_import_with_a_game_in_another_games_slot_changes_nothing(games: dict) -> None:
    store = store_with({}, games | {"other": pig})
    kept = Match.new(pig, {}, seed=9).play("roll").settled()
    store.save_match(kept)
    before = dict(store.backend.items)
    document = {"kind": "etoile-export", "schema": 1, "records": {"match:other": Match.new(pig, {}, seed=3).to_json()}}
    with pytest.raises(ImportRefused) as refused:
        store.import_all(json.dumps(document))
    assert (refused.value.reason, refused.value.record) == ("bad_record", "match:other")
    assert store.backend.items == before


def test_one_game_from_a_tables_export_file_is_checked_like_a_saved_one(games: dict) -> None:
    match = Match.new(pig, {}, seed=3).play("roll").settled()
    imported = import_match(json.dumps(match.to_json()), "pig", games)
    assert (imported.match.state, imported.fair) == (match.state, None)
    cases = {
        "{": "not_json",
        "[" * 5_000 + "]" * 5_000: "too_deep",
        json.dumps(match.to_json() | {"game": "421"}): "bad_record",
        json.dumps(match.to_json() | {"seats": [{"name": "A", "computer": "godlike"}] * 2}): "bad_record",
        json.dumps(match.to_json() | {"fair": {"id": "?"}}): "bad_record",  # fair dice that cannot be read
    }
    for text, reason in cases.items():
        with pytest.raises(ImportRefused) as refused:
            import_match(text, "pig", games)
        assert refused.value.reason == reason


def test_keys_are_namespaced() -> None:
    assert PREFIX == "etoile:"
    assert ASIDE_PREFIX == "etoile-aside:"


def test_computed_tables_are_cached_apart_from_the_players_data(games: dict) -> None:
    store = store_with({}, games)
    assert store.cached() == {}
    assert store.cache("generala:values:111", "abc") and store.cache("generala:futures:111", "defg")
    assert store.cached() == {"generala:futures:111": "defg", "generala:values:111": "abc"}
    assert "generala" not in store.export_all() and store.set_aside() == {}
    for n in range(MAX_CACHED):  # beyond MAX_CACHED the others go, the newest stays
        store.cache(f"t{n}", "x")
    assert len(store.cached()) <= MAX_CACHED and "t3" in store.cached()
    store.backend.set(CACHE_PREFIX + "huge", "x" * (MAX_CACHED_CHARS + 1))
    assert "huge" not in store.cached() and store.backend.get(CACHE_PREFIX + "huge") is None
    store.reset()
    assert store.cached() == {}


def test_a_record_that_does_not_fit_takes_the_room_of_the_cached_tables(games: dict) -> None:
    store = store_with({}, games, quota=400)
    assert store.cache("generala:futures:111", "x" * 300)
    assert not store.cache("generala:values:111", "x" * 300)  # a table never pushes out another's room for itself
    assert store.save_settings(Settings(language="fr"))
    assert store.cached() == {} and store.problems == []
    assert store.settings() == Settings(language="fr")
