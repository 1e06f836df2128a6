"""Games at chosen moments, built with the rules engine and saved as the app saves them (localStorage items).

A test seeds these items before the app's first load instead of clicking its
way there: a person's turn against the computer with the dice just thrown, or
a finished game, is one record away.
"""

from __future__ import annotations

from etoile.engine.match import Match, Seat
from etoile.engine.registry import REGISTRY
from etoile.games.chinese_checkers import ai as cc_ai
from etoile.games.chinese_checkers import rules as cc
from etoile.games.four21 import rules as four21
from etoile.games.generala import rules as generala
from etoile.saved.settings import Settings
from etoile.saved.storage import MemoryBackend, Store

PERSON_AND_COMPUTER = (Seat("Ann"), Seat("Max", "easy"))
"""Ann, a person, against Max, the computer at its easiest level."""
SEED = 7


def items(*, theme: str = "system", match: Match | None = None) -> dict[str, str]:
    """The localStorage items of English settings in ``theme`` and, if given, ``match`` as the saved game."""
    backend = MemoryBackend()
    store = Store(backend)
    store.save_settings(Settings(language="en", theme=theme))
    if match is not None:
        store.save_match(match)
    return dict(backend.items)


def _four21_move(state: four21.State) -> four21.Throw | four21.Stop:
    """Stand as soon as allowed, else throw every die."""
    stop = four21.Stop()
    if state.rolloff is None and state.throws and stop in four21.legal_actions(state):
        return stop
    return four21.Throw()


def _generala_move(state: generala.State) -> generala.Throw | generala.Fill:
    """Throw once, then fill the box that scores most (the first such box in sheet order)."""
    if state.phase == "start" or state.throw == 0:
        return generala.Throw()
    preview = generala.preview(state)
    return generala.Fill(max(generala.open_boxes(state), key=lambda box: (preview[box], -generala.BOXES.index(box))))


def _play(match: Match, choose, until) -> Match:
    match = match.settled()
    while not until(match):
        match = match.play(choose(match.state)).settled()
    return match


def mid_game(game_id: str) -> Match:
    """The person's turn against the computer: the dice thrown once (421, Generala), or a few moves in (Chinese checkers)."""
    game = REGISTRY[game_id]
    match = Match.new(game, {"players": 2}, SEED, PERSON_AND_COMPUTER)
    if game_id == "421":
        return _play(match, _four21_move, lambda m: m.state.rolloff is None and m.state.seat == 0 and m.state.throws == 1)
    if game_id == "generala":
        return _play(match, _generala_move, lambda m: m.state.phase != "start" and m.state.seat == 0 and m.state.throw == 1)
    return match.play_all(cc.action_from_text(move) for move in ("3-14", "117-106"))


def finished(game_id: str) -> Match:
    """A whole game between the person and the computer, to its end."""
    game = REGISTRY[game_id]
    match = Match.new(game, {"players": 2}, SEED, PERSON_AND_COMPUTER)
    over = lambda m: game.to_move(m.state) is None  # noqa: E731
    if game_id == "421":
        return _play(match, _four21_move, over)
    if game_id == "generala":
        return _play(match, _generala_move, over)
    return _play(match, lambda state: cc_ai.best_move(state, "easy"), over)


def last_move(game_id: str) -> Match:
    """A game where the person's next choice ends it: Generala alone with the dice thrown in the last round (one box
    open); 421 or Chinese checkers against the computer, at the person's last move of a game they win."""
    game = REGISTRY[game_id]
    if game_id == "generala":
        match = Match.new(game, {"players": 1}, SEED, (Seat("Ann"),))
        return _play(match, _generala_move, lambda m: len(generala.open_boxes(m.state)) == 1 and m.state.throw == 1)
    whole = _four21_won_by_ann() if game_id == "421" else _cc_won_by_ann()
    assert 0 in whole.result.winners, "the seeded game is one Ann wins"
    chosen = [ply for ply in range(whole.cursor) if whole.at(ply).person_to_move == 0 and game.forced(whole.states[ply]) is None]
    last = chosen[-1]
    return Match.new(game, whole.options, whole.seed, whole.seats).play_all(whole.actions[:last]).settled()


def _cc_won_by_ann() -> Match:
    """A two-player Chinese checkers game that Ann (easy) wins against Max (who plays the rearmost piece first)."""
    match = Match.new(cc, {"players": 2}, SEED, PERSON_AND_COMPUTER)

    def move(state: cc.State) -> cc.Move:
        if state.to_move == 0:
            return cc_ai.best_move(state, "easy")
        return cc.legal_moves(state)[-1]

    return _play(match, move, lambda m: cc.to_move(m.state) is None)


def _four21_won_by_ann() -> Match:
    """A two-player 421 game that Ann wins against Max, both standing as soon as they may."""
    match = Match.new(four21, {"players": 2}, 12, PERSON_AND_COMPUTER)
    return _play(match, _four21_move, lambda m: four21.to_move(m.state) is None)
