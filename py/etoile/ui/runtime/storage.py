"""The browser's ``localStorage`` as the store's backend."""

from __future__ import annotations

from js import window
from pyodide.ffi import JsException

from etoile.saved.storage import StorageFull
from etoile.ui.dom import absent


class LocalStorage:
    """``window.localStorage`` as a :class:`etoile.saved.storage.Backend`."""

    def __init__(self) -> None:
        self._storage = window.localStorage

    def get(self, key: str) -> str | None:
        value = self._storage.getItem(key)
        return None if absent(value) else str(value)

    def set(self, key: str, value: str) -> None:
        try:
            self._storage.setItem(key, value)
        except JsException as error:
            if "quota" in f"{getattr(error, 'name', '')} {error}".lower():
                raise StorageFull(key) from error
            raise

    def remove(self, key: str) -> None:
        self._storage.removeItem(key)

    def keys(self) -> list[str]:
        return [str(self._storage.key(i)) for i in range(self._storage.length)]
