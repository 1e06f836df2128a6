"""The engine every game runs on: the game protocol, matches with their record, dice and the random generator.

Nothing here knows a particular game, the page or the saved data: games implement
:class:`etoile.engine.game.Game`, and everything above reads them through it.
"""
