"""Tonkin games played by the real VASSAL 3.7.26 engine (``tests/engine_games_tonkin/<name>/``).

Each folder holds what ``tools/record_tonkin_games.py`` recorded: the script the engine played
(``play.txt``), the log it wrote (``game.vlog``), the tail of the harness's report with the verdict of
loading the log (``verdict.txt``), and what a checker of the game must find (``expect.json``:
``{"legal": true}``, or the planted fault's ``rule`` and ``step``, the sentence of the faulty act as
the chat shows it; docs/tonkin-rules.md). The suite never runs the engine. It checks what the
recordings show: the engine played every script to the end, its only warnings the harness's note on
marker copies sharing an id, the log loads with ``VERDICT: OK``, every act wrote a sentence of the
module, the planted step is one of them, one planted fault per stage-1 family but WDR (no month of
the Na San scenario's track has a "W": a withdrawal fault has nothing to break), and the legal game
runs the six phases of October and November 1952 in order. And it checks them: the legal game gives no
illegal, suspicious or cannot-check finding; a planted game exactly one illegal or suspicious finding,
under the planted rule id, at the log step whose chat holds the planted sentence.
"""

from __future__ import annotations

from functools import partial
from pathlib import Path

import pytest

from sdbp_module.ids import Severity
from sdbp_module.model.from_data import load_game
from sdbp_module.paths import PROJECT_ROOT
from sdbp_module.replay.loading import reference
from sdbp_module.rules.commands import check_log, rules_package
from tests.e2e.engine_logs import expect, records, step_of

GAMES_DIR = PROJECT_ROOT / "tests" / "engine_games_tonkin"
FOLDERS = sorted(p.parent for p in GAMES_DIR.glob("*/expect.json"))
FAMILIES = ("SEQ", "STK", "ZOC", "MOV", "TRN", "SUP", "OOS", "REI", "REP", "VP")
PHASES = ("Replacements and reinforcements", "VM movement", "CEF movement", "Attrition", "Operations", "Supply check")


def test_one_legal_game_and_one_planted_fault_per_stage_1_family() -> None:
    legal = [f.name for f in FOLDERS if expect(f).get("legal") is True]
    planted = sorted(expect(f)["rule"].split("-")[1] for f in FOLDERS if "rule" in expect(f))
    assert legal == ["legal-two-months"]
    assert planted == sorted(FAMILIES)


@pytest.mark.parametrize("folder", FOLDERS, ids=lambda p: p.name)
def test_the_engine_played_the_script_and_its_log_loads(folder: Path) -> None:
    verdict = (folder / "verdict.txt").read_text(encoding="utf-8")
    assert verdict.rstrip().splitlines()[-1] == "LOADING game.vlog (check --strict): VERDICT: OK"
    warnings = verdict.split("== WARNINGS", 1)[1].split("\n== ", 1)[0].splitlines()[1:]
    assert all("is on more than one piece" in w for w in warnings if w.strip())
    assert "== FATAL (module/save not loadable, exceptions, undecodable data): 0 ==" in verdict
    assert "script step failed" not in verdict


@pytest.mark.parametrize("folder", FOLDERS, ids=lambda p: p.name)
def test_every_act_wrote_a_sentence_and_the_planted_step_is_one(folder: Path) -> None:
    sentences = [s for _, _, s in records(folder)]
    script = [line for line in (folder / "play.txt").read_text(encoding="utf-8").splitlines() if line.split(" ", 1)[0] in ("move", "key", "button", "turn")]
    assert len(sentences) == len(script)  # one sentence per act (a move, a command, a button, a tracker step)
    want = expect(folder)
    if "step" in want:
        assert sentences.count(want["step"]) == 1


def test_the_legal_game_runs_every_phase_of_two_months_in_order() -> None:
    phases = [(f["turn"], f["phase"]) for e, f, _ in records(GAMES_DIR / "legal-two-months") if e == "PHASE"]
    months = [(m, p) for m in ("Oct 1952", "Nov 1952") for p in PHASES]
    assert phases == months[1:]  # the set-up save starts at October's first phase
    events = {e for e, _, _ in records(GAMES_DIR / "legal-two-months")}
    assert {"PACKAGE", "CARRY", "STATUS", "MOVE"} <= events


SERIOUS = (Severity.ILLEGAL, Severity.SUSPICIOUS)


@pytest.fixture(scope="module")
def game():  # type: ignore[no-untyped-def]
    return load_game(PROJECT_ROOT / "source_data" / "tonkin", hex_map=True)


@pytest.mark.parametrize("folder", FOLDERS, ids=lambda p: p.name)
def test_the_checker_finds_what_the_game_holds(folder: Path, game) -> None:  # type: ignore[no-untyped-def]
    want = expect(folder)
    # as `sdbp check` does: a log of another build than the module the data builds is refused (record the games again)
    build = partial(reference, game, None, PROJECT_ROOT / "source_data" / "tonkin")
    report = check_log(folder / "game.vlog", game, rules_package("tonkin"), build=build).report
    serious = [f for f in report.findings if f.severity in SERIOUS]
    shown = [(f.rule_id, f.severity.value, f.where.index, f.message) for f in serious]
    if want.get("legal"):
        assert serious == [], shown
        assert not [f for f in report.findings if f.severity is Severity.CANNOT_CHECK], report.findings
        return
    assert [(f.rule_id, f.where.index) for f in serious] == [(want["rule"], step_of(folder / "game.vlog", want["step"]))], shown
