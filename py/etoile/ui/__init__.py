"""The page: pure views (``vdom``, ``views``) and the browser runtime (``dom``, ``runtime``).

Only ``dom`` and ``runtime`` (but its pure ``runtime.events``) import ``js`` / ``pyodide``; the rest runs on CPython.
"""
