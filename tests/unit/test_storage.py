"""Saved data: validated on read, set aside when bad, never lost, export and import all-or-nothing."""

import json

import pytest

from etoile.match import Match
from etoile.settings import Settings
from etoile.storage import ASIDE_PREFIX, PREFIX, ImportRefused, MemoryBackend, Problem, Store
from tests.unit import pig


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


@pytest.mark.parametrize(
    "raw",
    [
        "{not json",
        '{"schema": 1, "data": {"language": "de"}}',
        '{"schema": 1, "data": {"theme": "pink"}}',
        '{"schema": 1, "data": {"colour": "red"}}',
        '{"schema": 1, "data": {"name": "<b>\\u0000</b>"}}',
        '{"schema": 1}',
        '"just a string"',
        "[]",
        '{"schema": 0, "data": {}}',
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


def test_a_value_is_left_in_place_when_there_is_no_room_to_set_it_aside(games: dict) -> None:
    store = store_with({"etoile:settings": "bad"}, games, quota=20)
    assert store.settings() == Settings()
    assert store.backend.get("etoile:settings") == "bad"
    assert store.problems == [Problem("unreadable", "settings", store.problems[0].detail, "etoile:settings")]


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
    match = Match.new(pig, {}, seed=421).play("roll").play("hold")
    store.save_match(match)
    assert list(store.matches()) == ["pig"]
    again = store.match("pig")
    assert again is not None and again.state == match.state
    store.delete_match("pig")
    assert store.matches() == {}


def test_a_saved_match_that_does_not_replay_is_set_aside(games: dict) -> None:
    data = Match.new(pig, {}, seed=1).to_json() | {"actions": ["hold"], "cursor": 1}
    store = store_with({"etoile:match:pig": envelope(data)}, games)
    assert store.match("pig") is None
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
    source.save_match(Match.new(pig, {"players": 3}, seed=7).play("roll"))
    text = source.export_all()
    document = json.loads(text)
    assert document["kind"] == "etoile-export" and document["schema"] == 1
    assert sorted(document["records"]) == ["match:pig", "settings"]

    target = store_with({}, games)
    assert target.import_all(text) == 2
    assert target.settings() == Settings(theme="dark", name="Zoé")
    assert target.match("pig").state == source.match("pig").state


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("{nope", "not_json"),
        ('{"hello": 1}', "not_export"),
        ('{"kind": "etoile-export", "schema": 7, "records": {}}', "schema"),
        ('{"kind": "etoile-export", "schema": 1, "records": []}', "not_export"),
        ('{"kind": "etoile-export", "schema": 1, "records": {"weather": {}}}', "bad_record"),
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


def test_keys_are_namespaced() -> None:
    assert PREFIX == "etoile:"
    assert ASIDE_PREFIX == "etoile-aside:"
