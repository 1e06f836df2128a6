"""The Generala score sheet: dice to keep, a column per player, a preview in every open box, a coach.

The player sets dice aside by their places on the table; the throw then keeps
the faces those dice show. The dice kept at the last throw lie on the left
(the first ``state.kept`` of ``state.dice``) and stay set aside until the
player takes them back. The table draws a settled match: the dice have
landed before it looks (:meth:`etoile.engine.match.Match.settled`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from etoile.app import effects as fx
from etoile.app.effects import Effect
from etoile.app.messages import CoachAnswer
from etoile.app.model import Model
from etoile.app.table import Tip, ended, played
from etoile.engine.coach import PENDING, Pending
from etoile.engine.dice import Roll, faces_text
from etoile.engine.game import JSON
from etoile.engine.lazy import lazy_dataclass
from etoile.engine.match import Match
from etoile.engine.slot import Slot
from etoile.games.generala import rules as g
from etoile.games.generala.coach import GeneralaChoice, GeneralaHint, GeneralaMistake, GeneralaPar, GeneralaReport
from etoile.sharing import link
from etoile.ui.common import day_text, pointer, replaying, result_panel, seat_name, share_result, signed
from etoile.ui.dice import Keep, ThrowDice, dice_message, dice_row, face, places, places_from, rounds_told, throw_told
from etoile.ui.i18n import Catalog
from etoile.ui.vdom import El, h

GAME = g


@lazy_dataclass
class Local:
    """What only the page knows: the dice set aside, a box waiting for its 0 to be confirmed, the coach's answers.

    ``keep`` holds the places of the dice set aside; ``None`` until the player
    changes them, which sets aside the dice kept at the last throw.
    """

    keep: tuple[int, ...] | None = None
    confirm: str | None = None
    hint: GeneralaHint | Pending | None = None
    report: GeneralaReport | Pending | None = None
    par: GeneralaPar | None = None
    """The optimal player's average, asked for at the end of a solo game to set the score beside it."""


def alone(match: Match) -> bool:
    """Whether ``match`` is a solo game ended by its sheet: nobody wins it (a big general still wins at once), and
    the score is set beside the optimal player's."""
    return match.result is not None and match.state.players == 1 and match.state.big_general is None


def follow(model: Model, match: Match) -> list[Effect]:
    """At the end of a solo game, ask the coach for the optimal player's average, to set the score beside it; at a
    day's challenge, from its start, for the perfect player's score on the same dice, and at its end for the report
    (the decisions that lost points, and the line of the result to share)."""
    local = model.tables.get(model.route.slot or Slot(g.ID))
    local = local if isinstance(local, Local) else Local()
    if match.daily is not None:
        par = [fx.Advise(match.cursor, "par")] if match.daily.par is None else []
        report = [fx.Advise(match.cursor, "report")] if match.result is not None and local.report is None else []
        return [*par, *report]
    if not alone(match) or local.par is not None:
        return []
    return [fx.Advise(match.cursor, "par")]


def alone_title(match: Match, t: Catalog) -> str | None:
    """The end's heading of a solo game ended by its sheet: the player's score; else ``None`` (who won)."""
    if not alone(match):
        return None
    return t("generala.alone", name=seat_name(match, 0, t), points=t("generala.points", count=g.totals(match.state)[0]))


def par_line(match: Match, local: Local, t: Catalog) -> El | None:
    """How a solo game's score compares with the optimal player's average under the same rules: so many points
    above it or below it (to a tenth), or level with it."""
    if not alone(match) or local.par is None or match.daily is not None:
        return None
    par = local.par.expected
    gap = round(g.totals(match.state)[0] - par, 1)
    key = "generala.par_above" if gap > 0 else "generala.par_below" if gap < 0 else "generala.par_level"
    return h("p", {"class": "par"}, t(key, gap=t.decimal(abs(gap)), par=t.decimal(par)))


MARKS = ((0.5, "🟩"), (5.0, "🟨"), (float("inf"), "🟥"))
"""A round of a day's challenge by the expected points its decisions lost: under half a point, under 5, more."""


def round_marks(match: Match, report: GeneralaReport) -> str:
    """One mark a round played (:data:`MARKS`) by the points the player's decisions lost in it; a big general ⭐.

    >>> from etoile.games.generala.coach import GeneralaMistake
    >>> match = Match.new(g, {"players": 1}, 0).play_all([g.Throw(), Roll((6, 5, 4, 3, 2)), g.Fill("1")])
    >>> round_marks(match, GeneralaReport({0: (GeneralaMistake(1, 1, (6, 5, 4, 3, 2), {}, {}, 35.3),)}))
    '🟥'
    """
    lost: dict[int, float] = {}
    for mistake in report.mistakes.get(0, ()):
        lost[mistake.round] = lost.get(mistake.round, 0.0) + mistake.loss
    state = match.state
    rounds = sum(value is not None for value in state.sheets[0]) + (state.big_general is not None)
    marks = [next(mark for most, mark in MARKS if lost.get(r, 0.0) < most) for r in range(1, rounds + 1)]
    if state.big_general is not None:
        marks[-1] = "⭐"
    return "".join(marks)


def daily_banner(match: Match, t: Catalog) -> El | None:
    """Above a day's challenge: which day's it is, and whether it counts (the first attempt) or is a replay."""
    if match.daily is None:
        return None
    day = day_text(match.daily.day, t)
    return h(
        "p",
        {"class": "daily-banner"},
        h("strong", {}, t("generala.daily.title", day=day)),
        " ",
        t("daily.counts" if match.daily.counts else "daily.replay"),
    )


def daily_share(model: Model, match: Match, local: Local, t: Catalog) -> str | None:
    """The result of a day's challenge to share: the day, the score beside the perfect player's, a mark a round,
    and the link that replays the game; ``None`` until the perfect score and the report are known."""
    if match.daily is None or match.daily.par is None or not isinstance(local.report, GeneralaReport):
        return None
    points, perfect = g.totals(match.state)[0], match.daily.par
    lines = (
        t("generala.daily.share_title", day=day_text(match.daily.day, t)),
        t("generala.daily.share_score", points=points, perfect=perfect, gap=signed(points - perfect)),
        round_marks(match, local.report),
        f"{model.address}#/link/{link.encode(match, 'watch')}",
    )
    return "\n".join(lines)


def daily_panel(model: Model, match: Match, local: Local, t: Catalog) -> El | None:
    """The end of a day's challenge: the perfect player's score on the same dice beside the player's, the result to
    share (copied, or sent with the share sheet), and a replay of the same dice."""
    if match.daily is None or match.result is None:
        return None
    if match.daily.par is None:
        return h("p", {"role": "status"}, t("generala.coach.thinking"))
    points, perfect = g.totals(match.state)[0], match.daily.par
    key = "generala.daily.above" if points > perfect else "generala.daily.below" if points < perfect else "generala.daily.level"
    text = daily_share(model, match, local, t)
    return h(
        "section",
        {"class": "daily-result"},
        h("p", {"class": "par"}, t(key, perfect=perfect, gap=t("generala.points", count=abs(points - perfect)))),
        text and share_result(model, g.ID, text, t),
        h("a", {"class": "button", "href": f"#/daily/{g.ID}"}, t("generala.daily.again")),
    )


def start(match: Match) -> Local:
    return Local()


def draft(local: Local) -> JSON | None:
    """The dice set aside since the last throw, by place, for the page to save."""
    return None if local.keep is None else list(local.keep)


def restore(match: Match, data: JSON) -> Local | None:
    """The dice set aside that :func:`draft` saved, if dice can be set aside at ``match``."""
    keep = places_from(data, g.DICE)
    return Local(keep=keep) if keep is not None and can_keep(match) else None


def kept(state: g.State, local: Local) -> tuple[int, ...]:
    """The places of the dice set aside: the player's choice, else the dice kept at the last throw."""
    return tuple(range(state.kept)) if local.keep is None else local.keep


def can_keep(match: Match) -> bool:
    """Whether the person to move may set dice aside now (between the throws of a turn)."""
    state = match.state
    return match.person_to_move is not None and state.phase == "play" and 0 < state.throw < g.THROWS


@lazy_dataclass
class Fill:
    """Write the throw in ``box`` (a box worth nothing asks first)."""

    box: str


@lazy_dataclass
class CancelFill:
    """Keep the box worth nothing open after all."""


@lazy_dataclass
class AskHint:
    """Ask the coach what to do."""


@lazy_dataclass
class AskReport:
    """Ask the coach for the report of a finished game."""


Message = Keep | ThrowDice | Fill | CancelFill | AskHint | AskReport
"""What the Generala table's own controls say."""


def decode(name: str, value: str | None, data: Mapping[str, str]) -> Message | None:
    """The message of an event on one of the table's controls (``data-action="generala:<name>"``), or ``None``.

    >>> decode("fill", None, {"box": "full"}), decode("keep", None, {}), decode("cancel", None, {})
    (Fill(box='full'), None, CancelFill())
    """
    if (shared := dice_message(name, data)) is not None:
        return shared
    match name:
        case "fill" if "box" in data:
            return Fill(data["box"])
        case "cancel":
            return CancelFill()
        case "hint":
            return AskHint()
        case "report":
            return AskReport()
    return None


def on(match: Match, local: Local, msg: Message | CoachAnswer) -> tuple[Match, Local, list[Effect]]:
    state = match.state
    mine = match.person_to_move is not None
    throw = g.Throw(tuple(state.dice[i] for i in kept(state, local)) if can_keep(match) else ())
    match msg:
        case Keep(index) if can_keep(match) and 0 <= index < g.DICE:
            keep = tuple(sorted(set(kept(state, local)) ^ {index}))
            return match, replace(local, keep=keep, hint=None if local.hint is PENDING else local.hint), []
        case ThrowDice() if mine and throw in g.legal_actions(state):
            return match.play(throw).settled(), Local(), []
        case Fill(box) if mine and state.throw:
            if box not in g.open_boxes(state):
                return match, local, []
            if g.preview(state)[box] == 0 and local.confirm != box:
                return match, replace(local, confirm=box), [fx.Focus(".confirm-zero .danger")]
            return match.play(g.Fill(box)), Local(), []
        case CancelFill() if local.confirm is not None:  # back to the box the player had chosen
            return match, replace(local, confirm=None), [fx.Focus(f".sheet button[data-box='{local.confirm}']")]
        case AskHint() if mine and state.phase == "play" and match.daily is None:
            return match, replace(local, hint=PENDING), [fx.Advise(match.cursor, "hint")]
        case AskReport() if match.result is not None:
            return match, replace(local, report=PENDING), [fx.Advise(match.cursor, "report")]
        case CoachAnswer(request="par", result=result):  # the same at every ply: the rules' and the day's
            par = GeneralaPar.from_json(result)
            if match.daily is not None and par.perfect is not None and match.daily.par != par.perfect:
                match = match.with_daily(replace(match.daily, par=par.perfect))
            return match, replace(local, par=par), []
        case CoachAnswer(ply=ply, request=request, result=result) if ply == match.cursor:
            if request == "hint":
                return match, replace(local, hint=GeneralaHint.from_json(result)), []
            return match, replace(local, report=GeneralaReport.from_json(result)), []
    return match, local, []


GLANCE_BOXES = (
    ("6", (6, 6, 6, 2, 1)),
    ("straight", (1, 2, 3, 4, 5)),
    ("full", (3, 3, 3, 5, 5)),
    ("four", (2, 2, 2, 2, 6)),
    ("general", (4, 4, 4, 4, 4)),
)
"""The boxes of the rules page's summary, each with dice that score in it."""


def figure(name: str, label: str, t: Catalog) -> El:
    """The rules page's drawing ``"boxes"``: a box of each kind with dice that score in it, and its points (on the
    first throw too, where they differ)."""
    rows = []
    for box, dice in GLANCE_BOXES:
        later, first = g.score(dice, box, 2), g.score(dice, box, 1)
        points = t("generala.points", count=later) if later == first else t("generala.glance.served", points=later, served=first)
        rows.append(
            h(
                "div",
                {"class": "glance-row"},
                h("span", {"class": "glance-box"}, capitalised(t(f"generala.box.{box}"))),
                h("span", {"class": "mini-dice"}, [face(v) for v in dice]),
                h("span", {"class": "glance-worth"}, points),
            )
        )
    return h("div", {"class": "glance-ranking glance-boxes", "role": "img", "aria-label": label}, rows)


def heard(before: Match, after: Match) -> list[Effect]:
    """The sounds of the actions from ``before`` to ``after``: dice thrown, a box filled, a win (a big general's
    fanfare)."""
    done = after.played[before.cursor :]
    sounds: list[Effect] = []
    if any(isinstance(action, g.Throw) for action in done):
        sounds.append(fx.Sound("dice"))
    if any(isinstance(action, g.Fill) for action in done):
        sounds.append(fx.Sound("fill"))
    if ended(before, after):
        sounds.append(fx.Sound("fanfare" if after.state.big_general is not None else "win"))
    return sounds


def capitalised(text: str) -> str:
    return text[:1].upper() + text[1:]


def status(match: Match, t: Catalog) -> str:
    state = match.state
    if g.to_move(state) is None:
        return t("generala.status.over")
    name = seat_name(match, state.seat, t)  # while dice are in the air (in a replay), the seat that threw them
    if state.phase == "start":
        return t("generala.status.start", name=name)
    return t("generala.status.play", round=state.round, rounds=g.ROUNDS, throw=state.throw, throws=g.THROWS, name=name)


def describe(action_json: Any, t: Catalog, points: dict[str, int] | None = None) -> str:
    """A coach's choice in words: "keep 6 6 6", "throw all five again", "write in full house" (with ``points``, the
    points of each open box: "write 30 in full house")."""
    action = g.action_from_json(action_json)
    if isinstance(action, g.Fill) and points is not None and action.box in points:
        return t("generala.coach.fill_points", box=t(f"generala.box.{action.box}"), points=points[action.box])
    if isinstance(action, g.Fill):
        return t("generala.coach.fill", box=t(f"generala.box.{action.box}"))
    if isinstance(action, g.Throw) and action.keep:
        return t("generala.coach.keep", dice=faces_text(action.keep))
    return t("generala.coach.throw_all")


def sentence(choice: str, expected: str, t: Catalog) -> str:
    """One line of the coach's advice, as a sentence: "Keep 4 4: expected final score 154.4."."""
    return t("generala.coach.choice", choice=choice[:1].upper() + choice[1:], expected=expected)


def table_dice(match: Match, local: Local, t: Catalog, replay: bool) -> El:
    """The five dice on the table; the person to move sets them aside between throws, never in a ``replay``."""
    state = match.state
    return dice_row(
        "generala",
        state.dice,
        t,
        kept=kept(state, local),
        rolled=range(state.kept, len(state.dice)) if local.keep is None else (),  # a die moved: the throw has landed
        roll=sum(isinstance(action, Roll) for action in match.played),  # the throws so far: one more at every throw
        enabled=can_keep(match) and not replay,
        hinted=_hinted_keep(state, local),
    )


MADE = ("general", "four", "full", "straight")
"""The combinations a throw can make that the table names as it lands, the rarest first."""


def made(state: g.State) -> str | None:
    """The rarest combination of :data:`MADE` the dice on the table make, in the player's rules (a general counts
    as a four or a full only where the rules say so, which :func:`rules.score` knows).

    >>> made(g.start({"players": 1})) is None
    True
    """
    if state.phase != "play" or not state.throw or len(state.dice) != g.DICE:  # none thrown yet, or in the air
        return None
    return next((box for box in MADE if g.score(state.dice, box, state.throw, state.rules)), None)


def combination(match: Match, t: Catalog) -> El | None:
    """The name of the combination the throw just made, shown as the dice land ("served" on the first throw)."""
    box = made(match.state)
    if box is None or not match.played or not isinstance(match.played[-1], Roll) or match.state.big_general is not None:
        return None
    served = match.state.throw == 1 and box != "general"
    return h(
        "p",
        {"class": f"combination {box}"},
        t(f"generala.made.{box}"),
        served and h("span", {"class": "served"}, t("generala.made.served")),
    )


def _filled(before: Match, after: Match, local: Local) -> bool:
    return after.cursor > before.cursor and isinstance(after.played[-1], g.Fill)


TIPS = (
    Tip("generala.tip.throw", "throw", lambda match, local: match.state.phase == "play" and not match.state.throw, played),
    Tip(
        "generala.tip.keep",
        "dice",
        lambda match, local: can_keep(match) and local.keep is None,
        lambda b, a, local: bool(local.keep),
    ),
    Tip("generala.tip.fill", "sheet", lambda match, local: match.state.phase == "play" and match.state.throw > 0, _filled),
)
"""The pointers of a first game: three throws a turn, dice set aside between them, a box filled to end the turn."""


def _hinted_keep(state: g.State, local: Local) -> tuple[int, ...]:
    if isinstance(local.hint, GeneralaHint) and local.hint.choices:
        best = g.action_from_json(local.hint.choices[0].action)
        if isinstance(best, g.Throw):
            return places(state.dice, best.keep)
    return ()


def controls(match: Match, local: Local, t: Catalog) -> El | None:
    """The throw of the person to move, while a throw is left (after the last one, only the sheet remains: a keyboard
    goes on to its first open box); disabled, saying so, with every die set aside."""
    state = match.state
    if match.person_to_move is None or state.throw >= g.THROWS:
        return None
    all_kept = can_keep(match) and len(kept(state, local)) == g.DICE  # nothing left to throw: say so
    if state.phase == "start":
        label = t("generala.throw_start")
    elif state.throw == 0:
        label = t("generala.throw_first")
    elif all_kept:
        label = t("generala.take_one_back")
    else:
        label = t("generala.throw_again", count=g.THROWS - state.throw)
    return h(
        "div",
        {"class": "row"},
        h(
            "button",
            {
                "type": "button",
                "class": "primary",
                "data-action": "generala:throw",
                "data-game": "generala",
                "data-next": True,
                "disabled": all_kept,
            },
            label,
        ),
    )


def hint_button(match: Match, t: Catalog) -> El | None:
    """The coach's hint, after the dice in the tab order (the throw, then the dice, then the hint); none at a day's
    challenge, which measures the player against the perfect player."""
    if match.person_to_move is None or match.state.phase != "play" or match.daily is not None:
        return None
    return h(
        "div",
        {"class": "row"},
        h("button", {"type": "button", "data-action": "generala:hint", "data-game": "generala"}, t("generala.hint")),
    )


def hint_panel(match: Match, local: Local, t: Catalog) -> El | None:
    if local.hint is None:
        return None
    if not isinstance(local.hint, GeneralaHint):
        return h("p", {"class": "coach", "role": "status"}, t("generala.coach.thinking"))
    points = g.preview(match.state)
    return h(
        "section",
        {"class": "coach", "aria-label": t("generala.hint")},
        h("h2", {}, t("generala.coach.title")),
        h(
            "ol",
            {},
            [
                h(
                    "li",
                    {},
                    sentence(describe(choice.action, t, points), _value(choice, t), t),
                )
                for choice in local.hint.choices
            ],
        ),
    )


def _value(choice: GeneralaChoice, t: Catalog) -> str:
    """What a choice is worth: its expected final score and, with other players, the chance of winning after it."""
    score = t.decimal(choice.expected)
    if choice.chance is None:
        return t("generala.expected", score=score)
    return t("generala.expected_chance", chance=t.percent(choice.chance), score=score)


def confirm_zero(local: Local, t: Catalog) -> El | None:
    if local.confirm is None:
        return None
    box = t(f"generala.box.{local.confirm}")
    return h(
        "div",
        {
            "class": "confirm-zero",
            "role": "alertdialog",
            "aria-labelledby": "confirm-zero-text",
            "data-escape": "generala:cancel",  # Escape keeps the box open, like its button
            "data-game": "generala",
        },
        h("p", {"id": "confirm-zero-text"}, t("generala.confirm_zero", box=box)),
        h(
            "div",
            {"class": "row"},
            h(
                "button",
                {
                    "type": "button",
                    "class": "danger",
                    "data-action": "generala:fill",
                    "data-game": "generala",
                    "data-box": local.confirm,
                },
                t("generala.cross_out"),
            ),
            h("button", {"type": "button", "data-action": "generala:cancel", "data-game": "generala"}, t("generala.keep_open")),
        ),
    )


def sheet(match: Match, local: Local, t: Catalog) -> El:
    state = match.state
    seat_to_move = None if g.to_move(state) is None else state.seat
    mine = match.person_to_move
    preview = g.preview(state) if state.phase == "play" else {}
    totals = g.totals(state)
    players = range(state.players)
    last = match.played[-1] if match.played else None
    just = (
        (match.states[match.cursor - 1].seat, last.box) if isinstance(last, g.Fill) else None
    )  # written with a stroke of the pen

    def cell(seat: int, index: int, box: str) -> El:
        value = state.sheets[seat][index]
        if value is not None:
            written = "written" if (seat, box) == just else None
            if value == 0:  # the mark is drawn; a screen reader says the words
                mark = h("span", {"class": written, "aria-hidden": "true"}, "✗")
                return h("td", {"class": "crossed"}, mark, h("span", {"class": "visually-hidden"}, t("generala.crossed_out")))
            return h("td", {}, h("span", {"class": written}, str(value)) if written else str(value))
        if seat == mine and box in preview:
            points = preview[box]
            label = t("generala.fill_label", box=t(f"generala.box.{box}"), points=points)
            return h(
                "td",
                {"class": "open"},
                h(
                    "button",
                    {
                        "type": "button",
                        "class": "fill zero" if points == 0 else "fill",
                        "data-action": "generala:fill",
                        "data-game": "generala",
                        "data-box": box,
                        "data-next": True,
                        "aria-label": label,
                    },
                    str(points),
                ),
            )
        return h("td", {"class": "empty"}, "")

    scroller = h(
        "div",
        {"class": "sheet-wrap", "tabindex": "0", "role": "region", "aria-label": t("generala.sheet"), "data-scroll-cue": True},
        h(
            "table",
            {"class": "sheet"},
            h(
                "thead",
                {},
                h(
                    "tr",
                    {},
                    h("th", {"scope": "col"}, t("generala.box")),
                    [
                        h(
                            "th",
                            {
                                "scope": "col",
                                "class": "current" if seat == seat_to_move else None,
                                "aria-current": "true" if seat == seat_to_move else None,
                            },
                            seat_name(match, seat, t),
                        )
                        for seat in players
                    ],
                ),
            ),
            h(
                "tbody",
                {},
                [
                    h(
                        "tr",
                        {"data-box": box},
                        h("th", {"scope": "row"}, capitalised(t(f"generala.box.{box}"))),
                        [cell(seat, index, box) for seat in players],
                    )
                    for index, box in enumerate(g.BOXES)
                ],
            ),
            h(
                "tfoot",
                {},
                h(
                    "tr",
                    {},
                    h("th", {"scope": "row"}, capitalised(t("generala.total"))),
                    [h("td", {"data-total": str(s)}, str(totals[s])) for s in players],
                ),
            ),
        ),
    )
    # The sheet scrolls sideways inside its box (the runtime brings the current column into view); the box shades
    # the sides it can scroll to.
    return h("div", {"class": "sheet-box"}, scroller)


def start_throws(match: Match, t: Catalog) -> El | None:
    state = match.state
    if not state.start_throws or state.phase != "start":
        return None
    rows = []
    for number, round_ in enumerate(state.start_throws):
        thrown = [t("dice.seat_threw", name=seat_name(match, seat, t), dice=sum(dice)) for seat, dice in round_ if dice]
        label = t("generala.start_round") if number == 0 else t("generala.roll_off")
        rows.append(h("li", {}, label, " — ", ", ".join(thrown) if thrown else "…"))
    return h("ul", {"class": "start-throws"}, rows)


def opening(match: Match, t: Catalog) -> str | None:
    """Who started and why, once the start throws have decided it: every total of every round, the ties included."""
    state = match.state
    if state.first is None or not state.start_throws:
        return None
    throws = rounds_told(match, state.start_throws, lambda dice: str(sum(dice)), t)
    return t("generala.summary.start", throws=throws, name=seat_name(match, state.first, t))


def celebration(match: Match, t: Catalog) -> El | None:
    seat = match.state.big_general
    if seat is None:
        return None
    return h(
        "div",
        {"class": "celebration", "role": "alert"},
        h(
            "span",
            {"class": "burst", "aria-hidden": "true"},
            [h("span", {"style": f"--a: {a}deg"}) for a in range(0, 360, 30)],
        ),
        h("p", {"class": "celebration-title"}, t("generala.big_general_title")),
        h("p", {}, t("generala.big_general_text", name=seat_name(match, seat, t))),
    )


def report_panel(match: Match, local: Local, t: Catalog) -> El | None:
    if match.result is None:
        return None
    if local.report is None:
        return h(
            "button", {"type": "button", "data-action": "generala:report", "data-game": "generala"}, t("generala.coach.report")
        )
    if not isinstance(local.report, GeneralaReport):
        return h("p", {"role": "status"}, t("generala.coach.thinking"))
    sections = []
    for seat, mistakes in local.report.mistakes.items():
        costs = local.report.costs.get(seat)
        items = [h("li", {}, _mistake(m, t)) for m in mistakes]
        perfect = t("generala.coach.perfect" if costs is None else "generala.coach.perfect_chance")
        sections.append(
            h(
                "section",
                {},
                h("h3", {}, seat_name(match, seat, t)),
                None
                if costs is None
                else h("p", {}, t("generala.coach.costs", **dict(zip(("none", "small", "medium", "large"), costs, strict=True)))),
                h("ol", {}, items) if items else h("p", {}, perfect),
                items
                and h(
                    "p",
                    {"class": "report-total"},
                    t("generala.coach.points_lost", points=t.decimal(sum(m.loss for m in mistakes))),
                ),
            )
        )
    return h("section", {"class": "report"}, h("h2", {}, t("generala.coach.report")), sections)


COSTS = ("none", "small", "medium", "large")
"""The words of a report's four counts of decisions by the chance of winning they cost."""


def _mistake(m: GeneralaMistake, t: Catalog) -> str:
    """One mistake of the report: what it cost in chance of winning with other players, in expected points alone."""
    where = {"round": m.round, "throw": m.throw, "played": describe(m.played, t), "best": describe(m.best, t)}
    if m.cost is None:
        return t("generala.mistake", **where, loss=t.decimal(m.loss))
    return t("generala.mistake_chance", **where, cost=t.percent(m.cost))


def board(model: Model, match: Match, local: Any, t: Catalog) -> El:
    local = local if isinstance(local, Local) else Local()
    return h(
        "section",
        {"class": "generala"},
        daily_banner(match, t),
        h("p", {"class": "status", "role": "status"}, status(match, t)),
        throw_told(match, t, lambda before, after: after.throw if before.phase == "play" else None),
        celebration(match, t),
        start_throws(match, t),
        # All the first round long, the throws that decided who starts stay on the table.
        match.state.round == 1 and (told := opening(match, t)) and h("p", {"class": "last-turn"}, told),
        controls(match, local, t),  # the throw first: the dice come right after it in the tab order
        pointer(model, match, local, t, tips=TIPS, at="throw"),
        combination(match, t),
        table_dice(match, local, t, replaying(model)),
        pointer(model, match, local, t, tips=TIPS, at="dice"),
        hint_button(match, t),
        confirm_zero(local, t),
        hint_panel(match, local, t),
        result_panel(
            match,
            t,
            lambda seat: t("generala.points", count=g.totals(match.state)[seat]),
            [par_line(match, local, t), daily_panel(model, match, local, t), report_panel(match, local, t)],
            alone_title(match, t),
        ),
        pointer(model, match, local, t, tips=TIPS, at="sheet"),
        sheet(match, local, t),
    )


def log_note(match: Match, ply: int, t: Catalog) -> str | None:
    """For the game's log: who starts, where the start throws decided it; the points of the box the action before
    ``ply`` filled (the notation names the box), or a big general it threw."""
    before, after = match.states[ply - 1], match.states[ply]
    action = match.actions[ply - 1]
    if before.first is None and after.first is not None and after.start_throws:
        return opening(match.at(ply), t)
    if isinstance(action, g.Fill):
        points = after.sheets[before.seat][g.BOXES.index(action.box)]
        return t("generala.points", count=points)
    if after.big_general is not None and before.big_general is None:
        return t("generala.big_general_title")
    return None
