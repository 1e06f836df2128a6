"""The history and statistics screens drawn from a model, and the charts they draw: exact numbers on screen."""

import os
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

from etoile.app import effects as fx
from etoile.app import messages as m
from etoile.app.model import Model
from etoile.app.routes import Route
from etoile.app.update import update, with_problems
from etoile.engine.match import Match, Seat
from etoile.games.four21 import rules as four21
from etoile.games.four21.stats_view import hand_group
from etoile.games.generala import rules as generala
from etoile.games.generala.stats_view import optimal_scores, optimal_shares
from etoile.saved.history import Entry, newest_first
from etoile.saved.settings import Settings
from etoile.saved.storage import Problem
from etoile.ui import charts
from etoile.ui.i18n import catalog
from etoile.ui.screens.past import history_screen, stats_screen
from etoile.ui.vdom import El
from etoile.ui.views import view

T = catalog("en")


def entry(game: str, when: str, seats: tuple[Seat, ...], *, ranking=((0,), (1,)), facts=None, seed: int = 1) -> Entry:
    match = Match.new({"421": four21, "generala": generala}[game], {"players": len(seats)}, seed, seats)
    real = Entry.of(match, when)
    return replace(real, ended="finished", ranking=ranking, facts=tuple(facts or ({} for _ in seats)), actions=10)


def texts(tree: El, tag: str) -> list[str]:
    found = []

    def walk(node: object) -> None:
        if isinstance(node, El):
            if node.tag == tag:
                found.append(node.text())
            for child in node.children:
                walk(child)

    walk(tree)
    return found


ANN_BOB = (Seat("Ann"), Seat("Bob"))
GAMES = newest_first(
    [
        entry(
            "generala",
            "2026-11-01T20:00",
            ANN_BOB,
            facts=[
                {"score": 180, "generals": 1, "big_general": False, "crossed": ["1"]},
                {"score": 140, "generals": 0, "big_general": False, "crossed": []},
            ],
        ),
        entry(
            "generala",
            "2026-11-02T20:00",
            ANN_BOB,
            ranking=((1,), (0,)),
            seed=2,
            facts=[
                {"score": 120, "generals": 0, "big_general": False, "crossed": ["1", "general"]},
                {"score": 150, "generals": 0, "big_general": False, "crossed": []},
            ],
        ),
        entry("421", "2026-11-03T20:00", (Seat("Ann"), Seat("", "expert")), seed=3),
    ]
)


def test_the_history_lists_the_last_game_first_with_its_players_and_result() -> None:
    tree = history_screen(Model(history=GAMES), T)
    assert texts(tree, "time") == ["2026-11-03 at 20:00", "2026-11-02 at 20:00", "2026-11-01 at 20:00"]
    assert [t for t in texts(tree, "p") if t.endswith("won")] == ["Ann won", "Bob won", "Ann won"]
    assert "Ann, Computer 2 (expert)" in texts(tree, "p")


def test_the_history_calls_each_seat_as_its_table_did() -> None:
    seats = (Seat(""), Seat("", "expert"), Seat("", "expert"), Seat("Max", "easy"))
    tree = history_screen(Model(history=(entry("421", "2026-11-04T20:00", seats, ranking=((2,), (0, 1, 3))),)), T)
    assert texts(tree, "p")[1:] == ["Player 1, Computer 2 (expert), Computer 3 (expert), Max", "Computer 3 (expert) won"]


def test_a_game_played_alone_says_its_score_not_that_its_player_won() -> None:
    solo = entry("generala", "2026-11-05T20:00", (Seat("Zoé"),), ranking=((0,),), facts=[{"score": 61}])
    scoreless = replace(solo, facts=({},))
    assert texts(history_screen(Model(history=(solo,)), T), "p")[1:] == ["Zoé", "Zoé, alone: 61 points"]
    assert texts(history_screen(Model(history=(scoreless,)), catalog("fr")), "p")[1:] == ["Zoé", "Zoé, en solo"]


def test_a_past_game_left_unfinished_is_not_said_to_have_ended() -> None:
    left = replace(entry("421", "2026-11-06T20:00", ANN_BOB), ended="abandoned", ranking=())
    model, _ = update(Model(history=(left,)), m.RouteChanged("#/history/" + left.id))
    note = texts(view(model), "p")[0]
    assert note == "A game of your history, left unfinished 2026-11-06 at 20:00: you watch it as a replay, move by move."


EXPERTS = (Seat("", "expert"), Seat("", "expert"))


def shown_player(history: tuple[Entry, ...], name: str) -> str:
    return texts(stats_screen(Model(route=Route("stats"), history=history, settings=Settings(name=name)), T), "h2")[0]


def test_the_statistics_open_on_this_device_s_player_never_on_a_computer_when_a_person_played() -> None:
    history = newest_first(
        [
            entry("421", f"2026-11-0{day}T20:00", seats, seed=day)
            for day, seats in enumerate([(Seat("Ann"), *EXPERTS), (Seat(""), *EXPERTS), (Seat("Bob"), *EXPERTS)], start=1)
        ]
    )
    assert shown_player(history, "Bob") == "Bob"  # the name in the settings
    assert shown_player(history, "") == "Players without a name"  # unnamed: this device's unnamed seats
    assert shown_player(history, "Cy") == "Players without a name"
    assert shown_player(history[:1], "") == "Bob"  # a person, though the computer played more seats
    assert shown_player(newest_first([entry("421", "2026-11-01T20:00", EXPERTS)]), "") == "Computer (expert) at 421"


def test_the_history_filters_by_game_and_by_player_and_shows_fifty_at_a_time() -> None:
    model, _ = update(Model(history=GAMES), m.HistoryGame("generala"))
    assert len(texts(history_screen(model, T), "time")) == 2
    model, _ = update(model, m.HistoryPlayer("computer:421/expert"))
    assert texts(history_screen(model, T), "time") == []
    model, _ = update(model, m.HistoryGame(""))
    assert texts(history_screen(model, T), "time") == ["2026-11-03 at 20:00"]
    many = newest_first(entry("421", f"2026-10-{d:02d}T10:00", ANN_BOB, seed=100 + d) for d in range(1, 29)) * 3
    shown = history_screen(Model(history=many), T)
    assert len(texts(shown, "time")) == 50 and "Show 34 more games" in texts(shown, "button")
    model, _ = update(Model(history=many), m.HistoryMore())
    assert len(texts(history_screen(model, T), "time")) == 84


def test_a_full_storage_offers_to_export_or_remove_the_oldest_games() -> None:
    model = with_problems(Model(history=GAMES), [Problem("history_full", "history:0123456789abcdef")])
    assert model.history_full and [n.key for n in model.notices] == ["storage.history_full"]
    buttons = texts(history_screen(model, T), "button")
    assert "Export to a file" in buttons and "Remove the 3 oldest games" in buttons
    model, effects = update(model, m.ForgetOldest())
    assert model.history == () and not model.history_full
    assert [type(e) for e in effects] == [fx.DeleteEntry] * 3 + [fx.ResaveHistory, fx.FocusHeading]


def test_the_statistics_show_the_named_player_with_exact_figures() -> None:
    model = Model(route=Route("stats"), history=GAMES, settings=Settings(name="Ann"))
    tree = stats_screen(model, T)
    rows = [t for t in texts(tree, "tr") if t.startswith(("421", "Generala"))]
    assert rows[:2] == ["42111100%0", "Generala2150%0"]  # game, played, won, win rate, left
    assert texts(tree, "dd")[3:7] == ["150.0", "180", "1", "0"]  # Generala: average, best, generals, big generals
    assert "ones100%" in texts(tree, "tr") and "general50%" in texts(tree, "tr")
    model, _ = update(model, m.StatsPlayer("person:Bob"))
    assert texts(stats_screen(model, T), "h2")[0] == "Bob"


def test_no_game_no_statistics() -> None:
    assert texts(stats_screen(Model(), T), "p")[0] == T("stats.empty")


def test_bars_scale_to_the_longest_and_keep_their_numbers_in_a_table() -> None:
    chart = charts.bars("Wins", [("a", 2), ("b", 4)], ("Who", "Wins"))
    widths = [c.attrs["width"] for c in chart.children[1].children if isinstance(c, El) and c.tag == "rect"]
    assert float(widths[1]) == 2 * float(widths[0])
    assert texts(chart, "tr") == ["WhoWins", "a2", "b4"]
    assert chart.children[1].attrs["aria-hidden"] == "true"


def test_the_optimal_generala_player_averages_156_point_2() -> None:
    shares, mean = optimal_shares()
    assert round(mean, 1) == 156.2 and abs(sum(shares.values()) - 1) < 1e-9


def test_the_shipped_final_scores_are_the_computer_players_own() -> None:
    from etoile.games.generala.ai.win import futures  # noqa: PLC0415
    from etoile.games.generala.rules import Rules  # noqa: PLC0415

    assert optimal_scores() == list(futures(Rules())[0])


DRAW_STATISTICS = """
import sys
from etoile.app.model import Model
from etoile.ui.views import view
from tests.unit.test_past import GAMES
from etoile.app.routes import Route
view(Model(route=Route("stats"), history=GAMES))
print(sorted(name for name in sys.modules if name.startswith("etoile.games.") and "ai" in name.split(".")))
"""


def test_the_statistics_load_no_computer_player() -> None:
    root = Path(__file__).parents[2]
    env = {**os.environ, "PYTHONPATH": f"{root / 'py'}{os.pathsep}{root}"}
    drawn = subprocess.run([sys.executable, "-c", DRAW_STATISTICS], capture_output=True, text=True, env=env, check=True)
    assert drawn.stdout == "[]\n"


def test_the_421_hands_fall_in_seven_groups() -> None:
    groups = [hand_group(four21.rank(h)) for h in [(4, 2, 1), (1, 1, 1), (6, 1, 1), (5, 5, 5), (6, 5, 4), (6, 6, 5), (2, 2, 1)]]
    assert groups == ["421", "111", "aces", "triples", "straight", "other", "221"]


def test_an_archived_game_goes_to_the_history_and_storage_is_asked_to_forget_one() -> None:
    model, _ = update(Model(), m.Archived(GAMES[0]))
    model, effects = update(model, m.ForgetEntry(GAMES[0].id))
    assert model.history == () and effects[0] == fx.DeleteEntry(GAMES[0].id)


def test_the_statistics_are_counted_once_for_one_history() -> None:
    from etoile.ui.screens.past import counted  # noqa: PLC0415

    first = counted(GAMES)
    assert counted(GAMES) is first
    assert counted(GAMES[:1]) is not first and counted(GAMES[:1])[("person", "Ann")].played("421") == 1
