"""End to end, cards played inside an attack (issue 21, class 2): a ``.vlog`` written with the built
module, as the engine writes it (no action numbers: each declaration opens its action), checked with
``sdbp check`` and the card rules on.

Turn 1: the Viet Minh fires from 8 at 14; the French fire from 14 at 8 and, between the declaration
and the roll, the Viet Minh plays *Improved Defenses* on 8 and the French *Mortar Support*; the
Viet Minh fires from 12 at 14 and, after its roll, the French play *Bigeard Refuses to Leave*; the
French fire from 14 at 12. Every roll is 1 + 1: no damage. Each card belongs to the attack it was
played in, not to the one declared next: no illegal or suspicious finding. Planted: *Improved
Defenses* played in a Viet Minh fire (C-IMPDEF), *Mortar Support* after the French roll
(CARD-TIMING-BEFORE-ROLL), each found at its step and nothing else.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from sdbp_module.games.sodbp.ids import FRENCH, VIET_MINH
from sdbp_module.vassal_log.scribe import Scribe
from tests.e2e.conftest import PART_GAME_SKIPS, checked_findings

F, V = FRENCH, VIET_MINH
SKIPS = [arg for prefix in PART_GAME_SKIPS if prefix not in ("C-", "CARD-") for arg in ("--skip", prefix)]


def write_game(module: Path, path: Path, plant: str = "") -> int | None:
    """Write the game (with the planted fault ``plant``); the log step of the fault, if any."""
    s = Scribe(module)
    at: int | None = None
    s.draw(F, ["FR-13", "FR-01", "FR-02", "FR-03", "FR-04", "FR-05"])
    s.draw(V, ["VM-01", "VM-25", "VM-04", "VM-05", "VM-07"])
    s.null_step()
    s.phase(1, "action", V)
    s.declare("FIRE", V, ["VM-312-165-115-1"], "14")
    if plant == "impdef":
        s.card(V, "VM-01", "play", target="14")  # in a Viet Minh fire: it raises a defense against a French attack
        at = len(s.steps)
    s.dice(V, "fire", [1, 1])
    s.add_marker(V, "fire", "viet_minh", "8")
    s.flip(V, ["VM-312-165-115-1"])
    s.declare("FIRE", F, ["FR-III13DBLE-11"], "8")
    if plant != "impdef":
        s.card(V, "VM-01", "play", target="8")
    if plant != "mortar":
        s.card(F, "FR-13", "play")
    s.dice(F, "fire", [1, 1])
    if plant == "mortar":
        s.card(F, "FR-13", "play")  # after the roll
        at = len(s.steps)
    s.add_marker(F, "fire", "french", "14")
    s.flip(F, ["FR-III13DBLE-11"])
    s.declare("FIRE", V, ["VM-312-141-11-1"], "14")
    s.dice(V, "fire", [1, 1])
    s.card(F, "FR-01", "play", target="14")  # Bigeard, after the roll of an attack on French units
    s.add_marker(V, "fire", "viet_minh", "12")
    s.flip(V, ["VM-312-141-11-1"])
    s.declare("FIRE", F, ["FR-III13DBLE-9"], "12")
    s.dice(F, "fire", [1, 1])
    s.flip(F, ["FR-III13DBLE-9"])
    s.pass_(V)
    s.write(path)
    return at


def serious(log: Path, module: Path) -> list[tuple[str, str, int]]:
    return checked_findings(log, module, SKIPS)


def test_cards_played_between_declaration_and_roll_are_legal(module: Path, tmp_path: Path) -> None:
    log = tmp_path / "cards.vlog"
    write_game(module, log)
    assert serious(log, module) == []


@pytest.mark.parametrize(("plant", "rule_id"), [("impdef", "C-IMPDEF"), ("mortar", "CARD-TIMING-BEFORE-ROLL")])
def test_a_card_played_at_a_wrong_time_is_found_at_its_step(module: Path, tmp_path: Path, plant: str, rule_id: str) -> None:
    log = tmp_path / f"{plant}.vlog"
    step = write_game(module, log, plant)
    assert serious(log, module) == [(rule_id, "illegal", step)]
