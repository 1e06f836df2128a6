"""The settings screen: name, language, sound, vibration, pace, theme, offline play, and the saved data."""

from __future__ import annotations

from etoile.app.model import Model
from etoile.engine.names import NAME_LENGTH
from etoile.saved.settings import LANGUAGES, SPEEDS, THEMES
from etoile.ui.common import choices
from etoile.ui.i18n import Catalog
from etoile.ui.vdom import Attr, El, h

LANGUAGE_NAMES = {"en": "English", "fr": "Français", "ru": "Русский", "es": "Español"}
"""Each language named in itself, the same on every screen."""


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
        choices(
            "language",
            t("settings.language"),
            [(code, LANGUAGE_NAMES[code]) for code in LANGUAGES],
            model.language,
            "set-language",
        ),
        sound(model, t),
        choices("speed", t("settings.speed"), [(v, t(f"settings.speed.{v}")) for v in SPEEDS], s.speed, "set-speed"),
        choices("theme", t("settings.theme"), [(v, t(f"settings.theme.{v}")) for v in THEMES], s.theme, "set-theme"),
        relay(model, t),
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


def relay(model: Model, t: Catalog) -> El:
    """The server that helps live tables connect across networks: none unless the player names one, its privacy
    cost said beside it."""
    field: dict[str, Attr] = {
        "id": "relay",
        "type": "text",
        "inputmode": "url",
        "value": model.settings.relay,
        "placeholder": "stun:stun.example.org:3478",
        "spellcheck": "false",
        "autocomplete": "off",
        "data-action": "set-relay",
        "aria-describedby": "relay-privacy",
    }
    return h(
        "section",
        {"class": "relay", "aria-labelledby": "relay-title"},
        h("h2", {"id": "relay-title"}, t("settings.relay_title")),
        h("p", {}, t("settings.relay_lead")),
        h(
            "div",
            {"class": "field"},
            h("label", {"for": "relay"}, t("settings.relay")),
            h("input", field),
            h("p", {"id": "relay-privacy", "class": "hint"}, t("settings.relay_privacy")),
        ),
    )


def sound(model: Model, t: Catalog) -> El:
    """The sound's switch and volume (a slider, of no use while the sound is off), and the vibration's switch where
    the browser can vibrate."""
    s = model.settings
    level = t("settings.volume_level", volume=s.volume)
    return h(
        "fieldset",
        {"class": "choices"},
        h("legend", {}, t("settings.sound")),
        switch("set-sound", s.sound, t("settings.sound_on")),
        h(
            "div",
            {"class": "row volume"},
            h("label", {"for": "volume"}, t("settings.volume")),
            h(
                "input",
                {
                    "id": "volume",
                    "type": "range",
                    "min": "0",
                    "max": "100",
                    "step": "10",
                    "value": str(s.volume),
                    "disabled": not s.sound,
                    "aria-valuetext": level,
                    "data-action": "set-volume",
                },
            ),
            h("output", {"for": "volume", "aria-hidden": "true"}, level),  # the slider says it to a screen reader
        ),
        model.can_vibrate and switch("set-vibrate", s.vibrate, t("settings.vibrate")),
    )


def switch(action: str, on: bool, label: str) -> El:
    return h(
        "label",
        {"class": "choice switch"},
        h("input", {"type": "checkbox", "role": "switch", "checked": on, "data-action": action}),
        h("span", {}, label),
    )
