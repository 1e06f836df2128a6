"""The screens that show a game without playing it: a game of the history, and a game opened from a link."""

from __future__ import annotations

from etoile.app.model import Model, Watch
from etoile.app.play import watched
from etoile.engine.slot import Slot
from etoile.ui.i18n import Catalog
from etoile.ui.screens.live import dice_note
from etoile.ui.screens.past import continue_control, history_screen, when_text
from etoile.ui.screens.table import game, link_box
from etoile.ui.vdom import El, h


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
        dice_note(watch.dice, t),
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
        dice_note(watch.dice, t),
        game(watched(model), t, watching=True),
    )
