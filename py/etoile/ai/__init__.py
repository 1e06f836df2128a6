"""The computer players and coaches of the games: pure Python, importable by plain CPython."""
