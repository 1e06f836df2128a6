"""The messages of the game screens: setting up, playing, computer turns, undo, replay, export and import, rematch.

These are the second half of :func:`etoile.app.update.update`, for every game at once:
the features every table has (undo and redo where the game allows them, a
replay with step, play and speed, export and import of one game, forced
actions) are written here once. What only one table understands (its
messages, :class:`~etoile.app.messages.AtTable`) goes to that table's ``on``. Randomness never comes
from here: the runtime puts a fresh ``seed`` in the message of every control
marked ``data-seed``.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from etoile.app import effects as fx
from etoile.app import messages as m
from etoile.app.effects import Effect
from etoile.app.model import REPLAY_SPEEDS, Model, Replacing, Replay, Watch
from etoile.app.routes import Route, href
from etoile.app.setup import Setup
from etoile.app.table import TABLES, TableLogic, showing, tips_of
from etoile.engine.game import IllegalAction
from etoile.engine.match import Match
from etoile.engine.slot import Slot
from etoile.saved.history import game_id
from etoile.saved.storage import ImportedGame, ImportRefused, import_match
from etoile.sharing import by_link, link

if TYPE_CHECKING:
    from etoile.sharing.fair_dice import Table


def setup_of(model: Model, game: str) -> Setup:
    """The setup form of ``game`` as the player left it, or the default one."""
    return model.setups.get(game) or Setup.new(TABLES[game].GAME.DESCRIPTION, model.settings.name)


def computer_turn(model: Model, slot: Slot) -> list[Effect]:
    """Ask the runtime for a computer move when the seat to move is the computer's."""
    match = model.matches.get(slot)
    if match is None or (seat := match.computer_to_move) is None:
        return []
    level = match.seats[seat].computer
    return [fx.Think(slot, match.cursor, level)] if level is not None else []


def in_slot(effects: list[Effect], slot: Slot) -> list[Effect]:
    """A table's effects for the game in ``slot``: a table names only its game, the runtime needs its slot too."""
    return [replace(e, slot=slot) if isinstance(e, fx.Advise) else e for e in effects]


def follow(model: Model, slot: Slot | None) -> list[Effect]:
    """What a table asks for after each change of its match (e.g. the coach's advice), if it asks."""
    table = TABLES.get(slot.game) if slot else None
    match = model.matches.get(slot) if slot else None
    hook = getattr(table, "follow", None)
    return in_slot(hook(model, match), slot) if hook and match is not None and slot else []


def resume(model: Model) -> list[Effect]:
    """On showing a game's table (a route change, a reload, an import): let its computer play or its coach advise."""
    slot = model.route.slot
    match = model.matches.get(slot) if model.route.screen == "game" and slot else None
    if slot is None or match is None:
        return []
    prepare = [fx.PrepareAi(slot)] if wants_computer(model, match) else []
    return [*prepare, *computer_turn(model, slot), *follow(model, slot)]


def wants_computer(model: Model, match: Match) -> bool:
    """Whether a table will ask the computer players' worker by itself: a computer plays a seat, the coach is on, or
    a person plays alone (a solo game is measured against the computer's play). The worker then starts once the page
    is idle at the table, so that the first computer turn or advice waits for no second interpreter to boot; at
    another table it starts only when asked (a hint), and a game of friends on one device runs one interpreter.
    """
    return model.settings.coach or len(match.seats) == 1 or any(seat.computer for seat in match.seats)


def kept_by(before: Match, after: Match | None) -> bool:
    """Whether ``after`` holds all of ``before``: the same game, with the moves ``before`` played and maybe more."""
    return after is not None and game_id(after) == game_id(before) and after.played[: before.cursor] == before.played


def replaces(before: Match | None, after: Match | None) -> bool:
    """Whether putting ``after`` in place of ``before`` would lose a game in progress (or moves of it), which the
    player is asked about first and the history then keeps."""
    return before is not None and in_progress(before) and not kept_by(before, after)


def archived(before: Match | None, after: Match | None, *, replacing: bool = False, fair: Table | None = None) -> list[Effect]:
    """What the history keeps when the game in a slot changes from ``before`` to ``after``: ``before`` when another
    game takes the place of one left after at least one action (with ``replacing``, an import or a game continued,
    also the same game with fewer moves), and ``after`` once it ends (again, after an undo), with the ``fair`` dice
    of a live table."""
    if replacing:
        left = replaces(before, after)
    else:  # in play, an undo keeps the game: only another game in the slot leaves it
        left = before is not None and in_progress(before) and (after is None or game_id(after) != game_id(before))
    effects: list[Effect] = [fx.Archive(before)] if left and before is not None else []
    if (
        after is not None
        and after.result is not None
        and (before is None or before.result is None or before.cursor != after.cursor or before.daily != after.daily)
    ):
        effects.append(fx.Archive(after, fair))
    return effects


def ask_to_replace(model: Model, games: tuple[Match, ...], then: m.Confirmable, opener: str) -> tuple[Model, list[Effect]]:
    """Open the ``"replace"`` dialog: ``then`` (confirmed) would put other games in place of ``games``, in progress."""
    confirmed = replace(then, confirmed=True)
    return replace(model, dialog="replace", replacing=Replacing(games, confirmed, opener)), [fx.FocusDialog()]


def with_match(
    model: Model, slot: Slot, match: Match, local: Any = None, *, fresh: bool = False, replacing: bool = False
) -> tuple[Model, list[Effect]]:
    """Store ``match`` in ``slot``, after any forced actions: save it, keep it in the history if it ended or took
    the place of a game left unfinished (``replacing``: see :func:`archived`), and let the computer move if it is
    its turn."""
    match = match.settled()
    before = model.matches.get(slot)
    kept = archived(before, match, replacing=replacing)
    table = TABLES[slot.game]
    sounds = heard(table, before, match) if before is not None and not replacing and slot not in model.hurry else []
    tables = {**model.tables, slot: table.start(match) if fresh or local is None else local}
    hurry = model.hurry if match.computer_to_move is not None else model.hurry - {slot}
    model = replace(_without_replay(model, slot), matches={**model.matches, slot: match}, tables=tables, hurry=hurry)
    return model, [fx.SaveMatch(slot), *kept, *sounds, *computer_turn(model, slot), *follow(model, slot)]


def heard(table: TableLogic, before: Match, after: Match) -> list[Effect]:
    """The sounds of what was played from ``before`` to ``after`` (by anyone: a person, a computer, a friend), as
    the table's optional ``heard(before, after)`` says; nothing when the game went back (an undo)."""
    sounds = getattr(table, "heard", None)
    return [] if sounds is None or after.cursor <= before.cursor else list(sounds(before, after))


def new_match(model: Model, game: str, setup: Setup, seed: int) -> tuple[Model, list[Effect]]:
    """Start the game of ``setup``: in the game's own slot, or, with a friend at a seat, in a new slot by link (a
    live table's is opened by :func:`etoile.app.live.host`)."""
    table = TABLES[game]
    match = Match.new(table.GAME, setup.options_json(), seed, setup.match_seats())
    route = Route("game", game, by_link=by_link.new_id(seed) if setup.by_link else None)
    slot = route.slot or Slot(game)
    model, effects = with_match(replace(model, setups={**model.setups, game: setup}), slot, match, fresh=True)
    return model, [*effects, fx.Navigate(href(route)), fx.Sound("start")]


def in_progress(match: Match | None) -> bool:
    """Whether ``match`` is a game a player would not want to lose by a slip: begun, and not over."""
    return match is not None and match.cursor > 0 and match.result is None


def _not_a_choice(match: Match) -> bool:
    """Whether no person chooses at ``match``'s position: the computer's turn, dice in the air, a forced action."""
    return match.person_to_move is None or match.game.forced(match.state) is not None


def can_take_back(match: Match) -> bool:
    """Whether the last action can be undone here: one was played, not by a friend on another device (a move
    that came in a link is theirs to take back, not this device's), and not in a day's challenge (one attempt)."""
    return match.can_undo and match.daily is None and by_link.made_here(match, match.cursor)


def undo_to_person(match: Match) -> Match:
    """Undo the last action and any computer or forced actions before it, back to a person's choice (never back
    beyond a friend's move)."""
    match = match.undo()
    while can_take_back(match) and _not_a_choice(match):
        match = match.undo()
    return match


def redo_to_person(match: Match) -> Match:
    """Redo the next action and what followed it of itself (the computer's replies, throws, forced actions), up to
    a person's next choice: what :func:`undo_to_person` took back comes back whole."""
    match = match.redo()
    while match.can_redo and _not_a_choice(match):
        match = match.redo()
    return match


def arrive(model: Model) -> tuple[Model, list[Effect]]:
    """The model on reaching its route. On a link's: a ``watch`` link's game to watch from its start (the same link
    opened again keeps where its replay is), a ``play`` link's game taken into its slot (:func:`receive`), or why the
    link opens none. At a game of the history, that game to watch the same way. Elsewhere, no game watched."""
    if model.route.screen == "history" and model.route.entry:
        return _arrive_past(model, model.route.entry)
    if model.route.screen != "link":
        return replace(model, watching=None), []
    text = model.route.link or ""
    if model.watching is not None and model.watching.link == text:
        return model, []
    try:
        shared = link.decode(text)
    except link.LinkRefused as refused:
        return replace(model, watching=Watch(text, refused=refused.reason, detail=str(refused))), []
    if shared.purpose == "play" and shared.by_link is not None:
        return receive(model, shared.match, shared.by_link)
    return replace(model, watching=watch_of(text, shared)), []


def watch_of(key: str, shared: link.Shared) -> Watch:
    """The game ``shared`` to watch, its throws checked if it was played live."""
    if shared.fair is None:
        return Watch(key, shared.match)
    from etoile.sharing.fair_dice import verdict  # noqa: PLC0415 - loaded with the first game played live

    return Watch(key, shared.match, fair=shared.fair, dice=verdict(shared.match, shared.fair))


def _arrive_past(model: Model, entry_id: str) -> tuple[Model, list[Effect]]:
    """A game of the history, to watch from its start; or, when its record does not replay, why."""
    key = f"history:{entry_id}"
    if model.watching is not None and model.watching.link == key:
        return model, []
    entry = next((e for e in model.history if e.id == entry_id), None)
    if entry is None:
        return replace(model, watching=Watch(key, refused="not_a_game", detail="no such game in the history")), []
    try:
        return replace(model, watching=watch_of(key, entry.opened())), []
    except link.LinkRefused as refused:
        return replace(model, watching=Watch(key, refused=refused.reason, detail=str(refused))), []


def receive(model: Model, incoming: Match, code: str) -> tuple[Model, list[Effect]]:
    """Take a game by link that came in a ``play`` link into its slot, and show its table there.

    What the device had is never lost: a link that parts from it is kept beside it (:attr:`Model.rivals`) until
    the player chooses, and an older link changes nothing.
    """
    game = incoming.game.ID
    route = Route("game", game, by_link=code)
    slot = route.slot or Slot(game)
    arrival = by_link.receive(incoming, model.matches.get(slot))
    match = arrival.match.settled()
    tables = {**model.tables, slot: TABLES[game].start(match)} if arrival.match is not model.matches.get(slot) else model.tables
    rivals = {**model.rivals, slot: arrival.rival} if arrival.rival is not None else model.rivals
    kept = archived(model.matches.get(slot), match)
    model = replace(model, route=route, watching=None, matches={**model.matches, slot: match}, tables=tables, rivals=rivals)
    # A rival is told by what sets it apart: another game, other players, else the move where they part.
    differs = arrival.differs[0] if arrival.differs else None
    params = {"move": arrival.common + 1} if arrival.outcome == "rival" and differs is None else {}
    told = arrival.outcome + ("_over" if match.result is not None and arrival.outcome in ("new", "moved") else "")
    told += f"_{differs}" if differs else ""
    effects = [fx.SaveMatch(slot), *kept, fx.Navigate(href(route), replace=True)]
    if arrival.rival is not None:
        effects.append(fx.SaveRival(slot))
    level = "warning" if arrival.outcome == "rival" else "info"
    return model.notify(f"bylink.arrived.{told}", level, params=params), effects


def watched(model: Model) -> Model:
    """The model a watched game's table is drawn from: that game alone, in its replay, with nothing of the player's."""
    watch = model.watching
    if watch is None or watch.match is None:
        raise ValueError("no game is being watched")
    game = watch.match.game.ID
    slot = Slot(game)
    return replace(
        model, route=Route("game", game), matches={slot: watch.match}, replays={slot: watch.replay}, tables={}, hurry=frozenset()
    )


def watch_update(model: Model, msg: m.GameMsg) -> tuple[Model, list[Effect]]:
    """A message on a link's screen: the replay's controls move the watched game, and a past game of the history is
    shared by its link as a table's is; nothing else is done, and nothing is saved."""
    watch = model.watching
    if watch is None or watch.match is None:
        return model, []
    slot = Slot(watch.match.game.ID)
    match msg:
        case m.ShareGame() | m.ShareCopy() | m.ShareSend() | m.ShareClose() | m.Copied() if model.route.screen == "history":
            lens, effects = _update(watched(model), msg, slot)
            return replace(model, sharing=lens.sharing, notices=lens.notices, next_notice=lens.next_notice), effects
        case m.ReplayExit():
            return model, [fx.Navigate("#/history" if model.route.screen == "history" else "#/")]
        case m.ReplayOpen() | m.ReplayStep() | m.ReplayTo() | m.ReplayPlay() | m.ReplayTick() | m.ReplaySpeed():
            lens, effects = _replay(watched(model), slot, watch.match, watch.replay, msg)
            replay = lens.replays.get(slot, watch.replay)
            return replace(model, watching=replace(watch, replay=replay)), [e for e in effects if isinstance(e, fx.Later)]
    return model, []


def slot_of_msg(model: Model, msg: m.GameMsg) -> Slot | None:
    """The slot a message is about: the one the runtime names (a computer's move, a coach's answer), else the game
    shown if the control names its game (a table's controls name only their game), else the game it names."""
    match msg:
        case m.ReplayTick(slot=slot) | m.Copied(slot=slot) | m.ComputerMove(slot=slot) | m.CoachAnswer(slot=slot):
            return slot
    named = msg.game
    return model.route.slot if named in (None, model.route.game) else Slot(named)


def link_url(model: Model, slot: Slot, purpose: str) -> str:
    """The address that opens the game in ``slot`` on another device: a replay to ``watch``, or, for a game by link,
    the next player's turn to ``play``."""
    code = slot.code if purpose == "play" else None
    return f"{model.address}#/link/{link.encode(model.matches[slot], purpose, code or None, fair=fair_of(model, slot))}"


def on_this_device(match: Match) -> Match:
    """``match`` with every person's seat played on this device: a game exported from a table by link or a live one
    goes on here, in a slot of its own, once imported."""
    return replace(match, seats=tuple(replace(seat, away=False) for seat in match.seats))


def imported_dice(model: Model, imported: ImportedGame) -> Model:
    """The model told what the fair dice of a game played live say of its throws, when the file it was imported
    from carries them (an exported live game does); unchanged for any other game."""
    if imported.fair is None:
        return model
    from etoile.sharing.fair_dice import verdict  # noqa: PLC0415 - loaded with the first game played live

    dice = verdict(imported.match, imported.fair)
    if dice.unchecked is not None:
        return model.notify("dice.unchecked", "warning", params={"n": dice.unchecked + 1})
    return model.notify("dice.checked", params={"count": dice.throws}) if dice.throws else model


def fair_of(model: Model, slot: Slot) -> Table | None:
    """The fair dice of the game in ``slot``, if it is played live here, or is the game being watched and was."""
    if slot in model.live:
        return model.live[slot].fair
    watch = model.watching
    return watch.fair if watch is not None and watch.match is model.matches.get(slot) else None


def update(model: Model, msg: m.GameMsg) -> tuple[Model, list[Effect]]:
    """The messages of a game's screen, for the game they are about."""
    slot = slot_of_msg(model, msg)
    if slot is None or slot.game not in TABLES:
        return model, []
    return _update(model, msg, slot)


def _update(model: Model, msg: m.GameMsg, slot: Slot) -> tuple[Model, list[Effect]]:
    game = slot.game
    table: TableLogic = TABLES[game]
    match_ = model.matches.get(slot)
    match msg:
        case (
            m.SetupPlayers() | m.SetupSeatKind() | m.SetupSeatLevel() | m.SetupSeatName() | m.SetupOption()
            | m.SetupStart() | m.AbandonConfirm()
        ):  # fmt: skip
            return _setup(model, msg, game)
        case (
            m.ReplayOpen() | m.ReplayStep() | m.ReplayTo() | m.ReplayPlay() | m.ReplayTick() | m.ReplaySpeed()
            | m.ReplayExit()
        ) if match_ is not None and (slot in model.replays or isinstance(msg, (m.ReplayOpen, m.ReplayTo))):  # fmt: skip
            return _replay(model, slot, match_, model.replays.get(slot, Replay()), msg)
        case m.ExportGame() if match_ is not None:
            return model, [fx.ExportGame(slot)]
        case m.ShareGame() if match_ is not None:
            return replace(model, sharing=slot), [fx.Focus(f"#share-{game}")]
        case m.ShareCopy("daily", _, text) | m.ShareSend("daily", _, text) if match_ is not None and text:
            return model, [fx.Copy(slot, text) if isinstance(msg, m.ShareCopy) else fx.Send("", text)]
        case m.ShareCopy(purpose) | m.ShareSend(purpose) if match_ is not None:
            url = link_url(model, slot, "play" if purpose == "play" else "watch")
            return model, [fx.Copy(slot, url) if isinstance(msg, m.ShareCopy) else fx.Send(url)]
        case m.Copied(ok=ok):
            return model.notify("link.copied" if ok else "link.copy_failed"), []
        case m.ShareClose():
            return replace(model, sharing=None), [fx.Focus(f'[data-action=share-game][data-game="{game}"]')]
        case m.RivalKeep() | m.RivalTake() if slot in model.rivals:
            return _settle_rival(model, slot, keep=isinstance(msg, m.RivalKeep))
        case m.ImportGame(text) if not slot.by_link:
            try:
                imported = import_match(text, game, {game: table.GAME})
            except ImportRefused as refused:
                terms = {"game": f"game.{game}.name"}
                return model.notify("table.import_refused", "warning", terms=terms, details=str(refused)), []
            loaded = on_this_device(imported.match)
            if match_ is not None and replaces(match_, loaded.settled()) and not msg.confirmed:
                return ask_to_replace(model, (match_,), msg, f'[data-action=import-game][data-game="{game}"]')
            model, effects = with_match(model, slot, loaded, fresh=True, replacing=True)
            return imported_dice(model.notify("table.imported"), replace(imported, match=loaded)), effects
        case _ if slot in model.replays or slot in model.rivals:
            return model, []  # a replay is only watched, a game with a rival waits for the choice: no action meanwhile
        case m.Rematch(seed) if match_ is not None:
            return _rematch(model, slot, match_, seed)
        case m.Play(action) if match_ is not None and match_.friend_to_move is None:  # a friend's move comes in a link
            return _play(model, slot, match_, table.GAME.action_from_json(action))
        case m.ComputerSkip() if match_ is not None and match_.computer_to_move is not None:
            return replace(model, hurry=model.hurry | {slot}), []
        case m.ComputerMove(ply=ply, action=action) if match_ is not None and ply == match_.cursor:
            return _play(model, slot, match_, table.GAME.action_from_json(action))
        case m.Undo() if match_ is not None and table.GAME.DESCRIPTION.undo and can_take_back(match_):
            return with_match(model, slot, undo_to_person(match_), fresh=True)
        case m.Redo() if match_ is not None and table.GAME.DESCRIPTION.undo and match_.can_redo:
            return with_match(model, slot, redo_to_person(match_), fresh=True)
        case m.AtTable(msg=own) | (m.CoachAnswer() as own) if match_ is not None:
            return table_step(model, slot, match_, own, lambda model, after, local: with_match(model, slot, after, local))
    return model, []


Keep = Callable[[Model, Match, Any], tuple[Model, list[Effect]]]
"""How a table's new match is kept, with the table's view state after it: :func:`with_match`, or a live table's
way (:func:`etoile.app.live.play_here`)."""


def table_step(model: Model, slot: Slot, match: Match, own: object, keep: Keep) -> tuple[Model, list[Effect]]:
    """A table's own message (or a coach's answer) at the game in ``slot``: the table's view state after it (a
    pointer learned once done, a draft saved), and the match it leads to, if it moved, kept by ``keep``."""
    table = TABLES[slot.game]
    local = model.tables.get(slot)
    before = local if local is not None else table.start(match)
    new_match, new_local, effects = table.on(match, before, own)
    effects = in_slot(effects, slot)
    tip = None if slot in model.replays else showing(tips_of(table), model.settings.learned, match, before)
    if tip is not None and tip.done(match, new_match, new_local):  # the player did what it said: learned
        model = replace(model, settings=model.settings.learned_tip(tip.key))
        effects = [*effects, fx.SaveSettings()]
    if new_match is match:
        draft = getattr(table, "draft", None)
        if draft is not None and draft(new_local) != draft(before):  # a choice a reload must not lose
            effects = [*effects, fx.SaveDraft(slot)]
        return replace(model, tables={**model.tables, slot: new_local}), effects
    model, more = keep(model, new_match, new_local)
    return model, [*effects, *more]


def continue_entry(model: Model, msg: m.HistoryContinue) -> tuple[Model, list[Effect]]:
    """A game of the history left unfinished, continued ("Continue this game"): back in its game's slot (asking
    first when it would replace a game in progress, which goes to the history in turn), and its table opened. A slot
    that holds that game already, as far or further, is only opened."""
    entry = next((e for e in model.history if e.id == msg.entry and e.ended == "abandoned"), None)
    if entry is None:
        return model, []
    try:
        match = entry.replayed()
    except link.LinkRefused:
        return model, []  # its screen says it cannot be replayed, and offers no way to continue it
    slot = Slot(entry.game)
    before = model.matches.get(slot)
    opened = fx.Navigate(href(Route("game", entry.game)))
    if before is not None and kept_by(match, before):
        return model, [opened]
    if before is not None and replaces(before, match) and not msg.confirmed:
        return ask_to_replace(model, (before,), msg, "[data-action=history-continue]")
    model, effects = with_match(model, slot, match, fresh=True, replacing=True)
    return model, [*effects, opened]


def _setup(model: Model, msg: m.Setup, game: str) -> tuple[Model, list[Effect]]:
    """The setup form's messages: who sits where, the options, and the start (which asks first before it replaces
    a game in progress; a game by link takes a slot of its own and replaces nothing)."""
    setup = setup_of(model, game)
    match msg:
        case m.SetupPlayers(count):
            return _with_setup(model, game, setup.with_players(count))
        case m.SetupSeatKind(index, kind):
            return _with_setup(model, game, setup.with_kind(index, kind))
        case m.SetupSeatLevel(index, level):
            return _with_setup(model, game, setup.with_seat(index, computer=level, away=False))
        case m.SetupSeatName(index, name):
            return _with_setup(model, game, setup.with_seat(index, name=name))
        case m.SetupOption(option, value):
            return _with_setup(model, game, setup.with_option(option, value))
        case m.SetupStart() if in_progress(model.matches.get(Slot(game))) and not setup.by_link and not setup.live:
            return replace(model, dialog="abandon"), [fx.FocusDialog()]  # a slip must not lose the game
        case m.SetupStart(seed) | m.AbandonConfirm(seed):
            try:
                return new_match(replace(model, dialog=None), game, setup, seed)
            except ValueError as error:  # a combination of options the game does not offer
                return model.notify("setup.invalid", "warning", details=str(error)), []
    return model, []


def _rematch(model: Model, slot: Slot, match: Match, seed: int) -> tuple[Model, list[Effect]]:
    """The same players and options again, with a fresh seed; a game by link starts again under a new id, which
    the friends' devices take as a new game."""
    rematch = Match.new(match.game, match.options, seed, match.seats)
    if not slot.by_link:
        model, effects = with_match(model, slot, rematch, fresh=True)
        return model, [*effects, fx.FocusNext()]
    route = Route("game", match.game.ID, by_link=by_link.new_id(seed))
    model, effects = with_match(model, route.slot or slot, rematch, fresh=True)
    return model, [*effects, fx.Navigate(href(route))]


def _settle_rival(model: Model, slot: Slot, *, keep: bool) -> tuple[Model, list[Effect]]:
    """The player's choice between the game on this device and the link's that parts from it: the other goes."""
    rival = model.rivals[slot]
    model = replace(model, rivals={s: r for s, r in model.rivals.items() if s != slot})
    saved = fx.SaveRival(slot)
    if keep:
        return model.notify("bylink.kept_mine"), [saved, fx.FocusNext()]
    model, effects = with_match(model, slot, rival, fresh=True)
    return model.notify("bylink.took_link"), [saved, *effects, fx.FocusNext()]


def _replay(model: Model, slot: Slot, match: Match, replay: Replay, msg: m.Replaying) -> tuple[Model, list[Effect]]:
    """Open, step, jump, play, pause, change speed, or leave the replay of the game in ``slot``.

    A replay moves through :attr:`Match.positions`: from one player's move to the next, never to dice in the air.
    """
    effects: list[Effect] = []
    positions = match.positions
    at = bisect_right(positions, replay.ply) - 1  # the position shown (the last at or before the ply)
    match msg:
        case m.ReplayOpen() if match.cursor > 0:
            pass
        case m.ReplayStep(by):
            step = max(0, min(len(positions) - 1, at + by))
            replay = Replay(positions[step], False, replay.speed)
        case m.ReplayTo(ply) if ply >= 0:
            replay = Replay(positions[bisect_right(positions, ply) - 1], False, replay.speed)
        case m.ReplayPlay():
            replay = replace(replay, playing=not replay.playing and at < len(positions) - 1)
            effects = _tick(slot, replay) if replay.playing else []
        case m.ReplayTick(ply=ply) if replay.playing and ply == replay.ply and at < len(positions) - 1:
            replay = replace(replay, ply=positions[at + 1], playing=at + 2 < len(positions))
            effects = _tick(slot, replay) if replay.playing else []
        case m.ReplaySpeed(speed) if speed in REPLAY_SPEEDS:
            replay = replace(replay, speed=speed)
        case m.ReplayExit():  # back to the game: the computer plays on if it was its turn
            model = _without_replay(model, slot)
            return model, [*computer_turn(model, slot), *follow(model, slot)]
        case _:
            return model, []
    return replace(model, replays={**model.replays, slot: replay}), effects


def _without_replay(model: Model, slot: Slot) -> Model:
    return replace(model, replays={s: r for s, r in model.replays.items() if s != slot})


def _tick(slot: Slot, replay: Replay) -> list[Effect]:
    return [fx.Later(replay.speed, m.ReplayTick(slot, replay.ply))]


def _with_setup(model: Model, game: str, setup: Setup) -> tuple[Model, list[Effect]]:
    return replace(model, setups={**model.setups, game: setup}), []


def _play(model: Model, slot: Slot, match: Match, action: Any) -> tuple[Model, list[Effect]]:
    try:
        played = match.play(action)
    except IllegalAction as error:
        return model.notify("play.illegal", "warning", details=str(error)), []
    return with_match(model, slot, played, fresh=True)


def with_live_match(model: Model, slot: Slot, match: Match) -> tuple[Model, list[Effect]]:
    """Store the game of a live table as its host or the host's messages moved it: nothing drawn from the seed (its
    throws come from the devices' links), its sounds heard, kept in the history once it ends; the computer's seats
    play on the host alone."""
    before = model.matches.get(slot)
    kept = archived(before, match, fair=fair_of(model, slot))
    table = TABLES[slot.game]
    sounds = heard(table, before, match) if before is not None else []
    fresh = before is None or match.cursor != before.cursor
    tables = {**model.tables, slot: table.start(match) if fresh or slot not in model.tables else model.tables[slot]}
    model = replace(model, matches={**model.matches, slot: match}, tables=tables)
    hosting = model.live[slot].host is not None
    return model, [fx.SaveMatch(slot), *kept, *sounds, *(computer_turn(model, slot) if hosting else [])]
