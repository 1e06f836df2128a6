"""The history: each game kept once, whole, replayable; stored beside the player's data, exported and merged."""

import json
import re
from dataclasses import replace

import pytest

from etoile.app import effects as fx
from etoile.app import messages as m
from etoile.app.effects import Effect
from etoile.app.model import Model
from etoile.app.routes import Route
from etoile.app.update import update, with_problems
from etoile.engine.match import Match, Seat
from etoile.engine.slot import Slot
from etoile.games.chinese_checkers import ai as chinese_checkers_ai
from etoile.games.chinese_checkers import rules as chinese_checkers
from etoile.games.four21 import ai as four21_ai
from etoile.games.four21 import rules as four21
from etoile.games.generala import rules as generala
from etoile.saved.history import Entry, better, facts, game_id, newest_first, with_entry
from etoile.saved.settings import Settings
from etoile.saved.storage import ASIDE_PREFIX, PREFIX, ImportRefused, MemoryBackend, Problem, Store
from etoile.sharing import link
from etoile.ui.i18n import catalog
from etoile.ui.views import dialog_text, view

WHEN = "2026-12-02T18:05"

# A whole game of Generala for one player, ten rounds, written as it was played.
GENERALA_GAME = (
    *("throw", "roll 1 1 1 2 3", "fill 1"),  # 3
    *("throw", "roll 2 2 2 4 5", "fill 2"),  # 6
    *("throw", "roll 3 3 3 3 1", "fill 3"),  # 12
    *("throw", "roll 4 4 4 5 6", "fill 4"),  # 12
    *("throw", "roll 5 5 1 2 3", "fill 5"),  # 10
    *("throw", "roll 6 6 6 2 3", "fill 6"),  # 18
    *("throw", "roll 6 6 5 4 1", "fill straight"),  # crossed: 0
    *("throw", "roll 3 3 3 2 2", "fill full"),  # 35
    *("throw", "roll 1 2 3 4 6", "fill four"),  # crossed: 0
    *("throw", "roll 3 3 3 3 2", "keep 3 3 3 3", "roll 3", "fill general"),  # a general on the second throw: 60
)

# A whole game of 421 for two: seat 0 wins the start, seat 1 takes 10, seat 0 the last token of the pot; in the
# décharge seat 0 gives its only token away and leaves play, the winner.
FOUR21_GAME = (
    *("throw", "roll 1", "throw", "roll 2"),
    *("throw", "roll 4 2 1", "stop", "throw", "roll 2 2 1", "stop"),
    *("throw", "roll 4 2 1", "stop", "throw", "roll 2 2 1", "stop"),
    *("throw", "roll 4 2 1", "stop", "throw", "roll 2 2 1", "stop"),
)


def generala_start(seed: int = 7, name: str = "Ann") -> Match:
    return Match.new(generala, {"players": 1}, seed, (Seat(name),))


def generala_game(count: int = len(GENERALA_GAME), seed: int = 7, name: str = "Ann") -> Match:
    """The first ``count`` actions of :data:`GENERALA_GAME` (all of them: the game is over)."""
    return generala_start(seed, name).play_all(generala.action_from_text(t) for t in GENERALA_GAME[:count])


def four21_game() -> Match:
    start = Match.new(four21, {"players": 2}, 3, (Seat("Ann"), Seat("Bob")))
    return start.play_all(four21.action_from_text(t) for t in FOUR21_GAME)


def checkers(seed: int = 5, seats: tuple[Seat, ...] = (Seat("Ann"), Seat("Bob")), **options: object) -> Match:
    return Match.new(chinese_checkers, {"players": 2, **options}, seed, seats)


def moves(match: Match, *texts: str) -> Match:
    return match.play_all(chinese_checkers.action_from_text(t) for t in texts)


def envelope(data: object) -> str:
    return json.dumps({"schema": 1, "data": data})


def export(records: dict) -> str:
    return json.dumps({"kind": "etoile-export", "schema": 1, "records": records})


# -- an entry ------------------------------------------------------------------------------------------------------


def test_a_finished_game_is_kept_finished_with_its_ranking_and_replays_to_the_same_end() -> None:
    match = four21_game()
    assert match.result is not None and match.result.ranking == ((0,), (1,))
    entry = Entry.of(match, WHEN)  # the game's own end decides, not what the caller says
    assert (entry.game, entry.when, entry.ended) == ("421", WHEN, "finished")
    assert entry.ranking == ((0,), (1,)) and entry.winners == (0,)
    assert entry.actions == match.cursor == len(FOUR21_GAME)
    assert entry.players == (Seat("Ann"), Seat("Bob"))
    assert entry.options == {"players": 2}
    assert entry.facts == facts(match)
    assert entry.id == game_id(match)
    again = entry.replayed()
    assert again.state == match.state and again.cursor == match.cursor and again.result == match.result


def test_a_one_player_generala_game_played_to_its_end_is_finished() -> None:
    match = generala_game()
    entry = Entry.of(match, WHEN)
    assert (entry.ended, entry.ranking, entry.actions) == ("finished", ((0,),), 32)
    assert entry.facts == ({"score": 156, "generals": 1, "big_general": False, "crossed": ["straight", "four"]},)
    assert entry.replayed().state.sheets == ((3, 6, 12, 12, 10, 18, 0, 35, 0, 60),)


def test_a_game_left_before_its_end_is_abandoned_without_a_ranking() -> None:
    match = moves(checkers(), "3-14")
    entry = Entry.of(match, WHEN)
    assert (entry.ended, entry.ranking, entry.winners, entry.actions) == ("abandoned", (), (), 1)
    assert entry.facts == ({"moves": None}, {"moves": None})
    assert entry.replayed().state == match.state


def test_the_actions_undone_at_the_end_of_a_game_are_not_kept() -> None:
    match = moves(checkers(), "3-14", "111-102").undo()
    entry = Entry.of(match, WHEN)
    assert entry.actions == 1
    again = entry.replayed()
    assert (again.cursor, len(again.actions)) == (1, 1)
    assert again.state == moves(checkers(), "3-14").state


def test_a_friend_playing_by_link_is_kept_as_the_person_at_the_table() -> None:
    match = moves(checkers(seats=(Seat("Ann"), Seat("Bob", away=True))), "3-14")
    entry = Entry.of(match, WHEN)
    assert entry.players == (Seat("Ann"), Seat("Bob"))
    assert entry.id == game_id(moves(checkers(), "3-14"))


def test_a_game_has_one_id_at_every_point_of_its_play_and_no_other_game_has_it() -> None:
    start = checkers()
    ids = {game_id(start), game_id(moves(start, "3-14")), game_id(moves(start, "3-14", "111-102"))}
    assert len(ids) == 1
    [one] = ids
    assert re.fullmatch(r"[0-9a-f]{16}", one)
    others = [
        checkers(seed=6),
        checkers(seats=(Seat("Ann"), Seat("Bo"))),
        checkers(seats=(Seat("Bob"), Seat("Ann"))),
        checkers(seats=(Seat("ann"), Seat("Bob"))),
        checkers(seats=(Seat("Ann"), Seat("", "easy"))),
        checkers(seats=(Seat("Ann"), Seat("", "hard"))),
        checkers(long_jumps=True),
        Match.new(generala, {"players": 2}, 5, (Seat("Ann"), Seat("Bob"))),
    ]
    assert len({game_id(m) for m in others} | ids) == len(others) + 1


def test_the_order_in_which_options_are_written_does_not_change_a_game_s_id() -> None:
    a = Match.new(chinese_checkers, {"players": 2, "long_jumps": True}, 5)
    b = Match.new(chinese_checkers, {"long_jumps": True, "players": 2}, 5)
    assert game_id(a) == game_id(b)


def test_an_entry_comes_back_whole_from_its_json() -> None:
    for match in (four21_game(), generala_game(), moves(checkers(), "3-14")):
        entry = Entry.of(match, WHEN)
        data = json.loads(json.dumps(entry.to_json()))
        assert Entry.from_json(data) == entry


def good_json() -> dict:
    return json.loads(json.dumps(Entry.of(four21_game(), WHEN).to_json()))


@pytest.mark.parametrize(
    "change",
    [
        {"id": "0123456789abcde"},  # 15 characters
        {"id": "0123456789ABCDEF"},  # not lower case hex
        {"id": "0123456789abcdeg"},
        {"id": 12345},
        {"when": "2026-12-02 18:05"},
        {"when": "2026-12-02T18:05:00"},
        {"when": "02/12/2026"},
        {"when": None},
        {"ended": "won"},
        {"ended": "finished", "ranking": []},
        {"ended": "abandoned"},  # with a ranking
        {"ranking": [[0], [2]]},  # two seats: 0 and 1
        {"ranking": [[0], [-1]]},
        {"ranking": [[True], [1]]},
        {"ranking": [0, 1]},  # tiers are lists
        {"ranking": "01"},
        {"actions": -1},
        {"actions": True},
        {"actions": 1.5},
        {"actions": None},
        {"players": {"name": "Ann"}},
        {"players": "Ann, Bob"},
        {"players": [{"nom": "Ann"}, {"name": "Bob"}]},
        {"record": None},
        {"record": "x" * (link.MAX_LINK_CHARS + 1)},
        {"game": None},
    ],
)
def test_an_entry_that_is_not_one_is_refused(change: dict) -> None:
    with pytest.raises(ValueError):
        Entry.from_json(good_json() | change)


def test_an_entry_s_json_must_be_an_object() -> None:
    for data in ([], "entry", None, 3):
        with pytest.raises(ValueError):
            Entry.from_json(data)


def test_facts_that_do_not_fit_the_seats_are_dropped_not_refused() -> None:
    entry = Entry.from_json(good_json() | {"facts": [{"stars": 1}]})
    assert entry.facts == ({}, {})
    entry = Entry.from_json(good_json() | {"facts": ["junk", {"stars": 2}]})
    assert entry.facts == ({}, {"stars": 2})


def test_an_entry_whose_record_is_another_game_s_does_not_replay() -> None:
    mine = Entry.of(moves(checkers(), "3-14"), WHEN)
    theirs = Entry.of(moves(checkers(seed=6), "3-14"), WHEN)
    with pytest.raises(link.LinkRefused) as refused:
        replace(mine, record=theirs.record).replayed()
    assert refused.value.reason == "not_a_game"
    other_game = Entry.of(generala_game(3), WHEN)
    with pytest.raises(link.LinkRefused):
        replace(mine, record=other_game.record).replayed()
    with pytest.raises(link.LinkRefused):
        replace(mine, record="1.watch.AAAA").replayed()


# -- one game, one entry --------------------------------------------------------------------------------------------


def test_the_same_game_kept_again_takes_the_place_of_its_shorter_copy() -> None:
    short = Entry.of(generala_game(3), "2026-12-02T18:00")
    whole = Entry.of(generala_game(), "2026-12-02T17:00")  # ended earlier by the clock, but goes further
    other = Entry.of(generala_game(seed=8), "2026-12-01T09:00")
    assert short.id == whole.id != other.id
    assert with_entry(with_entry(with_entry((), short), other), whole) == (whole, other)
    assert with_entry((whole, other), short) == (whole, other)  # the shorter copy never replaces the longer
    assert with_entry((whole, other), whole) == (whole, other)  # nor does the same one stand twice
    assert with_entry((other,), other) == (other,)


def test_a_copy_as_long_replaces_the_kept_one_only_when_it_is_newer() -> None:
    kept = Entry.of(generala_game(6), "2026-12-02T18:00")
    later = replace(kept, when="2026-12-02T19:00")
    earlier = replace(kept, when="2026-12-02T17:00")
    assert better(None, kept)
    assert better(kept, later) and not better(later, kept)
    assert not better(kept, earlier) and not better(kept, kept)
    assert better(kept, Entry.of(generala_game(9), "2026-12-01T00:00"))
    assert with_entry((kept,), later) == (later,)
    assert with_entry((kept,), earlier) == (kept,)


def test_the_history_lists_the_game_that_ended_last_first() -> None:
    a = Entry.of(generala_game(seed=1), "2026-01-05T10:00")
    b = Entry.of(generala_game(seed=2), "2026-03-01T08:00")
    c = Entry.of(generala_game(seed=3), "2025-12-31T23:59")
    d = Entry.of(generala_game(seed=4), "2026-03-01T08:00")
    assert [e.when for e in newest_first([a, b, c])] == ["2026-03-01T08:00", "2026-01-05T10:00", "2025-12-31T23:59"]
    # Two games ended in the same minute come in the same order whatever order they are given in.
    assert newest_first([b, d, a]) == newest_first([a, d, b]) == (*sorted([b, d], key=lambda e: e.id, reverse=True), a)


# -- storage ---------------------------------------------------------------------------------------------------------


def test_a_kept_game_is_read_back_from_storage() -> None:
    store = Store(MemoryBackend())
    entry = Entry.of(four21_game(), WHEN)
    assert store.save_entry(entry)
    assert list(store.backend.items) == [PREFIX + "history:" + entry.id]
    assert Store(MemoryBackend(store.backend.items)).history() == [entry]
    assert store.problems == []


def test_the_same_game_saved_again_stays_one_record() -> None:
    store = Store(MemoryBackend())
    store.save_entry(Entry.of(generala_game(3), WHEN))
    whole = Entry.of(generala_game(), WHEN)
    store.save_entry(whole)
    assert store.history() == [whole]


def test_a_game_forgotten_is_gone_and_the_others_stay() -> None:
    store = Store(MemoryBackend())
    a, b = (Entry.of(generala_game(seed=s), WHEN) for s in (1, 2))
    store.save_entry(a)
    store.save_entry(b)
    store.forget_entry(a.id)
    assert store.history() == [b]


def test_an_unreadable_history_record_is_set_aside_unchanged_and_the_other_games_still_read() -> None:
    good = Entry.of(four21_game(), WHEN)
    other = Entry.of(generala_game(), WHEN)
    broken_key, wrong_key = "history:0123456789abcdef", "history:fedcba9876543210"
    wrong_text = envelope(other.to_json())  # a whole entry, under another game's key
    store = Store(MemoryBackend({PREFIX + broken_key: "{not json", PREFIX + wrong_key: wrong_text}))
    assert store.save_entry(good)
    assert store.history() == [good]
    assert store.set_aside() == {ASIDE_PREFIX + broken_key + ":1": "{not json", ASIDE_PREFIX + wrong_key + ":1": wrong_text}
    assert sorted(store.backend.items) == sorted([PREFIX + "history:" + good.id, *store.set_aside()])
    assert [(p.kind, p.record, p.aside_key) for p in store.problems] == [
        ("unreadable", broken_key, ASIDE_PREFIX + broken_key + ":1"),
        ("unreadable", wrong_key, ASIDE_PREFIX + wrong_key + ":1"),
    ]
    assert f"holds the game {other.id}" in store.problems[1].detail
    assert store.history() == [good] and len(store.problems) == 2  # set aside once, not again at each read


def test_a_game_that_does_not_fit_is_reported_and_nothing_half_written_stays() -> None:
    entry = Entry.of(four21_game(), WHEN)
    store = Store(MemoryBackend(quota=200))
    assert not store.save_entry(entry)
    assert store.problems == [Problem("history_full", "history:" + entry.id)]
    assert store.backend.items == {}
    store.backend.quota = None
    assert store.save_entry(entry) and store.history() == [entry]


def test_the_history_full_problem_becomes_its_own_notice() -> None:
    model = with_problems(Model(), [Problem("history_full", "history:0123456789abcdef")])
    assert [(n.key, n.level) for n in model.notices] == [("storage.history_full", "warning")]


def test_a_thousand_games_fit_in_the_smallest_storage_a_browser_gives() -> None:
    seats = (Seat("Anne-Sophie"), Seat("", "easy"), Seat("", "easy"))
    options = {"players": 3, "pot": 21, "play_to_loser": True}
    records = []
    for seed in range(100):  # a hundred games played out, each kept under ten seeds: a thousand games
        match = Match.new(four21, options, seed, seats)
        while match.result is None:
            match = match.play(four21_ai.choose(match.state, "easy")).settled()
        records.append(match.played)
    store = Store(MemoryBackend(quota=5_000_000))
    for n in range(1000):
        match = Match.new(four21, options, 1000 + n, seats).play_all(records[n % 100])
        assert store.save_entry(Entry.of(match, WHEN)), n
    items = store.backend.items
    sizes = [len(key) + len(text) for key, text in items.items()]
    assert len(sizes) == 1000 and store.problems == []
    assert 900 < sum(sizes) / len(sizes) < 1500  # about 1 KB a game, as real games of 421 for three take
    assert sum(sizes) < 5_000_000 / 2
    history = Store(MemoryBackend(items)).history()
    assert len(history) == len({e.id for e in history}) == 1000


# -- export and import ---------------------------------------------------------------------------------------------


def test_an_export_carries_the_history() -> None:
    store = Store(MemoryBackend())
    entry = Entry.of(four21_game(), WHEN)
    store.save_entry(entry)
    store.save_settings(Settings(name="Ann"))
    records = json.loads(store.export_all())["records"]
    assert sorted(records) == ["history:" + entry.id, "settings"]
    assert records["history:" + entry.id] == entry.to_json()


def test_an_import_merges_the_history_keeping_the_longer_copy_of_each_game_and_counts_what_it_wrote() -> None:
    finished_there = Entry.of(generala_game(seed=1), "2026-12-02T10:00")
    left_there = Entry.of(generala_game(3, seed=2), "2026-12-02T11:00")
    both = Entry.of(four21_game(), "2026-12-01T10:00")
    only_there = Entry.of(moves(checkers(), "3-14"), "2026-12-03T10:00")
    source = Store(MemoryBackend())
    for entry in (finished_there, left_there, both, only_there):
        source.save_entry(entry)

    left_here = Entry.of(generala_game(6, seed=1), "2026-12-02T12:00")  # the same game, left sooner
    finished_here = Entry.of(generala_game(seed=2), "2026-12-02T09:00")  # the same game, played out
    only_here = Entry.of(generala_game(seed=3), "2026-11-30T10:00")
    target = Store(MemoryBackend())
    for entry in (left_here, finished_here, both, only_here):
        target.save_entry(entry)

    assert target.import_all(source.export_all()) == 2  # the game played out there, and the one only there
    kept = {e.id: e for e in target.history()}
    assert len(target.history()) == 5
    assert kept == {e.id: e for e in (finished_there, finished_here, both, only_there, only_here)}
    assert target.problems == []
    # Importing the same file again writes nothing.
    assert target.import_all(source.export_all()) == 0
    assert len(target.history()) == 5


def test_an_imported_entry_is_what_its_record_holds_not_what_it_claims() -> None:
    entry = Entry.of(four21_game(), WHEN)
    claimed = entry.to_json() | {
        "ranking": [[1], [0]],
        "facts": [{"stars": 9, "tokens": 0, "hands": {}}, {}],
        "players": [{"name": "Eve"}, {"name": "Bob"}],
    }
    store = Store(MemoryBackend())
    assert store.import_all(export({"history:" + entry.id: claimed})) == 1
    assert store.history() == [entry]


def test_an_import_holding_another_game_s_record_under_an_entry_is_refused_and_changes_nothing() -> None:
    store = Store(MemoryBackend())
    store.save_entry(Entry.of(generala_game(seed=1), WHEN))
    before = dict(store.backend.items)
    mine = Entry.of(moves(checkers(), "3-14"), WHEN)
    theirs = Entry.of(moves(checkers(seed=6), "3-14"), WHEN)
    for key, data in [
        ("history:" + mine.id, mine.to_json() | {"record": theirs.record}),  # the entry names one game, holds another
        ("history:" + theirs.id, mine.to_json()),  # a game under another game's key
    ]:
        with pytest.raises(ImportRefused) as refused:
            store.import_all(export({"settings": {"theme": "dark"}, key: data}))
        assert (refused.value.reason, refused.value.record) == ("bad_record", key)
        assert store.backend.items == before


def test_an_import_never_replaces_a_kept_game_by_a_shorter_copy_that_claims_more_actions() -> None:
    whole = Entry.of(generala_game(), WHEN)
    short = Entry.of(generala_game(3), WHEN)
    store = Store(MemoryBackend())
    store.save_entry(whole)
    store.import_all(export({"history:" + short.id: short.to_json() | {"actions": 999}}))
    assert store.history() == [whole]


def test_an_imported_entry_that_claims_to_be_finished_is_kept_as_its_record_says() -> None:
    short = Entry.of(generala_game(3), WHEN)
    store = Store(MemoryBackend())
    store.import_all(export({"history:" + short.id: short.to_json() | {"ended": "finished", "ranking": [[0]]}}))
    assert store.history() == [short] and store.problems == []


def test_a_finished_game_recorded_without_seats_is_kept_readable() -> None:
    match = Match.new(chinese_checkers, {"players": 2}, 1)
    while match.result is None:
        match = match.play(chinese_checkers_ai.choose(match.state, "easy"))
    store = Store(MemoryBackend())
    assert store.save_entry(Entry.of(match, WHEN))
    assert len(store.history()) == 1 and store.problems == []


# -- the app -----------------------------------------------------------------------------------------------------------


def archives(effects: list[Effect]) -> list[Effect]:
    return [e for e in effects if isinstance(e, fx.Archive)]


def test_the_move_that_ends_a_game_keeps_it_in_the_history_once() -> None:
    model = Model(matches={Slot("generala"): generala_game(len(GENERALA_GAME) - 1)})
    model, effects = update(model, m.Play({"fill": "general"}, "generala"))
    ended = model.matches[Slot("generala")]
    assert ended.result is not None
    assert archives(effects) == [fx.Archive(ended)]
    assert effects[0] == fx.SaveMatch(Slot("generala"))
    # A move refused after the end keeps nothing again.
    _, effects = update(model, m.Play({"fill": "general"}, "generala"))
    assert archives(effects) == []


def test_a_move_that_does_not_end_the_game_keeps_nothing() -> None:
    model = Model(matches={Slot("generala"): generala_game(2)})
    model, effects = update(model, m.Play({"fill": "1"}, "generala"))
    assert model.matches[Slot("generala")].cursor == 3 and archives(effects) == []


def test_a_new_game_in_place_of_one_in_progress_keeps_the_one_left_after_asking() -> None:
    old = generala_game(3)
    model = Model(matches={Slot("generala"): old})
    asked, effects = update(model, m.SetupStart(11, "generala"))
    assert asked.dialog == "abandon" and archives(effects) == []
    model, effects = update(asked, m.AbandonConfirm(11, "generala"))
    assert model.matches[Slot("generala")].seed == 11
    assert archives(effects) == [fx.Archive(old)]


def test_a_new_game_in_place_of_one_not_begun_or_already_kept_keeps_nothing() -> None:
    for old in (generala_start(), generala_game()):
        model, effects = update(Model(matches={Slot("generala"): old}), m.SetupStart(11, "generala"))
        assert model.matches[Slot("generala")].seed == 11 and model.dialog is None
        assert archives(effects) == []
        model, effects = update(Model(matches={Slot("generala"): old}), m.Rematch(12, "generala"))
        assert model.matches[Slot("generala")].seed == 12 and archives(effects) == []


def test_taking_back_a_move_is_not_leaving_the_game() -> None:
    model = Model(matches={Slot("chinese-checkers"): moves(checkers(), "3-14", "111-102")})
    model, effects = update(model, m.Undo(game="chinese-checkers"))
    assert model.matches[Slot("chinese-checkers")].cursor == 1
    assert archives(effects) == []


def test_a_game_ended_again_after_taking_back_its_last_move_is_kept_again() -> None:
    match = checkers()
    while match.result is None:
        match = match.play(chinese_checkers_ai.choose(match.state, "easy"))
    last = match.played[-1]
    model = Model(matches={Slot("chinese-checkers"): match.undo()})
    model, effects = update(model, m.Play(chinese_checkers.action_to_json(last), "chinese-checkers"))
    assert archives(effects) == [fx.Archive(model.matches[Slot("chinese-checkers")])]
    model, effects = update(model, m.Undo(game="chinese-checkers"))
    assert model.matches[Slot("chinese-checkers")].result is None and archives(effects) == []
    model, effects = update(model, m.Redo(game="chinese-checkers"))
    assert archives(effects) == [fx.Archive(model.matches[Slot("chinese-checkers")])]


def test_an_archived_game_joins_the_history_newest_first_and_only_once() -> None:
    older = Entry.of(generala_game(seed=1), "2026-12-01T10:00")
    newer = Entry.of(generala_game(seed=2), "2026-12-02T10:00")
    model, effects = update(Model(), m.Archived(older))
    assert model.history == (older,) and effects == []
    model, _ = update(model, m.Archived(newer))
    model, _ = update(model, m.Archived(newer))
    assert model.history == (newer, older)
    longer = Entry.of(generala_game(seed=3), "2026-12-03T10:00")
    shorter = Entry.of(generala_game(5, seed=3), "2026-12-03T09:00")
    model, _ = update(model, m.Archived(shorter))
    model, _ = update(model, m.Archived(longer))
    assert model.history == (longer, newer, older)


def test_a_game_forgotten_leaves_the_history_and_storage_is_told() -> None:
    a, b = (Entry.of(generala_game(seed=s), f"2026-12-0{s}T10:00") for s in (1, 2))
    model, effects = update(Model(history=(b, a)), m.ForgetEntry(a.id))
    assert model.history == (b,)
    assert effects == [fx.DeleteEntry(a.id), fx.FocusHeading()]
    assert [n.key for n in model.notices] == ["history.removed"]
    again, effects = update(model, m.ForgetEntry(a.id))  # no such game any more: nothing to do
    assert again == model and effects == []


def test_the_history_screen_s_choices_are_kept_in_the_model() -> None:
    model, effects = update(Model(history_shown=150), m.HistoryGame("421"))
    assert (model.history_game, model.history_shown, effects) == ("421", 50, [])
    model, _ = update(model, m.HistoryMore())
    model, _ = update(model, m.HistoryMore())
    assert model.history_shown == 150
    model, _ = update(model, m.HistoryPlayer("Ann"))
    assert (model.history_player, model.history_shown) == ("Ann", 50)
    model, _ = update(model, m.HistoryGame(""))
    assert model.history_game == ""
    model, _ = update(model, m.StatsPlayer("Bob"))
    assert model.stats_player == "Bob"


def test_importing_a_game_over_one_in_progress_asks_first_and_keeps_the_one_replaced() -> None:
    playing = moves(checkers(), "3-14", "111-102")
    for imported in (moves(checkers(), "3-14"), checkers(seed=6)):  # the same game further back, or another one
        model = Model(route=Route("game", "chinese-checkers"), matches={Slot("chinese-checkers"): playing})
        file = json.dumps(imported.to_json())
        asked, effects = update(model, m.ImportGame(file, "chinese-checkers"))
        assert (asked.dialog, asked.matches, effects) == ("replace", model.matches, [fx.FocusDialog()])
        t = catalog("en")
        assert dialog_text(asked, t) == (
            "This replaces your Chinese checkers game in progress (2 moves), which goes to the history, "
            "where you can continue it."
        )
        kept, effects = update(asked, m.DialogCancel())
        assert (kept.dialog, kept.replacing, kept.matches) == (None, None, model.matches)
        assert effects == [fx.Focus('[data-action=import-game][data-game="chinese-checkers"]')]
        done, effects = update(asked, m.ReplaceConfirm())
        assert done.dialog is None and done.matches[Slot("chinese-checkers")].played == imported.played
        assert archives(effects) == [fx.Archive(playing)]
        assert [n.key for n in done.notices] == ["table.imported"]
    # A game that goes further than the one in progress loses nothing: no question, nothing kept.
    further = moves(checkers(), "3-14", "111-102", "0-3")
    model = Model(route=Route("game", "chinese-checkers"), matches={Slot("chinese-checkers"): playing})
    done, effects = update(model, m.ImportGame(json.dumps(further.to_json()), "chinese-checkers"))
    assert done.dialog is None and done.matches[Slot("chinese-checkers")].played == further.played and archives(effects) == []


def test_importing_a_file_in_the_settings_asks_before_it_replaces_a_game_in_progress_which_it_keeps() -> None:
    later, backup = moves(checkers(), "3-14", "111-102", "0-3"), moves(checkers(), "3-14")
    model = Model(route=Route("settings"), matches={Slot("chinese-checkers"): later, Slot("generala"): generala_game(3)})
    file = m.ImportRead("{...}", {Slot("chinese-checkers"): backup, Slot("generala"): generala_game(5)})  # Generala goes further
    _, effects = update(model, m.ImportFile("{...}"))
    assert effects == [fx.ImportAll("{...}", write=False)]  # read first, written once asked
    asked, effects = update(model, file)
    assert asked.dialog == "replace" and effects == [fx.FocusDialog()]
    assert dialog_text(asked, catalog("en")).startswith("This replaces your Chinese checkers game in progress (3 moves),")
    _, effects = update(asked, m.ReplaceConfirm())
    assert effects == [fx.ImportAll("{...}", write=True)]
    imported = m.Imported(2, Settings(), {Slot("chinese-checkers"): backup, Slot("generala"): generala_game(5)})
    done, effects = update(replace(asked, dialog=None, replacing=None), imported)
    assert archives(effects) == [fx.Archive(later)]
    assert done.matches[Slot("chinese-checkers")] is backup
    # Nothing in progress replaced: written at once.
    _, effects = update(replace(model, matches={Slot("chinese-checkers"): backup}), file)
    assert effects == [fx.ImportAll("{...}", write=True)]


def test_a_game_of_the_history_left_unfinished_continues_in_its_slot_asking_before_it_replaces_one() -> None:
    left = moves(checkers(), "3-14", "111-102")
    entry = Entry.of(left, WHEN)
    history_screen, _ = update(Model(history=(entry,)), m.RouteChanged(f"#/history/{entry.id}"))
    [button] = view(history_screen).find_all(lambda e: e.attrs.get("data-action") == "history-continue")
    assert (button.text(), button.attrs["data-value"]) == ("Continue this game", entry.id)
    finished_entry = Entry.of(generala_game(), WHEN)
    shown, _ = update(Model(history=(finished_entry,)), m.RouteChanged(f"#/history/{finished_entry.id}"))
    assert not view(shown).find_all(lambda e: e.attrs.get("data-action") == "history-continue")

    opened = fx.Navigate("#/chinese-checkers")
    model, effects = update(history_screen, m.HistoryContinue(entry.id))  # nothing in its slot
    assert model.matches[Slot("chinese-checkers")].played == left.played and effects[-1] == opened
    assert archives(effects) == []

    other = moves(checkers(seed=9), "3-14")
    playing = replace(history_screen, matches={Slot("chinese-checkers"): other})
    asked, effects = update(playing, m.HistoryContinue(entry.id))
    assert (asked.dialog, asked.matches, effects) == ("replace", playing.matches, [fx.FocusDialog()])
    model, effects = update(asked, m.ReplaceConfirm())
    assert model.matches[Slot("chinese-checkers")].played == left.played and effects[-1] == opened
    assert archives(effects) == [fx.Archive(other)]  # the game it replaces, kept in turn

    # Its slot holds that game already, as far or further: the table opens, nothing changes.
    further = replace(history_screen, matches={Slot("chinese-checkers"): moves(left, "0-3")})
    assert update(further, m.HistoryContinue(entry.id)) == (further, [opened])
