"""Every screen, drawn from the :class:`~etoile.app.model.Model` as :class:`~etoile.ui.vdom.El` trees.

Controls carry ``data-action`` (and ``data-value``, ``data-game``...): the runtime reads an event on them into a
typed message (:mod:`etoile.ui.runtime.events`). Views are pure and run on CPython.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Collection
from typing import Any

from etoile.app.model import REPLAY_SPEEDS, Model, Notice, Replay, Watch
from etoile.app.play import can_take_back, link_url, setup_of, watched
from etoile.app.routes import GAMES, Route, href
from etoile.app.setup import MAX_SEATS, SeatChoice
from etoile.engine import registry
from etoile.engine.game import CHANCE, Description, Option, token
from etoile.engine.match import Match
from etoile.engine.names import NAME_LENGTH
from etoile.engine.slot import Slot
from etoile.saved.settings import LANGUAGES, SPEEDS, THEMES
from etoile.sharing.by_link import differences, made_here, parting
from etoile.ui.common import log_entry, seat_name
from etoile.ui.i18n import Catalog, catalog, rules
from etoile.ui.past import continue_control, history_screen, stats_screen, when_text
from etoile.ui.qr import qr_code
from etoile.ui.table import TABLES, Table
from etoile.ui.vdom import Attr, El, h

LANGUAGE_NAMES = {"en": "English", "fr": "Français", "ru": "Русский", "es": "Español"}
"""Each language named in itself, the same on every screen."""


def title(model: Model) -> str:
    """The document title of the current screen."""
    t = catalog(model.language)
    route = model.route
    match route.screen:
        case "game":
            screen = t(f"game.{route.game}.name")
        case "setup":
            screen = t("setup.title", game=t(f"game.{route.game}.name"))
        case "rules":
            screen = t("rules.title", game=rules(t.lang)[registry.spec(route.game or "").namespace]["title"])
        case "settings":
            screen = t("settings.title")
        case "history":
            screen = t("history.title")
        case "stats":
            screen = t("stats.title")
        case "missing":
            screen = t("missing.title")
        case "link":
            watch = model.watching
            screen = t("link.title") if watch is not None and watch.match is not None else t("link.refused.title")
        case _:
            return "Étoile"
    return f"{screen} · Étoile"


def view(model: Model) -> El:
    """The whole app below ``#app``."""
    t = catalog(model.language)
    screens = {
        "home": home,
        "game": game,
        "setup": setup_screen,
        "rules": rules_page,
        "settings": settings,
        "link": link_screen,
        "history": past_screen,
        "stats": stats_screen,
        "missing": missing,
    }
    return h(
        "div",
        {"class": "shell"},
        h("a", {"class": "skip-link", "href": "#main", "data-action": "skip"}, t("nav.skip")),
        header(model, t),
        notices(model, t),
        h("main", {"id": "main", "tabindex": "-1"}, screens[model.route.screen](model, t)),
        h("footer", {"class": "footer"}, h("p", {}, t("footer.offline") if model.offline_ready else t("footer.tagline"))),
        dialog(model, t),
    )


def header(model: Model, t: Catalog) -> El:
    current = model.route.screen

    def link(target: Route, label: str) -> El:
        here = current == target.screen or (target.screen == "history" and current == "stats")
        return h("a", {"href": href(target), "aria-current": "page" if here else None}, label)

    return h(
        "header",
        {"class": "topbar"},
        h("a", {"class": "brand", "href": "#/"}, h("span", {"class": "brand-star", "aria-hidden": "true"}, "✦"), "Étoile"),
        h(
            "nav",
            {"aria-label": t("nav.label")},
            link(Route("home"), t("nav.home")),
            link(Route("history"), t("nav.history")),
            link(Route("settings"), t("nav.settings")),
        ),
    )


def notices(model: Model, t: Catalog) -> El:
    return h(
        "section",
        {"class": "notices", "aria-live": "polite", "aria-label": t("notices.label")},
        [notice(n, t) for n in model.notices],
    )


def notice_text(n: Notice, t: Catalog) -> str:
    params = dict(n.params)
    for name, key in n.terms.items():
        params[name] = t(key, **params)
    return t(n.key, **params)


def notice(n: Notice, t: Catalog) -> El:
    aside = n.aside_key
    return h(
        "div",
        {"class": f"notice notice-{n.level}", "role": "alert" if n.level == "error" else "status", "data-notice": n.key},
        h(
            "p",
            {},
            notice_text(n, t),
            n.count > 1 and h("span", {"class": "notice-count"}, " ", t("notice.repeated", count=n.count)),
        ),
        n.details and h("details", {}, h("summary", {}, t("notice.details")), h("pre", {}, n.details)),
        h(
            "div",
            {"class": "notice-actions"},
            aside and h("button", {"type": "button", "data-action": "download-aside", "data-value": aside}, t("notice.download")),
            aside and h("button", {"type": "button", "data-action": "discard-ask", "data-value": aside}, t("notice.discard")),
            h("button", {"type": "button", "data-action": "dismiss", "data-value": str(n.id)}, t("notice.dismiss")),
        ),
    )


def home(model: Model, t: Catalog) -> El:
    return h(
        "div",
        {"class": "home"},
        h("h1", {"tabindex": "-1"}, "Étoile"),
        h("p", {"class": "lead"}, t("home.lead")),
        model.settings.name and h("p", {"class": "greeting"}, t("home.greeting", name=model.settings.name)),
        h("ul", {"class": "game-list"}, [game_card(g, Slot(g) in model.in_progress, t) for g in GAMES]),
        by_link_games(model, t),
    )


def by_link_games(model: Model, t: Catalog) -> El | None:
    """The games by link on this device: those waiting for a choice or for a move here first, then those waiting
    for a friend, then those over (which can be removed)."""
    rows = sorted((by_link_status(model, slot, match), slot) for slot, match in model.matches.items() if slot.by_link)
    if not rows:
        return None
    items = []
    for status, slot in rows:
        match, game_id, code = model.matches[slot], slot.game, slot.code
        name = seat_name(match, seat, t) if (seat := match.friend_to_move) is not None else ""
        items.append(
            h(
                "li",
                {"class": "by-link-game", "data-status": BY_LINK_STATUSES[status]},
                h(
                    "a",
                    {"href": href(Route("game", game_id, by_link=code))},
                    h("strong", {}, t(f"game.{game_id}.name")),
                    " · ",
                    t("bylink.with", names=friends(match, t)),
                ),
                " ",
                h("span", {"class": "by-link-status"}, t(f"bylink.status.{BY_LINK_STATUSES[status]}", name=name)),
                status == BY_LINK_STATUSES.index("over")
                and h(
                    "button",
                    {"type": "button", "data-action": "bylink-remove", "data-value": str(slot)},
                    t("bylink.remove"),
                ),
            )
        )
    return h("section", {"class": "by-link-games"}, h("h2", {}, t("home.by_link")), h("ul", {}, items))


BY_LINK_STATUSES = ("rival", "your_turn", "waiting", "over")
"""Where a game by link stands, in the order the home screen lists them (``bylink.status.<status>``)."""


def by_link_status(model: Model, slot: Slot, match: Match) -> int:
    """The index in :data:`BY_LINK_STATUSES` of where the game by link in ``slot`` stands."""
    if slot in model.rivals:
        return 0
    if match.result is not None:
        return 3
    return 2 if match.friend_to_move is not None else 1


def game_card(game_id: str, in_progress: bool, t: Catalog) -> El:
    name = t(f"game.{game_id}.name")
    return h(
        "li",
        {"class": "game-card", "data-game": game_id},
        h("img", {"src": f"img/{game_id}.svg", "alt": "", "width": "96", "height": "96"}),
        h(
            "div",
            {"class": "game-card-body"},
            h("h2", {}, name),
            h("p", {}, t(f"game.{game_id}.line")),
            h(
                "div",
                {"class": "game-card-actions"},
                in_progress and h("a", {"class": "button primary", "href": f"#/{game_id}"}, t("home.continue")),
                h(
                    "a",
                    {
                        "class": "button" if in_progress else "button primary",
                        "href": f"#/{game_id}/new" if in_progress else f"#/{game_id}",
                    },
                    t("home.new") if in_progress else t("home.play"),
                ),
                h("a", {"class": "button", "href": f"#/rules/{game_id}"}, t("home.rules")),
            ),
        ),
    )


def past_screen(model: Model, t: Catalog) -> El:
    """The history: the list of games played, or the replay of one of them (or why it cannot be replayed)."""
    if not model.route.entry:
        return history_screen(model, t)
    watch = model.watching
    if watch is None or watch.match is None:
        return unwatchable(watch, t("history.unreadable"), None, ("#/history", t("history.back")), t)
    entry = next((e for e in model.history if e.id == model.route.entry), None)
    when = entry.when if entry is not None else ""
    note = "history.watching_left" if entry is not None and entry.ended == "abandoned" else "history.watching"
    shown = watched(model)
    game_id = watch.match.game.ID
    return h(
        "div",
        {"class": "watch"},
        h(
            "p",
            {"class": "watch-note", "role": "note"},
            t(note, when=when_text(when, t)) if when else t("link.watching"),
        ),
        continue_control(model, t),
        game(shown, t, watching=True, leave="history.back"),
        h(
            "div",
            {"class": "row record-tools"},
            h("button", {"type": "button", "data-action": "share-game", "data-game": game_id}, t("table.share")),
            model.sharing == Slot(game_id) and link_box(shown, Slot(game_id), "watch", t),
        ),
    )


def unwatchable(watch: Watch | None, title: str, why: str | None, back: tuple[str, str], t: Catalog) -> El:
    """The screen of a game that cannot be watched (a link refused, a past game whose record fails): ``title``,
    ``why``, the technical detail folded away, and the way ``back`` (its address and its words)."""
    return h(
        "div",
        {"class": "link-refused"},
        h("h1", {"tabindex": "-1"}, title),
        why and h("p", {"class": "lead"}, why),
        watch is not None
        and watch.detail
        and h("details", {}, h("summary", {}, t("notice.details")), h("pre", {}, watch.detail)),
        h("p", {}, h("a", {"class": "button primary", "href": back[0]}, back[1])),
    )


def link_screen(model: Model, t: Catalog) -> El:
    """A game opened from a link, watched as a replay; or why the link opens none."""
    watch = model.watching
    if watch is None or watch.match is None:
        reason = watch.refused if watch is not None and watch.refused else "not_a_link"
        return unwatchable(watch, t("link.refused.title"), t(f"link.refused.{reason}"), ("#/", t("nav.back_home")), t)
    return h(
        "div",
        {"class": "watch"},
        h("p", {"class": "watch-note", "role": "note"}, t("link.watching")),
        game(watched(model), t, watching=True),
    )


def game(model: Model, t: Catalog, *, watching: bool = False, leave: str = "link.leave") -> El:
    """A game's screen: its table when a game is under way, else its setup (or "coming soon"); ``watching``, the
    table of a game opened from a link, which only its replay moves."""
    game_id, slot = model.route.game or "", model.route.slot
    table = TABLES.get(game_id)
    if table is None:
        return coming_soon(game_id, t)
    match = model.matches.get(slot) if slot is not None else None
    if slot is None or match is None:
        return missing(model, t) if model.route.by_link else setup_screen(model, t)
    local = model.tables.get(slot)
    replay = model.replays.get(slot)
    shown = match.at(replay.ply) if replay is not None else match
    # A replay shows the table as it was, with no selection or hint of the game now.
    board = table.board(model, shown, local if local is not None and replay is None else table.start(shown), t)
    frozen = replay is not None
    rival = model.rivals.get(slot)
    lines = log_lines(table, match, t)
    return h(
        "div",
        {
            "class": f"table-screen table-{game_id}",
            "data-computer-turn": replay is None and match.computer_to_move is not None,
            "data-replay": replay is not None,
        },
        h(
            "div",
            {"class": "table-head"},
            h("h1", {"tabindex": "-1"}, t(f"game.{game_id}.name")),
            h(
                "div",
                {"class": "row table-tools"},
                table.GAME.DESCRIPTION.undo
                and not watching
                and h(
                    "button",
                    {
                        "type": "button",
                        "data-action": "undo",
                        "data-game": game_id,
                        "disabled": not can_take_back(match) or frozen,
                    },
                    t("table.undo"),
                ),
                table.GAME.DESCRIPTION.undo
                and not watching
                and h(
                    "button",
                    {
                        "type": "button",
                        "data-action": "redo",
                        "data-game": game_id,
                        "disabled": not match.can_redo or frozen,
                    },
                    t("table.redo"),
                ),
                not watching and h("a", {"class": "button", "href": f"#/{game_id}/new"}, t("home.new")),
                h("a", {"class": "button", "href": f"#/rules/{game_id}"}, t("home.rules")),
            ),
        ),
        match.by_link and h("p", {"class": "by-link-note"}, t("bylink.with", names=friends(match, t))),
        replay is None and rival is not None and rival_choice(match, rival, t),
        replay is None and rival is None and not watching and to_send(model, slot, match, t),
        h("div", {"class": "table-body", "inert": True}, board) if replay is not None or rival is not None else board,
        replay is not None and replay_bar(game_id, match, replay, t, leave=leave if watching else "table.replay_exit"),
        replay is None and computer_turn(match, lines, slot in model.hurry, t),
        game_log(match, lines, replay, t),
        not watching and record_tools(model, slot, match, replay, t),
    )


LogLine = tuple[int, int, int, str | None]
"""A line of a game's log: ``(seat, start, end, note)``, for ``match.actions[start:end]``."""


def computer_turn(match: Match, lines: list[LogLine], hurrying: bool, t: Catalog) -> El | None:
    """What the computer players did since a person last moved, as it happens, a line per player (at most a round
    of them), with a button to skip to the end of the computer's turn while it plays."""
    seat = match.computer_to_move
    recent: list[LogLine] = []
    for line in reversed(lines[-max(1, len(match.seats)) :]):
        if not match.seats or match.seats[line[0]].computer is None:
            break
        recent.insert(0, line)
    if not recent and seat is None:
        return None
    items = [h("li", {}, line_text(match, line, t)) for line in recent]
    if seat is not None and (not recent or recent[-1][0] != seat):  # until its first move shows, it says it plays
        items.append(h("li", {"class": "thinking"}, t("table.computer_plays", name=seat_name(match, seat, t))))
    skip = seat is not None and h(
        "button",
        # Never disabled once pressed: a button that loses its focus would send the keyboard back to the page's top.
        {
            "type": "button",
            "data-action": "computer-skip",
            "data-game": match.game.ID,
            "data-next": True,
            "aria-pressed": hurrying,
        },
        t("table.skip"),
    )
    return h(
        "section",
        {"class": "computer-turn", "aria-label": t("table.computer_turn")},
        h("ol", {"aria-live": "polite"}, items),
        skip,
    )


def log_lines(table: Table, match: Match, t: Catalog) -> list[LogLine]:
    """The record up to the cursor as lines of a log: ``(seat, start, end, note)`` for ``match.actions[start:end]``.

    A line is a seat's run of actions, the outcomes of its throws included; it also ends where the table notes
    what the game made of it (a turn's tokens, a box filled), ``note`` being that text.
    """
    lines: list[LogLine] = []
    seat, start = None, 0
    for ply in range(match.cursor):
        mover = match.game.to_move(match.states[ply])
        if mover is not CHANCE and mover is not None and mover != seat:
            if seat is not None and start < ply:
                lines.append((seat, start, ply, None))
            seat, start = mover, ply
        note = table.log_note(match, ply + 1, t)
        if note is not None and seat is not None:
            lines.append((seat, start, ply + 1, note))
            start = ply + 1
    if seat is not None and start < match.cursor:
        lines.append((seat, start, match.cursor, None))
    return lines


def spoken(notation: str, t: Catalog) -> str:
    """An action's notation in the player's language, as chess players localise theirs: each word that has a
    ``notation.<word>`` text is said in it (``keep 4 1`` is ``garde 4 1`` in French); numbers and holes stay.

    >>> spoken("keep 6 6", catalog("fr")), spoken("fill four", catalog("ru")), spoken("12-23", catalog("fr"))
    ('garde 6 6', 'записывает каре', '12-23')
    """
    return " ".join(t.find(f"notation.{word}") or word for word in notation.split())


def line_text(match: Match, line: LogLine, t: Catalog) -> str:
    """A line of the log in words: "Ann: throw · roll 6 4 1 · keep 4 1 — <note>"."""
    seat, start, end, note = line
    moves = " · ".join(spoken(match.game.action_to_text(action), t) for action in match.actions[start:end])
    params = {"name": seat_name(match, seat, t), "moves": moves, "note": note}
    return t("table.log_line_noted" if note else "table.log_line", **params)


def game_log(match: Match, lines: list[LogLine], replay: Replay | None, t: Catalog) -> El | None:
    """Every game's log, written once: newest first, one line per seat's run of actions in the game's notation and
    what the table notes of it; a click on a line replays the game up to its end (the line shown is marked)."""
    if not lines:
        return None
    game_id = match.game.ID
    items = []
    for line in reversed(lines):
        _, start, end, _ = line
        items.append(log_entry(game_id, end, line_text(match, line, t), current=replay is not None and start < replay.ply <= end))
    return h(
        "details",
        {"class": "turn-log"},
        h("summary", {}, t("table.log", count=len(lines))),
        h("ol", {"reversed": True}, items),
    )


def replay_bar(game_id: str, match: Match, replay: Replay, t: Catalog, leave: str = "table.replay_exit") -> El:
    """Where a replay stands, and its controls: step back, play or pause, step forward, speed, and the way out
    (``leave``: back to the game, or, for a game opened from a link, back to the player's own)."""
    data: dict[str, Attr] = {"data-game": game_id}

    def button(action: str, label: str, attrs: dict[str, Attr] | None = None) -> El:
        return h("button", {"type": "button", "data-action": action, **data, **(attrs or {})}, label)

    positions = match.positions  # the moves a replay steps through, dice in the air left out
    at, last = bisect_right(positions, replay.ply) - 1, len(positions) - 1
    return h(
        "div",
        {"class": "replay-bar"},
        h("p", {"class": "replay-status", "role": "status"}, t("table.replay_status", ply=at, plies=last)),
        h(
            "div",
            {"class": "row"},
            button("replay-step", t("table.replay_back"), {"data-by": "-1", "disabled": at == 0}),
            button("replay-play", t("table.replay_pause" if replay.playing else "table.replay_play"), {"class": "primary"}),
            button("replay-step", t("table.replay_forward"), {"data-by": "1", "disabled": at >= last}),
            h(
                "label",
                {"class": "inline-field"},
                t("table.replay_speed"),
                " ",
                h(
                    "select",
                    {"data-action": "replay-speed", **data},
                    [
                        h("option", {"value": str(s), "selected": s == replay.speed}, t(f"table.speed.{i}"))
                        for i, s in enumerate(REPLAY_SPEEDS)
                    ],
                ),
            ),
            button("replay-exit", t(leave)),
        ),
    )


def record_tools(model: Model, slot: Slot, match: Match, replay: Replay | None, t: Catalog) -> El:
    """What every table does with its game's record: replay it, share it as a link, export it to a file, import one
    (in its game's own slot: a game by link is the friends' as well)."""
    data: dict[str, Attr] = {"data-game": match.game.ID}
    return h(
        "div",
        {"class": "row record-tools"},
        replay is None
        and match.cursor > 0
        and h("button", {"type": "button", "data-action": "replay", **data}, t("table.replay")),
        h("button", {"type": "button", "data-action": "share-game", **data}, t("table.share")),
        model.sharing == slot and link_box(model, slot, "watch", t),
        h("button", {"type": "button", "data-action": "export-game", **data}, t("table.export")),
        not slot.by_link
        and h(
            "label",
            {"class": "button file"},
            h(
                "input",
                {
                    "type": "file",
                    "accept": ".json,application/json",
                    "data-action": "import-game",
                    "class": "visually-hidden",
                    **data,
                },
            ),
            t("table.import"),
        ),
    )


def link_box(model: Model, slot: Slot, purpose: str, t: Catalog) -> El:
    """A link to the game in ``slot``, to be copied, sent with the share sheet where the browser has one, or read
    as a QR code: a replay to ``watch`` (closed again), or the friend's turn to ``play``."""
    game_id = slot.game
    url = link_url(model, slot, purpose)
    data: dict[str, Attr] = {"data-game": game_id, "data-purpose": purpose}
    field_id = f"{'send' if purpose == 'play' else 'share'}-{game_id}"
    return h(
        "div",
        {"class": "share-box"},
        h("label", {"for": field_id}, t("table.share_label" if purpose == "watch" else "bylink.link_label")),
        h("input", {"id": field_id, "type": "text", "readonly": True, "value": url, "class": "share-link"}),
        qr_code(url, t("table.share_qr")) or h("p", {"class": "hint"}, t("table.share_no_qr")),
        h(
            "div",
            {"class": "row"},
            h(
                "button",
                {"type": "button", "class": "primary", "data-action": "share-copy", "data-next": purpose == "play", **data},
                t("table.share_copy"),
            ),
            model.can_send and h("button", {"type": "button", "data-action": "share-send", **data}, t("table.share_send")),
            purpose == "watch" and h("button", {"type": "button", "data-action": "share-close", **data}, t("table.share_close")),
        ),
    )


def friends(match: Match, t: Catalog) -> str:
    """The names of the friends who play a game by link on their devices."""
    return ", ".join(seat_name(match, index, t) for index, seat in enumerate(match.seats) if seat.away)


def to_send(model: Model, slot: Slot, match: Match, t: Catalog) -> El | None:
    """In a game by link, when a friend is to move: the link that takes them the move just made; once the game is
    over by a move made here, the link that takes them its end."""
    seat = match.friend_to_move
    over = match.by_link and match.result is not None and match.cursor > 0 and made_here(match, match.cursor)
    if seat is None and not over:
        return None
    name = seat_name(match, seat, t) if seat is not None else friends(match, t)
    heading = "bylink.send_end_title" if over else "bylink.send_start_title" if match.cursor == 0 else "bylink.send_title"
    return h(
        "section",
        {"class": "send-move", "aria-labelledby": f"send-title-{match.game.ID}"},
        h("h2", {"id": f"send-title-{match.game.ID}"}, t(heading, name=name)),
        h("p", {}, t("bylink.send_end_lead" if over else "bylink.send_lead", name=name)),
        link_box(model, slot, "play", t),
    )


def rival_choice(match: Match, rival: Match, t: Catalog) -> El:
    """A link that is not the game on this device as it stands: what sets it apart (another game, other players),
    where their moves part if they do, and the choice of the one that goes on (both are kept until then)."""
    common, differs = parting(match, rival), differences(match, rival)
    move = match.game.action_to_text
    here = spoken(move(match.played[common]), t) if common < match.cursor else t("bylink.rival_nothing")
    there = spoken(move(rival.played[common]), t) if common < rival.cursor else t("bylink.rival_nothing")
    data: dict[str, Attr] = {"data-game": match.game.ID}

    def players(game: Match) -> str:
        return ", ".join(seat_name(game, index, t) for index in range(len(game.seats)))

    parted = common < max(match.cursor, rival.cursor)
    heading = f"bylink.rival_title_{differs[0]}" if differs else "bylink.rival_title"
    return h(
        "section",
        {"class": "rival", "role": "group", "aria-labelledby": "rival-title"},
        h("h2", {"id": "rival-title"}, t(heading)),
        "game" in differs and h("p", {}, t("bylink.rival_game")),
        "players" in differs and h("p", {}, t("bylink.rival_players", here=players(match), there=players(rival))),
        h("p", {}, t("bylink.rival_lead", move=common + 1, here=here, there=there) if parted else t("bylink.rival_same_moves")),
        h(
            "div",
            {"class": "row"},
            h("button", {"type": "button", "data-action": "rival-keep", "data-next": True, **data}, t("bylink.rival_keep")),
            h("button", {"type": "button", "data-action": "rival-take", **data}, t("bylink.rival_take")),
        ),
    )


def coming_soon(game_id: str, t: Catalog) -> El:
    return h(
        "div",
        {"class": "game-screen"},
        h("h1", {"tabindex": "-1"}, t(f"game.{game_id}.name")),
        h("p", {"class": "lead"}, t(f"game.{game_id}.line")),
        h("p", {"class": "soon"}, t("game.soon")),
        h(
            "p",
            {},
            h("a", {"class": "button primary", "href": f"#/rules/{game_id}"}, t("home.rules")),
            " ",
            h("a", {"class": "button", "href": "#/"}, t("nav.back_home")),
        ),
    )


def setup_screen(model: Model, t: Catalog) -> El:
    game_id = model.route.game or ""
    if game_id not in TABLES:
        return coming_soon(game_id, t)
    spec = registry.spec(game_id).description
    setup = setup_of(model, game_id)
    data: dict[str, Attr] = {"data-game": game_id}
    ns = spec.namespace
    return h(
        "div",
        {"class": "setup", "data-game": game_id},
        h("h1", {"tabindex": "-1"}, t("setup.title", game=t(f"game.{game_id}.name"))),
        spec.max_players != spec.min_players
        and h(
            "div",
            {"class": "field"},
            h("label", {"for": "setup-players"}, t("setup.players")),
            players_control(spec, len(setup.seats), data),
        ),
        h(
            "fieldset",
            {"class": "seats"},
            h("legend", {}, t("setup.seats")),
            [seat_row(spec, index, seat, t) for index, seat in enumerate(setup.seats)],
            setup.by_link and h("p", {"class": "hint"}, t("setup.by_link_note")),
        ),
        [
            _choices(
                f"option-{o.id}",
                t(f"{ns}.option.{o.id}"),
                [(token(v), t(f"{ns}.option.{o.id}.{token(v)}")) for v in o.values],
                token(setup.options[o.id]),
                "setup-option",
                data={**data, "data-option": o.id},
                disabled={token(v) for v in o.values if not o.allows(v, len(setup.seats))},
            )
            for o in spec.offered
        ],
        h(
            "div",
            {"class": "row"},
            h(
                "button",
                {"type": "button", "class": "primary", "data-action": "setup-start", "data-seed": True, **data},
                t("setup.start"),
            ),
            h("a", {"class": "button", "href": f"#/rules/{game_id}"}, t("home.rules")),
        ),
    )


def players_control(spec: Description, count: int, data: dict[str, Attr]) -> El:
    """The number of players: a list of the counts the game accepts, or a number field when its rules set no limit."""
    attrs: dict[str, Attr] = {"id": "setup-players", "data-action": "setup-players", **data}
    if spec.max_players is None:
        return h("input", {**attrs, "type": "number", "min": str(spec.min_players), "max": str(MAX_SEATS), "value": str(count)})
    counts = range(spec.min_players, spec.max_players + 1)
    return h("select", attrs, [h("option", {"value": str(n), "selected": n == count}, str(n)) for n in counts])


def seat_kinds(spec: Description) -> tuple[str, ...]:
    """Who may play a seat, as the setup screen offers it (``setup.kind.<kind>``): a person here, a friend by link
    where the game is played so, the computer."""
    return ("person", "friend", "computer") if spec.by_link else ("person", "computer")


def seat_row(spec: Description, index: int, seat: SeatChoice, t: Catalog) -> El:
    data = {"data-game": spec.id, "data-index": str(index)}
    kind_id, detail_id = f"seat-{index}-kind", f"seat-{index}-detail"
    kind = seat.kind
    return h(
        "div",
        {"class": "seat-row"},
        h("span", {"class": "seat-number"}, t("setup.seat", number=index + 1)),
        h("label", {"class": "visually-hidden", "for": kind_id}, t("setup.seat_kind", number=index + 1)),
        h(
            "select",
            {"id": kind_id, "data-action": "setup-seat-kind", **data},
            [h("option", {"value": k, "selected": k == kind}, t(f"setup.kind.{k}")) for k in seat_kinds(spec)],
        ),
        h(
            "label",
            {"class": "visually-hidden", "for": detail_id},
            t("setup.seat_name" if seat.computer is None else "setup.seat_level", number=index + 1),
        ),
        h(
            "input",
            {
                "id": detail_id,
                "type": "text",
                "maxlength": str(NAME_LENGTH),
                "value": seat.name,
                "placeholder": t("seat.person", number=index + 1),
                "data-action": "setup-seat-name",
                **data,
            },
        )
        if seat.computer is None
        else h(
            "select",
            {"id": detail_id, "data-action": "setup-seat-level", **data},
            [
                h("option", {"value": lv, "selected": lv == seat.computer}, t(f"{spec.namespace}.level.{lv}"))
                for lv in spec.levels
            ],
        ),
    )


def _blocks(blocks: list[Any], table: Table) -> list[El]:
    """A rules section's blocks: a paragraph, ``{"list": [...]}``, or ``{"figure": name, "alt": ..., "caption": ...}``,
    a diagram the game's table draws (its ``figure(name, alt)``) over its caption."""
    return [
        h("p", {}, b)
        if isinstance(b, str)
        else h("ul", {}, [h("li", {}, item) for item in b["list"]])
        if "list" in b
        else h(
            "figure",
            {"class": "rules-figure"},
            table.figure(b["figure"], b["alt"]),  # type: ignore[attr-defined]
            h("figcaption", {}, b["caption"]),
        )
        for b in blocks
    ]


def rules_option(spec: Description, option: Option, text: str, t: Catalog) -> list[El]:
    """An option on a rules page, named as the setup screen names it and its values: the default, the others, then
    what the rules page says of it."""
    ns = spec.namespace
    others = [t(f"{ns}.option.{option.id}.{token(v)}") for v in option.values if v != option.default]
    return [
        h("dt", {"data-option": option.id}, t(f"{ns}.option.{option.id}")),
        h(
            "dd",
            {},
            h("p", {}, h("strong", {}, t("rules.default")), " ", t(f"{ns}.option.{option.id}.{token(option.default)}")),
            h("p", {}, h("strong", {}, t("rules.alternative", count=len(others))), " ", " · ".join(others)),
            h("p", {}, text),
        ),
    ]


def rules_page(model: Model, t: Catalog) -> El:
    game_id = model.route.game or ""
    spec = registry.spec(game_id).description
    page = rules(t.lang)[spec.namespace]
    texts = {o["id"]: o["text"] for o in page["options"]}
    return h(
        "article",
        {"class": "rules"},
        h("h1", {"tabindex": "-1"}, t("rules.title", game=page["title"])),
        h("p", {"class": "lead"}, page["summary"]),
        [h("section", {}, h("h2", {}, s["heading"]), _blocks(s["blocks"], TABLES[game_id])) for s in page["sections"]],
        h(
            "section",
            {"class": "options"},
            h("h2", {}, t("rules.options")),
            h("p", {}, t("rules.options_lead")),
            h(
                "dl",
                {"class": "option-list"},
                [rules_option(spec, option, texts[option.id], t) for option in spec.offered],
            ),
        ),
        h(
            "p",
            {},
            h("a", {"class": "button primary", "href": f"#/{game_id}"}, t("home.play")),
            " ",
            h("a", {"class": "button", "href": "#/"}, t("nav.back_home")),
        ),
    )


def _choices(
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


def settings(model: Model, t: Catalog) -> El:
    s = model.settings
    return h(
        "div",
        {"class": "settings"},
        h("h1", {"tabindex": "-1"}, t("settings.title")),
        h(
            "div",
            {"class": "field"},
            h("label", {"for": "player-name"}, t("settings.name")),
            h(
                "input",
                {
                    "id": "player-name",
                    "type": "text",
                    "maxlength": str(NAME_LENGTH),
                    "autocomplete": "nickname",
                    "value": s.name,
                    "data-action": "set-name",
                    "aria-describedby": "player-name-hint",
                },
            ),
            h("p", {"id": "player-name-hint", "class": "hint"}, t("settings.name_hint")),
        ),
        _choices(
            "language",
            t("settings.language"),
            [(code, LANGUAGE_NAMES[code]) for code in LANGUAGES],
            model.language,
            "set-language",
        ),
        h(
            "fieldset",
            {"class": "choices"},
            h("legend", {}, t("settings.sound")),
            h(
                "label",
                {"class": "choice switch"},
                h("input", {"type": "checkbox", "role": "switch", "checked": s.sound, "data-action": "set-sound"}),
                h("span", {}, t("settings.sound_on")),
            ),
        ),
        _choices("speed", t("settings.speed"), [(v, t(f"settings.speed.{v}")) for v in SPEEDS], s.speed, "set-speed"),
        _choices("theme", t("settings.theme"), [(v, t(f"settings.theme.{v}")) for v in THEMES], s.theme, "set-theme"),
        h(
            "section",
            {"class": "data"},
            h("h2", {}, t("settings.data")),
            h("p", {}, t("settings.data_lead")),
            h(
                "div",
                {"class": "row"},
                h("button", {"type": "button", "data-action": "export"}, t("settings.export")),
                h(
                    "label",
                    {"class": "button file"},
                    h(
                        "input",
                        {
                            "type": "file",
                            "accept": ".json,application/json",
                            "data-action": "import-file",
                            "class": "visually-hidden",
                        },
                    ),
                    t("settings.import"),
                ),
                h("button", {"type": "button", "class": "danger", "data-action": "reset-ask"}, t("settings.reset")),
            ),
            h(
                "p",
                {"class": "offline-status", "data-offline": "ready" if model.offline_ready else "pending"},
                t("settings.offline_ready") if model.offline_ready else t("settings.offline_pending"),
            ),
        ),
    )


def missing(model: Model, t: Catalog) -> El:
    return h(
        "div",
        {},
        h("h1", {"tabindex": "-1"}, t("missing.title")),
        h("p", {}, t("missing.text")),
        h("p", {}, h("a", {"class": "button primary", "href": "#/"}, t("nav.back_home"))),
    )


DIALOGS = {"reset": "reset-confirm", "discard": "discard-confirm", "abandon": "abandon-confirm", "replace": "replace-confirm"}
"""The confirmation dialogs, with the action of their confirm button; ``<dialog>.title`` ... ``.confirm`` word them.
``abandon`` asks before a new game replaces one in progress: its confirm button starts the game of the setup shown;
``replace``, before an import or a game continued does, names the games it replaces."""


def dialog_text(model: Model, t: Catalog) -> str:
    """What the dialog shown says: for ``replace``, each game in progress it replaces, with its moves."""
    if model.dialog != "replace" or model.replacing is None:
        return t(f"{model.dialog}.text")
    games = model.replacing.games
    named = [t("replace.game", game=t(f"game.{m.game.ID}.name"), count=len(m.positions) - 1) for m in games]
    return t("replace.text", count=len(games), games=", ".join(named))


def dialog(model: Model, t: Catalog) -> El | None:
    if model.dialog not in DIALOGS:
        return None
    name = model.dialog
    starts: dict[str, Attr] = {"data-game": model.route.game, "data-seed": True} if name == "abandon" else {}
    return h(
        "div",
        {"class": "backdrop"},
        h(
            "div",
            {
                "class": "dialog",
                "role": "alertdialog",
                "aria-modal": "true",
                "aria-labelledby": "dialog-title",
                "aria-describedby": "dialog-text",
            },
            h("h2", {"id": "dialog-title"}, t(f"{name}.title")),
            h("p", {"id": "dialog-text"}, dialog_text(model, t)),
            h(
                "div",
                {"class": "row"},
                h("button", {"type": "button", "data-action": "dialog-cancel", "autofocus": True}, t(f"{name}.cancel")),
                h("button", {"type": "button", "class": "danger", "data-action": DIALOGS[name], **starts}, t(f"{name}.confirm")),
            ),
        ),
    )
