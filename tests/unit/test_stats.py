"""The statistics: what each seat did in a game (its facts), and what each player did over the history."""

from collections import Counter
from collections.abc import Iterable
from statistics import mean

from hypothesis import given, settings
from hypothesis import strategies as st

from etoile.engine.match import Match, Seat
from etoile.games.chinese_checkers import ai as chinese_checkers_ai
from etoile.games.chinese_checkers import rules as chinese_checkers
from etoile.games.chinese_checkers.stats import moves, seating, seatings
from etoile.games.four21 import rules as four21
from etoile.games.four21.stats import hands, stars, tokens
from etoile.games.generala import rules as generala
from etoile.games.generala.stats import big_generals, crossed, generals, scores
from etoile.saved.history import Entry, facts
from etoile.saved.stats import histogram, statistics, who

GENERALA_GAME = (
    *("throw", "roll 1 1 1 2 3", "fill 1"),  # 3
    *("throw", "roll 2 2 2 4 5", "fill 2"),  # 6
    *("throw", "roll 3 3 3 3 1", "fill 3"),  # 12
    *("throw", "roll 4 4 4 5 6", "fill 4"),  # 12
    *("throw", "roll 5 5 1 2 3", "fill 5"),  # 10
    *("throw", "roll 6 6 6 2 3", "fill 6"),  # 18
    *("throw", "roll 6 6 5 4 1", "fill straight"),  # not a straight: crossed
    *("throw", "roll 3 3 3 2 2", "fill full"),  # 35 (on the first throw)
    *("throw", "roll 1 2 3 4 6", "fill four"),  # crossed
    *("throw", "roll 3 3 3 3 2", "keep 3 3 3 3", "roll 3", "fill general"),  # a general on the second throw: 60
)


def generala_match(players: int, *texts: str) -> Match:
    seats = tuple(Seat(name) for name in ("Ann", "Bob", "Cy")[:players])
    return Match.new(generala, {"players": players}, 1, seats).play_all(generala.action_from_text(t) for t in texts)


def four21_match(*texts: str) -> Match:
    start = Match.new(four21, {"players": 2}, 3, (Seat("Ann"), Seat("Bob")))
    return start.play_all(four21.action_from_text(t) for t in texts)


def checkers_played_out(**options: object) -> Match:
    match = Match.new(chinese_checkers, {"players": 2, **options}, 1, (Seat(""), Seat("")))
    while match.result is None:
        match = match.play(chinese_checkers_ai.choose(match.state, "easy"))
    return match


# -- facts -----------------------------------------------------------------------------------------------------------


def test_a_generala_column_gives_its_total_its_generals_and_the_boxes_crossed_out() -> None:
    match = generala_match(1, *GENERALA_GAME)
    assert match.result is not None
    assert facts(match) == ({"score": 156, "generals": 1, "big_general": False, "crossed": ["straight", "four"]},)


def test_generala_facts_count_a_game_as_far_as_it_went() -> None:
    match = generala_match(1, *GENERALA_GAME[:9])
    assert facts(match) == ({"score": 21, "generals": 0, "big_general": False, "crossed": []},)
    crossed_general = generala_match(1, "throw", "roll 6 5 3 2 1", "fill general", "throw", "roll 2 2 2 2 1", "fill 1")
    assert facts(crossed_general) == ({"score": 1, "generals": 0, "big_general": False, "crossed": ["general"]},)


def test_a_big_general_is_the_fact_of_the_seat_that_threw_it() -> None:
    match = generala_match(
        2,
        *("throw", "roll 1 1 1 1 2", "throw", "roll 6 6 6 6 5"),  # Ann's lower total starts
        *("throw", "roll 2 3 4 5 6", "fill straight"),  # 25 on the first throw
        *("throw", "roll 4 4 4 4 4"),  # Bob's big general ends the game
    )
    assert match.result is not None and match.result.ranking == ((1,), (0,))
    assert facts(match) == (
        {"score": 25, "generals": 0, "big_general": False, "crossed": []},
        {"score": 0, "generals": 0, "big_general": True, "crossed": []},
    )


def test_a_421_player_s_stars_tokens_taken_and_hands_thrown() -> None:
    match = four21_match(
        *("throw", "roll 1", "throw", "roll 2"),  # Ann's 1 starts
        *("throw", "roll 4 2 1", "stop", "throw", "roll 2 2 1", "stop"),  # charge: Bob takes 10
        *("throw", "roll 4 2 1", "stop", "throw", "roll 2 2 1", "stop"),  # charge: Ann takes the last token
        *("throw", "roll 4 2 1", "stop", "throw", "roll 2 2 1", "stop"),  # décharge: Ann gives it and leaves play
    )
    assert match.result is not None and match.result.ranking == ((0,), (1,))
    assert [(t.phase, t.worst, t.amount, t.out) for t in match.state.turns] == [
        ("charge", 1, 10, ()),
        ("charge", 0, 1, ()),
        ("decharge", 1, 1, (0,)),
    ]
    assert facts(match) == (
        {"stars": 1, "tokens": 1, "hands": {"0": 2, "55": 1}},
        {"stars": 0, "tokens": 11, "hands": {"0": 1, "55": 2}},
    )


def test_leaving_play_in_the_charge_is_no_star() -> None:
    match = four21_match(
        *("throw", "roll 1", "throw", "roll 2"),
        *("throw", "roll 4 2 1", "stop", "throw", "roll 2 2 1", "stop"),  # Bob takes 10
        *("throw", "roll 2 2 1", "stop", "throw", "roll 4 2 1", "stop"),  # Bob takes the last: Ann, who took none, wins
    )
    assert match.result is not None and match.result.ranking == ((0,), (1,))
    assert match.state.turns[-1].out == (0,) and match.state.turns[-1].phase == "charge"
    assert facts(match) == ({"stars": 0, "tokens": 0, "hands": {"0": 2}}, {"stars": 0, "tokens": 11, "hands": {"55": 2}})


def test_a_421_hand_not_shown_yet_is_not_counted() -> None:
    match = four21_match("throw", "roll 1", "throw", "roll 2", "throw", "roll 6 5 4", "stop", "throw", "roll 3 3 1")
    assert facts(match) == ({"stars": 0, "tokens": 0, "hands": {}}, {"stars": 0, "tokens": 0, "hands": {}})


def plies_of(match: Match, seat: int) -> int:
    return sum(1 for ply in range(match.cursor) if match.game.to_move(match.states[ply]) == seat)


def test_a_chinese_checkers_player_who_brought_every_piece_home_counts_the_moves_it_took() -> None:
    match = checkers_played_out()
    assert match.result is not None and match.result.ranking == ((1,), (0,))
    assert (plies_of(match, 0), plies_of(match, 1)) == (64, 64)
    assert facts(match) == ({"moves": None}, {"moves": 64})


def test_with_every_player_ranked_each_finisher_counts_its_own_moves() -> None:
    match = Match.new(chinese_checkers, {"players": 3, "rank_all": True}, 1)
    while match.result is None:
        match = match.play(chinese_checkers_ai.choose(match.state, "easy"))
    assert match.result.ranking == ((0,), (2,), (1,))
    assert [plies_of(match, seat) for seat in range(3)] == [55, 58, 58]
    assert facts(match) == ({"moves": 55}, {"moves": None}, {"moves": 58})


def test_a_chinese_checkers_game_ended_by_its_move_limit_counts_no_moves() -> None:
    match = checkers_played_out(move_limit=20)
    assert match.result is not None and match.cursor == 40
    assert facts(match) == ({"moves": None}, {"moves": None})
    begun = Match.new(chinese_checkers, {"players": 2}, 1).play(chinese_checkers.action_from_text("3-14"))
    assert facts(begun) == ({"moves": None}, {"moves": None})


# -- players and seatings ---------------------------------------------------------------------------------------------


def test_a_player_is_a_name_or_a_computer_level_of_one_game() -> None:
    assert who("421", Seat("Ann")) == ("person", "Ann")
    assert who("421", Seat("")) == ("person", "")
    assert who("421", Seat("", "expert")) == ("computer", "421/expert")
    assert who("chinese-checkers", Seat("", "easy")) == ("computer", "chinese-checkers/easy")
    assert who("421", Seat("Bob", away=True)) == ("person", "Bob")


def test_a_seating_names_the_players_and_their_camps() -> None:
    assert seating({"players": 3}) == "3"
    assert seating({"players": 6, "camps": 1}) == "6"
    assert seating({"players": 2, "camps": 3}) == "2x3"
    assert seating({"players": 3, "camps": 2}) == "3x2"
    assert seating({}) == "2"


# -- statistics over the history ---------------------------------------------------------------------------------------

_ids = iter(range(1, 10**9))


def entry(
    game: str,
    seats: tuple[Seat, ...],
    ranking: tuple[tuple[int, ...], ...] | None = None,
    seat_facts: tuple[dict, ...] | None = None,
    *,
    when: str = "2026-12-02T18:05",
    options: dict | None = None,
) -> Entry:
    """A history entry made by hand: finished with ``ranking``, or abandoned without one (``None``)."""
    return Entry(
        f"{next(_ids):016x}",
        game,
        when,
        "abandoned" if ranking is None else "finished",
        options if options is not None else {"players": len(seats)},
        seats,
        ranking or (),
        seat_facts if seat_facts is not None else tuple({} for _ in seats),
        10,
        "",
    )


ANN, BOB = Seat("Ann"), Seat("Bob")


def test_each_game_counts_the_games_played_and_won_by_each_player() -> None:
    entries = [
        entry("421", (ANN, BOB), ((0,), (1,))),
        entry("421", (BOB, ANN), ((0,), (1,))),
        entry("421", (ANN, BOB), ((0,), (1,))),
        entry("generala", (ANN, BOB), ((1,), (0,))),
    ]
    players = statistics(entries)
    ann, bob = players[("person", "Ann")], players[("person", "Bob")]
    assert (ann.played("421"), ann.won("421"), bob.played("421"), bob.won("421")) == (3, 2, 3, 1)
    assert (ann.played("generala"), ann.won("generala"), bob.played("generala"), bob.won("generala")) == (1, 0, 1, 1)
    assert (ann.played("chinese-checkers"), ann.won("chinese-checkers")) == (0, 0)
    assert set(players) == {("person", "Ann"), ("person", "Bob")}


def test_a_shared_first_place_is_a_win_for_each_who_shares_it() -> None:
    cy = Seat("Cy")
    players = statistics([entry("generala", (ANN, BOB, cy), ((0, 2), (1,)))])
    assert [players[("person", n)].won("generala") for n in ("Ann", "Bob", "Cy")] == [1, 0, 1]
    assert [players[("person", n)].played("generala") for n in ("Ann", "Bob", "Cy")] == [1, 1, 1]


def test_a_game_left_before_its_end_counts_as_left_and_nothing_more() -> None:
    players = statistics(
        [
            entry("421", (ANN, BOB)),
            entry("421", (ANN, BOB)),
            entry("generala", (ANN,), seat_facts=({"score": 300, "generals": 5, "big_general": True, "crossed": ["1"]},)),
        ]
    )
    ann, bob = players[("person", "Ann")], players[("person", "Bob")]
    assert (ann.left, bob.left) == (Counter({"421": 2, "generala": 1}), Counter({"421": 2}))
    assert (ann.played("421"), ann.won("421"), ann.played("generala")) == (0, 0, 0)
    assert (scores(ann), generals(ann), big_generals(ann), crossed(ann)) == ([], 0, 0, Counter())


def test_each_computer_level_of_each_game_is_a_player_of_its_own() -> None:
    easy, expert = Seat("", "easy"), Seat("", "expert")
    players = statistics(
        [
            entry("421", (ANN, easy), ((1,), (0,))),
            entry("421", (ANN, expert), ((0,), (1,))),
            entry("chinese-checkers", (ANN, easy), ((0,), (1,))),
            entry("chinese-checkers", (easy, easy), ((1,), (0,))),
        ]
    )
    assert set(players) == {
        ("person", "Ann"),
        ("computer", "421/easy"),
        ("computer", "421/expert"),
        ("computer", "chinese-checkers/easy"),
    }
    assert (players[("computer", "421/easy")].played("421"), players[("computer", "421/easy")].won("421")) == (1, 1)
    assert players[("computer", "421/expert")].won("421") == 0
    checkers_easy = players[("computer", "chinese-checkers/easy")]
    assert (checkers_easy.played("chinese-checkers"), checkers_easy.won("chinese-checkers")) == (2, 1)
    assert checkers_easy.played("421") == 0


def test_a_game_counts_once_for_a_player_who_held_two_seats_and_each_seat_s_facts_count() -> None:
    expert = Seat("", "expert")
    column = {"generals": 0, "big_general": False}
    players = statistics(
        [
            entry("421", (ANN, expert, expert), ((2,), (0,), (1,))),
            entry("421", (ANN, expert, expert), ((0,), (1,), (2,))),
            entry("421", (expert, ANN, expert)),
            entry(
                "generala",
                (expert, expert),
                ((1,), (0,)),
                ({**column, "score": 150, "crossed": ["general"]}, {**column, "score": 210, "crossed": []}),
            ),
        ]
    )
    experts = players[("computer", "421/expert")]
    assert (experts.played("421"), experts.won("421"), experts.left["421"]) == (2, 1, 1)
    generala_experts = players[("computer", "generala/expert")]
    assert (generala_experts.played("generala"), generala_experts.won("generala")) == (1, 1)
    assert (scores(generala_experts), crossed(generala_experts)) == ([150, 210], Counter({"general": 1}))


def test_names_are_matched_exactly_and_the_unnamed_are_one_player() -> None:
    players = statistics(
        [
            entry("421", (Seat("Ann"), Seat("ann")), ((0,), (1,))),
            entry("421", (Seat(""), Seat("Ann")), ((0,), (1,))),
            entry("generala", (Seat(""),), ((0,),)),
        ]
    )
    assert set(players) == {("person", "Ann"), ("person", "ann"), ("person", "")}
    assert players[("person", "Ann")].played("421") == 2 and players[("person", "Ann")].won("421") == 1
    assert players[("person", "ann")].played("421") == 1 and players[("person", "ann")].won("421") == 0
    unnamed = players[("person", "")]
    assert (unnamed.played("421"), unnamed.won("421"), unnamed.played("generala")) == (1, 1, 1)


def test_generala_scores_come_oldest_first_with_their_generals_big_generals_and_crossed_boxes() -> None:
    def column(score: int, generals: int = 0, big: bool = False, crossed: tuple[str, ...] = ()) -> dict:
        return {"score": score, "generals": generals, "big_general": big, "crossed": list(crossed)}

    entries = [
        entry("generala", (ANN,), ((0,),), (column(250, 1, crossed=("1", "four")),), when="2026-03-01T10:00"),
        entry("generala", (ANN,), ((0,),), (column(180, crossed=("general", "four")),), when="2026-01-01T10:00"),
        entry("generala", (ANN,), ((0,),), (column(25, big=True),), when="2026-02-01T10:00"),
        entry("generala", (ANN,), ((0,),), (column(301, 1, crossed=("1",)),), when="2026-04-01T10:00"),
    ]
    ann = statistics(entries)[("person", "Ann")]
    assert scores(ann) == [180, 25, 250, 301]
    assert (mean(scores(ann)), max(scores(ann))) == (189, 301)
    assert (generals(ann), big_generals(ann)) == (2, 1)
    assert crossed(ann) == Counter({"four": 2, "1": 2, "general": 1})
    assert [r.when for r in ann.games["generala"]] == sorted(e.when for e in entries)


def test_421_counts_stars_the_tokens_taken_per_game_and_the_hands_by_rank() -> None:
    entries = [
        entry("421", (ANN, BOB), ((0,), (1,)), ({"stars": 1, "tokens": 4, "hands": {"0": 2, "55": 1}}, {})),
        entry("421", (BOB, ANN), ((0,), (1,)), ({}, {"stars": 0, "tokens": 11, "hands": {"0": 1, "16": 3}})),
        entry("421", (ANN, BOB), ((0,), (1,)), ({"stars": 2, "tokens": 0, "hands": {}}, {})),
        entry("421", (ANN, BOB), None, ({"stars": 5, "tokens": 50, "hands": {"0": 9}}, {})),  # left: not counted
    ]
    players = statistics(entries)
    ann = players[("person", "Ann")]
    assert stars(ann) == 3
    assert tokens(ann) == 5
    assert hands(ann) == Counter({0: 3, 16: 3, 55: 1})
    bob = players[("person", "Bob")]  # a game's facts missing (an entry read with none) are left out
    assert (stars(bob), tokens(bob), hands(bob)) == (0, None, Counter())


def test_chinese_checkers_averages_the_moves_of_the_games_finished_and_counts_each_seating() -> None:
    two_by_three = {"players": 2, "camps": 3}
    entries = [
        entry("chinese-checkers", (ANN, BOB), ((0,), (1,)), ({"moves": 60}, {"moves": None}), options={"players": 2}),
        entry("chinese-checkers", (ANN, BOB), ((1,), (0,)), ({"moves": None}, {"moves": 50}), options={"players": 2}),
        entry("chinese-checkers", (BOB, ANN), ((1,), (0,)), ({"moves": None}, {"moves": 131}), options=two_by_three),
        entry(
            "chinese-checkers",
            (ANN, *(Seat(f"P{n}") for n in range(5))),
            ((2,), (0, 1, 3, 4, 5)),
            ({"moves": None}, {}, {"moves": 45}, {}, {}, {}),
            options={"players": 6, "camps": 1},
        ),
        entry("chinese-checkers", (ANN, BOB), None, ({"moves": 1}, {"moves": 1}), options={"players": 2}),
    ]
    players = statistics(entries)
    ann, bob = players[("person", "Ann")], players[("person", "Bob")]
    assert moves(ann) == (60 + 131) / 2
    assert seatings(ann) == {"2": (2, 1), "2x3": (1, 1), "6": (1, 0)}
    assert moves(bob) == 50
    assert seatings(bob) == {"2": (2, 1), "2x3": (1, 0)}
    assert (ann.played("chinese-checkers"), ann.won("chinese-checkers")) == (4, 2)
    assert moves(players[("person", "P1")]) == 45 and moves(players[("person", "P0")]) is None


def test_no_game_of_a_kind_gives_no_average() -> None:
    ann = statistics([entry("generala", (ANN,), ((0,),))])[("person", "Ann")]
    assert (tokens(ann), moves(ann), scores(ann), hands(ann), seatings(ann)) == (None, None, [], Counter(), {})
    assert statistics([]) == {}


def test_statistics_from_real_games_add_up() -> None:
    match = checkers_played_out()
    kept = Entry.of(match, "2026-12-02T18:05")
    players = statistics([kept])
    [player] = players.values()  # both seats are the unnamed player: one game, won
    assert (player.played("chinese-checkers"), player.won("chinese-checkers"), moves(player)) == (1, 1, 64)
    assert seatings(player) == {"2": (1, 1)}


# -- histograms -------------------------------------------------------------------------------------------------------


def test_a_histogram_counts_the_values_in_each_bin_by_its_lowest_value() -> None:
    assert histogram([3, 12, 17, 40], 10) == {0: 1, 10: 2, 40: 1}
    assert histogram([0, 24, 25, 49, 50, 50], 25) == {0: 2, 25: 2, 50: 2}
    assert list(histogram([301, 5, 150, 149], 50)) == [0, 100, 150, 300]
    assert histogram([7, 7, 7], 1) == {7: 3}
    assert histogram([], 10) == {}


# -- a property ---------------------------------------------------------------------------------------------------------

GAMES = ("generala", "421", "chinese-checkers")
SEATS = (Seat("Ann"), Seat("ann"), Seat("Bob"), Seat(""), Seat("", "easy"), Seat("", "expert"))


@st.composite
def entries(draw: st.DrawFn) -> Entry:
    game = draw(st.sampled_from(GAMES))
    seats = tuple(draw(st.lists(st.sampled_from(SEATS), min_size=1, max_size=4)))
    finished = draw(st.booleans())
    ranking = None
    if finished:
        places = draw(st.lists(st.integers(0, 3), min_size=len(seats), max_size=len(seats)))
        ranking = tuple(tuple(s for s in range(len(seats)) if places[s] == p) for p in sorted(set(places)))
    day, minute = draw(st.integers(1, 28)), draw(st.integers(0, 59))
    return entry(game, seats, ranking, when=f"2026-02-{day:02d}T10:{minute:02d}")


@settings(max_examples=200, deadline=None)
@given(st.lists(entries(), max_size=12))
def test_every_seat_of_every_finished_game_is_counted_once(history: list[Entry]) -> None:
    players = statistics(history)
    for game in GAMES:
        finished = [e for e in history if e.game == game and e.ended == "finished"]
        left = [e for e in history if e.game == game and e.ended == "abandoned"]

        def players_of(e: Entry, seats: Iterable[int]) -> set[tuple[str, str]]:
            return {who(e.game, e.players[s]) for s in seats}

        assert sum(p.played(game) for p in players.values()) == sum(len(players_of(e, range(len(e.players)))) for e in finished)
        assert sum(p.won(game) for p in players.values()) == sum(len(players_of(e, e.winners)) for e in finished)
        assert sum(p.left[game] for p in players.values()) == sum(len(players_of(e, range(len(e.players)))) for e in left)
        for player in players.values():
            assert 0 <= player.won(game) <= player.played(game)
    assert set(players) == {who(e.game, seat) for e in history for seat in e.players}
