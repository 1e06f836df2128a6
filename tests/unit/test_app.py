"""The app's transitions and screens, without a browser."""

import json
from dataclasses import replace

import pytest

from etoile.app import effects as fx
from etoile.app import messages as m
from etoile.app.effects import Effect
from etoile.app.messages import Msg
from etoile.app.model import Model, Notice
from etoile.app.routes import Route
from etoile.app.update import update, with_problems
from etoile.engine.match import Match
from etoile.engine.slot import Slot
from etoile.saved.settings import Settings
from etoile.saved.storage import MemoryBackend, Problem, Store
from etoile.ui.i18n import catalog, rules
from etoile.ui.vdom import El
from etoile.ui.views import notice_text, title, view
from tests.games.pig import rules as pig


def run(model: Model, *msgs: Msg) -> tuple[Model, list[Effect]]:
    effects: list[Effect] = []
    for msg in msgs:
        model, more = update(model, msg)
        effects += more
    return model, effects


def by(attr: str, value: str | None = None):
    return lambda el: attr in el.attrs and (value is None or el.attrs[attr] == value)


def tag(name: str):
    return lambda el: el.tag == name


def test_a_route_message_changes_the_screen_and_moves_focus_to_its_heading() -> None:
    model, effects = run(Model(), m.RouteChanged("#/rules/421"))
    assert model.route == Route("rules", "421")
    assert effects == [fx.FocusHeading()]


@pytest.mark.parametrize(
    ("msg", "changed"),
    [
        (m.SetLanguage("fr"), {"language": "fr"}),
        (m.SetTheme("dark"), {"theme": "dark"}),
        (m.SetSpeed("off"), {"speed": "off"}),
        (m.SetSound(False), {"sound": False}),
        (m.SetVolume(30), {"volume": 30}),
        (m.SetVibrate(False), {"vibrate": False}),
        (m.SetName("  Zoé \n"), {"name": "Zoé"}),
        (m.SetRelay(" stun:stun.example.org:3478 "), {"relay": "stun:stun.example.org:3478"}),
        (m.SetRelay("turns:ann:pw@[2001:db8::1]:5349?transport=tcp"), {"relay": "turns:ann:pw@[2001:db8::1]:5349?transport=tcp"}),
    ],
)
def test_each_setting_is_applied_and_saved(msg: Msg, changed: dict) -> None:
    model, effects = run(Model(), msg)
    assert model.settings == Settings(**changed)
    assert fx.SaveSettings() in effects


@pytest.mark.parametrize("msg", [m.SetLanguage("de"), m.SetTheme("pink"), m.SetSpeed("3"), m.SetVolume(101), m.SetVolume(-10)])
def test_an_unknown_value_changes_nothing(msg: Msg) -> None:
    assert run(Model(), msg) == (Model(), [])


@pytest.mark.parametrize("relay", ["https://stun.example.org", "stun:", "stun:host name", "turn:ann@host", "stun:a.org:3478/x"])
def test_a_relay_that_is_not_a_stun_or_turn_address_is_told_and_the_setting_kept(relay: str) -> None:
    before = Model(settings=Settings(relay="stun:kept.example.org"))
    model, effects = run(before, m.SetRelay(relay))
    assert model.settings == before.settings and [n.key for n in model.notices] == ["settings.relay_invalid"]
    assert effects == [fx.Focus("#relay")]
    assert run(before, m.SetRelay("  "))[0].settings.relay == ""  # emptied: no server at all
    with pytest.raises(ValueError):
        Settings(relay=relay)


def test_a_new_volume_is_heard_at_once_unless_the_sound_is_off() -> None:
    assert run(Model(), m.SetVolume(40)) == (Model(settings=Settings(volume=40)), [fx.SaveSettings(), fx.Sound("toggle")])
    muted = Model(settings=Settings(sound=False))
    assert run(muted, m.SetVolume(40)) == (Model(settings=Settings(sound=False, volume=40)), [fx.SaveSettings()])
    assert run(muted, m.SetSound(True))[1] == [fx.SaveSettings(), fx.Sound("toggle")]


def test_the_animation_speed_is_off_while_a_computer_s_turn_is_skipped() -> None:
    model = Model(settings=Settings(speed="slow"))
    assert model.animation_speed == "slow"
    assert replace(model, hurry=frozenset({Slot("pig")})).animation_speed == "off"


def test_the_language_follows_the_browser_until_the_player_picks_one() -> None:
    model = Model(browser_language="ru")
    assert model.language == "ru"
    assert run(model, m.SetLanguage("fr"))[0].language == "fr"


def test_reset_asks_first_then_deletes_everything_and_says_so() -> None:
    model = Model(settings=Settings(theme="dark"), matches={Slot("pig"): Match.new(pig, {}, 1)})
    asked, effects = run(model, m.ResetAsk())
    assert asked.dialog == "reset" and effects == [fx.FocusDialog()]
    kept, _ = run(asked, m.DialogCancel())
    assert kept.dialog is None and kept.settings.theme == "dark"
    done, effects = run(asked, m.ResetConfirm())
    assert effects == [fx.ResetStorage()]
    assert (done.settings, done.matches, done.dialog) == (Settings(), {}, None)
    assert [n.key for n in done.notices] == ["reset.done"]


def test_storage_problems_become_notices_that_name_the_record() -> None:
    model = with_problems(
        Model(), [Problem("unreadable", "settings", "bad json", "etoile-aside:settings:1"), Problem("full", "match:421")]
    )
    first, second = model.notices
    t = catalog("en")
    assert notice_text(first, t).startswith("Some saved data (your settings) could not be read")
    assert first.aside_key == "etoile-aside:settings:1" and first.details == "bad json"
    assert notice_text(second, t).startswith("This browser's storage is full, so your 421 game could not be saved.")
    assert notice_text(second, catalog("ru")).startswith("Не удалось сохранить данные (ваша партия «421»)")


DAMAGED = {
    "en": (
        "Some saved data (a game of your history: 421, ended on 2026-12-05) could not be read",
        "Some saved data (a game of your history) could not be read",
    ),
    "fr": (
        "Des données enregistrées (une partie de votre historique\u00a0: 421, terminée le 05/12/2026) étaient illisibles",
        "Des données enregistrées (une partie de votre historique) étaient illisibles",
    ),
    "ru": (
        "Часть сохранённых данных (партия «421» из вашей истории, завершённая 05.12.2026) не удалось прочитать",
        "Часть сохранённых данных (партия из вашей истории) не удалось прочитать",
    ),
    "es": (
        "No se pudieron leer algunos datos guardados (una partida de tu historial: 421, terminada el 05/12/2026)",
        "No se pudieron leer algunos datos guardados (una partida de tu historial)",
    ),
}


@pytest.mark.parametrize("lang", sorted(DAMAGED))
def test_a_damaged_game_of_the_history_is_named_as_a_player_would(lang: str) -> None:
    backend = MemoryBackend()
    damaged = {"id": "a257cc2c9bec246b", "game": "421", "when": "2026-12-05T20:00", "record": 5}  # readable in part
    backend.set("etoile:history:a257cc2c9bec246b", json.dumps({"schema": 1, "data": damaged}))
    backend.set("etoile:history:0123456789abcdef", '{"schema": 1, "data": {"id": "0123456789abcdef"')  # cut short
    store = Store(backend)
    assert store.history() == []
    known, unknown = sorted(with_problems(Model(), store.problems).notices, key=lambda n: n.aside_key or "", reverse=True)
    assert notice_text(known, catalog(lang)).startswith(DAMAGED[lang][0])
    assert notice_text(unknown, catalog(lang)).startswith(DAMAGED[lang][1])


def test_a_refused_import_says_why_and_a_good_one_how_many() -> None:
    t = catalog("en")
    model, _ = run(Model(), m.ImportRefusal("bad_record", "settings", "theme"))
    assert (
        notice_text(model.notices[0], t)
        == "The file was not imported and nothing changed: the data for your settings in it is not valid."
    )
    match = Match.new(pig, {}, 1)
    model, _ = run(Model(), m.Imported(2, Settings(theme="dark"), {Slot("pig"): match}))
    assert notice_text(model.notices[0], t) == "2 items imported."
    assert model.settings.theme == "dark" and model.matches == {Slot("pig"): match}


def test_notices_are_dismissed_one_by_one_and_discarding_an_aside_value_asks_first_then_deletes_it() -> None:
    key = "etoile-aside:settings:1"
    model = Model().notify("reset.done").notify("storage.unreadable", aside_key=key)
    model, _ = run(model, m.Dismiss(1))
    assert [n.id for n in model.notices] == [2]
    model, effects = run(model, m.DiscardAsk(key))
    assert (model.dialog, model.discarding, effects) == ("discard", key, [fx.FocusDialog()])
    [dialog] = view(model).find_all(lambda el: el.attrs.get("role") == "alertdialog")
    t = catalog("en")
    assert dialog.text().startswith(t("discard.title") + t("discard.text"))
    kept, effects = run(model, m.DialogCancel())
    assert kept.dialog is None and len(kept.notices) == 1
    assert effects == [fx.Focus(f'[data-action=discard-ask][data-value="{key}"]')]
    model, effects = run(model, m.DiscardConfirm())
    assert model.notices == () and model.dialog is None
    assert effects == [fx.DiscardAside(key), fx.Focus("#main")]


def test_an_error_is_a_friendly_notice_with_the_details_folded_away() -> None:
    model, _ = run(Model(), m.Failed("Traceback (most recent call last): ..."))
    page = view(model)
    [details] = page.find_all(tag("details"))
    assert "Traceback" in details.text()
    assert "Traceback" not in "".join(el.text() for el in page.find_all(tag("p")))
    assert page.find_all(by("role", "alert"))[0].find_all(tag("p"))[0].text().startswith("Something went wrong")


def test_computer_players_that_cannot_start_are_reported_and_nothing_else_changes() -> None:
    before = Model()
    model, effects = run(before, m.ComputerFailed("Error: worker.py could not be loaded"))
    assert effects == [] and replace(model, notices=(), next_notice=before.next_notice) == before
    [alert] = view(model).find_all(by("role", "alert"))
    assert alert.find_all(tag("p"))[0].text() == (
        "The computer could not start, so it can neither play nor give advice. Reload the page to try again."
    )
    assert "worker.py could not be loaded" in alert.find_all(tag("details"))[0].text()


def test_the_home_screen_lists_the_three_games_with_picture_line_and_rules() -> None:
    page = view(Model())
    cards = page.find_all(by("class", "game-card"))
    assert [c.attrs["data-game"] for c in cards] == ["421", "generala", "chinese-checkers"]
    for card in cards:
        game = card.attrs["data-game"]
        assert card.find_all(tag("img"))[0].attrs["src"] == f"img/{game}.svg"
        assert catalog("en")(f"game.{game}.line") in card.text()
        assert [a.attrs["href"] for a in card.find_all(tag("a"))] == [f"#/{game}", f"#/rules/{game}"]


def test_a_game_in_progress_offers_continue_on_the_home_screen(pig_table: object) -> None:
    page = view(Model(matches={Slot("pig"): Match.new(pig, {}, 1)}))
    card = page.find_all(by("data-game", "pig"))[0]
    assert [(a.text(), a.attrs["href"]) for a in card.find_all(tag("a"))] == [
        ("Continue", "#/pig"),
        ("New game", "#/pig/new"),
        ("Rules", "#/rules/pig"),
    ]
    other = page.find_all(by("data-game", "421"))[0]
    assert "Continue" not in other.text()


def test_a_finished_game_is_not_offered_to_continue(pig_table: object) -> None:
    match = Match.new(pig, {"target": 1}, 421).play("roll").settled().play("hold")
    assert match.result is not None
    assert "Continue" not in view(Model(matches={Slot("pig"): match})).find_all(by("data-game", "pig"))[0].text()


def test_a_hostile_name_stays_a_text_node() -> None:
    name = "<img src=x onerror=alert(1)>"
    page = view(Model(settings=Settings(name=name)))
    greeting = page.find_all(by("class", "greeting"))[0]
    assert greeting.children == ["Welcome back, <img src=x onerror=alert(1)>."]
    assert not page.find_all(lambda el: el.tag == "img" and el.attrs.get("src") == "x")


@pytest.mark.parametrize("lang", ["en", "fr", "ru"])
@pytest.mark.parametrize(("game", "key"), [("421", "four21"), ("generala", "generala"), ("chinese-checkers", "chinese_checkers")])
def test_the_rules_page_states_every_section_and_option(lang: str, game: str, key: str) -> None:
    page = view(Model(route=Route("rules", game), settings=Settings(language=lang)))
    text = page.text()
    content = rules(lang)[key]
    for section in content["sections"]:
        assert section["heading"] in text
    for option in content["options"]:
        assert option["text"] in text
    # Each option goes by one name, the setup screen's.
    names = [dt.text() for dt in page.find_all(lambda el: el.tag == "dt" and "data-option" in el.attrs)]
    assert names == [catalog(lang)(f"{key}.option.{option['id']}") for option in content["options"]]


def test_the_settings_screen_shows_the_current_choices() -> None:
    page = view(Model(route=Route("settings"), settings=Settings(language="fr", theme="dark", speed="fast", sound=False)))
    checked = {
        el.attrs["name"]: el.attrs["value"]
        for el in page.find_all(tag("input"))
        if el.attrs.get("checked") and "name" in el.attrs
    }
    assert checked == {"language": "fr", "speed": "fast", "theme": "dark"}
    switch = page.find_all(by("role", "switch"))[0]
    assert "checked" not in switch.attrs


def test_the_volume_slider_shows_the_volume_and_rests_while_the_sound_is_off() -> None:
    page = view(Model(route=Route("settings"), settings=Settings(volume=30)))
    [slider] = page.find_all(by("type", "range"))
    assert slider.attrs == {
        "id": "volume",
        "type": "range",
        "min": "0",
        "max": "100",
        "step": "10",
        "value": "30",
        "aria-valuetext": "30%",
        "data-action": "set-volume",
    }
    assert [(el.tag, el.text()) for el in page.find_all(by("for", "volume"))] == [("label", "Volume"), ("output", "30%")]
    french = view(Model(route=Route("settings"), settings=Settings(language="fr", volume=30, sound=False)))
    [slider] = french.find_all(by("type", "range"))
    assert slider.attrs["disabled"] is True
    assert slider.attrs["aria-valuetext"] == "30\u00a0%"


def test_the_vibration_switch_is_offered_only_where_the_browser_can_vibrate() -> None:
    def switches(model: Model) -> dict[str, bool]:
        shown = view(replace(model, route=Route("settings"))).find_all(by("role", "switch"))
        return {el.attrs["data-action"]: bool(el.attrs.get("checked")) for el in shown}

    assert switches(Model()) == {"set-sound": True}
    assert switches(Model(can_vibrate=True)) == {"set-sound": True, "set-vibrate": True}
    assert switches(Model(can_vibrate=True, settings=Settings(vibrate=False))) == {"set-sound": True, "set-vibrate": False}


def test_the_reset_dialog_is_a_labelled_alertdialog() -> None:
    page = view(Model(route=Route("settings"), dialog="reset"))
    [dialog] = page.find_all(by("role", "alertdialog"))
    assert dialog.attrs["aria-modal"] == "true"
    assert [b.attrs["data-action"] for b in dialog.find_all(tag("button"))] == ["dialog-cancel", "reset-confirm"]


@pytest.mark.parametrize(
    ("route", "expected"),
    [(Route("home"), "Étoile"), (Route("rules", "421"), "Rules of 421 · Étoile"), (Route("settings"), "Settings · Étoile")],
)
def test_the_document_title_names_the_screen(route: Route, expected: str) -> None:
    assert title(Model(route=route)) == expected


def test_every_screen_has_one_h1_and_every_control_a_name() -> None:
    screens = [Route("home"), Route("settings"), Route("missing")] + [
        Route(s, g) for s in ("game", "rules") for g in ("421", "generala", "chinese-checkers")
    ]
    for route in screens:
        page = view(Model(route=route, dialog="reset" if route.screen == "settings" else None))
        assert len(page.find_all(tag("h1"))) == 1, route
        for control in page.find_all(lambda el: el.tag in ("a", "button")):
            assert control.text().strip(), (route, control)


def test_views_only_build_elements_and_strings() -> None:
    def check(node: El | str) -> None:
        if isinstance(node, El):
            assert all(isinstance(v, str | bool | int) for v in node.attrs.values())
            for child in node.children:
                check(child)
        else:
            assert isinstance(node, str)

    model = Model(notices=(Notice(1, "reset.done"),), route=Route("settings"), dialog="reset")
    check(view(model))


def test_a_notice_given_again_while_shown_is_counted_not_stacked() -> None:
    model = Model()
    for _ in range(3):
        model = model.notify("storage.full", "warning", details="QuotaExceededError")
    model = model.notify("storage.full", "warning", details="another reason")
    assert [(n.key, n.count, n.details) for n in model.notices] == [
        ("storage.full", 3, "QuotaExceededError"),
        ("storage.full", 1, "another reason"),
    ]
    shown = view(Model(route=Route("settings"), notices=model.notices))
    counts = shown.find_all(lambda el: el.attrs.get("class") == "notice-count")
    assert [c.text() for c in counts] == [" (3 times)"]


def test_a_notice_about_an_action_goes_with_its_screen_and_one_about_the_saved_data_or_an_error_stays() -> None:
    model = Model(route=Route("game", "421"))
    model = model.notify("link.copied").notify("table.import_refused", "warning").notify("bylink.arrived.stale")
    model = with_problems(model, [Problem("unreadable", "settings", "", "etoile-aside:settings:1"), Problem("full", "match:421")])
    model = replace(model, history_full=True).notify("storage.history_full", "warning").notify("error.unexpected", "error")
    assert [n.lasting for n in model.notices] == [False, False, False, True, True, True, True]
    moved, _ = run(model, m.RouteChanged("#/history"))
    assert [n.key for n in moved.notices] == ["storage.unreadable", "storage.full", "storage.history_full", "error.unexpected"]
    assert moved.notices == model.notices[3:]
    # A route message to the screen shown (a reload's) is no change of screen: nothing goes.
    assert run(model, m.RouteChanged("#/421"))[0].notices == model.notices
