"""The runtime that connects the pure app to the page: the only code that talks to the browser.

* :mod:`~etoile.ui.runtime.events`: page events read into typed messages, and checked (pure: runs on CPython);
* :mod:`~etoile.ui.runtime.effects`: each effect carried out, by its type;
* :mod:`~etoile.ui.runtime.worker`: the computer players' worker, asked for moves and advice;
* :mod:`~etoile.ui.runtime.storage`: ``localStorage`` as the store's backend;
* :mod:`~etoile.ui.runtime.page`: the :class:`~etoile.ui.runtime.page.Runtime` wiring them (the message loop, the
  drawing, the focus, the listeners) and :func:`~etoile.ui.runtime.page.start`.
"""
