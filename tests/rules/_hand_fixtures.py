"""Fixtures for the hand and pile rules (``tests/rules/test_hand.py``): the bundled SoDBP game.

The bundled map is needed for the card-bonus sets (white 6 9 14, grey 16 20 21, rules 5.1); the
turn track gives French/VM allowances 4/5 (turn 1), 4/4 (2), 4/5 (3, 4), 4/4 (5), 3/4 (6, 7), 3/5 (8).
"""

from __future__ import annotations

from dataclasses import replace
from functools import cache

from sdbp_module.games.sodbp.ids import FRENCH, VIET_MINH
from sdbp_module.games.sodbp.rules.hand import RULES
from sdbp_module.ids import CardId, Side
from sdbp_module.model.game_data import GameData
from sdbp_module.replay.events import Event, Where
from sdbp_module.replay.notation import state_from_text
from sdbp_module.replay.state import GameState
from sdbp_module.rules.checker import Report, check_events
from sdbp_module.rules.switches import parse_switches

FR, VM = FRENCH, VIET_MINH
WHITE = (6, 9, 14)
GREY = (16, 20, 21)


@cache
def bundled() -> GameData:
    from sdbp_module.model.from_data import load_game
    from sdbp_module.paths import default_data_dir

    return load_game(default_data_dir())


def cards(side: str, *numbers: int) -> str:
    """``cards("VM", 1, 2)`` → ``"VM-01 VM-02"`` (for the notation)."""
    return " ".join(f"{side}-{n:02d}" for n in numbers)


def ids(side: str, *numbers: int) -> tuple[CardId, ...]:
    return tuple(CardId(f"{side}-{n:02d}") for n in numbers)


def control(white: Side | None = None, grey: Side | None = None) -> str:
    """Notation lines giving the white / grey card-bonus sets to one side (None = nobody)."""
    lines = []
    for areas, side in ((WHITE, white), (GREY, grey)):
        if side is not None:
            lines += [f"{a}: | ctrl {side.value}" for a in areas]
    return "\n".join(lines)


def position(text: str) -> GameState:
    from sdbp_module.games.sodbp.rules.package import SODBP

    return state_from_text(text, sequence=SODBP.make_sequence(bundled()))


def run(start: GameState, *events: Event, options: tuple[str, ...] = ()) -> Report:
    """Check ``events`` from ``start`` with the hand rules only (positions test.jsonl:1, 2, …)."""
    from sdbp_module.games.sodbp.rules.package import SODBP

    numbered = [replace(e, where=Where("test.jsonl", i, i + 1)) for i, e in enumerate(events)]
    return check_events(
        numbered, bundled(), SODBP, initial=start, rules=RULES, switches=parse_switches(options, SODBP.switches)
    )


def verdicts(report: Report) -> list[tuple[str, str, int]]:
    """``(rule_id, severity, log line)`` of each finding (line 0 = the end of the log)."""
    return [(f.rule_id, f.severity.value, f.where.line or 0) for f in report.findings]
