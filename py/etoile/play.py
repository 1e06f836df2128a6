"""The messages of the game screens: setting up, playing, computer turns, undo, replay, export and import, rematch.

These are the second half of :func:`etoile.app.update`, for every game at once:
the features every table has (undo and redo where the game allows them, a
replay with step, play and speed, export and import of one game, forced
actions) are written here once. What only one table understands (its
``"<game>:..."`` messages) goes to that table's ``on``. Randomness never comes
from here: the runtime puts a fresh ``seed`` in the message of every control
marked ``data-seed``.
"""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import replace
from typing import Any

from etoile import link
from etoile.games import IllegalAction
from etoile.match import Match
from etoile.model import REPLAY_SPEEDS, ComputerMove, Effect, Model, Msg, Replay, Watch
from etoile.routes import Route
from etoile.setup import Setup
from etoile.storage import ImportRefused, import_match
from etoile.ui.tables import TABLES, Table


def setup_of(model: Model, game: str) -> Setup:
    """The setup form of ``game`` as the player left it, or the default one."""
    return model.setups.get(game) or Setup.new(TABLES[game].GAME.DESCRIPTION, model.settings.name)


def computer_turn(model: Model, game: str) -> list[Effect]:
    """Ask the runtime for a computer move when the seat to move is the computer's."""
    match = model.matches.get(game)
    if match is None or (seat := match.computer_to_move) is None:
        return []
    return [Effect("think", {"game": game, "ply": match.cursor, "level": match.seats[seat].computer})]


def follow(model: Model, game: str | None) -> list[Effect]:
    """What a table asks for after each change of its match (e.g. the coach's advice), if it asks."""
    table = TABLES.get(game) if game else None
    match = model.matches.get(game) if game else None
    hook = getattr(table, "follow", None)
    return hook(model, match) if hook and match is not None else []


def resume(model: Model) -> list[Effect]:
    """On showing a game's table (a route change, a reload, an import): let its computer play or its coach advise."""
    game = model.route.game
    match = model.matches.get(game) if model.route.screen == "game" and game else None
    if game is None or match is None:
        return []
    # The computer players and the coach need the worker: it starts once the page is idle at the table, so neither
    # the first computer turn nor the first hint waits for a second interpreter to boot.
    return [Effect("prepare-ai", {"game": game}), *computer_turn(model, game), *follow(model, game)]


def with_match(model: Model, game: str, match: Match, local: Any = None, *, fresh: bool = False) -> tuple[Model, list[Effect]]:
    """Store ``match`` as the game's current one, after any forced actions: save it, let the computer move if it is its turn."""
    match = match.settled()
    table = TABLES[game]
    tables = {**model.tables, game: table.start(match) if fresh or local is None else local}
    hurry = model.hurry if match.computer_to_move is not None else model.hurry - {game}
    model = replace(_without_replay(model, game), matches={**model.matches, game: match}, tables=tables, hurry=hurry)
    return model, [Effect("save-match", {"game": game}), *computer_turn(model, game), *follow(model, game)]


def new_match(model: Model, game: str, setup: Setup, seed: int) -> tuple[Model, list[Effect]]:
    table = TABLES[game]
    match = Match.new(table.GAME, setup.options_json(), seed, setup.match_seats())
    model, effects = with_match(replace(model, setups={**model.setups, game: setup}), game, match, fresh=True)
    return model, [*effects, Effect("navigate", {"hash": f"#/{game}"}), Effect("sound", {"name": "start"})]


def in_progress(match: Match | None) -> bool:
    """Whether ``match`` is a game a player would not want to lose by a slip: begun, and not over."""
    return match is not None and match.cursor > 0 and match.result is None


def _not_a_choice(match: Match) -> bool:
    """Whether no person chooses at ``match``'s position: the computer's turn, dice in the air, a forced action."""
    return match.person_to_move is None or match.game.forced(match.state) is not None


def undo_to_person(match: Match) -> Match:
    """Undo the last action and any computer or forced actions before it, back to a person's choice."""
    match = match.undo()
    while match.can_undo and _not_a_choice(match):
        match = match.undo()
    return match


def redo_to_person(match: Match) -> Match:
    """Redo the next action and what followed it of itself (the computer's replies, throws, forced actions), up to
    a person's next choice: what :func:`undo_to_person` took back comes back whole."""
    match = match.redo()
    while match.can_redo and _not_a_choice(match):
        match = match.redo()
    return match


def arrive(model: Model) -> Model:
    """The model on reaching its route: on a link's, the game the link holds, to watch from its start, or why it
    opens none (the same link opened again keeps where its replay is); elsewhere, no game watched."""
    if model.route.screen != "link":
        return replace(model, watching=None)
    text = model.route.link or ""
    if model.watching is not None and model.watching.link == text:
        return model
    try:
        shared = link.decode(text)
    except link.LinkRefused as refused:
        return replace(model, watching=Watch(text, refused=refused.reason, detail=str(refused)))
    return replace(model, watching=Watch(text, shared.match))


def watched(model: Model) -> Model:
    """The model a watched game's table is drawn from: that game alone, in its replay, with nothing of the player's."""
    watch = model.watching
    if watch is None or watch.match is None:
        raise ValueError("no game is being watched")
    game = watch.match.game.ID
    return replace(
        model, route=Route("game", game), matches={game: watch.match}, replays={game: watch.replay}, tables={}, hurry=frozenset()
    )


def watch_update(model: Model, msg: Msg) -> tuple[Model, list[Effect]]:
    """A message on a link's screen: the replay's controls move the watched game; nothing else is done, and nothing
    is saved."""
    watch = model.watching
    if watch is None or watch.match is None or not msg.action.startswith("replay"):
        return model, []
    if msg.action == "replay-exit":
        return model, [Effect("navigate", {"hash": "#/"})]
    game = watch.match.game.ID
    lens, effects = _replay(watched(model), game, watch.match, watch.replay, msg)
    replay = lens.replays.get(game, watch.replay)
    return replace(model, watching=replace(watch, replay=replay)), [e for e in effects if e.kind == "later"]


def update(model: Model, msg: Msg) -> tuple[Model, list[Effect]]:
    game = msg.data.get("game") or model.route.game
    if not game or game not in TABLES:
        return model, []
    table: Table = TABLES[game]
    action, value = msg.action, msg.value
    match_ = model.matches.get(game)
    local = model.tables.get(game)
    setup = setup_of(model, game)
    index = int(msg.data.get("index", -1))
    match action:
        case "setup-players" if str(value).strip().isdigit():
            return _with_setup(model, game, setup.with_players(int(str(value))))
        case "setup-seat-kind":
            computer = None if value == "person" else table.GAME.DESCRIPTION.strongest
            return _with_setup(model, game, setup.with_seat(index, computer=computer))
        case "setup-seat-level":
            return _with_setup(model, game, setup.with_seat(index, computer=value))
        case "setup-seat-name":
            return _with_setup(model, game, setup.with_seat(index, name=str(value or "")))
        case "setup-option":
            return _with_setup(model, game, setup.with_option(msg.data.get("option", ""), str(value)))
        case "setup-start" if in_progress(match_):
            return replace(model, dialog="abandon"), [Effect("focus-dialog")]  # a slip must not lose the game
        case "setup-start" | "abandon-confirm":
            try:
                return new_match(replace(model, dialog=None), game, setup, int(msg.data["seed"]))
            except ValueError as error:  # a combination of options the game does not offer
                return model.notify("setup.invalid", "warning", details=str(error)), []
        case _ if match_ is not None and action.startswith("replay") and (game in model.replays or action in STARTS_REPLAY):
            return _replay(model, game, match_, model.replays.get(game, Replay()), msg)
        case "export-game" if match_ is not None:
            return model, [Effect("export-game", {"game": game})]
        case "share-game" if match_ is not None:
            return model, [Effect("share-link", {"game": game})]
        case "shared-link" if match_ is not None:
            return replace(model, sharing=(game, str(value))), [Effect("focus", {"selector": f"#share-{game}"})]
        case "share-copy" if model.sharing is not None:
            return model, [Effect("copy", {"game": game, "text": model.sharing[1]})]
        case "share-send" if model.sharing is not None:
            return model, [Effect("send", {"game": game, "url": model.sharing[1]})]
        case "copied":
            return model.notify("link.copied" if value else "link.copy_failed"), []
        case "share-close":
            return replace(model, sharing=None), [Effect("focus", {"selector": f'[data-action=share-game][data-game="{game}"]'})]
        case "import-game":
            try:
                loaded = import_match(str(value or ""), game, {game: table.GAME})
            except ImportRefused as refused:
                terms = {"game": f"game.{game}.name"}
                return model.notify("table.import_refused", "warning", terms=terms, details=str(refused)), []
            model, effects = with_match(model, game, loaded, fresh=True)
            return model.notify("table.imported"), effects
        case _ if game in model.replays:
            return model, []  # a replay is only watched: the table takes no action meanwhile
        case "rematch" if match_ is not None:
            rematch = Match.new(match_.game, match_.options, int(msg.data["seed"]), match_.seats)
            model, effects = with_match(model, game, rematch, fresh=True)
            return model, [*effects, Effect("focus-next")]
        case "play" if match_ is not None:
            return _play(model, game, match_, local, table.GAME.action_from_json(value))
        case "computer-skip" if match_ is not None and match_.computer_to_move is not None:
            return replace(model, hurry=model.hurry | {game}), []
        case "computer-move" if match_ is not None and isinstance(value, ComputerMove) and value.ply == match_.cursor:
            return _play(model, game, match_, local, table.GAME.action_from_json(value.action))
        case "undo" if match_ is not None and table.GAME.DESCRIPTION.undo and match_.can_undo:
            return with_match(model, game, undo_to_person(match_), fresh=True)
        case "redo" if match_ is not None and table.GAME.DESCRIPTION.undo and match_.can_redo:
            return with_match(model, game, redo_to_person(match_), fresh=True)
        case _ if action.startswith(f"{game}:") and match_ is not None:
            before = local if local is not None else table.start(match_)
            new_match_, new_local, effects = table.on(match_, before, msg)
            if new_match_ is match_:
                draft = getattr(table, "draft", None)
                if draft is not None and draft(new_local) != draft(before):  # a choice a reload must not lose
                    effects = [*effects, Effect("save-draft", {"game": game})]
                return replace(model, tables={**model.tables, game: new_local}), effects
            model, more = with_match(model, game, new_match_, new_local)
            return model, [*effects, *more]
    return model, []


STARTS_REPLAY = ("replay", "replay-to")
"""What opens a replay: its button, or a click on a line of the game's log."""


def _replay(model: Model, game: str, match: Match, replay: Replay, msg: Msg) -> tuple[Model, list[Effect]]:
    """Open, step, jump, play, pause, change speed, or leave the replay of ``game``.

    A replay moves through :attr:`Match.positions`: from one player's move to the next, never to dice in the air.
    """
    effects: list[Effect] = []
    positions = match.positions
    at = bisect_right(positions, replay.ply) - 1  # the position shown (the last at or before the ply)
    match msg.action:
        case "replay" if match.cursor > 0:
            pass
        case "replay-step":
            step = max(0, min(len(positions) - 1, at + int(msg.data.get("by", 1))))
            replay = Replay(positions[step], False, replay.speed)
        case "replay-to" if str(msg.value).isdigit():
            replay = Replay(positions[bisect_right(positions, int(str(msg.value))) - 1], False, replay.speed)
        case "replay-play":
            replay = replace(replay, playing=not replay.playing and at < len(positions) - 1)
            effects = _tick(game, replay) if replay.playing else []
        case "replay-tick" if replay.playing and msg.value == replay.ply and at < len(positions) - 1:
            replay = replace(replay, ply=positions[at + 1], playing=at + 2 < len(positions))
            effects = _tick(game, replay) if replay.playing else []
        case "replay-speed" if msg.value in {str(s) for s in REPLAY_SPEEDS}:
            replay = replace(replay, speed=float(msg.value))
        case "replay-exit":  # back to the game: the computer plays on if it was its turn
            model = _without_replay(model, game)
            return model, [*computer_turn(model, game), *follow(model, game)]
        case _:
            return model, []
    return replace(model, replays={**model.replays, game: replay}), effects


def _without_replay(model: Model, game: str) -> Model:
    return replace(model, replays={g: r for g, r in model.replays.items() if g != game})


def _tick(game: str, replay: Replay) -> list[Effect]:
    msg = {"action": "replay-tick", "value": replay.ply, "data": {"game": game}}
    return [Effect("later", {"seconds": replay.speed, "msg": msg})]


def _with_setup(model: Model, game: str, setup: Setup) -> tuple[Model, list[Effect]]:
    return replace(model, setups={**model.setups, game: setup}), []


def _play(model: Model, game: str, match: Match, local: Any, action: Any) -> tuple[Model, list[Effect]]:
    try:
        played = match.play(action)
    except IllegalAction as error:
        return model.notify("play.illegal", "warning", details=str(error)), []
    return with_match(model, game, played, fresh=True)
