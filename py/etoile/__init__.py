"""Étoile: dice and board games, their rules and computer players in pure Python.

The package is laid out in layers, each importing only those below it: ``ui`` (the page), ``app`` (its logic),
``saved`` (what the browser keeps), ``sharing`` (what travels between devices) and ``engine`` (what every game
runs on). The ``games`` sit beside them, one package each, on the engine. Only ``etoile.ui.dom`` and
``etoile.ui.runtime`` import the browser's ``js``, ``pyodide`` and ``pyscript``: everything else runs unchanged on
CPython (tests, benchmarks) and on Pyodide (the page). pyproject.toml's import contracts hold the code to this.
"""

__version__ = "0.1.0"
