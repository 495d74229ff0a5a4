"""End to end, a whole game (issue #9): eight turns of SoDBP written as a ``.vlog`` with the built
module the way the real VASSAL 3.7 engine writes it (``* `` before every report line, the tracker's
``TURN…`` command beside its line, ``LOG<TAB>null`` steps), checked with ``sdbp check`` against the
whole catalogue.

Every turn: both players draw up to their hand size (the French 4 + 2 bonus cards, the Viet Minh
the track's number; a reshuffle when the deck runs short, 5.4), the Viet Minh acts first, both
pass; in the End phase the VM and then the French discard their hands, the French roll for supply,
the refresh flips every spent unit back (but those under a No Supply marker), the VM rolls for
replacements from turn 2 and both place their reinforcements and replacements, the VM first. Card
plays of every timing class: *Rats of the Nam Yum* (D, turn 1) and *Improved Defenses* (R) against
*B-26 Bombers* (A, turn 1), *105mm Artillery* as a fire action (A, turn 2), *Heavy Flak* (E, turn 2's
supply step: one No Supply marker on a roll of 6), *Emergency Replacements* (X, turn 3: no
replacement roll that turn). The game ends with a result declared with the module's **French win**
button; the Viet Minh holds no victory area.

The clean game gives no illegal, suspicious or cannot-check finding. The planted one has exactly one
violation in each of the catalogue sections this issue adds — cards (a card drawn in the Action
phase), supply (a roll of 9 and no marker), replacements (a 5 rolled and only 2 placed), victory
(the Viet Minh declared the winner) and the card-specific checks (*Rats* flipping two units on a
1) — each at its log step, and nothing else.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from math import ceil
from pathlib import Path

import pytest
from click.testing import CliRunner

from sdbp_module.cli import main
from sdbp_module.games.sodbp.ids import FRENCH, VIET_MINH
from sdbp_module.ids import Side
from sdbp_module.model.game_data import GameData, SetupKind
from sdbp_module.vassal_log.scribe import Scribe

F, V = FRENCH, VIET_MINH
SECTIONS = ("cards", "supply", "replacements", "victory", "card-specific")

VM_ORDER = [f"VM-{n:02d}" for n in (3, 1, 7, 8, 25, 16, 11, 4, 5, 15, 12, 13, 14, 21, 22, 23, 24, 26, 27, 17, 18, 19, 20, 2, 6, 9, 10)]
FR_ORDER = [f"FR-{n:02d}" for n in (18, 1, 2, 3, 4, 5, *range(6, 18), *range(19, 28))]
FR_MOVES = {2: ("FR-I2REI-2", "16"), 3: ("FR-I2REI-4", "18"), 4: ("FR-I2REI-2", "15"), 5: ("FR-I2REI-4", "22"),
            6: ("FR-I2REI-2", "16"), 7: ("FR-I2REI-4", "18"), 8: ("FR-I2REI-2", "15")}
"""Turn → the French move action: one unit to the next area (both French, adjacent, no enemy)."""
VM_MOVER = "VM-308-88-322-1"  # between 7 and 5, both VM-controlled
SUPPLY_ROLLS = {1: [2, 3], 2: [3, 3], 3: [1, 4], 4: [2, 2], 5: [4, 4], 6: [1, 1], 7: [3, 4], 8: [2, 5]}
REPLACEMENT_ROLLS = {2: 2, 4: 1, 5: 3, 6: 1, 7: 2, 8: 1}
VM_PLACE_AREAS = ("1", "3", "32", "36", "37", "4", "7", "11", "40")  # VM-controlled, by preference
FR_PLACE_AREAS = ("33", "27", "38", "35", "28", "24")  # French-controlled, by preference (16: turn 1 only)


@dataclass
class Pile:
    deck: list[str]
    hand: list[str] = field(default_factory=list)
    discard: list[str] = field(default_factory=list)


class FullGame:
    """Writes the game with the scribe and keeps the facts the acts depend on (piles, spent units,
    how many units each side has in each area)."""

    def __init__(self, module: Path, game: GameData, plant: frozenset[str]) -> None:
        self.s = Scribe(module)
        self.game = game
        self.plant = plant
        self.at: dict[str, int] = {}
        self.piles = {F: Pile(list(FR_ORDER)), V: Pile(list(VM_ORDER))}
        self.spent: set[str] = set()
        self.count: dict[tuple[str, Side], int] = {}
        self.area: dict[str, str] = {}
        for unit in game.units:
            if unit.setup.kind is SetupKind.AREA:
                self.put(unit.id, unit.side, str(unit.setup.area))
        self.box = [u.id for u in game.units if u.setup.kind is SetupKind.REPLACEMENTS]

    # -- bookkeeping ----------------------------------------------------------------------------

    def here(self) -> int:
        return len(self.s.steps)  # the step just written (1-based, as findings give it)

    def put(self, unit: str, side: Side, area: str) -> None:
        old = self.area.get(unit)
        if old is not None:
            self.count[(old, side)] -= 1
        self.area[unit] = area
        self.count[(area, side)] = self.count.get((area, side), 0) + 1

    def move(self, side: Side, units: list[str], to: str) -> None:
        self.s.move(side, units, to)
        for u in units:
            self.put(u, side, to)

    def act_spent(self, side: Side, units: list[str]) -> None:
        self.s.flip(side, units)
        self.spent.update(units)

    def place(self, side: Side, units: list[str], areas: tuple[str, ...]) -> None:
        """Place units in the first areas with room (9 per side, 12.3), in as few drags as possible."""
        left = list(units)
        for area in areas:
            room = self.game.game.stacking_limit - self.count.get((area, side), 0)
            if room <= 0 or not left:
                continue
            batch, left = left[:room], left[room:]
            self.move(side, batch, area)
        assert not left, f"no room for {left}"

    # -- cards ----------------------------------------------------------------------------------

    def target(self, turn: int, side: Side) -> int:
        bonus = 2 if side is F else 0  # the French hold 6, 9, 14, 16, 20 and 21 all game (5.1)
        return self.game.turn_track[turn - 1].cards[side] + bonus

    def draw(self, side: Side, n: int) -> None:
        pile = self.piles[side]
        if len(pile.deck) < n and pile.discard:  # 5.4: merge the discards with the rest, shuffle, draw
            self.s.reshuffle(side, pile.discard)
            pile.deck = pile.deck + pile.discard
            pile.discard = []
        cards, pile.deck = pile.deck[:n], pile.deck[n:]
        self.s.draw(side, cards)
        pile.hand += cards

    def play(self, side: Side, card: str, target: str = "") -> None:
        pile = self.piles[side]
        pile.hand.remove(card)
        self.s.card(side, card, "play", target=target)
        if not self.game.card(card).removed_after_play:  # type: ignore[arg-type]
            pile.discard.append(card)

    def discard_hand(self, side: Side, keep: tuple[str, ...] = ()) -> None:
        pile = self.piles[side]
        gone = [c for c in pile.hand if c not in keep]
        for card in gone:
            self.s.card(side, card, "discard")
        pile.discard += gone
        pile.hand = [c for c in pile.hand if c in keep]

    # -- the game -------------------------------------------------------------------------------

    def write(self, path: Path) -> dict[str, int]:
        for turn in range(1, 9):
            if turn > 1:
                self.s.phase(turn, "draw", V)
            for side in (F, V):
                self.draw(side, self.target(turn, side) - len(self.piles[side].hand))
            self.s.phase(turn, "action", V)
            self.actions(turn)
            self.s.pass_(V)
            self.s.pass_(F)
            self.s.phase(turn, "end", V)
            self.end_phase(turn)
        self.s.result(F, V if "victory" in self.plant else F)
        if "victory" in self.plant:
            self.at["victory"] = self.here()
        self.s.write(path)
        return self.at

    def actions(self, turn: int) -> None:
        s = self.s
        if turn == 2:  # 105mm Artillery as the VM's action: FP 9 + 2 = 11 against DEF 8 + terrain 3 in 14
            self.play(V, "VM-16", "14")
            s.dice(V, "fire", [1, 1])
        else:  # a VM move between 7 and 5
            to = "5" if self.area[VM_MOVER] == "7" else "7"
            self.move(V, [VM_MOVER], to)
            self.act_spent(V, [VM_MOVER])
            if "cards" in self.plant and turn == 4:
                self.draw(V, 1)  # a card drawn outside the Draw phase (5.1)
                self.at["cards"] = self.here()
        if turn == 1:  # Rats of the Nam Yum in the VM's own action: d6 = 1, one fresh French unit in 24 flipped
            self.play(V, "VM-03", "24")
            s.dice(V, "other", [1])
            if "card-specific" in self.plant:
                self.at["card-specific"] = self.here()  # the roll that says how many may flip
            rats = ["FR-BT2-5", "FR-BT2-6"] if "card-specific" in self.plant else ["FR-BT2-5"]
            s.flip(V, rats)
            self.spent.update(rats)
        if turn == 3:  # Emergency Replacements at the end of the VM's action: 2 fresh units into 4
            self.play(V, "VM-15")
            units, self.box = self.box[:2], self.box[2:]
            self.move(V, units, "4")
            self.no_replacements = s.add_marker(V, "no-replacements", "no-replacements", "Turn 3")
        if turn == 1:  # B-26 Bombers on 8, Improved Defenses before the roll: 6 + 2 = 8 against 8 + 1 × 2
            self.play(F, "FR-18", "8")
            self.play(V, "VM-01", "8")
            s.dice(F, "fire", [1, 1])
        else:
            unit, to = FR_MOVES[turn]
            self.move(F, [unit], to)
            self.act_spent(F, [unit])

    def end_phase(self, turn: int) -> None:
        s = self.s
        self.discard_hand(V, keep=("VM-11",) if turn == 2 else ())  # Heavy Flak is kept for the supply step
        self.discard_hand(F)
        roll = [5, 4] if "supply" in self.plant and turn == 4 else SUPPLY_ROLLS[turn]
        s.dice(F, "supply", roll)
        if "supply" in self.plant and turn == 4:
            self.at["supply"] = self.here()  # 9: one area must go unsupplied, none is marked
        unsupplied: set[str] = set()
        markers = []
        if turn == 2:  # Heavy Flak on a roll of 6: 0 + 1 area (AMB-11), the VM marks 16
            self.play(V, "VM-11")
            markers.append(s.add_marker(V, "no-supply", "no-supply", "16"))
            unsupplied.add("16")
        for side in (V, F):  # the refresh (4.0 C)
            back = sorted(
                u for u in self.spent if self.game.unit(u).side is side and self.area[u] not in unsupplied  # type: ignore[arg-type]
            )
            if back:
                s.flip(side, back, spent=False)
                self.spent -= set(back)
        for marker in markers:
            s.delete(marker)
        if turn >= 2 and turn != 3:
            d6 = 5 if "replacements" in self.plant and turn == 5 else REPLACEMENT_ROLLS[turn]
            s.dice(V, "replacements", [d6])
            if "replacements" in self.plant and turn == 5:
                self.at["replacements"] = self.here()  # the roll: the findings about it point there
            n = ceil(d6 / 2) - (1 if "replacements" in self.plant and turn == 5 else 0)
            units, self.box = self.box[:n], self.box[n:]
            self.place(V, units, VM_PLACE_AREAS)
        for side, areas in ((V, VM_PLACE_AREAS), (F, FR_PLACE_AREAS)):
            arriving = [u.id for u in self.game.units if u.side is side and u.setup.kind is SetupKind.TURN and u.setup.turn == turn]
            if arriving:
                self.place(side, arriving, ("16",) if side is F and turn == 1 else areas)
        if turn == 3:
            s.delete(self.no_replacements)  # removed at the end of the turn (Emergency Replacements)


def check(log: Path, module: Path) -> tuple[int, dict[str, object]]:
    result = CliRunner().invoke(main, ["check", str(log), "--module", str(module), "--format", "json"])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    return result.exit_code, json.loads(result.output)


def serious(findings: list[dict[str, object]]) -> list[tuple[object, object, object]]:
    return [
        (f["rule_id"], f["severity"], f["where"]["index"])  # type: ignore[index]
        for f in findings
        if f["severity"] in ("illegal", "suspicious", "cannot-check")
    ]


@pytest.fixture(scope="module")
def clean(module: Path, game: GameData, tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("full") / "clean.vlog"
    FullGame(module, game, frozenset()).write(path)
    return path


def test_the_clean_game_breaks_no_rule(clean: Path, module: Path) -> None:
    code, report = check(clean, module)
    findings = report["findings"]
    assert serious(findings) == []  # type: ignore[arg-type]
    assert code == 0
    assert not report["rules_not_checked"]  # the whole catalogue ran
    result = report["result"]
    assert result == {  # type: ignore[comparison-overlap]
        "winner": "french",
        "claimed": "french",
        "agrees": True,
        "text": result["text"],  # type: ignore[index]
    }
    assert "the Viet Minh holds 0 of the 7 victory areas" in result["text"]  # type: ignore[index]


def test_the_planted_game_gives_one_finding_per_section(module: Path, game: GameData, tmp_path: Path) -> None:
    path = tmp_path / "planted.vlog"
    at = FullGame(module, game, frozenset(SECTIONS)).write(path)
    code, report = check(path, module)
    expected = {
        ("CARD-DRAW-ONLY-IN-DRAW", "illegal", at["cards"]),
        ("SUPPLY-UNSUPPLIED-COUNT", "illegal", at["supply"]),
        ("REPLACEMENTS-HALF-D6", "illegal", at["replacements"]),
        ("VICTORY-6-AREAS", "illegal", at["victory"]),
        ("C-RATS", "illegal", at["card-specific"]),
    }
    assert set(serious(report["findings"])) == expected  # type: ignore[arg-type]
    assert len(serious(report["findings"])) == len(expected)  # type: ignore[arg-type]
    assert code == 1


@pytest.mark.parametrize("section", SECTIONS)
def test_each_plant_alone_gives_only_its_finding(section: str, module: Path, game: GameData, tmp_path: Path) -> None:
    path = tmp_path / f"{section}.vlog"
    at = FullGame(module, game, frozenset({section})).write(path)
    code, report = check(path, module)
    found = serious(report["findings"])  # type: ignore[arg-type]
    assert [(rid, index) for rid, _sev, index in found] == [(found[0][0], at[section])] and code == 1
