"""The games: one package each, holding everything that is that game's.

Each package declares its :class:`~etoile.engine.registry.GameSpec` as ``SPEC`` in its ``__init__.py``;
:mod:`etoile.engine.registry` finds them. Nothing here lists them.
"""
