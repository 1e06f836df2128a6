"""Étoile: dice and board games, their rules and computer players in pure Python.

The subpackages ``games`` and ``ai`` and the modules beside this file never
import ``js`` or ``pyscript``: they run unchanged on CPython (tests, benchmarks)
and on Pyodide (the page). Only ``etoile.ui`` talks to the browser.
"""

__version__ = "0.1.0"
