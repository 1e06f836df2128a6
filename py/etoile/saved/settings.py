"""The player's preferences, as one validated value."""

from __future__ import annotations

import re
from dataclasses import asdict, fields, replace
from typing import Any

from etoile.engine.lazy import lazy_dataclass
from etoile.engine.names import clean_name

LANGUAGES = ("en", "fr", "ru", "es")
THEMES = ("system", "light", "dark")
SPEEDS = ("slow", "normal", "fast", "off")
VOLUMES = range(101)
"""The volume's values, in percent of the loudest: 0 to 100."""
MOST_LEARNED = 64
"""The most pointers of first games the settings remember as learned (every game's together)."""
RELAY = re.compile(
    r"(?P<scheme>stun|turns?):(?:(?P<user>[^:@\s/?]{1,64}):(?P<password>[^@\s/?]{1,64})@)?"
    r"(?P<host>[A-Za-z0-9.-]{1,253}|\[[0-9A-Fa-f:.]{2,45}\])(?::(?P<port>[0-9]{1,5}))?(?P<transport>\?transport=(?:udp|tcp))?"
)
"""A server that helps devices on different networks connect: ``stun:host[:port]``, or a relay,
``turn:user:password@host[:port][?transport=udp|tcp]`` (``turns:`` over TLS)."""


def ice_server(relay: str) -> dict[str, str] | None:
    """The ICE server the browser is given for the ``relay`` setting (``None`` when it is empty: no server at all).

    >>> ice_server("stun:stun.example.org:3478")
    {'urls': 'stun:stun.example.org:3478'}
    >>> ice_server("turn:ann:s3cret@relay.example.org?transport=udp")
    {'urls': 'turn:relay.example.org?transport=udp', 'username': 'ann', 'credential': 's3cret'}
    """
    found = RELAY.fullmatch(relay)
    if not relay or found is None:
        return None
    scheme, host, port, transport = found["scheme"], found["host"], found["port"], found["transport"] or ""
    server = {"urls": f"{scheme}:{host}{':' + port if port else ''}{transport}"}
    if found["user"] is not None:
        server |= {"username": found["user"], "credential": found["password"]}
    return server


@lazy_dataclass
class Settings:
    """``language`` is ``None`` until the player picks one: the browser's language is used.

    ``name`` is the player's own name, offered for the person seats of new games;
    ``coach`` shows the computer's advice to people at the tables that have a coach;
    ``sound`` turns the sounds on, played at ``volume`` (one of :data:`VOLUMES`);
    ``vibrate`` lets a device that can vibrate do so when thrown dice land;
    ``learned`` holds the keys of the first games' pointers the player has dismissed or done;
    ``relay`` names a STUN or TURN server for live tables across networks (:data:`RELAY`), empty for none.
    """

    language: str | None = None
    name: str = ""
    sound: bool = True
    speed: str = "normal"
    theme: str = "system"
    coach: bool = False
    volume: int = 70
    vibrate: bool = True
    learned: tuple[str, ...] = ()
    relay: str = ""

    def __post_init__(self) -> None:
        if self.language is not None and self.language not in LANGUAGES:
            raise ValueError(f"unknown language {self.language!r}")
        if not isinstance(self.name, str) or self.name != clean_name(self.name):
            raise ValueError("name must be a short line of text")
        if not all(isinstance(switch, bool) for switch in (self.sound, self.coach, self.vibrate)):
            raise ValueError("sound, coach and vibrate must be true or false")
        if not isinstance(self.volume, int) or isinstance(self.volume, bool) or self.volume not in VOLUMES:
            raise ValueError(f"the volume must be a whole number from 0 to 100, not {self.volume!r}")
        if not isinstance(self.learned, tuple) or len(self.learned) > MOST_LEARNED:
            raise ValueError(f"learned must be a list of at most {MOST_LEARNED} keys")
        if not all(isinstance(key, str) and 0 < len(key) <= 80 for key in self.learned):
            raise ValueError("learned must hold the keys of pointers, short texts")
        if self.speed not in SPEEDS:
            raise ValueError(f"unknown animation speed {self.speed!r}")
        if self.theme not in THEMES:
            raise ValueError(f"unknown theme {self.theme!r}")
        if not isinstance(self.relay, str) or (self.relay and not RELAY.fullmatch(self.relay)):
            raise ValueError("the relay is a stun: or turn: address, or nothing")

    def to_json(self) -> dict[str, Any]:
        return asdict(self) | {"learned": list(self.learned)}

    @classmethod
    def from_json(cls, data: Any) -> Settings:
        """The settings of :meth:`to_json`'s output; fields this version does not know are dropped, but an object
        with fields and none of the settings' is another record (a saved game...), not settings.

        >>> Settings.from_json({"theme": "dark", "confetti": True}).theme
        'dark'
        >>> Settings.from_json({"game": "421", "seed": 7})
        Traceback (most recent call last):
        ...
        ValueError: settings hold none of the fields game, seed
        """
        if not isinstance(data, dict):
            raise ValueError("settings must be an object")
        if data and not any(f.name in data for f in fields(cls)):
            raise ValueError(f"settings hold none of the fields {', '.join(sorted(map(str, data)))[:200]}")
        given = {f.name: data[f.name] for f in fields(cls) if f.name in data}
        if isinstance(given.get("learned"), list):  # JSON has lists, the settings keep a tuple
            given["learned"] = tuple(given["learned"])
        return cls(**given)

    def with_(self, **changes: Any) -> Settings:
        return replace(self, **changes)

    def learned_tip(self, key: str) -> Settings:
        """These settings with the pointer ``key`` learned (the oldest forgotten past :data:`MOST_LEARNED`).

        >>> Settings().learned_tip("four21.tip.keep").learned_tip("four21.tip.keep").learned
        ('four21.tip.keep',)
        """
        if key in self.learned:
            return self
        return replace(self, learned=(*self.learned, key)[-MOST_LEARNED:])
