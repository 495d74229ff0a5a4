"""End to end, combat (issue #8): a two-turn SoDBP game written as a ``.vlog`` with the built module,
the way the real VASSAL 3.7 engine writes it (``* `` before every report line, the tracker's ``TURN…``
command beside its line, ``LOG<TAB>null`` steps), checked with ``sdbp check``.

Turn 1 holds a unit fire with the defender's flips and a flip-and-retreat (the module's **Take
hit** and **Retreat to…** commands), a card fire (*B-26 Bombers*) whose defender also retreats, an
entrenchment by units and one by card, and an assault that clears its target, advances and pays its
casualty. The clean game gives no illegal or suspicious finding; the planted one has exactly one
violation per section of the combat catalogue (fire, damage, retreat, trenches, assault), each found
with its rule id at its log step, and nothing else.

The numbers (bundled, reconstructed data): the three VM units of 8 (FP 2 each) fire at Béatrice (14,
printed defense 3, French DEF 8): dice 9 + 6 = 15 against 11, 4 damage. B-26 (FP 6) on 11 (printed 1,
VM DEF 8): dice 7 + 6 = 13 against 9, 4 damage. The assault from 7 (four units, FP 3 each) on 10 (one
French unit, DEF 8, no terrain in an assault): dice 7 + 12 = 19 against 8, 11 damage, 3 usable.
"""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from sdbp_module.cli import main
from sdbp_module.games.sodbp.ids import FRENCH, VIET_MINH
from sdbp_module.vassal_log.scribe import Scribe
from tests.e2e.conftest import PART_GAME_SKIPS

SKIPS = [arg for prefix in PART_GAME_SKIPS for arg in ("--skip", prefix)]

F, V = FRENCH, VIET_MINH
FIRERS = ["VM-312-165-115-1", "VM-312-165-115-2", "VM-312-165-115-3"]
ASSAULTERS = ["VM-308-88-322-1", "VM-308-88-322-2", "VM-308-88-322-3", "VM-308-88-322-4"]
SECTIONS = ("fire", "damage", "retreat", "trench", "assault")


def write_game(module: Path, path: Path, *, plant: frozenset[str] = frozenset()) -> dict[str, int]:
    """Write the game; with ``plant``, the violations of those sections. Returns the log step (1-based,
    as findings give it) where each planted violation is expected."""
    s = Scribe(module)
    at: dict[str, int] = {}

    def here() -> int:
        return len(s.steps)  # the step just written

    s.draw(F, ["FR-18", "FR-02", "FR-03", "FR-04", "FR-05", "FR-06"])
    s.draw(V, ["VM-07", "VM-01", "VM-04", "VM-05", "VM-25"])
    s.null_step()
    s.phase(1, "action", V)
    # 1. VM unit fire, 8 → 14: 4 damage; the French flip two units and flip-and-retreat a third
    s.declare("FIRE", V, FIRERS, "14")
    s.dice(V, "fire", [5, 4])
    s.damage(F, "FR-III13DBLE-9", "flip")
    allocation = here()  # the defender's Damage event starts here: retreat findings point at it
    s.damage(F, "FR-III13DBLE-11", "flip")
    s.damage(F, "FR-III13DBLE-10", "flip")
    if "retreat" in plant:
        s.retreat(F, "FR-III13DBLE-10", "8")  # into a VM-controlled area (8.4.2)
        at["retreat"] = allocation
    else:
        s.retreat(F, "FR-III13DBLE-10", "17")  # 17 is the only French area next to 14
    marker_area = "14" if "fire" in plant else "8"  # 8.1: on the area the fire comes from
    fire_marker = s.add_marker(V, "fire", "viet_minh", marker_area)
    if "fire" in plant:
        at["fire"] = here()
    s.flip(V, FIRERS)
    # 2. French card fire: B-26 Bombers on 11: 4 damage; the VM flips two and flips-and-retreats one
    s.card(F, "FR-18", "play", target="11")
    s.dice(F, "fire", [5, 2])
    s.damage(V, "VM-312-165-564-1", "flip")
    if "damage" in plant:
        at["damage"] = here()
        s.damage(V, "VM-312-165-564-2", "flip")  # 2 points used of 4 (8.4.1)
    else:
        s.damage(V, "VM-312-165-564-2", "flip")
        s.damage(V, "VM-312-165-564-3", "flip")
        s.retreat(V, "VM-312-165-564-3", "7")  # 7 and 8: VM, no French unit (a tie, free choice)
    # 3. VM entrenchment by units in 5: two units flipped, level 0 → 1
    s.entrench(V, ["VM-308-36-80-1", "VM-308-36-80-2"])
    if "trench" in plant:
        at["trench"] = here()
    s.flip(V, ["VM-308-36-80-1", "VM-308-36-80-2"])
    s.add_marker(V, "trench", "2" if "trench" in plant else "1", "5")  # planted: two levels for two units (9.0)
    # 4. a French move
    s.move(F, ["FR-1BEP-1"], "16")
    s.flip(F, ["FR-1BEP-1"])
    # 5. VM assault on turn 1 (any trench level), 7 → 10: the lone defender is eliminated
    s.declare("ASSAULT", V, ASSAULTERS, "10")
    if "assault" in plant:
        at["assault"] = here()
    s.dice(V, "assault", [3, 4])
    s.damage(F, "FR-I2REI-1", "eliminate")
    s.move(V, ASSAULTERS, "10")  # the advance into the cleared target
    s.add_marker(V, "control", "viet_minh", "10")  # 10 is the VM's now (13.0)
    s.flip(V, ASSAULTERS)
    if "assault" not in plant:
        s.eliminate(V, "VM-308-88-322-4")  # the assault's price (10.0)
    s.pass_(F)
    # 6. VM entrenchment by card: Poor Weather (entrenchment 2) discarded for area 12, level 0 → 2
    s.entrench_card(V, "VM-07", "12")
    s.add_marker(V, "trench", "2", "12")
    s.pass_(F)
    s.pass_(V)
    s.phase(1, "end", V)
    s.delete(fire_marker)  # fire markers come off in the End phase (4.0 C)
    s.phase(2, "draw", V)
    s.draw(F, ["FR-07", "FR-08"])
    s.draw(V, ["VM-08", "VM-09"])
    s.phase(2, "action", V)
    s.move(V, ["VM-308-88-29-1"], "5")
    s.flip(V, ["VM-308-88-29-1"])
    s.null_step()
    s.pass_(F)
    s.pass_(V)
    s.write(path)
    return at


def check(log: Path, module: Path) -> tuple[int, list[dict[str, object]]]:
    result = CliRunner().invoke(main, ["check", str(log), "--module", str(module), "--format", "json", *SKIPS])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    return result.exit_code, json.loads(result.output)["findings"]


def serious(findings: list[dict[str, object]]) -> list[tuple[object, object, object]]:
    return [
        (f["rule_id"], f["severity"], f["where"]["index"])  # type: ignore[index]
        for f in findings
        if f["severity"] in ("illegal", "suspicious", "cannot-check")
    ]


def test_the_clean_combat_game_has_no_illegal_or_suspicious_finding(module: Path, tmp_path: Path) -> None:
    log = tmp_path / "combat.vlog"
    write_game(module, log)
    code, findings = check(log, module)
    assert serious(findings) == []
    assert code == 0
    assert [f["rule_id"] for f in findings] == ["GAME-LENGTH-8"]  # the log stops in turn 2 (info)


def test_the_planted_combat_game_gives_one_finding_per_section(module: Path, tmp_path: Path) -> None:
    log = tmp_path / "planted.vlog"
    at = write_game(module, log, plant=frozenset(SECTIONS))
    code, findings = check(log, module)
    assert code == 1
    assert serious(findings) == sorted(
        [
            ("FIRE-MARKER", "illegal", at["fire"]),
            ("DAMAGE-MUST-MAXIMIZE", "illegal", at["damage"]),
            ("RETREAT-ADJ-CONTROLLED", "illegal", at["retreat"]),
            ("ENTRENCH-COST-2-UNITS", "illegal", at["trench"]),
            ("ASSAULT-LOSS", "illegal", at["assault"]),
        ],
        key=lambda f: f[2],
    )
    by_id = {f["rule_id"]: f for f in findings}
    maximize = by_id["DAMAGE-MUST-MAXIMIZE"]
    assert (maximize["expected"], maximize["actual"]) == (4, 2)
    assert "attack 13" in str(maximize["message"]) and "defense 9" in str(maximize["message"])
    assert by_id["FIRE-MARKER"]["areas"] and 14 in by_id["FIRE-MARKER"]["areas"]  # type: ignore[operator]


def test_each_plant_alone_gives_only_its_finding(module: Path, tmp_path: Path) -> None:
    expected = {
        "fire": "FIRE-MARKER",
        "damage": "DAMAGE-MUST-MAXIMIZE",
        "retreat": "RETREAT-ADJ-CONTROLLED",
        "trench": "ENTRENCH-COST-2-UNITS",
        "assault": "ASSAULT-LOSS",
    }
    for section, rule_id in expected.items():
        log = tmp_path / f"{section}.vlog"
        at = write_game(module, log, plant=frozenset({section}))
        code, findings = check(log, module)
        assert (code, serious(findings)) == (1, [(rule_id, "illegal", at[section])]), section
