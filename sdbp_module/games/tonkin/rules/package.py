"""Tonkin's rules package: the catalogue (``catalogue``), the switches, the implemented rules (``RULES``:
one line per rule module; the shared facts they read are ``facts``, which also gives the box an
eliminated unit goes to), and for every TON id no rule implements the reason it is not checked
(``NOT_CHECKED``, what ``sdbp rules --game tonkin`` prints).

The reason has two parts: when the id is scheduled — stage 1 of issue 25 (the families it names:
sequence, stacking, ZOC, movement, transport, supply, OoS, reinforcements, replacements, withdrawals,
VP), stage 2 (combat and operations, which the issue defers), or not scheduled by the issue, with why —
and, where it applies, the fact the check needs that a VASSAL log does not hold: the hexes a drag
passed through (a move records only its two ends, so a check will judge the cheapest path the rules
allow), a declaration only a module sentence can write (transport mode, double move, package, OP
option, SD spent, the VM's declared artillery and AA, lead units), a table the text does not give (to
be reconstructed, so a verdict only it decides is suspicious), or the order of a set-up the log does
not play. ``docs/tonkin-rules.md`` gives the same per family, with the checks stage 1 will make.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from sdbp_module.games.tonkin.rules import (
    facts,
    moves,
    reinforcements,
    replacements,
    sequence,
    stacking,
    supply,
    switches,
    transport,
    victory,
)
from sdbp_module.games.tonkin.rules.catalogue import TONKIN_CATALOGUE
from sdbp_module.rules.hexes.base import HexRule, HexRulesPackage

STAGE_1 = "stage 1: not built yet (needs the map data and the log sentences of issue 25)"
STAGE_2 = "stage 2 (issue 25 defers combat and operations)"
NOT_SCHEDULED = "not scheduled by issue 25"

STAGE_1_FAMILIES = ("SEQ", "STK", "ZOC", "MOV", "TRN", "SUP", "OOS", "REI", "REP", "WDR", "VP")
"""The families issue 25 names for stage 1."""

STAGE_2_FAMILIES = ("OPS", "OVR", "BAR", "ROAD", "CBT", "AMB", "BOL", "RBC", "DG", "RET", "HERO")
"""Combat, barrage, overrun, DG, retreat and the operations economy (and the optional Hero rule, which acts
only in combat): what issue 25 defers to stage 2."""

_ROUTE = "the hexes a unit passed through, which no VASSAL log shows (a drag records its two ends): the cheapest path the rules allow is judged"
_TEC = "the terrain effects chart is not in the text (digest §3.1: reconstructed, a cost only it decides is suspicious)"
_MODE = "the transport mode (a module sentence: no VASSAL move shows it)"
_DECLARED = "the VM's declaration of its artillery and AA unit (3.5: a module sentence; undeclared, their effects do not apply)"
_TABLES = "the table it reads is not in the text (digest §3: reconstructed, a verdict only it decides is suspicious)"

_DETAILS: Mapping[str, str] = MappingProxyType(
    {
        "TON-ZOC-01": f"whether a move was doubled, which no VASSAL move shows (a module sentence, else inferred from the "
        f"path's cost over the MA); {_ROUTE}",
        "TON-MOV-01": f"{_ROUTE}; {_TEC}",
        "TON-MOV-02": f"{_ROUTE} (illegal only when every path enters an enemy hex)",
        "TON-MOV-03": _MODE,
        "TON-MOV-04": _ROUTE,
        "TON-MOV-06": _ROUTE,
        "TON-TRN-01": _MODE,
        "TON-TRN-02": f"{_MODE}; {_DECLARED}; the turn's allowance is the scenario's and the turn track's (reconstructed)",
        "TON-TRN-03": f"{_MODE}; {_ROUTE}",
        "TON-TRN-04": f"the transport mode, air or paradrop (a module sentence: no VASSAL move shows it); {_DECLARED}",
        "TON-TRN-05": _DECLARED,
        "TON-TRN-06": f"which units ride the DNA (a module sentence); {_ROUTE}",
        "TON-TRN-07": _MODE,
        "TON-TRN-08": f"the OP option chosen, a sentence of the operations (stage 2: until then nothing to judge); {_MODE}",
        "TON-OOS-01": f"{_MODE}; an OoS unit's attack value, ambush, overrun and retreat before combat come with combat "
        "in stage 2",
        "TON-SEQ-02": "the scenario's last month (the scenario sheets are not in the text: reconstructed)",
        "TON-SEQ-03": "the month's allowance of trucks and air transports (scenario and track dates, reconstructed)",
        "TON-REP-04": "the RP arriving as reinforcements (reinforcement table, reconstructed), which the RP marker's move adds in",
        "TON-REP-01": "the package chosen, which no VASSAL move shows in full (a module sentence)",
        "TON-REP-05": "which replacements go by air (a module sentence)",
        "TON-REI-01": "the VM number of the month: the reinforcement table and turn track are not in the text (digest "
        "§3.5: reconstructed, a verdict only they decide is suspicious)",
        "TON-WDR-01": "the withdrawals due ('W' on the turn track, not in the text: reconstructed)",
        "TON-VP-04": "the scenario's VP scale: the scenario sheets are not in the text (digest §3.6: reconstructed)",
        "TON-OPS-02": "whether each side spends an SD, which no VASSAL move shows when it does not (a module sentence)",
        "TON-OPS-03": "the OP option chosen (a module sentence)",
        "TON-CBT-02": _TABLES,
        "TON-CBT-03": _TABLES,
        "TON-CBT-04": "the lead units chosen (a module sentence)",
        "TON-CBT-05": "the lead units chosen (a module sentence)",
        "TON-BAR-02": _TABLES,
        "TON-DG-01": _TABLES,
        "TON-HERO-01": "an optional rule (6.16): a module sentence must say it is in use",
        "TON-ATT-01": f"{NOT_SCHEDULED}: stage 1 names TON-SUP and TON-OOS but not attrition (5.0), which reuses their "
        "supply trace and the OoS markers",
        "TON-TD-01": f"{NOT_SCHEDULED}: stage 1 names TON-REI, TON-REP and TON-WDR but not Tieu Doan absorption (2.3); "
        "it needs the Box 1 moves and a module sentence naming the regiment that absorbs",
        "TON-TD-02": f"{NOT_SCHEDULED}: stage 1 names TON-REI, TON-REP and TON-WDR but not mobilisation (2.4); it needs "
        "the mobilisation centres and VP hexes of the map data and the Box 2 moves",
        "TON-COM-01": f"{NOT_SCHEDULED} as an id of its own: stage 1 computes community control (1.8) for TON-VP-01; "
        "comparing it with the Delta and Highlands markers needs those markers in the module",
        "TON-SET-01": f"{NOT_SCHEDULED}: the scenario sheets are not in the text (digest §3.6: set-ups reconstructed), "
        "and the order of the set-up's five steps (9.0) is in a log only when the set-up is played in it: a log that "
        "starts from the module's set-up save shows where units are, not in which order they were placed",
    }
)


def reason_of(rule_id: str) -> str:
    """Why ``rule_id`` is (or, before its rule came, was) not checked: its stage and the fact it needs."""
    family = rule_id.split("-")[1]
    detail = _DETAILS.get(rule_id)
    if family in STAGE_1_FAMILIES:
        base = STAGE_1
    elif family in STAGE_2_FAMILIES:
        base = STAGE_2
    else:
        assert detail is not None and detail.startswith(NOT_SCHEDULED), rule_id
        return detail
    return base if detail is None else f"{base}; {detail}"


RULES: tuple[HexRule, ...] = (
    *sequence.RULES,
    *replacements.RULES,
    *reinforcements.RULES,
    *stacking.RULES,
    *supply.RULES,
    *victory.RULES,
    *moves.RULES,
    *transport.RULES,
)

NOT_CHECKED: Mapping[str, str] = MappingProxyType(
    {e.rule_id: reason_of(e.rule_id) for e in TONKIN_CATALOGUE if e.rule_id not in {r.rule_id for r in RULES}}
)
"""Why each TON id no rule of ``RULES`` implements is not checked."""

TONKIN = HexRulesPackage(
    game_id="tonkin",
    catalogue=TONKIN_CATALOGUE,
    rules=RULES,
    switches=switches.SWITCHES,
    eliminated_box=facts.eliminated_box,
    not_checked=NOT_CHECKED,
)
