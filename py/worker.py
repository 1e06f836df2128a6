"""The computer players' web worker: a second interpreter, so the page never freezes while they think."""

from etoile.engine.computer import advise, choose, prepare  # noqa: F401 - exported to the page by __export__

__export__ = ["advise", "choose", "prepare"]
