"""Pieces of view that the app's screens and every game's table share: how a seat is called, the end of a game."""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from typing import Any

from etoile.app.model import Model
from etoile.app.table import Tip, showing
from etoile.engine.match import Match, Seat
from etoile.ui.i18n import Catalog
from etoile.ui.vdom import Attr, El, h


def seat_name(match: Match, index: int, t: Catalog) -> str:
    """How a seat is called on the table: its name, else "Player 2" or "Computer 2 (expert)"."""
    seat = match.seats[index] if index < len(match.seats) else None
    return seat_called(seat, index, match.game.DESCRIPTION.namespace, t)


def friends(match: Match, t: Catalog) -> str:
    """The names of the friends who play a game by link on their devices."""
    return ", ".join(seat_name(match, index, t) for index, seat in enumerate(match.seats) if seat.away)


def seat_called(seat: Seat | None, index: int, namespace: str, t: Catalog) -> str:
    """How ``seat``, the ``index``-th of a game whose strings are under ``namespace``, is called, at its table and in
    the history alike: its name, else "Player 2" or "Computer 2 (expert)" (two computers of one level told apart)."""
    if seat is not None and seat.name:
        return seat.name
    if seat is not None and seat.computer:
        return t("seat.computer", number=index + 1, level=t(f"{namespace}.level.{seat.computer}"))
    return t("seat.person", number=index + 1)


def replaying(model: Model) -> bool:
    """Whether the table shown is a replay (the player's own, or a game watched from the history or a link): it shows
    a past position, where nobody is asked to do anything."""
    return model.route.slot in model.replays


def pointer(model: Model, match: Match, local: Any, t: Catalog, *, tips: Sequence[Tip], at: str) -> El | None:
    """The tip of ``tips`` to show now, if the table draws it at ``at``: its words, and a button that dismisses it
    for good (never in a replay, nor to anyone but the person to move)."""
    tip = None if replaying(model) else showing(tips, model.settings.learned, match, local)
    if tip is None or tip.place != at:
        return None
    return h(
        "div",
        {"class": "tip", "role": "note", "data-place": at},
        h("p", {}, t(tip.key, **tip.words(match, local))),
        h("button", {"type": "button", "class": "tip-close", "data-action": "learn-tip", "data-tip": tip.key}, t("tip.got_it")),
    )


def log_entry(game_id: str, ply: int, text: str, *, current: bool = False) -> El:
    """One entry of a game's log: a click replays the game up to the position after ``ply`` actions.

    ``current`` marks the entry of the position a replay shows.
    """
    return h(
        "li",
        {"aria-current": "step" if current else None},
        h(
            "button",
            {"type": "button", "class": "log-entry", "data-action": "replay-to", "data-value": str(ply), "data-game": game_id},
            text,
        ),
    )


def result_panel(
    match: Match, t: Catalog, figure: Callable[[int], str], extra: object = None, title: str | None = None
) -> El | None:
    """The end of a game: who won (or ``title``: a solo game's score), every player's place with ``figure(seat)``
    (tokens, points, distance), and a rematch. Players who share a place share its number; a player alone has no
    ranking. ``None`` while the game goes on."""
    outcome = match.result
    if outcome is None:
        return None
    game_id = match.game.ID
    winners = [seat_name(match, i, t) for i in outcome.winners]
    places = [
        h("li", {"value": str(place)}, t("result.place", name=seat_name(match, seat, t), figure=figure(seat)))
        for place, tier in enumerate(outcome.ranking, start=1)
        for seat in tier
    ]
    return h(
        "section",
        {"class": "result", "aria-labelledby": "result-title"},
        h("h2", {"id": "result-title"}, title or t("result.winner", count=len(winners), names=", ".join(winners))),
        len(places) > 1 and h("ol", {"class": "ranking", "aria-label": t("result.ranking")}, places),
        extra,
        h(
            "div",
            {"class": "row"},
            h(
                "button",
                {
                    "type": "button",
                    "class": "primary",
                    "data-action": "rematch",
                    "data-seed": True,
                    "data-game": game_id,
                    "data-next": True,
                },
                t("result.rematch"),
            ),
            h("a", {"class": "button", "href": f"#/{game_id}/new"}, t("home.new")),
        ),
    )


def choices(
    name: str,
    legend: str,
    options: list[tuple[str, str]],
    current: str,
    action: str,
    *,
    data: dict[str, Attr] | None = None,
    disabled: Collection[str] = (),
) -> El:
    """Radio buttons, one per ``(value, label)``; those whose value is in ``disabled`` cannot be chosen."""
    return h(
        "fieldset",
        {"class": "choices"},
        h("legend", {}, legend),
        [
            h(
                "label",
                {"class": "choice"},
                h(
                    "input",
                    {
                        "type": "radio",
                        "name": name,
                        "value": value,
                        "checked": value == current,
                        "disabled": value in disabled,
                        "data-action": action,
                        **(data or {}),
                    },
                ),
                h("span", {}, label),
            )
            for value, label in options
        ],
    )


def day_text(day: str, t: Catalog) -> str:
    """A day (``YYYY-MM-DD``) as the language writes a date: ``07/12/2026`` in French."""
    year, month, date = day.split("-")
    return t("history.date", year=year, month=month, day=date)


def share_result(model: Model, game_id: str, text: str, t: Catalog) -> El:
    """A day's result to share (:mod:`etoile.engine.daily`): its ``text`` (its lines and the link that replays the
    game), shown, copied, or sent with the share sheet where the browser has one."""
    data: dict[str, Attr] = {"type": "button", "data-game": game_id, "data-purpose": "daily", "data-text": text}
    return h(
        "div",
        {"class": "share-box"},
        h("label", {"for": "daily-share"}, t("daily.share_label")),
        h("textarea", {"id": "daily-share", "readonly": True, "rows": "4", "class": "daily-share"}, text),
        h(
            "div",
            {"class": "row"},
            h("button", {"class": "primary", "data-action": "share-copy", **data}, t("daily.copy")),
            model.can_send and h("button", {"data-action": "share-send", **data}, t("daily.send")),
        ),
    )


def signed(gap: int) -> str:
    """A difference as a result to share writes it: ``+3``, ``−11`` (a true minus sign), ``±0``.

    >>> signed(3), signed(-11), signed(0)
    ('+3', '−11', '±0')
    """
    return f"+{gap}" if gap > 0 else f"−{-gap}" if gap < 0 else "±0"
