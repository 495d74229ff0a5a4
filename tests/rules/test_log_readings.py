"""Rules judged on logs written as the VASSAL engine writes them (``vassal_log.Scribe``): what the log
reader makes of a player's commands is what the rules see (issue 21: a legal game is never accused).

- a marker whose faces are not sides (*No Supply*) put down and then given the face it already shows
  with its menu: the engine logs the ``MARKER`` line with no ``D/`` (nothing changed); it is that
  marker, not a second one (SUPPLY-MARKER-AREAS);
- *Detonate Mine Shaft*: the d6 points the Viet Minh allocates with the units' **Take hit** commands
  are the card's damage (C-DETONATE), the French drags out of the target before the die its
  withdrawals.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from sdbp_module.games.sodbp.ids import FRENCH, VIET_MINH
from sdbp_module.games.sodbp.rules.package import SODBP
from sdbp_module.model.from_data import load_game
from sdbp_module.model.game_data import GameData
from sdbp_module.paths import default_data_dir
from sdbp_module.replay.events import Damage, Move, MoveKind, NoSupplySet
from sdbp_module.rules.commands import Checked, check_log
from sdbp_module.vassal_log.scribe import Scribe
from tests.built_modules import built_module

F, V = FRENCH, VIET_MINH
SERIOUS = ("illegal", "suspicious")


@pytest.fixture(scope="module")
def game() -> GameData:
    return load_game(default_data_dir())


@pytest.fixture(scope="module")
def module(game: GameData, tmp_path_factory: pytest.TempPathFactory) -> Path:
    return built_module(default_data_dir(), tmp_path_factory.mktemp("log-readings-module"))


def checked(s: Scribe, game: GameData, module: Path, tmp_path: Path) -> Checked:
    log = tmp_path / "game.vlog"
    s.write(log)
    return check_log(log, game, SODBP, module=module)


def found(result: Checked, *rule_ids: str) -> list[tuple[str, str, int]]:
    """(rule id, severity, log step) of the findings of ``rule_ids`` and of every log reading problem."""
    return [
        (f.rule_id, f.severity.value, f.where.index)
        for f in result.report.findings
        if f.rule_id in rule_ids or f.rule_id == "LOG-INTERPRETATION"
    ]


# -- a marker given the face it already shows --------------------------------------------------------


def _supply_phase(s: Scribe) -> None:
    s.phase(1, "end", V)  # 1
    s.dice(F, "supply", [5, 4])  # 2


def test_a_no_supply_marker_given_the_face_it_shows_is_one_marker(game: GameData, module: Path, tmp_path: Path) -> None:
    s = Scribe(module)
    _supply_phase(s)
    marker = s.add_marker(V, "no-supply", "no-supply", "20")  # 3
    s.set_marker(V, marker, "no-supply")  # 4: its menu's only face: no D/, the MARKER line alone
    result = checked(s, game, module, tmp_path)
    assert [e.where.index for e in result.events if isinstance(e, NoSupplySet)] == [3]
    assert found(result, "SUPPLY-MARKER-AREAS") == []


def test_two_no_supply_markers_on_one_area_is_illegal(game: GameData, module: Path, tmp_path: Path) -> None:
    s = Scribe(module)
    _supply_phase(s)
    s.add_marker(V, "no-supply", "no-supply", "20")  # 3
    second = s.add_marker(V, "no-supply", "no-supply", "20")  # 4: a second piece
    s.set_marker(V, second, "no-supply")  # 5: that piece's menu, nothing more
    result = checked(s, game, module, tmp_path)
    assert found(result, "SUPPLY-MARKER-AREAS") == [("SUPPLY-MARKER-AREAS", "illegal", 4)]


# -- Detonate Mine Shaft: the die's points allocated with Take hit ----------------------------------


def _detonate(s: Scribe, d6: int) -> None:
    """Turn 2: Detonate drawn; trench 3 in area 5 (next to 9); a Viet Minh move, and in that action
    Detonate on 9; FR-BT3-9 withdraws to 15 and flips; the d6; FR-BT3-10 and -11 **Take hit: flip**
    (the Viet Minh allocates: 2 points); the French pass."""
    s.phase(2, "action", V)  # 1
    s.draw(V, ["VM-06"])  # 2
    s.add_marker(V, "trench", "3", "5")  # 3
    s.move(V, ["VM-308-88-322-1"], "11")  # 4: the Viet Minh action
    s.flip(V, ["VM-308-88-322-1"])  # 5
    s.card(V, "VM-06", "play", target="9")  # 6
    s.move(F, ["FR-BT3-9"], "15")  # 7: a withdrawal
    s.flip(F, ["FR-BT3-9"])  # 8
    s.dice(V, "other", [d6])  # 9
    s.damage(V, "FR-BT3-10", "flip")  # 10
    s.damage(V, "FR-BT3-11", "flip")  # 11
    s.pass_(F)  # 12


def test_detonate_points_allocated_with_take_hit_are_its_damage(game: GameData, module: Path, tmp_path: Path) -> None:
    s = Scribe(module)
    _detonate(s, 2)
    result = checked(s, game, module, tmp_path)
    damages = [e for e in result.events if isinstance(e, Damage)]
    assert [(d.side, d.target, len(d.outcomes), d.where.index) for d in damages] == [(V, 9, 2, 10)]
    withdrawals = [e for e in result.events if isinstance(e, Move) and e.move_kind is MoveKind.WITHDRAW]
    assert [(w.units, w.to_area) for w in withdrawals] == [(("FR-BT3-9",), 15)]
    assert found(result, "C-DETONATE", "DAMAGE-WHO-ALLOCATES", "DAMAGE-MUST-MAXIMIZE") == []
    assert not [f for f in result.report.findings if f.severity.value in SERIOUS and f.where.index in range(6, 13)]


def test_detonate_points_left_unused_is_illegal(game: GameData, module: Path, tmp_path: Path) -> None:
    s = Scribe(module)
    _detonate(s, 4)  # 4 points, 2 used, 2 French units left to take them
    result = checked(s, game, module, tmp_path)
    assert found(result, "C-DETONATE", "DAMAGE-WHO-ALLOCATES", "DAMAGE-MUST-MAXIMIZE") == [("C-DETONATE", "illegal", 10)]
