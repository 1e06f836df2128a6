"""The page's logic without the page: the model, the routes, the setup, and the update function.

Pure: a message and a model in, a new model and effects out (see :mod:`etoile.app.update`).
"""
