"""End to end: a short Storm over Stalingrad game written as a .vlog with the module built from
``source_data/sos``, checked with ``sdbp check --data source_data/sos``: the clean game (turns 1–3 and
turn 4's draw, with the turn-3 withdrawal) has no illegal or suspicious finding; in the planted one
(turns 1–2) the planted violations are found, and nothing else.

The log is written by the scribe (``sdbp_module.vassal_log.scribe``) from the module's own set-up save.
The module records no bid (3.1), so SOS-SET-02 is cannot-check on every ``.vlog``.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from sdbp_module.cli import main
from sdbp_module.games.sos.ids import GERMAN, SOVIET
from sdbp_module.paths import default_data_dir
from sdbp_module.vassal_log.scribe import Scribe
from tests.built_modules import built_module

G, S = GERMAN, SOVIET


@pytest.fixture(scope="module")
def sos_data() -> Path:
    return default_data_dir("sos")


@pytest.fixture(scope="module")
def sos_module(sos_data: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    return built_module(sos_data, tmp_path_factory.mktemp("sos-module"))


def write_game(module: Path, path: Path, *, planted: bool) -> None:
    """Turn 1: draws, four impulses (two moves, a move, a fire), two passes; the End phase (discards,
    refresh, fire marker off, reinforcements); turn 2: a draw, a move, two passes; the clean game goes on
    to turn 4 (``_turns_2_and_3_end``). With ``planted``: two
    units leave landing zone 40 together (7.6, step 6), the Soviet discards first (4.0, step 18), Soviet
    reinforcements land outside a landing zone (10.3, step 22), a black counter withdrawn on turn 1
    (10.4, step 23), no Soviet draw on turn 2 though Mamayev Kurgan adds a card (5.1, step 24:
    the Draw phase, where the Soviet did nothing), a German move of two divisions (6.1, step 27)."""
    s = Scribe(module)
    s.draw(G, ["GE-04", "GE-08", "GE-11", "GE-15", "GE-20"])  # 1, 2
    s.draw(S, ["SO-01", "SO-05", "SO-08", "SO-11", "SO-20"])  # 5 + 1 for Mamayev Kurgan (5.1)
    s.phase(1, "action", G)  # 3
    s.move(G, ["GE-94-267", "GE-94-274"], "6")  # 4, 5: 1 + 1 (Soviet area) = 2 MP
    s.flip(G, ["GE-94-267", "GE-94-274"])
    out_of_zone = ["SO-37GD-109", "SO-37GD-114"] if planted else ["SO-37GD-109"]
    s.move(S, out_of_zone, "3")  # 6, 7: out of landing zone 40 (7.6)
    s.flip(S, out_of_zone)
    s.move(G, ["GE-16PZ-K16"], "5")  # 8, 9
    s.flip(G, ["GE-16PZ-K16"])
    s.declare("FIRE", S, ["SO-115-X"], "5")  # 10, 11, 12: into an adjacent area (8.1)
    s.dice(S, "fire", [2, 3])
    s.flip(S, ["SO-115-X"])
    marker = s.add_marker(S, "fire", "soviet", "6")  # 13: in the firing area (8.1)
    s.pass_(G)  # 14, 15
    s.pass_(S)
    s.phase(1, "end", G)  # 16
    first, second = ((S, "SO-20"), (G, "GE-20")) if planted else ((G, "GE-20"), (S, "SO-20"))
    s.card(first[0], first[1], "discard")  # 17, 18: the German discards first (4.0)
    s.card(second[0], second[1], "discard")
    s.refresh(G)  # 19
    s.delete(marker)  # 20
    s.move(G, ["GE-305-576", "GE-305-577", "GE-305-578", "GE-305-PI305"], "11")  # 21: German reinforcements first
    s.move(S, ["SO-138-344", "SO-138-650", "SO-138-768"], "14" if planted else "42")  # 22
    if planted:
        s.move(G, ["GE-14PZ-36"], "Removed")  # 23: a black counter, two turns early
    s.phase(2, "draw", G)  # 24
    s.draw(G, ["GE-21", "GE-22"])  # 25: back to 6 (track); the Soviet to 4 + 1 (Mamayev Kurgan, 5.1)
    if not planted:
        s.draw(S, ["SO-21"])
    s.phase(2, "action", G)
    group = ["GE-94-276", "GE-16PZ-K16"] if planted else ["GE-94-276", "GE-94-PI194"]
    s.move(G, group, "4")  # 27: 94th Infantry (and, planted, a 16th Panzer unit)
    s.flip(G, group)
    s.pass_(S)
    s.pass_(G)
    if not planted:
        _turns_2_and_3_end(s)
    s.write(path)


def _turns_2_and_3_end(s: Scribe) -> None:
    """The clean game goes on: turn 2's End phase (German reinforcements of turn 2), turn 3 with its End
    phase (Soviet reinforcements in a landing zone, the black counters of the 14th Panzer withdrawn,
    10.4), and turn 4's draw. Each side keeps its hand at the next turn's size by discarding in the End
    phase (5.3)."""
    s.phase(2, "end", G)
    s.card(G, "GE-21", "discard")  # German 6 → 5, turn 3's allowance
    s.refresh(G)
    s.move(G, ["GE-79-208", "GE-79-212", "GE-79-226", "GE-79-PI179"], "11")  # 8 German units in 11
    s.phase(3, "draw", G)  # German 5 of 5, Soviet 5 of 4 + 1: nothing to draw
    s.phase(3, "action", G)
    s.move(G, ["GE-16PZ-2"], "4")
    s.flip(G, ["GE-16PZ-2"])
    s.pass_(S)
    s.pass_(G)
    s.phase(3, "end", G)
    s.card(G, "GE-22", "discard")  # German 5 → 4, turn 4's allowance
    s.refresh(G)
    s.move(S, ["SO-45-10", "SO-45-61", "SO-45-253"], "43")
    s.move(G, ["GE-14PZ-36", "GE-14PZ-103", "GE-14PZ-108", "GE-14PZ-K64"], "Removed")  # 10.4
    s.phase(4, "draw", G)
    s.draw(S, ["SO-22"])  # Soviet 5 → 5 + 1
    s.phase(4, "action", G)


def write_attack_on_the_move(module: Path, path: Path, *, card: bool) -> None:
    """Turn 1: draws; the German plays *Attack on the Move* (with ``card``), then a stack of the 94th
    moves from 5 to 4 (empty, Soviet: 2 MP) and fires from there into 3, and is flipped; two passes.
    With the card this is one German impulse (5.2, 6.2); without it, two German impulses in a row."""
    s = Scribe(module)
    s.draw(G, ["GE-01", "GE-08", "GE-11", "GE-15", "GE-20"])
    s.draw(S, ["SO-01", "SO-05", "SO-08", "SO-11", "SO-20"])
    s.phase(1, "action", G)
    if card:
        s.card(G, "GE-01", "play")  # Attack on the Move (timing A: played as the impulse)
    stack = ["GE-94-267", "GE-94-274"]
    s.move(G, stack, "4")
    s.declare("FIRE", G, stack, "3")
    s.dice(G, "fire", [4, 5])
    s.flip(G, stack)
    s.add_marker(G, "fire", "german", "4")
    s.pass_(S)
    s.pass_(G)
    s.write(path)


def check(log: Path, module: Path, data: Path) -> tuple[int, dict[str, object]]:
    args = ["check", str(log), "--module", str(module), "--data", str(data), "--format", "json"]
    result = CliRunner().invoke(main, args)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    return result.exit_code, json.loads(result.output)


def summary(report: dict[str, object]) -> list[tuple[str, str, int | None]]:
    findings = report["findings"]
    assert isinstance(findings, list)
    return [(f["rule_id"], f["severity"], f["where"].get("index") if f["where"]["file"] != "<end of log>" else None) for f in findings]


def test_the_clean_game_passes(sos_module: Path, sos_data: Path, tmp_path: Path) -> None:
    log = tmp_path / "clean.vlog"
    write_game(sos_module, log, planted=False)
    code, report = check(log, sos_module, sos_data)
    assert code == 0
    assert summary(report) == [("SOS-SET-02", "cannot-check", 0), ("SOS-SEQ-05", "info", None)]


def test_planted_violations_are_found_and_nothing_else(sos_module: Path, sos_data: Path, tmp_path: Path) -> None:
    log = tmp_path / "planted.vlog"
    write_game(sos_module, log, planted=True)
    code, report = check(log, sos_module, sos_data)
    assert code == 1
    assert summary(report) == [
        ("SOS-SET-02", "cannot-check", 0),
        ("SOS-MOV-03", "illegal", 6),
        ("SOS-SEQ-04", "illegal", 18),
        ("SOS-REIN-01", "suspicious", 22),
        ("SOS-WDR-01", "illegal", 23),
        ("SOS-CARD-01", "illegal", 24),
        ("SOS-ACT-02", "illegal", 27),
        ("SOS-SEQ-05", "info", None),
    ]


def test_attack_on_the_move_and_the_unit_action_it_governs_are_one_impulse(sos_module: Path, sos_data: Path, tmp_path: Path) -> None:
    log = tmp_path / "attack-on-the-move.vlog"
    write_attack_on_the_move(sos_module, log, card=True)
    code, report = check(log, sos_module, sos_data)
    assert code == 0
    assert summary(report) == [("SOS-SET-02", "cannot-check", 0), ("SOS-SEQ-05", "info", None)]


def test_the_same_move_and_fire_without_the_card_are_two_impulses_in_a_row(sos_module: Path, sos_data: Path, tmp_path: Path) -> None:
    log = tmp_path / "move-then-fire.vlog"
    write_attack_on_the_move(sos_module, log, card=False)
    code, report = check(log, sos_module, sos_data)
    assert code == 1
    assert ("SOS-SEQ-02", "illegal", 5) in summary(report)
