"""Stand at Mortain games played by the real VASSAL 3.7.26 engine (``tests/engine_games_mortain/<name>/``).

Each folder holds what ``tools/record_mortain_games.py`` recorded: the script the engine played
(``play.txt``), the log it wrote (``game.vlog``), the tail of the harness's report (``verdict.txt``),
and what a checker of the game must find (``expect.json``: ``{"legal": true}``, or the planted
fault's ``rule`` and ``step``, the sentence of the faulty act as the chat shows it). The suite never
runs the engine. It checks what the recordings show: the engine played every script to the end with
no warning (``VERDICT: OK``), drew the cards each script was written around (its ``# card <id>``
comments, reproducible by the script's ``seed``), wrote a sentence of the module for each act, and
the planted step is one of those sentences; the legal games together show what the issue asks of them
(number and face activations, an Ace, fire with and without the adjacency modifier, the Tiger in an
AT attack, a flip and an elimination, Air and OBA, an exit, a Joker ending each turn, CCA/CCB/CCR
entering in turn 2), one planted fault per rule section.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from sdbp_module.paths import PROJECT_ROOT
from tests.e2e.engine_logs import expect, records

GAMES_DIR = PROJECT_ROOT / "tests" / "engine_games_mortain"
FOLDERS = sorted(p.parent for p in GAMES_DIR.glob("*/expect.json"))
SECTIONS = ("SET", "STK", "DECK", "ACT", "AIR", "FIRE", "TURN", "VIC", "EXIT")


def test_there_are_two_legal_games_and_one_planted_fault_per_section() -> None:
    legal = [f for f in FOLDERS if expect(f).get("legal") is True]
    planted = sorted(expect(f)["rule"].split("-")[1] for f in FOLDERS if "rule" in expect(f))
    assert len(legal) == 2
    assert planted == sorted(SECTIONS)


@pytest.mark.parametrize("folder", FOLDERS, ids=lambda p: p.name)
def test_the_engine_played_the_script_to_the_end_with_no_warning(folder: Path) -> None:
    verdict = (folder / "verdict.txt").read_text(encoding="utf-8")
    assert verdict.rstrip().splitlines()[-2:] == ["VERDICT: OK", "(engine log)"]
    assert "== WARNINGS: 0 ==" in verdict and "== FATAL (module/save not loadable, exceptions, undecodable data): 0 ==" in verdict
    assert "script step failed" not in verdict


@pytest.mark.parametrize("folder", FOLDERS, ids=lambda p: p.name)
def test_the_engine_drew_the_cards_the_script_was_written_around(folder: Path) -> None:
    script = (folder / "play.txt").read_text(encoding="utf-8").splitlines()
    planned = [re.match(r"# card (\S+)", script[i - 1]).group(1) for i, line in enumerate(script) if line == "button Draw card"]  # type: ignore[union-attr]
    drawn = [fields["card"] for event, fields, _ in records(folder) if event == "DRAW"]
    assert drawn == planned
    assert re.match(r"seed \d+$", next(line for line in script if line.startswith("seed ")))


@pytest.mark.parametrize("folder", [f for f in FOLDERS if "rule" in expect(f)], ids=lambda p: p.name)
def test_the_planted_step_is_a_sentence_the_engine_wrote(folder: Path) -> None:
    step = expect(folder)["step"]
    assert step in [sentence for _, _, sentence in records(folder)]
    assert re.fullmatch(r"MOR-[A-Z]+-\d\d", expect(folder)["rule"])


def _legal() -> list[tuple[str, dict[str, str], str]]:
    return [r for f in FOLDERS if expect(f).get("legal") is True for r in records(f)]


def test_the_legal_games_show_what_the_issue_asks() -> None:
    lines = _legal()
    events = [event for event, _, _ in lines]
    draws = [fields["card"] for event, fields, _ in lines if event == "DRAW"]
    # every turn of a legal game ends at the Joker, and the next one starts with the tracker and a reshuffle
    assert draws.count("JOKER") == 4 and [f["turn"] for e, f, _ in lines if e == "TURN"] == ["2", "2"]
    for i, event in enumerate(events):
        if event == "TURN":
            assert events[i + 1] == "RESHUFFLE"
    assert {f["result"] for e, f, _ in lines if e == "DAMAGE"} == {"flip", "eliminate"}
    assert {(f["marker"], f["mode"]) for e, f, _ in lines if e == "SUPPORT"} == {("oba", "attack"), ("air", "attack"), ("air", "suppression")}
    assert any(e == "FIRE" and f["unit"] == "DE-102" for e, f, _ in lines)  # the Tiger fires
    assert any(e == "MOVE" and f["to"] == "German exited (5 win)" for e, f, _ in lines)
    entered = [f["unit"] for e, f, _ in lines if e == "MOVE" and f["from"].startswith("US entry")]
    assert sorted(set(entered)) == ["US-CCA", "US-CCB", "US-CCR"]
    # activation cards of each kind: a number, a face card, an Ace (the card drawn right before an ACTIVATE line)
    kinds = set()
    last = ""
    for event, fields, _ in lines:
        if event == "DRAW":
            last = fields["card"]
        elif event == "ACTIVATE" and last:
            kinds.add("face" if last[:-1] in ("J", "Q", "K") else "ace" if last[:-1] == "A" else "number")
            last = ""
    assert kinds == {"number", "face", "ace"}
