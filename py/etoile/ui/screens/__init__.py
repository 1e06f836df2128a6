"""The page's screens, one module each; :mod:`etoile.ui.views` draws the frame around them and picks one by route."""
