"""A game's screen around its table: the status, the computer's turn, the log, the replay bar, the record's tools
and the links to share."""

from __future__ import annotations

from bisect import bisect_right

from etoile.app.model import REPLAY_SPEEDS, Model, Replay
from etoile.app.play import can_take_back, link_url
from etoile.app.table import tips_of
from etoile.engine.game import CHANCE
from etoile.engine.match import Match
from etoile.engine.slot import Slot
from etoile.sharing.by_link import differences, made_here, parting
from etoile.ui.common import friends, log_entry, seat_name
from etoile.ui.i18n import Catalog
from etoile.ui.qr import share_box
from etoile.ui.screens.live import live_panel
from etoile.ui.screens.missing import missing
from etoile.ui.screens.setup import coming_soon, setup_screen
from etoile.ui.table import TABLES, Table
from etoile.ui.vdom import Attr, El, h


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
    live = model.live.get(slot)
    lines = log_lines(table, match, t)
    return h(
        "div",
        {
            "class": f"table-screen table-{game_id}",
            "data-computer-turn": replay is None and match.computer_to_move is not None,
            "data-replay": replay is not None,
            "data-ply": shown.cursor,  # how many actions the table shows: the same on every device of a live table
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
                and live is None
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
                and live is None
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
                not watching
                and replay is None
                and tips_of(table)
                and h("button", {"type": "button", "data-action": "show-tips", "data-game": game_id}, t("table.show_tips")),
            ),
        ),
        live is None and match.by_link and h("p", {"class": "by-link-note"}, t("bylink.with", names=friends(match, t))),
        live is not None and not watching and live_panel(model, slot, match, t),
        replay is None and rival is not None and rival_choice(match, rival, t),
        replay is None and rival is None and not watching and live is None and to_send(model, slot, match, t),
        h("div", {"class": "table-body", "inert": True}, board)
        if replay is not None or rival is not None or (live is not None and not live.started)
        else board,
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

    >>> from etoile.ui.i18n import catalog
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
    label = t("table.share_label" if purpose == "watch" else "bylink.link_label")
    copy = {"type": "button", "class": "primary", "data-action": "share-copy", "data-next": purpose == "play", **data}
    return share_box(
        field_id,
        label,
        url,
        qr_label=t("table.share_qr"),
        no_qr=t("table.share_no_qr"),
        buttons=[
            h("button", copy, t("table.share_copy")),
            model.can_send and h("button", {"type": "button", "data-action": "share-send", **data}, t("table.share_send")),
            purpose == "watch" and h("button", {"type": "button", "data-action": "share-close", **data}, t("table.share_close")),
        ],
    )


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
