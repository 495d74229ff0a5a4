"""Storm over Stalingrad games the real VASSAL 3.7 engine played (``tests/e2e/engine/sos/``: each
``<name>.txt`` played by ``make.sh`` on the module built from ``source_data/sos``, with the module's
own controls: draws, drags, menu commands, dice and toolbar buttons), checked with ``sdbp check``.

- ``legal-1``: turns 1 and 2: unit fire with its fire marker, one L unit out of a landing zone,
  passes, the End phase (refresh, fire markers cleared, both sides' reinforcements), turn 2's draw.
- ``legal-2``: two *Dive Bombers* played together as one German impulse and two *Mines* against one
  German move (5.2: cards played in several copies together, seed L180-182).
- ``planted-1``: the units that moved into a *Mines* area under *Attack on the Move* fire
  (SOS-CARD-06), and two L units leave a landing zone together (SOS-MOV-03).
- ``planted-2``: unit fire into an adjacent area with no fire marker (SOS-FIRE-04), a *Sniper* with
  nothing to cancel (SOS-CARD-06, suspicious), a move beyond the stack's MP (SOS-MOV-01), a black
  counter withdrawn on turn 1 (SOS-WDR-01).

The legal games have no illegal or suspicious finding; each planted fault is found once, under its
own id, and nothing else. The module records no bid (3.1): SOS-SET-02 is cannot-check on every log.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from sdbp_module.cli import main
from sdbp_module.paths import default_data_dir
from tests.built_modules import built_module

GAMES = Path(__file__).parent / "engine" / "sos"
NO_BID = ("SOS-SET-02", "cannot-check", 0)
UNFINISHED = [("SOS-CARD-01", "cannot-check", None), ("SOS-CARD-01", "cannot-check", None), ("SOS-SEQ-05", "info", None)]
"""Every log stops in a Draw phase (not judged) before turn 6."""


@pytest.fixture(scope="module")
def sos_data() -> Path:
    return default_data_dir("sos")


@pytest.fixture(scope="module")
def sos_module(sos_data: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    return built_module(sos_data, tmp_path_factory.mktemp("sos-module"))


def _check(name: str, module: Path, data: Path) -> tuple[int, list[tuple[str, str, int | None]]]:
    args = ["check", str(GAMES / f"{name}.vlog"), "--module", str(module), "--data", str(data), "--format", "json"]
    result = CliRunner().invoke(main, args)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    report = json.loads(result.output)
    findings = [
        (f["rule_id"], f["severity"], f["where"].get("index") if f["where"]["file"] != "<end of log>" else None)
        for f in report["findings"]
    ]
    return result.exit_code, findings


@pytest.mark.parametrize("name", ["legal-1", "legal-2"])
def test_a_legal_engine_game_has_no_illegal_or_suspicious_finding(name: str, sos_module: Path, sos_data: Path) -> None:
    code, findings = _check(name, sos_module, sos_data)
    assert code == 0
    assert findings == [NO_BID, *UNFINISHED]


def test_planted_1_mines_movers_firing_and_two_units_out_of_a_landing_zone(sos_module: Path, sos_data: Path) -> None:
    code, findings = _check("planted-1", sos_module, sos_data)
    assert code == 1
    assert findings == [NO_BID, ("SOS-CARD-06", "illegal", 20), ("SOS-MOV-03", "illegal", 24), *UNFINISHED]


def test_planted_2_marker_sniper_move_and_withdrawal(sos_module: Path, sos_data: Path) -> None:
    code, findings = _check("planted-2", sos_module, sos_data)
    assert code == 1
    assert findings == [
        NO_BID,
        ("SOS-FIRE-04", "illegal", 14),
        ("SOS-CARD-06", "suspicious", 21),
        ("SOS-MOV-01", "illegal", 22),
        ("SOS-WDR-01", "illegal", 30),
        *UNFINISHED,
    ]
