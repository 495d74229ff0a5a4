"""End to end, words the format does not know in a ``.vlog`` (issue 21, class 5).

An ``SDBP|`` line whose field has a closed vocabulary (a dice purpose of the module's dice buttons, a
marker kind and its states from ``markers.yaml``) but holds another word is the engine's record of
something the reader cannot interpret: a LOG-INTERPRETATION finding (cannot-check) at its step, and
the line is not read, never an illegal play (``docs/report-formats.md`` §1, "Values outside a
vocabulary"). The same log with the known word reads as before.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from sdbp_module.games.sodbp.ids import FRENCH, VIET_MINH
from sdbp_module.vassal_log.scribe import Scribe
from tests.e2e.conftest import PART_GAME_SKIPS, checked_findings

F, V = FRENCH, VIET_MINH
SKIPS = [arg for prefix in PART_GAME_SKIPS for arg in ("--skip", prefix)]
ENTRENCHERS = ["VM-308-36-80-1", "VM-308-36-80-2"]


def write_game(module: Path, path: Path, *, purpose: str = "fire", trench: str = "1", control: str = "viet_minh") -> dict[str, int]:
    """A VM fire (its roll with ``purpose``), a French pass, a VM entrenchment of 5 whose marker line
    says ``trench``, the French entrenched-area marker lines; returns the step of each odd line."""
    s = Scribe(module)
    at: dict[str, int] = {}
    s.null_step()
    s.phase(1, "action", V)
    s.declare("FIRE", V, ["VM-312-165-115-1"], "14")
    s.dice(V, purpose, [1, 1])
    at["purpose"] = len(s.steps)
    s.add_marker(V, "fire", "viet_minh", "8")
    s.flip(V, ["VM-312-165-115-1"])
    s.pass_(F)
    s.entrench(V, ENTRENCHERS)
    s.flip(V, ENTRENCHERS)
    s.chat(f"* SDBP|1|MARKER|side=Viet Minh|marker=trench|state={trench}|area=5")
    at["trench"] = len(s.steps)
    s.chat(f"* SDBP|1|MARKER|side=Viet Minh|marker=control|state={control}|area=5")
    at["control"] = len(s.steps)
    s.pass_(F)
    s.pass_(V)
    s.write(path)
    return at


def findings(log: Path, module: Path) -> list[tuple[str, str, int]]:
    return checked_findings(log, module, SKIPS)


def test_the_known_words_read_cleanly(module: Path, tmp_path: Path) -> None:
    log = tmp_path / "known.vlog"
    write_game(module, log)
    assert findings(log, module) == []


@pytest.mark.parametrize(
    ("case", "word"), [("purpose", "fyre"), ("trench", "7"), ("control", "german"), ("control", "")]
)
def test_an_unknown_word_is_log_interpretation_not_an_illegal_play(module: Path, tmp_path: Path, case: str, word: str) -> None:
    """The line is a LOG-INTERPRETATION finding at its step; what it would have told is then missing
    (an attack with no roll, an entrenchment with no level: cannot-check), and nothing is illegal."""
    log = tmp_path / f"{case}.vlog"
    at = write_game(module, log, **{case: word})
    found = findings(log, module)
    assert ("LOG-INTERPRETATION", "cannot-check", at[case]) in found
    assert [f for f in found if f[0] == "LOG-INTERPRETATION"] == [("LOG-INTERPRETATION", "cannot-check", at[case])]
    assert {severity for _id, severity, _step in found} == {"cannot-check"}
