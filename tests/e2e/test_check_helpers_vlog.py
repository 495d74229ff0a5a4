"""End to end, the module's toolbar helpers (issue 12): the whole game of ``test_check_full_game_vlog``
played with the helper buttons as the 3.7 engine logs them (report-formats §2.13) — every draw with
**Draw: French** / **Draw: Viet Minh**, every refresh with **Refresh units** (which leaves the French
unit under turn 2's No Supply marker spent), the No Supply marker removed with **Clear No Supply
markers**, fire markers with **Clear fire markers**, and **Next** pressed once more at the last turn's
End phase (the tracker stays there, §2.2) — checked with ``sdbp check`` against the whole catalogue.

The clean game gives no illegal, suspicious or cannot-check finding. The planted one refreshes that
French unit by hand after the helper (a flip to fresh in a No Supply area): SUPPLY-NO-REFRESH at
that step, and nothing else.
"""

from __future__ import annotations

from math import ceil
from pathlib import Path

from test_check_full_game_vlog import (
    FR_PLACE_AREAS,
    REPLACEMENT_ROLLS,
    SUPPLY_ROLLS,
    VM_PLACE_AREAS,
    FullGame,
    check,
    serious,
)

from sdbp_module.games.sodbp.ids import FRENCH, VIET_MINH
from sdbp_module.ids import Side
from sdbp_module.model.game_data import GameData, SetupKind

F, V = FRENCH, VIET_MINH
UNSUPPLIED = "FR-I2REI-2"  # moved into 16 and spent in turn 2's action; 16 gets turn 2's No Supply marker


class HelperGame(FullGame):
    """The full game with the helper buttons in place of the acts done by hand."""

    def draw(self, side: Side, n: int) -> None:
        pile = self.piles[side]
        if len(pile.deck) < n and pile.discard:  # 5.4: the discards back into the deck first (by hand)
            self.s.reshuffle(side, pile.discard)
            pile.deck = pile.deck + pile.discard
            pile.discard = []
        cards, pile.deck = pile.deck[:n], pile.deck[n:]
        self.s.draw_to_hand(side, side, cards)  # the engine draws at random; the button draws n
        pile.hand += cards

    def end_phase(self, turn: int) -> None:
        """FullGame.end_phase with the buttons: discards, the supply step, then **Refresh units**,
        **Clear No Supply markers**, **Clear fire markers**, the replacements and reinforcements."""
        s = self.s
        self.discard_hand(V, keep=("VM-11",) if turn == 2 else ())
        self.discard_hand(F)
        s.dice(F, "supply", SUPPLY_ROLLS[turn])
        unsupplied: set[str] = set()
        if turn == 2:  # Heavy Flak on a roll of 6: the VM marks 16
            self.play(V, "VM-11")
            s.add_marker(V, "no-supply", "no-supply", "16")
            unsupplied.add("16")
        flipped = s.refresh(F)
        expected = {u for u in self.spent if self.game.unit(u).side is V or self.area[u] not in unsupplied}  # type: ignore[arg-type]
        assert set(flipped) == expected
        self.spent -= expected
        if "refresh" in self.plant and turn == 2:
            assert UNSUPPLIED in self.spent
            s.flip(F, [UNSUPPLIED], spent=False)  # by hand, under the No Supply marker
            self.at["refresh"] = self.here()
            self.spent.discard(UNSUPPLIED)
        s.clear_markers(V, "no-supply")
        s.clear_markers(V, "fire")
        if turn >= 2 and turn != 3:
            d6 = REPLACEMENT_ROLLS[turn]
            s.dice(V, "replacements", [d6])
            units, self.box = self.box[: ceil(d6 / 2)], self.box[ceil(d6 / 2) :]
            self.place(V, units, VM_PLACE_AREAS)
        for side, areas in ((V, VM_PLACE_AREAS), (F, FR_PLACE_AREAS)):
            arriving = [u.id for u in self.game.units if u.side is side and u.setup.kind is SetupKind.TURN and u.setup.turn == turn]
            if arriving:
                self.place(side, arriving, ("16",) if side is F and turn == 1 else areas)
        if turn == 3:
            s.delete(self.no_replacements)
        if turn == self.game.game.turns:
            s.stay_at_last_turn(V)  # Next once more: the tracker stays at the last turn's End phase


def test_a_game_played_with_the_helpers_breaks_no_rule(module: Path, game: GameData, tmp_path: Path) -> None:
    path = tmp_path / "helpers.vlog"
    HelperGame(module, game, frozenset()).write(path)
    code, report = check(path, module)
    assert serious(report["findings"]) == []  # type: ignore[arg-type]
    assert code == 0


def test_a_french_unit_refreshed_by_hand_under_no_supply_is_found(module: Path, game: GameData, tmp_path: Path) -> None:
    path = tmp_path / "planted.vlog"
    at = HelperGame(module, game, frozenset({"refresh"})).write(path)
    code, report = check(path, module)
    assert serious(report["findings"]) == [("SUPPLY-NO-REFRESH", "illegal", at["refresh"])]  # type: ignore[arg-type]
    assert code == 1
