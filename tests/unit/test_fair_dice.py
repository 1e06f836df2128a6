"""Dice nobody can fake: every device's chain of links, the faces drawn from all of them, and the record that lets
anyone check every throw of a live table."""

from __future__ import annotations

import hashlib
import json
import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from etoile.engine.dice import Roll
from etoile.engine.game import CHANCE
from etoile.engine.match import Match
from etoile.games.four21 import rules as four21
from etoile.games.generala import rules as generala
from etoile.sharing.fair_dice import (
    DIGEST,
    Chain,
    Segment,
    Table,
    Verdict,
    check_faces,
    faces,
    first_unchecked,
    throws,
    verdict,
)

CHI2_DF5_P001 = 20.515
"""Chi-square's value that 5 degrees of freedom (six faces) exceed with probability 0.001."""


def secret(rng: random.Random) -> bytes:
    return rng.getrandbits(8 * DIGEST).to_bytes(DIGEST, "big")


def chi2(counts: Counter[int], faces_of: Sequence[int] = (1, 2, 3, 4, 5, 6)) -> float:
    total = sum(counts.values())
    return sum((counts[f] - total / len(faces_of)) ** 2 / (total / len(faces_of)) for f in faces_of)


def test_a_chain_reveals_each_link_as_the_preimage_of_the_one_before() -> None:
    chain = Chain.new(b"s" * DIGEST, 4)
    assert chain.link(4) == b"s" * DIGEST and len(chain.links) == 5
    assert [hashlib.sha256(chain.link(i)).digest() for i in (1, 2, 3, 4)] == list(chain.links[:4])
    assert chain.tip.hex() == hashlib.sha256(hashlib.sha256(chain.link(2)).digest()).hexdigest()
    with pytest.raises(IndexError):
        chain.link(5)
    with pytest.raises(IndexError):
        chain.link(0)  # the tip is the commitment, never a throw's link
    with pytest.raises(ValueError):
        Chain.new(b"short", 4)


def test_the_faces_of_a_throw_are_the_documented_hash_of_the_table_the_throw_and_the_links() -> None:
    links = [bytes(32), b"\x01" * 32]
    seed = hashlib.sha256(b"etoile dice 1\x00" + b"k3j9x2ab\x00" + (7).to_bytes(8, "big") + b"".join(links)).digest()
    expected = tuple(byte % 6 + 1 for byte in seed if byte < 252)[:5]
    assert faces("k3j9x2ab", 7, links, 5) == expected == (2, 1, 5, 3, 2)
    assert faces("k3j9x2ab", 7, links, 5) == faces("k3j9x2ab", 7, list(links), 5)  # the same on every device and run
    others = {faces("k3j9x2ab", 8, links, 5), faces("k3j9x2ac", 7, links, 5), faces("k3j9x2ab", 7, links[::-1], 5)}
    assert expected not in others  # another throw, another table, the links in another order: other faces
    assert len(faces("t", 0, links, 40)) == 40  # a second block is hashed when the first runs short
    with pytest.raises(ValueError):
        faces("t", 0, [], 3)


def test_faces_are_uniform_over_many_throws() -> None:
    rng = random.Random(421)
    counts: Counter[int] = Counter()
    pairs: Counter[tuple[int, int]] = Counter()
    for throw in range(6000):
        drawn = faces("table", throw, [secret(rng), secret(rng)], 5)
        counts.update(drawn)
        pairs[drawn[0], drawn[1]] += 1
    assert sum(counts.values()) == 30_000
    assert chi2(counts) < CHI2_DF5_P001
    expected = 6000 / 36
    assert sum((pairs[a, b] - expected) ** 2 / expected for a in range(1, 7) for b in range(1, 7)) < 66.6  # df 35


def test_a_device_that_picks_its_secret_after_seeing_the_others_tips_gets_no_better_faces() -> None:
    """The cheat knows the honest device's tip before it commits; it tries 200 secrets for each throw and keeps the
    one whose faces, computed with every value it can know of the honest device (its tip), show the most sixes. The
    faces really drawn (with the honest device's next link) are as uniform as ever: the tip gives nothing away."""
    rng = random.Random(6)
    counts: Counter[int] = Counter()
    predicted_right = 0
    for throw in range(1500):
        honest = Chain.new(secret(rng), 1)
        best = max(
            (Chain.new(secret(rng), 1) for _ in range(200)), key=lambda c: faces("t", throw, [honest.tip, c.link(1)], 5).count(6)
        )
        hoped = faces("t", throw, [honest.tip, best.link(1)], 5)
        drawn = faces("t", throw, [honest.link(1), best.link(1)], 5)
        counts.update(drawn)
        predicted_right += hoped == drawn
    assert chi2(counts) < CHI2_DF5_P001
    assert counts[6] / 7500 < 1 / 6 + 0.02
    assert predicted_right == 0


def two_devices(length: int = 50) -> tuple[Table, Chain, Chain]:
    ann, bob = Chain.new(b"a" * DIGEST, length), Chain.new(b"b" * DIGEST, length)
    return Table("k3j9x2ab").joined(Segment(0, 0, ann.tip)).joined(Segment(1, 0, bob.tip)), ann, bob


def test_a_link_that_is_not_the_one_committed_to_is_refused() -> None:
    table, ann, bob = two_devices()
    with pytest.raises(ValueError, match="device 1's link for throw 0 is not the one it committed to"):
        table.revealed(0, [(0, ann.link(1)), (1, bob.link(2))])  # a later link: its hash is not the tip
    with pytest.raises(ValueError, match="not the one"):
        table.revealed(0, [(1, b"x" * DIGEST)])
    with pytest.raises(ValueError, match="device 2 has no chain open at throw 0"):
        table.revealed(0, [(2, ann.link(1))])
    table = table.revealed(0, [(0, ann.link(1)), (1, bob.link(1))])
    with pytest.raises(ValueError, match="no chain open at throw 2"):
        table.revealed(2, [(0, ann.link(2))])  # throw 1 first


def test_a_device_back_after_an_absence_goes_on_with_its_chain_in_a_new_segment() -> None:
    table, ann, bob = two_devices()
    table = table.revealed(0, [(0, ann.link(1)), (1, bob.link(1))])
    table = table.revealed(1, [(0, ann.link(2))])  # Bob's phone slept
    with pytest.raises(ValueError, match="cannot open a chain at throw 0"):
        table.joined(Segment(1, 0, bob.link(1)))
    table = table.joined(Segment(1, 2, bob.link(1))).revealed(2, [(0, ann.link(3)), (1, bob.link(2))])
    assert [(s.device, s.first, s.count) for s in table.segments] == [(0, 0, 3), (1, 0, 1), (1, 2, 1)]
    assert table.links_of(1) == [ann.link(2)]
    assert table.links_of(2) == [ann.link(3), bob.link(2)]


def test_a_record_whose_links_were_changed_no_longer_checks() -> None:
    table, ann, bob = two_devices()
    for throw in range(3):
        table = table.revealed(throw, [(0, ann.link(throw + 1)), (1, bob.link(throw + 1))])
    drawn = faces(table.id, 1, table.links_of(1), 5)
    assert check_faces(table, 1, 5, drawn) and check_faces(table, 1, 5, drawn[::-1])
    record = json.loads(json.dumps(table.to_json()))
    assert Table.from_json(record) == table
    record["segments"][1][3] = ann.link(3).hex()  # Bob's last link replaced: it no longer hashes back to his tip
    tampered = Table.from_json(record)
    assert not check_faces(tampered, 1, 5, drawn)
    with pytest.raises(ValueError, match="do not lead back to its tip"):
        tampered.links_of(0)
    assert table.draws() == {n: (table.id, table.links_of(n)) for n in range(3)}
    assert tampered.draws() == {}  # every throw Bob's broken segment served has no links: none checks
    for bad in ({"table": 1, "segments": []}, {"segments": []}, {"table": "t", "segments": [[0, 0, "zz", "", 0]]}):
        with pytest.raises(ValueError):
            Table.from_json(bad)
    with pytest.raises(ValueError):
        Table.from_json({"table": "t", "segments": [[0, 0, ann.tip.hex(), "", 1]]})  # a count with no last link


def play_fair(game: object, options: dict[str, object], devices: int, seed: int) -> tuple[Match, Table]:
    """A whole game played with fair dice: every throw drawn from each device's next link, every choice at random."""
    rng = random.Random(seed)
    chains = [Chain.new(secret(rng), 400) for _ in range(devices)]
    table = Table(f"t{seed}")
    for device, chain in enumerate(chains):
        table = table.joined(Segment(device, 0, chain.tip))
    match = Match.new(game, options, seed)  # type: ignore[arg-type]
    throw = 0
    while match.result is None:
        if match.game.to_move(match.state) is CHANCE:
            count = match.game.chance_outcomes(match.state).dice
            table = table.revealed(throw, [(d, c.link(throw + 1)) for d, c in enumerate(chains)])
            match = match.play(Roll(faces(table.id, throw, table.links_of(throw), count)))
            throw += 1
        else:
            match = match.play(rng.choice(list(match.game.legal_actions(match.state))))
    return match, Table.from_json(json.loads(json.dumps(table.to_json())))


@pytest.mark.parametrize(("game", "options"), [(generala, {"players": 2}), (four21, {"players": 3})])
def test_every_throw_of_a_whole_game_played_with_fair_dice_checks_and_a_changed_one_is_named(
    game: object, options: dict[str, object]
) -> None:
    match, table = play_fair(game, options, devices=3, seed=5)
    numbered = list(throws(match))
    assert len(numbered) > 20 and [n for n, _, _ in numbered] == list(range(len(numbered)))
    assert first_unchecked(match, table) is None
    assert verdict(match, table) == Verdict(len(numbered), None) and table.served(0) == len(numbered)
    index = [i for i, state in enumerate(match.states[:-1]) if match.game.to_move(state) is CHANCE][4]
    roll = match.actions[index]
    other = Roll((roll.faces[0] % 6 + 1, *roll.faces[1:]))  # one die showing another face
    changed = match.undo(len(match.played) - index).play(other)  # the record up to the fifth throw, which showed other faces
    assert first_unchecked(changed, table) == 4 and verdict(changed, table) == Verdict(5, 4)


@settings(max_examples=40, deadline=None)
@given(
    devices=st.integers(1, 8),
    rounds=st.lists(st.sets(st.integers(0, 7), min_size=1), min_size=1, max_size=12),
    seed=st.integers(0, 2**32),
)
def test_any_sequence_of_presences_keeps_every_throw_checkable(devices: int, rounds: list[set[int]], seed: int) -> None:
    """Devices come and go between throws; each throw is drawn from those present; every throw checks afterwards
    from the record alone, and the record's size grows with the segments, never with the throws."""
    rng = random.Random(seed)
    chains = [Chain.new(secret(rng), len(rounds)) for _ in range(devices)]
    used = [0] * devices
    table, drawn = Table("t"), []
    present: set[int] = set()
    for throw, wanted in enumerate(rounds):
        here = {d for d in wanted if d < devices} or {0}
        for device in sorted(here - present):
            tip = chains[device].links[used[device]]
            table = table.joined(Segment(device, throw, tip))
        present = here
        links = [(d, chains[d].link(used[d] + 1)) for d in sorted(here)]
        table = table.revealed(throw, links)
        for d in here:
            used[d] += 1
        drawn.append(faces(table.id, throw, [link for _, link in links], 5))
    table = Table.from_json(json.loads(json.dumps(table.to_json())))
    assert all(check_faces(table, throw, 5, shown) for throw, shown in enumerate(drawn))
    assert len(table.segments) <= sum(len(r) for r in rounds)


def test_a_game_that_goes_on_at_a_new_table_checks_every_throw_of_both_and_keeps_their_record() -> None:
    match, first = play_fair(generala, {"players": 2}, devices=2, seed=8)
    numbered = list(throws(match))
    half = numbered[len(numbered) // 2][0]  # the host goes at this throw: a guest's device goes on as a new table
    index = [i for i, state in enumerate(match.states[:-1]) if match.game.to_move(state) is CHANCE][half]
    kept = match.undo(len(match.played) - index)
    old = Table(first.id, tuple(replace(s, last=s.links()[half - 1], count=half) for s in first.segments))
    assert old.throws == half and first_unchecked(kept, old) is None
    ann, cy = Chain.new(b"n" * 32, 50), Chain.new(b"c" * 32, 50)
    new = Table("n3wt4b1e", before=old).joined(Segment(0, half, ann.tip)).joined(Segment(1, half, cy.tip))
    with pytest.raises(ValueError):
        new.joined(Segment(2, half - 1, cy.tip))  # a chain cannot serve a throw the table before drew
    assert (new.start, new.throws, new.origin, new.at(0), new.at(half)) == (half, half, first.id, old, new)
    for offset in range(3):
        throw = half + offset
        new = new.revealed(throw, [(0, ann.link(offset + 1)), (1, cy.link(offset + 1))])
        count = kept.game.chance_outcomes(kept.state).dice
        kept = kept.play(Roll(faces(new.id, throw, new.links_of(throw), count)))
        while kept.game.to_move(kept.state) is not CHANCE and kept.result is None:
            kept = kept.play(kept.game.legal_actions(kept.state)[0])
    again = Table.from_json(json.loads(json.dumps(new.to_json())))
    assert again == new and verdict(kept, again) == Verdict(half + 3, None)
    assert new.links_of(0) == old.links_of(0) and check_faces(new, 0, 5, numbered[0][2].faces)
    moved = Table(new.id, new.segments)  # the record without the table it goes on from: the old throws no longer check
    assert verdict(kept, moved).unchecked == 0
    nested: dict[str, object] = {"table": "t", "segments": []}
    for _ in range(20):
        nested = {"table": "t", "segments": [], "before": nested}
    with pytest.raises(ValueError, match="at most"):
        Table.from_json(nested)  # type: ignore[arg-type]
