"""Computer players for 421, and a coach for human players.

Levels (:func:`choose`):

* ``"easy"``: a table habit. Stop on any hand worth 2 tokens or more (421,
  111, two aces, three of a kind, a straight); otherwise keep a pair of aces,
  else one each of the 4, 2 and 1 on the table, and throw the rest.
* ``"expert"``: exact probabilities. For each hand it could end with, it
  computes the exact chance of each way the turn can end (its hand the best,
  the worst or neither, and how many tokens move: what the turn's best hand
  is worth), given the hands already shown this turn, the players still to
  play and their throw limit (:func:`etoile.games.four21.ai.odds.outcomes`). Each
  way is valued by the chance of winning the game from the position it leads
  to (:mod:`etoile.games.four21.ai.value`): in the charge this mostly means not
  being the worst hand while one has taken no token, and making the pot run
  out while clean, or last while others are clean; in the décharge, being the
  best hand (giving tokens away) rather than the worst. The throws (which dice
  to keep, when to stop) are then solved exactly by dynamic programming over
  the 56 hands and the 28 sets of dice that can be kept. As leader it also
  chooses how many throws to use, knowing that this number binds the others.
* ``"first_throw"``: stops after its first throw (a benchmark baseline, not
  offered in the app).
* ``"blind"``: the expert's exact probabilities without the hands already
  shown in the turn, as if every other player were still to play (a
  benchmark baseline, not offered: it measures what reading the table is
  worth).

The model of the players still to play: each ends with a hand drawn
independently from the final-hand distribution of a good player with the same
throw limit (:func:`etoile.games.four21.ai.odds.reference`), who does not react to
the hands shown. Tie roll-offs are fair: a tie among ``k`` is lost with chance
``1/k``. A decision takes well under a millisecond once the tables of the
game's options are built (about 30 ms, at the first decision or by
:func:`prepare`).

>>> from etoile.games.four21 import rules as four21
>>> state = four21.start({"players": 3}, seed=1)
>>> choose(state, "expert")
Throw(keep=())
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import lru_cache

from etoile.engine.dice import outcomes
from etoile.engine.lazy import lazy_dataclass
from etoile.engine.match import Match
from etoile.games.four21.ai import odds, value
from etoile.games.four21.coach import Four21Advice
from etoile.games.four21.rules import DESCRIPTION, TOKENS, Action, State, Stop, Throw, legal_actions, rank


@lazy_dataclass
class Advice:
    """What the expert would do now, for a human coach.

    ``keep`` are the faces it would set aside before throwing (``()`` for a
    throw of all three dice, or when it would stop); ``stop`` whether it
    would stop. ``escape`` is its chance of not ending as the turn's worst
    hand, and ``best`` of ending as the turn's best hand, playing as the
    expert from here (exact under the model of :mod:`etoile.games.four21.ai`).
    """

    action: Action
    keep: tuple[int, ...]
    stop: bool
    escape: float
    best: float


def choose(state: State, level: str = "expert") -> Action:
    """The action of a computer player of ``level`` for the seat to move; ``ValueError`` if the game is over."""
    if state.seat is None:
        raise ValueError("the game is over: nobody is to move")
    try:
        policy = POLICIES[level]
    except KeyError:
        raise ValueError(f"unknown 421 level {level!r}: choose from {', '.join(POLICIES)}") from None
    return policy(state)


def advice(state: State) -> Advice:
    """The expert's move and its chances, for the seat to move; ``ValueError`` if the game is over."""
    if state.seat is None:
        raise ValueError("the game is over: nobody is to move")
    action, (_, worst, best) = _expert(state)
    stop = isinstance(action, Stop)
    keep = () if stop else action.keep  # type: ignore[union-attr]  # the expert throws or stops: never a roll
    return Advice(action, keep, stop, min(1.0, max(0.0, 1.0 - worst)), min(1.0, max(0.0, best)))


def prepare(match: Match, cached: Mapping[str, str] | None = None) -> dict[str, str]:
    """Build the expert's tables for the match's options (about 30 ms), in the worker before the first question;
    nothing to keep for later page loads (``cached`` is not read).

    Optional: the first decision builds what it needs anyway.
    """
    del cached
    options = match.state.options
    for limit in (1, 2, 3):
        odds.reference(options.throw_limit, limit)
    value.duel(options.pot, options.throw_limit, options.next_leader)
    for players in range(3, options.players + 1):
        value.field(options.pot, options.throw_limit, players)
    return {}


# ----------------------------------------------------------------------------- easy and first throw


def _habit_keep(dice: tuple[int, ...]) -> tuple[int, ...]:
    """A pair of aces, else one each of the 4, 2 and 1 (at most two dice).

    >>> _habit_keep((1, 5, 1)), _habit_keep((4, 2, 1)), _habit_keep((6, 1, 3))
    ((1, 1), (4, 2), (1,))
    """
    if dice.count(1) >= 2:
        return (1, 1)
    return tuple(face for face in (4, 2, 1) if face in dice)[:2]


def _simple(state: State, good_enough: Callable[[tuple[int, ...]], bool]) -> Action:
    actions = legal_actions(state)
    if len(actions) == 1:
        return actions[0]
    if Stop() in actions and good_enough(state.dice):
        return Stop()
    throw = Throw(_habit_keep(state.dice))
    return throw if throw in actions else Stop()


def _easy(state: State) -> Action:
    return _simple(state, lambda dice: TOKENS[rank(dice)] >= 2)


def _first_throw(state: State) -> Action:
    return _simple(state, lambda dice: True)


# ----------------------------------------------------------------------------- expert


def _expert(state: State, *, blind: bool = False) -> tuple[Action, tuple[float, float, float]]:
    if state.rolloff is not None:
        return Throw(), _rolloff_chances(state)
    stops, last, plan = _solved(state, blind=blind)
    keep, values = odds.decide(stops, last, plan, state.throws, state.dice)
    if keep is None:
        return Stop(), values
    return Throw(keep), values


def _solved(state: State, *, blind: bool = False) -> tuple[list[odds.Values | None], int, odds.Plan]:
    """The turn of the seat to move solved: the value of stopping after each throw, its last throw, the plan."""
    seat, order = state.seat, state.order()
    assert seat is not None
    shown = () if blind else tuple(sorted(rank(state.hands[s]) for s in order if state.hands[s]))
    to_come = len(order) - 1 - len(shown)
    outlook = _outlook(state, seat)
    leader = seat == state.leader
    last = 3 if leader else state.limit
    assert last is not None
    stops, plan = _plan(outlook, state.options.throw_limit, leader, last, (to_come, shown))
    return stops, last, plan


def choices(state: State) -> tuple[Choice, ...]:
    """Every choice the seat to move has now (to stand, or which dice to keep for the next throw), with its
    chances of ending the turn as its worst and as its best hand, the expert's way of playing on from there;
    ``()`` when there is no choice (before the first throw, in a roll-off)."""
    if state.rolloff is not None or state.throws == 0:
        return ()
    stops, last, plan = _solved(state)
    found = odds.options(stops, last, plan, state.throws, state.dice)
    return tuple(Choice(keep, min(1.0, max(0.0, w)), min(1.0, max(0.0, b))) for keep, (_, w, b) in found)


@lazy_dataclass
class Choice:
    """One choice of the seat to move: stand (``keep`` is ``None``) or keep these faces and throw the rest, with
    its chances of ending the turn as the worst hand (``worst``) and as the best (``best``)."""

    keep: tuple[int, ...] | None
    worst: float
    best: float


Outlook = tuple[value.Amounts, value.Amounts, value.Amounts]
"""What ending the turn as the best hand, the worst, or neither is worth, by the tokens that move."""


def _outlook(state: State, seat: int) -> Outlook:
    """The value, for ``seat``, of each way the turn can end (see :mod:`etoile.games.four21.ai.value`)."""
    opts, active, amounts = state.options, state.active, odds.AMOUNTS
    if len(active) == 2:
        duel = value.duel(opts.pot, opts.throw_limit, opts.next_leader)
        position = (state.pot, state.held[seat], seat == state.leader)
        best = tuple(value.value(duel, opts.pot, value.after(opts.pot, position, False, a, opts.next_leader)) for a in amounts)
        worst = tuple(value.value(duel, opts.pot, value.after(opts.pot, position, True, a, opts.next_leader)) for a in amounts)
        return best, worst, (0.0,) * len(amounts)
    n = len(active)
    if state.phase == "decharge":
        cap = max(state.held[s] for s in active if s != seat)
        mine = state.held[seat]
        return (
            tuple(min(a, mine) / opts.pot for a in amounts),
            tuple(-min(a, cap) / opts.pot for a in amounts),
            (0.0,) * len(amounts),
        )
    table = value.field(opts.pot, opts.throw_limit, n)
    clean = not state.took[seat]
    others = sum(1 for s in active if s != seat and not state.took[s])
    share = others / (n - 1)
    rests = [state.pot - min(a, state.pot) for a in amounts]
    other_worst = tuple(
        share * table[(rest, clean, others - 1)] + (1 - share) * table[(rest, clean, others)]
        if others
        else table[(rest, clean, 0)]
        for rest in rests
    )
    token = TOKEN_WEIGHT / (n * opts.pot)
    worst = tuple(table[(rest, False, others)] - token * (state.pot - rest) for rest in rests)
    return other_worst, worst, other_worst


TOKEN_WEIGHT = 1.0
"""With three or more players in the charge, each token taken costs ``TOKEN_WEIGHT / (players * pot)`` of the chance
of winning (the field model of :mod:`etoile.games.four21.ai.value` does not follow tokens, which weigh in a later décharge)."""


@lru_cache(maxsize=4096)
def _values(outlook: Outlook, mode: str, limit: int, to_come: int, shown: tuple[int, ...]) -> odds.Values:
    """The value of ending the turn with each hand, when ``to_come`` players will play with ``limit`` throws."""
    best_value, worst_value, neither_value = outlook
    best, worst_split, neither_split = odds.outcomes(odds.reference(mode, limit), to_come, shown)
    objective, worst = [], []
    for r in range(odds.N):
        w, n = worst_split[r], neither_split[r]
        worst.append(sum(w))
        objective.append(
            best[r] * best_value[odds.AMOUNT_INDEX[TOKENS[r]]]
            + sum(p * v for p, v in zip(w, worst_value, strict=True))
            + sum(p * v for p, v in zip(n, neither_value, strict=True))
        )
    return tuple(objective), tuple(worst), best


@lru_cache(maxsize=4096)
def _plan(
    outlook: Outlook, mode: str, leader: bool, last: int, players: tuple[int, tuple[int, ...]]
) -> tuple[list[odds.Values | None], odds.Plan]:
    """The throws solved for the seat to move; ``players`` are the number of players to come and the hands shown."""
    to_come, shown = players
    if leader:  # stopping after k throws sets the others' limit to k
        stops: list[odds.Values | None] = [None, *(_values(outlook, mode, k, to_come, shown) for k in (1, 2, 3))]
    else:
        values = _values(outlook, mode, last, to_come, shown)
        stops = [None, *(values if mode == "at_most" or k == last else None for k in range(1, last + 1))]
    return stops, odds.solve(stops, last)


def _rolloff_chances(state: State) -> tuple[float, float, float]:
    """``(objective, worst, best)`` chances of the seat to move in the roll-off under way (one throw, no choice)."""
    rolloff = state.rolloff
    assert rolloff is not None
    thrown = rolloff.rounds[-1]
    to_come = len(rolloff.seats) - len(thrown) - 1
    if rolloff.kind == "start":  # the rank of a die: 1 → 0, 6 → 1, 5 → 2, ..., 2 → 5
        dist = tuple(float(p) for _, p in sorted(outcomes(1), key=lambda pair: (7 - pair[0].faces[0]) % 6))
        shown = [(7 - d[0]) % 6 for _, d in thrown]
    else:
        dist, shown = odds.ONE_THROW, [rank(d) for _, d in thrown]
    worst, best = odds.chances(dist, to_come, shown)
    p_worst = sum(p * w for p, w in zip(dist, worst, strict=True))
    p_best = sum(p * b for p, b in zip(dist, best, strict=True))
    if rolloff.kind == "worst":
        return 1.0 - p_worst, p_worst, 0.0
    return p_best, 0.0, p_best  # who starts (the best throw leads), or the roll-off for the best hand


POLICIES: dict[str, Callable[[State], Action]] = {
    "easy": _easy,
    "expert": lambda state: _expert(state)[0],
    "first_throw": _first_throw,
    "blind": lambda state: _expert(state, blind=True)[0],
}
"""The players :func:`choose` knows: the levels of :data:`~etoile.games.four21.rules.DESCRIPTION`, and a baseline."""
assert set(DESCRIPTION.levels) <= set(POLICIES), "every level offered to players has a policy"


def advise(match: Match, request: str) -> Four21Advice:
    """The coach's answer: for ``"advice"``, what the expert would do now and its chances."""
    if request != "advice":
        raise ValueError(f"unknown request {request!r}")
    tip = advice(match.state)
    told = tuple((c.keep, c.worst, c.best) for c in choices(match.state))
    return Four21Advice(tip.keep, tip.stop, tip.escape, tip.best, told)
