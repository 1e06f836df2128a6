"""Write the Generala players' shipped tables: ``tables.json`` and ``futures.bin`` of ``etoile/games/generala``.

    PYTHONPATH=py:. python3 -m tools.generala_tables [--check]

For the default rules and for each single option changed (five rule sets),
the table gives, for each of the 1024 sets of filled boxes (bit ``i`` is
``BOXES[i]``), the optimal expected score still to come in a solitaire game
(:func:`etoile.games.generala.ai.dp.compute_table`). Entry 0 of each table is the
expected final score of a whole game. The option ``big_general_open_box``
changes no value (a big general is counted as a small general), so its table
equals the default one; it is written anyway so that every shipped rule set
is listed. Any other combination of options is computed on first use.

``futures.bin`` holds, for the default rules, the distribution of the
points still to come from each of the 1024 sets of filled boxes under that
policy (:func:`etoile.games.generala.ai.win.compute_futures`, encoded by
:func:`etoile.games.generala.ai.win.encode`): what the player that plays to win
needs to know of the others. It takes about 5 s more. Its first distribution,
the whole game's final score, is also written on its own, in the same units, as
``scores.json``: the statistics screen draws it, and the page
never loads a computer player for it (:func:`final_scores`).

The output is deterministic (same floats, same layout, byte for byte). It
takes about 6 s on CPython 3.11 (about 1.2 s a table). ``--check`` recomputes
and exits with status 1 if the file is missing or out of date.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from dataclasses import replace

from etoile.games.generala.ai.dp import TABLES_FILE, compute_table
from etoile.games.generala.ai.win import FUTURES_FILE, SCALE, Pmf, compute_futures, encode
from etoile.games.generala.rules import Rules
from etoile.games.generala.stats_view import SCORES_FILE

FORMAT = 1


def rule_sets() -> list[Rules]:
    """The default rules, then each option flipped on its own."""
    default = Rules()
    return [default] + [replace(default, **{name: not value}) for name, value in default.to_json().items()]


def render() -> str:
    """The whole file, as text."""
    lines = [
        "{",
        f' "format": {FORMAT},',
        ' "about": "Optimal expected score still to come in solitaire Generala, by set of filled boxes'
        ' (bit i = BOXES[i]); written by tools/generala_tables.py",',
        ' "tables": [',
    ]
    sets = rule_sets()
    for n, rules in enumerate(sets):
        values = compute_table(rules)
        comma = "," if n < len(sets) - 1 else ""
        lines.append(f'  {{"rules": {json.dumps(rules.to_json())}, "values": {json.dumps(values)}}}{comma}')
    lines += [" ]", "}", ""]
    return "\n".join(lines)


def final_scores(pmf: Pmf) -> str:
    """The final score of a whole game, ``pmf``, as the statistics screen reads it: the first score that has a
    chance, then each chance in units of 1/:data:`~etoile.games.generala.ai.win.SCALE`, as ``futures.bin``
    holds them."""
    units = [round(p * SCALE) for p in pmf]
    seen = [x for x, u in enumerate(units) if u]
    about = (
        "The final score of the optimal expected-score player of Generala, default rules: chance of score"
        " first + i = units[i] / sum(units); written by tools/generala_tables.py"
    )
    return json.dumps({"about": about, "first": seen[0], "units": units[seen[0] : seen[-1] + 1]}) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="fail if the files are not up to date")
    args = parser.parse_args(argv)
    began = time.perf_counter()
    futures = compute_futures(Rules())
    written = {
        TABLES_FILE: render().encode("utf-8"),
        FUTURES_FILE: encode(futures),
        SCORES_FILE: final_scores(futures[0]).encode("utf-8"),
    }
    took = time.perf_counter() - began
    if args.check:
        stale = [path.name for path, data in written.items() if not path.exists() or path.read_bytes() != data]
        if stale:
            print(f"{', '.join(stale)} out of date: run python3 -m tools.generala_tables", file=sys.stderr)
            return 1
        print(f"{', '.join(path.name for path in written)} up to date ({took:.1f} s)")
        return 0
    for path, data in written.items():
        path.write_bytes(data)
        print(f"wrote {path} ({len(data) // 1024} KB)")
    print(f"in {took:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
