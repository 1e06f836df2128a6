"""The 421 table: three dice to set aside and throw, the pot and everyone's tokens, the turn's hands, a coach."""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from etoile.app import effects as fx
from etoile.app.effects import Effect
from etoile.app.messages import CoachAnswer
from etoile.app.model import Model
from etoile.app.table import Tip, ended, played
from etoile.engine.coach import Pending
from etoile.engine.dice import digits
from etoile.engine.game import JSON
from etoile.engine.lazy import lazy_dataclass
from etoile.engine.match import Match
from etoile.games.four21 import rules as g
from etoile.games.four21.coach import Four21Advice
from etoile.ui.common import pointer, replaying, result_panel, seat_name
from etoile.ui.dice import (
    Keep,
    ThrowDice,
    dice_message,
    dice_row,
    face,
    places,
    places_from,
    rounds_told,
    small_die,
    throw_told,
    throws,
)
from etoile.ui.i18n import Catalog
from etoile.ui.vdom import Attr, El, h

GAME = g


@lazy_dataclass
class Local:
    """What only the page knows: the places of the dice the player has set aside for the next throw, and the coach's advice."""

    keep: tuple[int, ...] | None = None
    advice: Four21Advice | Pending | None = None


def start(match: Match) -> Local:
    return Local()


def draft(local: Local) -> JSON | None:
    """The dice set aside since the last throw, by place, for the page to save."""
    return None if local.keep is None else list(local.keep)


def restore(match: Match, data: JSON) -> Local | None:
    """The dice set aside that :func:`draft` saved, if they can be set aside at ``match``."""
    keep = places_from(data, 3)
    return Local(keep=keep) if keep is not None and can_keep(match.state) and match.person_to_move is not None else None


def can_keep(state: g.State) -> bool:
    return state.rolloff is None and state.throws > 0 and g.throws_left(state) > 0


def kept(state: g.State, local: Local) -> tuple[int, ...]:
    """The places of the dice set aside: the player's choice, else those kept at the last throw (drawn first)."""
    return tuple(range(len(state.kept))) if local.keep is None else local.keep


def follow(model: Model, match: Match) -> list[Effect]:
    """With the coach on, ask for the expert's advice whenever a person is about to decide."""
    state = match.state
    if model.settings.coach and match.person_to_move is not None and can_keep(state):
        return [fx.Advise(match.cursor, "advice")]
    return []


@lazy_dataclass
class StopTurn:
    """Stand on the hand thrown."""


Message = Keep | ThrowDice | StopTurn
"""What the 421 table's own controls say."""


def decode(name: str, value: str | None, data: Mapping[str, str]) -> Message | None:
    """The message of an event on one of the table's controls (``data-action="421:<name>"``), or ``None``.

    >>> decode("keep", None, {"index": "2"}), decode("throw", None, {}), decode("keep", None, {"index": "x"})
    (Keep(index=2), ThrowDice(), None)
    """
    if (shared := dice_message(name, data)) is not None:
        return shared
    match name:
        case "stop":
            return StopTurn()
    return None


def on(match: Match, local: Local, msg: Message | CoachAnswer) -> tuple[Match, Local, list[Effect]]:
    state = match.state
    if match.person_to_move is None and not isinstance(msg, CoachAnswer):
        return match, local, []
    match msg:
        case Keep(index) if can_keep(state) and 0 <= index < 3:
            keep = tuple(sorted(set(kept(state, local)) ^ {index}))
            return match, replace(local, keep=keep), []
        case ThrowDice():
            action = g.Throw(tuple(state.dice[i] for i in kept(state, local)) if can_keep(state) else ())
            if action not in g.legal_actions(state):
                return match, local, []
            return match.play(action), Local(), []
        case StopTurn() if g.Stop() in g.legal_actions(state):
            return match.play(g.Stop()), Local(), []
        case CoachAnswer(ply=ply, result=result) if ply == match.cursor:
            return match, replace(local, advice=Four21Advice.from_json(result)), []
    return match, local, []


GLANCE_HANDS = (
    ((4, 2, 1),),
    ((1, 1, 1),),
    ((6, 1, 1), (6, 6, 6)),
    ((5, 1, 1), (5, 5, 5)),
    ((4, 1, 1), (4, 4, 4)),
    ((3, 1, 1), (3, 3, 3)),
    ((2, 1, 1), (2, 2, 2)),
    ((6, 5, 4), (3, 2, 1)),
    ((6, 6, 5), (3, 2, 2)),
    ((2, 2, 1),),
)
"""The hands of the rules page's summary, best first, each row's hands worth as many tokens: 421, 111, the aces
and triples by value, two of the four straights, two of the other hands (665 down to 322), and 221 last."""


def figure(name: str, label: str, t: Catalog) -> El:
    """The rules page's drawings: ``"hands"``, the ranking drawn as dice with each row's worth in tokens; ``"star"``,
    a player's pile with tokens over the star and without."""
    if name == "star":
        return h(
            "div",
            {"class": "glance-star", "role": "img", "aria-label": label},
            pile(5, 11, None, t, Change(), star=True),
            h("span", {"class": "glance-arrow", "aria-hidden": "true"}, "→"),
            pile(0, 11, None, t, Change(), star=True),
        )
    rows = [
        h(
            "div",
            {"class": "glance-row"},
            h("span", {"class": "glance-hands"}, [h("span", {"class": "mini-dice"}, [face(v) for v in dice]) for dice in hands]),
            h(
                "span",
                {"class": "glance-worth"},
                t("four21.glance.worst") if hands[0] == (2, 2, 1) else t("four21.result_tokens", count=g.tokens(hands[0])),
            ),
        )
        for hands in GLANCE_HANDS
    ]
    return h("div", {"class": "glance-ranking", "role": "img", "aria-label": label}, rows)


def heard(before: Match, after: Match) -> list[Effect]:
    """The sounds of the actions from ``before`` to ``after``: dice thrown, a hand stood on, tokens moved, a win."""
    done = after.played[before.cursor :]
    sounds: list[Effect] = []
    if any(isinstance(action, g.Throw) for action in done):
        sounds.append(fx.Sound("dice"))
    elif any(isinstance(action, g.Stop) for action in done):
        sounds.append(fx.Sound("stop"))
    moved = sum(turn.amount for turn in after.state.turns[len(before.state.turns) :])
    if moved:
        sounds.append(fx.Sound("tokens", count=min(moved, 5)))
    if ended(before, after):
        sounds.append(fx.Sound("win"))
    return sounds


def hand_name(dice: tuple[int, ...], t: Catalog) -> str:
    """What players call the hand in the player's language: "quatre cent vingt et un", "straight 654", "532"."""
    written = digits(g.hand(dice))
    key = g.named(dice)
    if key == "straight":
        return t("four21.hand.straight", hand=written)
    return written if key is None else t(f"four21.hand.{key}")


def hand_text(dice: tuple[int, ...], t: Catalog) -> str:
    """A hand as players say it: "421 (four-two-one)", or just "532"."""
    written, named = digits(g.hand(dice)), hand_name(dice, t)
    return written if named == written else f"{written} ({named})"


def status(match: Match, t: Catalog) -> str:
    state = match.state
    if state.seat is None:
        return t("four21.status.over")
    name = seat_name(match, state.seat, t)
    rolloff = state.rolloff
    if rolloff is not None and rolloff.kind == "start":
        if len(rolloff.rounds) > 1:
            names = ", ".join(seat_name(match, s, t) for s in rolloff.seats)
            return t("four21.status.start_tie", names=names, name=name)
        return t("four21.status.start", name=name)
    if rolloff is not None:
        names = ", ".join(seat_name(match, s, t) for s in rolloff.seats)
        return t(f"four21.status.rolloff_{rolloff.kind}", names=names, name=name)
    phase = t(f"four21.phase.{state.phase}")
    phase = phase[:1].upper() + phase[1:]
    if state.seat == state.leader:
        return t("four21.status.leader", phase=phase, name=name, throws=state.throws)
    rule = "exactly" if state.options.throw_limit == "exactly" else "at_most"
    return t(f"four21.status.follow_{rule}", phase=phase, name=name, throws=state.throws, count=g.max_throws(state))


def summary(match: Match, turn: g.Turn, t: Catalog) -> str:
    """One line for a finished turn: who was best and worst, and how many tokens moved."""
    best, worst = seat_name(match, turn.best, t), seat_name(match, turn.worst, t)
    params = {
        "best": best,
        "best_hand": hand_text(turn.best_hand, t),
        "value": turn.value,
        "worst": worst,
        "worst_hand": hand_text(turn.worst_hand, t),
        "count": turn.amount,
    }
    line = t("four21.summary.charge" if turn.from_pot else "four21.summary.decharge", **params)
    # A tie settled by throwing again: who was tied and what each threw, before who took or gave.
    for rolloff in turn.rolloffs:
        line = t(f"four21.summary.rolloff_{rolloff.kind}", throws=rounds_told(match, rolloff.rounds, digits, t)) + " " + line
    if turn.out:
        names = ", ".join(seat_name(match, s, t) for s in turn.out)
        line += " " + t(
            "four21.summary.out_charge" if turn.from_pot else "four21.summary.out_decharge", names=names, count=len(turn.out)
        )
    return line


def spots(capacity: int) -> list[tuple[float, float]]:
    """Where each of a pile's ``capacity`` tokens lies, in percent of the pile's box: a sunflower spiral from the
    middle out, so that the first tokens cover the heart of the star under them and the last ones its points.

    >>> spots(3)
    [(63.9, 50.0), (32.3, 66.2), (52.7, 19.1)]
    """
    turn = math.pi * (3 - math.sqrt(5))  # the golden angle: no two tokens on one line out of the middle
    reach = 34.0  # the farthest token's middle from the box's, in percent of its side: its disc stays inside
    return [
        (
            round(50 + reach * math.sqrt((i + 0.5) / capacity) * math.cos(i * turn), 1),
            round(50 + reach * math.sqrt((i + 0.5) / capacity) * math.sin(i * turn), 1),
        )
        for i in range(capacity)
    ]


@lazy_dataclass
class Change:
    """The last turn that moved tokens to or from a pile: its number (``None``: no turn yet), what the action just
    played brought (``> 0``), took away (``< 0``) or not (0), and the pile the tokens brought came from (a
    selector)."""

    turn: int | None = None
    moved: int = 0
    source: str | None = None


def pile(count: int, capacity: int, label: str | None, t: Catalog, change: Change, *, star: bool = False) -> El:
    """A pile of tokens drawn as discs spread over a box (over a star, for a player's: the tokens leave, the star
    shows), with the count and the word "tokens" under it: an image labelled ``label`` (``None``: a part of a
    bigger image, which says it).

    The count bumps once when ``change.turn`` changes (the animation's name
    alternates with it). Tokens the action just played brought fly in from
    ``change.source``, the pile they came from, one after the other; as many
    discs as it took away lift off and vanish (hidden whenever animations are
    off).
    """
    changed, moved = change.turn, change.moved
    kept = count - max(moved, 0)
    places = spots(capacity)
    discs = []
    for i in range(count + max(-moved, 0)):
        x, y = places[i]
        style = f"left: {x}%; top: {y}%"
        if i < kept:
            discs.append(h("span", {"class": "token", "style": style}))
        elif moved > 0:
            arriving: dict[str, Attr] = {"class": "token arriving", "style": f"{style}; --i: {i - kept}"}
            discs.append(h("span", {**arriving, "data-fly-from": change.source}))
        else:
            discs.append(h("span", {"class": "token leaving", "style": f"{style}; --i: {i - count}"}))
    return h(
        "span",
        {
            "class": "tokens",
            "role": None if label is None else "img",
            "aria-label": label,
            "data-changed": None if changed is None else str(changed % 2),
        },
        h(
            "span",
            {"class": "pile", "aria-hidden": "true", "data-capacity": "21" if capacity > 11 else "11"},
            star and h("span", {"class": "star-under"}),
            discs,
        ),
        h(
            "span",
            {"class": "token-total", "aria-hidden": "true"},
            h("span", {"class": "token-count"}, str(count)),
            " ",
            h("span", {"class": "token-unit"}, t("four21.token_unit", count=count)),
        ),
    )


def last_change(match: Match, seat: int | None) -> Change:
    """The last turn that moved tokens to or from ``seat`` (``None``: the pot), and what it moved if the action just
    played ended it."""
    state = match.state
    for number in range(len(state.turns), 0, -1):
        turn = state.turns[number - 1]
        giver = None if turn.from_pot else turn.best
        if turn.amount and seat in (turn.worst, giver):
            just = number == len(state.turns) and match.cursor > 0 and len(match.states[match.cursor - 1].turns) < number
            if not just:
                return Change(number)
            if seat != turn.worst:
                return Change(number, -turn.amount)
            return Change(number, turn.amount, ".pot .pile" if giver is None else f".player[data-seat='{giver}'] .pile")
    return Change()


def players(match: Match, t: Catalog) -> El:
    """The seats around the table, in seat order: the first half along the top from left to right, the others
    along the bottom from right to left (play goes clockwise), the pot between them."""
    state = match.state
    seats = state.options.players
    across = (seats + 1) // 2
    winners = {s for tier in state.out for s in tier}
    loser = set(match.result.ranking[-1]) if match.result and state.options.play_to_loser else set()
    last = state.turns[-1] if state.turns else None
    rows = []
    for seat in range(seats):
        name = seat_name(match, seat, t)
        shown = state.hands[seat] or (last.hands[seat] if last and not any(state.hands) else ())
        fresh = bool(state.hands[seat])
        classes = [
            "player",
            "to-move" if seat == state.seat else "",
            "won" if seat in winners else "",
            "lost" if seat in loser else "",
        ]
        place = f"grid-area: 1 / {seat + 1}" if seat < across else f"grid-area: 3 / {2 * across - seat}"
        rows.append(
            h(
                "li",
                {
                    "class": " ".join(c for c in classes if c),
                    "data-seat": str(seat),
                    "aria-current": "true" if seat == state.seat else None,
                    "style": place,
                },
                h(
                    "span",
                    {"class": "player-name"},
                    seat in winners and h("span", {"class": "star", "role": "img", "aria-label": t("four21.star")}, "★"),
                    name,
                    seat == state.leader
                    and state.phase != "over"
                    and h("span", {"class": "badge"}, h("span", {"class": "visually-hidden"}, ", "), t("four21.leader")),
                ),
                pile(
                    state.held[seat],
                    state.options.pot,
                    t("four21.tokens_of", name=name, count=state.held[seat]),
                    t,
                    last_change(match, seat),
                    star=True,
                ),
                h(
                    "span",
                    {"class": "hand" if fresh else "hand previous"},
                    t("four21.hand_last", hand=hand_text(shown, t))
                    if shown and not fresh
                    else t("four21.hand_now", hand=hand_text(shown, t) if shown else "—"),
                ),
            )
        )
    return h("ul", {"class": "players", "aria-label": t("four21.players")}, rows)


def pot(match: Match, t: Catalog) -> El:
    """The pot, in the middle of the table, and the phase of the game."""
    state = match.state
    return h(
        "div",
        {"class": "pot"},
        h("span", {"class": "pot-label"}, t("four21.pot")),
        pile(state.pot, state.options.pot, t("four21.pot_holds", count=state.pot), t, last_change(match, None)),
        h("span", {"class": "phase"}, t(f"four21.phase.{state.phase}") if state.phase != "over" else ""),
    )


def felt(match: Match, t: Catalog) -> El:
    """The table: the seats around the pot."""
    across = (match.state.options.players + 1) // 2
    return h(
        "div", {"class": "felt", "data-across": str(across), "style": f"--across: {across}"}, players(match, t), pot(match, t)
    )


def _leads_before_throwing(match: Match, local: Local) -> bool:
    state = match.state
    return state.rolloff is None and state.throws == 0 and state.seat == state.leader


def _hand_words(match: Match, local: Local) -> dict[str, str | int]:
    state = match.state
    return {"hand": digits(g.hand(state.dice)), "count": g.tokens(state.dice)}


TIPS = (
    Tip("four21.tip.lead", "throw", _leads_before_throwing, played),
    Tip(
        "four21.tip.keep",
        "dice",
        lambda match, local: can_keep(match.state) and local.keep is None,
        lambda b, a, local: bool(local.keep),
    ),
    Tip("four21.tip.hand", "dice", lambda match, local: can_keep(match.state), played, _hand_words),
)
"""The pointers of a first game: who leads throws first and binds the others, how to set dice aside, what a hand
is worth."""


def table_dice(match: Match, local: Local, t: Catalog, replay: bool) -> El | None:
    """The dice on the table (the throws of a tie-break, drawn small); a person to move sets them aside, never in a
    ``replay``."""
    state = match.state
    rolloff = state.rolloff
    if rolloff is not None:
        thrown = [shown for round_ in rolloff.rounds for shown in round_]
        if not thrown:
            return None
        roll = None if replay else throws(match)  # the newest throw tumbles in, as the table's dice do
        return h(
            "ul",
            {"class": "rolloff-throws", "aria-label": t("four21.rolloff_throws")},
            [
                h(
                    "li",
                    {},
                    t("dice.seat_threw", name=seat_name(match, seat, t), dice=""),  # the dice drawn after it
                    h(
                        "span",
                        {"class": "mini-dice", "role": "img", "aria-label": " ".join(map(str, dice))},
                        [small_die(v, roll=roll if n == len(thrown) - 1 else None) for v in dice],
                    ),
                )
                for n, (seat, dice) in enumerate(thrown)
            ],
        )
    if not state.dice:
        return None
    mine = match.person_to_move is not None and can_keep(state) and not replay
    keep = kept(state, local)
    advice = local.advice
    advised = places(state.dice, advice.keep) if isinstance(advice, Four21Advice) and not advice.stop else ()
    return dice_row(
        "421",
        state.dice,
        t,
        kept=keep,
        rolled=range(len(state.kept), 3) if local.keep is None else (),  # a die moved: the throw has landed
        roll=throws(match),
        enabled=mine,
        hinted=advised,
    )


def controls(match: Match, local: Local, t: Catalog) -> El | None:
    """Throw (again) and Stand; with all three dice set aside there is nothing to throw: Stand alone, or, when the
    "exactly" limit forbids standing yet, a disabled button that says to take a die back."""
    state = match.state
    if match.person_to_move is None:
        return None
    legal = g.legal_actions(state)
    throw_allowed = any(isinstance(a, g.Throw) for a in legal)
    stand = g.Stop() in legal
    if state.rolloff is not None or state.throws == 0:
        label = t("four21.throw")
    else:
        label = t("four21.throw_again", count=g.throws_left(state))
    data: dict[str, Attr] = {"type": "button", "data-game": "421", "data-next": True}
    if can_keep(state) and len(kept(state, local)) == 3:
        if stand:
            return h(
                "div", {"class": "row"}, h("button", {**data, "class": "primary", "data-action": "421:stop"}, t("four21.stop"))
            )
        return h("div", {"class": "row"}, h("button", {**data, "class": "primary", "disabled": True}, t("four21.take_one_back")))
    return h(
        "div",
        {"class": "row"},
        throw_allowed and h("button", {**data, "class": "primary", "data-action": "421:throw"}, label),
        stand and h("button", {**data, "data-action": "421:stop"}, t("four21.stop")),
    )


def coach(model: Model, match: Match, local: Local, t: Catalog) -> El | None:
    """The coach's switch, in its place all game long (the computer's turns included), and its advice when a person
    is to decide."""
    if match.result is not None:
        return None
    switch = h(
        "label",
        {"class": "choice switch"},
        h("input", {"type": "checkbox", "role": "switch", "checked": model.settings.coach, "data-action": "set-coach"}),
        h("span", {}, t("four21.coach")),
    )
    mine = match.person_to_move is not None
    advice = local.advice if model.settings.coach and mine and can_keep(match.state) else None
    if not isinstance(advice, Four21Advice):
        return h("div", {"class": "coach-bar"}, switch)
    if advice.stop:
        tip = t("four21.coach.stop")
    elif advice.keep:
        tip = t("four21.coach.keep", dice=" ".join(map(str, advice.keep)))
    else:
        tip = t("four21.coach.throw_all")
    chances = t("four21.coach.chances", escape=t.percent(advice.escape), best=t.percent(advice.best))
    return h(
        "div",
        {"class": "coach-bar"},
        switch,
        h("p", {"class": "coach", "role": "status"}, tip, " ", chances),
        coach_choices(advice, match.state.phase == "decharge", t),
    )


def coach_choices(advice: Four21Advice, decharge: bool, t: Catalog) -> El | None:
    """Each choice the player has, with what it does to their chances: of being the turn's worst hand in the
    charge (taking the tokens), of giving rather than taking in the décharge; the expert's own choice marked."""
    if len(advice.choices) < 2:
        return None
    items = []
    for keep, worst, best in advice.choices:
        if keep is None:
            what = t("four21.stop")
        elif keep:
            what = t("four21.coach.choice.keep", dice=" ".join(map(str, keep)))
        else:
            what = t("four21.coach.choice.throw_all")
        odds = {"worst": t.percent(worst), "best": t.percent(best)}
        line = t("four21.coach.choice_decharge" if decharge else "four21.coach.choice_charge", choice=what, **odds)
        expert = (keep is None) == advice.stop and (keep is None or keep == advice.keep)
        items.append(h("li", {"class": "expert" if expert else None}, line))
    return h(
        "details",
        {"class": "coach-choices"},
        h("summary", {}, t("four21.coach.choices")),
        h("ul", {}, items),
    )


def opening(match: Match, state: g.State, t: Catalog) -> str:
    """Who starts and why, once the who-starts throws have decided it: every die of every round, the ties included."""
    rolloff = state.opening
    assert rolloff.decided is not None
    return t(
        "four21.summary.start", throws=rounds_told(match, rolloff.rounds, digits, t), name=seat_name(match, rolloff.decided, t)
    )


def log_note(match: Match, ply: int, t: Catalog) -> str | None:
    """For the game's log: who starts, where the who-starts throws decided it; the summary of the turn the action
    before ``ply`` ended, if it ended one."""
    before, after = match.states[ply - 1], match.states[ply]
    if after.opening.decided is not None and before.opening.decided is None:
        return opening(match, after, t)
    return summary(match, after.turns[-1], t) if len(after.turns) > len(before.turns) else None


def board(model: Model, match: Match, local: Any, t: Catalog) -> El:
    local = local if isinstance(local, Local) else Local()
    state = match.state
    last = state.turns[-1] if state.turns else None
    return h(
        "section",
        {"class": "four21"},
        h("p", {"class": "status", "role": "status"}, status(match, t)),
        throw_told(match, t, lambda before, after: after.throws if before.rolloff is None else None),
        last is not None and h("p", {"class": "last-turn", "data-turns": str(len(state.turns))}, summary(match, last, t)),
        # Until the first turn is over, the throw that decided who starts stays on the table.
        last is None
        and state.opening.decided is not None
        and h("p", {"class": "last-turn", "data-turns": "0"}, opening(match, state, t)),
        result_panel(match, t, lambda seat: t("four21.result_tokens", count=state.held[seat])),
        felt(match, t),
        controls(match, local, t),  # the throw first: the dice come right after it in the tab order
        pointer(model, match, local, t, tips=TIPS, at="throw"),
        table_dice(match, local, t, replaying(model)),
        pointer(model, match, local, t, tips=TIPS, at="dice"),
        coach(model, match, local, t),
    )
