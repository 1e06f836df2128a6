"""The screens of the games played: the history (each game, to watch again) and the statistics of each player.

>>> from etoile.app.model import Model
>>> from etoile.ui.i18n import catalog
>>> history_screen(Model(), catalog("en")).children[0].text()
'History'
"""

from __future__ import annotations

from statistics import mean
from typing import Any

from etoile.app.model import HISTORY_PAGE, Model
from etoile.app.routes import GAMES, Route, href
from etoile.engine.daily import streak
from etoile.engine.registry import find, spec
from etoile.saved.history import Entry
from etoile.saved.stats import Player, Who, statistics, who
from etoile.ui import charts
from etoile.ui.common import day_text, seat_called
from etoile.ui.i18n import Catalog
from etoile.ui.vdom import El, h


def pct(share: float, t: Catalog) -> str:
    """A share as a whole percentage, as the language writes it: ``67%`` in English, ``67 %`` in French."""
    return t("stats.percent", value=t.percent(share, 0))


def when_text(when: str, t: Catalog) -> str:
    """When a game ended, as the language writes a date and time: ``03/12/2026 à 18:05`` in French."""
    day, _, hour = when.partition("T")
    year, month, date = day.split("-")
    return t("history.when", day=t("history.date", year=year, month=month, day=date), hour=hour)


def who_key(person: Who) -> str:
    """A player as the value of a form control: ``person:Ann``, ``computer:<game>/expert``."""
    return f"{person[0]}:{person[1]}"


def who_label(person: Who, t: Catalog) -> str:
    """How a player is called in the history and the statistics."""
    kind, name = person
    if kind == "computer":
        game, _, level = name.partition("/")
        known = find(game)
        namespace = known.namespace if known is not None else game
        return t("stats.computer", level=t(f"{namespace}.level.{level}"), game=t(f"game.{game}.name"))
    return name or t("stats.unnamed")


def seat_label(entry: Entry, index: int, t: Catalog) -> str:
    """How a seat of a past game is called, as its table called it (:func:`etoile.ui.common.seat_called`)."""
    known = find(entry.game)
    namespace = known.namespace if known is not None else entry.game
    return seat_called(entry.players[index], index, namespace, t)


def _select(action: str, label: str, current: str, options: list[tuple[str, str]], control: str) -> El:
    return h(
        "label",
        {"class": "field"},
        h("span", {}, label),
        h(
            "select",
            {"id": control, "data-action": action},
            [h("option", {"value": value, "selected": value == current}, text) for value, text in options],
        ),
    )


def tabs(current: str, t: Catalog) -> El:
    """The two views of the games played: the list of games and the statistics."""
    return h(
        "nav",
        {"class": "row past-tabs", "aria-label": t("nav.history")},
        [
            h(
                "a",
                {"class": "button", "href": href(Route(screen)), "aria-current": "page" if screen == current else None},
                t(key),
            )
            for screen, key in (("history", "history.title"), ("stats", "stats.title"))
        ],
    )


def _players_of(entries: tuple[Entry, ...]) -> list[Who]:
    """Every player of ``entries``, the one with most games first."""
    counts: dict[Who, int] = {}
    for entry in entries:
        for person in {who(entry.game, seat) for seat in entry.players}:
            counts[person] = counts.get(person, 0) + 1
    return sorted(counts, key=lambda p: (-counts[p], p))


def listed(model: Model) -> tuple[Entry, ...]:
    """The games the history screen lists, with its filters."""
    entries = model.history
    if model.history_game:
        entries = tuple(e for e in entries if e.game == model.history_game)
    if model.history_player:
        entries = tuple(e for e in entries if any(who_key(who(e.game, s)) == model.history_player for s in e.players))
    return entries


def history_screen(model: Model, t: Catalog) -> El:
    """Every game kept, the last ended first, filtered by game and by player; each opens its replay."""
    entries = listed(model)
    games = [("", t("history.all_games")), *((g, t(f"game.{g}.name")) for g in GAMES)]
    players = [("", t("history.all_players")), *((who_key(p), who_label(p, t)) for p in _players_of(model.history))]
    shown = entries[: model.history_shown]
    return h(
        "div",
        {"class": "history"},
        h("h1", {"tabindex": "-1"}, t("history.title")),
        tabs("history", t),
        h("p", {"class": "lead"}, t("history.lead", count=len(model.history))),
        model.history_full
        and h(
            "section",
            {"class": "history-full notice notice-warning", "aria-labelledby": "history-full"},
            h("h2", {"id": "history-full"}, t("history.full")),
            h("p", {}, t("history.full_text")),
            h(
                "div",
                {"class": "row"},
                h("button", {"type": "button", "data-action": "export"}, t("settings.export")),
                h(
                    "button",
                    {"type": "button", "data-action": "forget-oldest"},
                    t("history.remove_oldest", count=min(HISTORY_PAGE, len(model.history))),
                ),
            ),
        ),
        model.history
        and h(
            "div",
            {"class": "row filters"},
            _select("history-game", t("history.game"), model.history_game, games, "history-game"),
            _select("history-player", t("history.player"), model.history_player, players, "history-player"),
        ),
        h("p", {"role": "status", "class": "history-count"}, t("history.shown", count=len(entries)))
        if model.history_game or model.history_player
        else None,
        h("ol", {"class": "history-list"}, [history_item(entry, t) for entry in shown])
        if shown
        else h("p", {}, t("history.empty")),
        len(entries) > len(shown)
        and h(
            "button",
            {"type": "button", "data-action": "history-more"},
            t("history.more", count=min(HISTORY_PAGE, len(entries) - len(shown))),
        ),
    )


def continue_control(model: Model, t: Catalog) -> El | None:
    """On the screen of a game of the history left unfinished (replaced by another, not ended), the button that
    puts it back in its slot to play on."""
    entry = next((e for e in model.history if e.id == model.route.entry), None)
    if entry is None or entry.ended != "abandoned":
        return None
    return h(
        "p",
        {"class": "row"},
        h(
            "button",
            {"type": "button", "class": "primary", "data-action": "history-continue", "data-value": entry.id},
            t("history.continue"),
        ),
    )


def result_text(entry: Entry, t: Catalog) -> str:
    if entry.ended == "abandoned":
        return t("history.abandoned", count=entry.actions)
    if len(entry.players) == 1:  # a game played alone: nobody to beat, so its score if it has one
        score = entry.facts[0].get("score") if entry.facts else None
        name = seat_label(entry, 0, t)
        return t("history.alone", name=name) if score is None else t("history.alone_score", name=name, count=score)
    names = [seat_label(entry, seat, t) for seat in entry.winners]
    return t("history.won", count=len(names), names=", ".join(names))


def history_item(entry: Entry, t: Catalog) -> El:
    return h(
        "li",
        {"class": "history-game", "data-game": entry.game, "data-ended": entry.ended},
        h(
            "a",
            {"href": href(Route("history", entry=entry.id))},
            h("strong", {}, t(f"game.{entry.game}.name")),
            " · ",
            h("time", {"datetime": entry.when}, when_text(entry.when, t)),
        ),
        entry.daily
        and h(
            "p",
            {"class": "history-daily"},
            t("history.daily" if entry.daily.counts else "history.daily_replay", day=day_text(entry.daily.day, t)),
        ),
        h("p", {"class": "history-players"}, ", ".join(seat_label(entry, i, t) for i in range(len(entry.players)))),
        h("p", {"class": "history-result"}, result_text(entry, t)),
        h(
            "button",
            {"type": "button", "class": "quiet", "data-action": "forget-entry", "data-value": entry.id},
            t("history.remove"),
            h("span", {"class": "visually-hidden"}, " ", t(f"game.{entry.game}.name"), " ", when_text(entry.when, t)),
        ),
    )


# -- statistics --------------------------------------------------------------


def chosen(model: Model, players: dict[Who, Player]) -> Who | None:
    """The player the statistics show: the one picked, else the player of this device (the settings' name, else
    the unnamed people of its seats), else the person, then the computer, with most games."""
    picked = {who_key(p): p for p in players}.get(model.stats_player or "")
    mine = ("person", model.settings.name)
    if picked is not None or mine in players:
        return picked or mine
    if ("person", "") in players:
        return ("person", "")
    ranked = sorted(players, key=lambda p: (p[0] != "person", -sum(map(len, players[p].games.values())), p))
    return ranked[0] if ranked else None


_COUNTED: list[tuple[tuple[Entry, ...], dict[Who, Player]]] = []


def counted(history: tuple[Entry, ...]) -> dict[Who, Player]:
    """:func:`etoile.saved.stats.statistics` of ``history``, counted once for as long as the history stays the same
    (the model keeps one tuple until a game is kept or removed): a choice on the screen does not count again."""
    if not _COUNTED or _COUNTED[0][0] is not history:
        _COUNTED[:] = [(history, statistics(history))]
    return _COUNTED[0][1]


def stats_screen(model: Model, t: Catalog) -> El:
    players = counted(model.history)
    player = chosen(model, players)
    head = [h("h1", {"tabindex": "-1"}, t("stats.title")), tabs("stats", t)]
    if player is None:
        return h(
            "div", {"class": "stats"}, head, h("p", {}, t("stats.empty")), h("p", {}, h("a", {"href": "#/"}, t("nav.back_home")))
        )
    options = [(who_key(p), who_label(p, t)) for p in _players_of(model.history)]
    stats = players[player]
    return h(
        "div",
        {"class": "stats"},
        head,
        _select("stats-player", t("stats.player"), who_key(player), options, "stats-player"),
        h("h2", {}, who_label(player, t)),
        summary(stats, t),
        [section(stats, game, t, model.today) for game in GAMES if stats.played(game)],
    )


def summary(stats: Player, t: Catalog) -> El:
    rows = []
    for game in GAMES:
        played, left = stats.played(game), stats.left[game]
        if not played and not left:
            continue
        won = stats.won(game)
        rows.append(
            h(
                "tr",
                {"data-game": game},
                h("th", {"scope": "row"}, t(f"game.{game}.name")),
                h("td", {}, str(played)),
                h("td", {}, str(won)),
                h("td", {}, pct(won / played, t) if played else "–"),
                h("td", {}, str(left)),
            )
        )
    columns = ("stats.game", "stats.played", "stats.won", "stats.win_rate", "stats.left")
    return h(
        "div",
        {"class": "stats-scroll"},  # shaded on a side that hides columns (the runtime marks the scroller's sides)
        h(
            "div",
            {"class": "scroll-x", "tabindex": "0", "role": "region", "aria-label": t("stats.summary"), "data-scroll-cue": True},
            h(
                "table",
                {"class": "stats-summary"},
                h("thead", {}, h("tr", {}, [h("th", {"scope": "col"}, t(key)) for key in columns])),
                h("tbody", {}, rows),
            ),
        ),
    )


def fact_list(items: list[tuple[str, str]]) -> El:
    """A game section's figures: each term and its value."""
    return h("dl", {"class": "stats-facts"}, [[h("dt", {}, term), h("dd", {}, value)] for term, value in items])


def section(stats: Player, game: str, t: Catalog, today: str = "") -> El:
    """A game's section of a player's statistics: its heading over what the game's own hooks draw
    (:attr:`etoile.engine.registry.GameSpec.section`), then its days' challenges."""
    hooks = spec(game).load_section()
    body = hooks.section(stats, t)
    heading = h("h3", {}, t(f"game.{game}.name"))
    return h("section", {"class": "stats-game", "data-game": game}, heading, body, dailies(stats, game, hooks, t, today))


def dailies(stats: Player, game: str, hooks: Any, t: Catalog, today: str) -> El | None:
    """The player's days' challenges of ``game`` (the attempts that counted): the days in a row up to today, the
    days played and, as the game's ``daily_gap(record)`` measures it, how far from the perfect player they ended,
    on average and day after day."""
    records = stats.dailies(game)
    if not records:
        return None
    days = [r.daily.day for r in records if r.daily is not None]
    gap = getattr(hooks, "daily_gap", None)
    gaps = [(r.daily.day, value) for r in records if r.daily is not None and gap and (value := gap(r)) is not None]
    figures = [(t("stats.daily.streak"), t("stats.daily.days", count=streak(days, today) if today else 0))]
    figures.append((t("stats.daily.played"), str(len(days))))
    if gaps:
        figures.append((t("stats.daily.average"), t.decimal(mean(g for _, g in gaps))))
    return h(
        "section",
        {"class": "stats-daily"},
        h("h4", {}, t("stats.daily.title")),
        fact_list(figures),
        gaps
        and charts.line(
            t("stats.daily.over_time"),
            [(day_text(day, t), value) for day, value in gaps],
            (t("stats.daily.day"), t("stats.daily.gap")),
            table_label=t("stats.table"),
            floor=min(0.0, *(g for _, g in gaps)),
            ceiling=max(0.0, *(g for _, g in gaps)),
        ),
    )


def running_wins(stats: Player, game: str) -> list[tuple[str, float]]:
    """After each game, the share of the games so far that were won."""
    points, won = [], 0
    for i, record in enumerate(stats.games.get(game, ()), start=1):
        won += record.won
        points.append((record.when.replace("T", " "), won / i))
    return points
