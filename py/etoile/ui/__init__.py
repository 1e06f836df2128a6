"""The page: pure views (``vdom``, ``views``) and the browser runtime (``dom``, ``browser``).

Only ``dom`` and ``browser`` import ``js`` / ``pyodide``; the rest runs on CPython.
"""
