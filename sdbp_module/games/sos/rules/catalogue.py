"""The Storm over Stalingrad catalogue of checkable rules (``shared/rules/storm-over-stalingrad.md`` §4) as data.

One entry per rule id: the id, the rules reference, the severity the rule gives, the catalogue topic
and our one-line summary of the Storm over Stalingrad rule (``sdbp rules --game sos`` shows it: an id
several shared rules implement would otherwise show the words of one of them, written for any game). The rules text (the seed, a Russian translation) stops before fire resolution: the entries of
the missing sections carry the severity ``cannot-check`` and a rules reference saying where the text
stops, and ``NOT_CHECKED`` gives the reason for every entry no rule implements, so that ``sdbp rules``
and ``docs/sos-rules.md`` list them as not checked, never as checked.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from sdbp_module.rules.base import CatalogueEntry

_STOPS = "the rules text stops before"

SOS_CATALOGUE: tuple[CatalogueEntry, ...] = (
    CatalogueEntry(
        "SOS-SET-01", "3.2, 3.3", "illegal", "set-up",
        "Every unit starts face up (fresh): in the area of its set-up letter, an L unit in any landing zone, a "
        "reinforcement on the turn-track box of its turn.",
    ),
    CatalogueEntry(
        "SOS-SET-02", "3.1", "illegal", "set-up",
        "Each bid is at least 1, the higher bidder plays the Soviets, and the higher bid is the victory target.",
    ),
    CatalogueEntry(
        "SOS-SEQ-01", "4.0, 6.0", "suspicious", "sequence",
        "The German player takes the first impulse of every turn (\"normally\": suspicious otherwise).",
    ),
    CatalogueEntry(
        "SOS-SEQ-02", "4.0", "illegal", "sequence",
        "Each turn runs Draw, Impulses, End; the players alternate impulses, a pass counting as one.",
    ),
    CatalogueEntry(
        "SOS-SEQ-03", "4.0 [assumed: 2 passes]", "illegal / suspicious", "sequence",
        "The impulses end on two passes in a row (the assumed reading: suspicious otherwise), no impulse "
        "follows them, and there is no discard to continue.",
    ),
    CatalogueEntry(
        "SOS-SEQ-04", "4.0 (end phase)", "illegal / suspicious", "sequence",
        "In the End phase the German discards and places reinforcements first; no spent unit and no fire marker "
        "is left; the steps come in the order of 4.0.",
    ),
    CatalogueEntry("SOS-SEQ-05", "4.0", "illegal", "sequence", "The game lasts exactly 6 turns."),
    CatalogueEntry(
        "SOS-CARD-01", "5.1", "illegal", "cards",
        "After the draw each hand holds the turn track's number for its side, plus 1 for the player holding "
        "Mamayev Kurgan; a larger hand is kept.",
    ),
    CatalogueEntry(
        "SOS-CARD-02", "5.4", "illegal / suspicious", "cards",
        "Each player draws from his own deck and reshuffles his own discards into it only when it cannot fill "
        "his hand; he plays and discards only his own cards.",
    ),
    CatalogueEntry(
        "SOS-CARD-03", "5.2, 6.2", "illegal", "cards",
        "At most one 'For your impulse' card per impulse, in its owner's impulse; cards played in several "
        "copies together are not counted.",
    ),
    CatalogueEntry(
        "SOS-CARD-04", "5.2, 5.3", "illegal", "cards",
        "A played card goes face up to its owner's discard pile; cards are discarded only at the start of the "
        "End phase.",
    ),
    CatalogueEntry(
        "SOS-CARD-05", "5.2", "illegal", "cards",
        "Copies played together: Rubble doubles, triples, quadruples the terrain defence; Anti-Tank Guns and "
        "Engineer Support add up; Defensive Fire, Mines and Dive Bombers resolve one by one.",
    ),
    CatalogueEntry(
        "SOS-CARD-06", "5.2", "illegal / suspicious", "cards",
        "Sniper cancels a Mines or Defensive Fire; under Attack on the Move, units that moved into a Mines "
        "area do not fire.",
    ),
    CatalogueEntry(
        "SOS-ACT-01", "6.1", "illegal", "activation",
        "A unit action uses fresh units of one area (Attack on the Move excepted).",
    ),
    CatalogueEntry(
        "SOS-ACT-02", "6.1", "illegal", "activation",
        "A German unit action uses units of one division plus any independent units; the Soviet any of his units.",
    ),
    CatalogueEntry(
        "SOS-ACT-03", "6.1, 7.3", "illegal", "activation",
        "The units of one action all move together to one area or all fire at one area (Attack on the Move "
        "excepted).",
    ),
    CatalogueEntry(
        "SOS-ACT-04", "6.1, 7.5, 8.1", "illegal", "activation",
        "The units that moved or fired are flipped spent; the others are not.",
    ),
    CatalogueEntry(
        "SOS-MOV-01", "7.1, 7.2, 7.3", "illegal", "movement",
        "A move costs 1 MP per area, +1 to enter and +1 to leave an enemy-held or enemy-occupied area, within "
        "the stack's lowest MP.",
    ),
    CatalogueEntry(
        "SOS-MOV-02", "7.4", "illegal", "movement",
        "At most 10 units of a player in an area at any time, moving through included.",
    ),
    CatalogueEntry(
        "SOS-MOV-03", "7.6", "illegal", "movement",
        "Only one unit, not a stack, leaves a landing zone per impulse, into an adjacent area (switch "
        "landing_zone_exit).",
    ),
    CatalogueEntry(
        "SOS-FIRE-01", "8.0", "illegal", "fire",
        "Only units with firepower 1 or more fire.",
    ),
    CatalogueEntry(
        "SOS-FIRE-02", "8.1", "illegal / suspicious", "fire",
        "Units fire at their own or an adjacent area, never into a landing zone (card fire there: suspicious).",
    ),
    CatalogueEntry("SOS-FIRE-03", "8.0", "illegal", "fire", "A firing stack fires at one area."),
    CatalogueEntry(
        "SOS-FIRE-04", "8.1", "illegal / suspicious", "fire",
        "Unit fire into an adjacent area puts the firer's fire marker on the area it fires from, unless Soviet "
        "Ammunition Shortage is played.",
    ),
    CatalogueEntry(
        "SOS-FIRE-05", "8.1", "illegal", "fire",
        "Fire into an area holding both sides' units does not affect the firer's own units.",
    ),
    CatalogueEntry(
        "SOS-CTRL-01", "2.1.2, 7.2", "illegal / suspicious", "control",
        "A move into an enemy-held area with no enemy unit takes control at once; a control marker saying "
        "otherwise is wrong (other control changes are assumed: suspicious).",
    ),
    CatalogueEntry(
        "SOS-REIN-01", "10.1 [10.2-10.3 missing]", "illegal / suspicious", "reinforcements",
        "Reinforcements arrive in the End phase of their printed turn or the one before (switch "
        "reinforcement_turn); the Soviet ones in a landing zone, the German ones elsewhere (suspicious otherwise).",
    ),
    CatalogueEntry(
        "SOS-WDR-01", "2.1.1, 4.0, 10.4", "illegal", "withdrawal",
        "The German black counters leave the game in the End phase of turn 3, and no other unit does.",
    ),
    CatalogueEntry(
        "SOS-VIC-01", "3.1", "illegal", "victory",
        "At the end of turn 6 the Soviet player wins if he holds at least his bid of defence-3 areas; "
        "otherwise the German wins.",
    ),
    CatalogueEntry(
        "SOS-RES-01", "8.3 [not in the text]", "cannot-check", "resolution",
        "Fire resolution: attack and defence totals (the text stops before it).",
    ),
    CatalogueEntry(
        "SOS-RES-02", "8.4 [not in the text]", "cannot-check", "resolution",
        "Damage allocation (the text stops before it).",
    ),
    CatalogueEntry(
        "SOS-RES-03", "8.4 [not in the text]", "cannot-check", "resolution", "Retreats (the text stops before them).",
    ),
    CatalogueEntry(
        "SOS-RES-04", "9.0 [not in the text]", "cannot-check", "resolution",
        "Casualties and the casualty box (the text stops before them).",
    ),
)

NOT_CHECKED: Mapping[str, str] = MappingProxyType(
    {
        "SOS-CARD-05": f"{_STOPS} fire resolution (8.3): the multipliers and sums of the multi-copy cards "
        "change numbers the text never defines",
        "SOS-FIRE-05": f"{_STOPS} fire resolution and damage (8.3, 8.4): what a hit does is not known",
        "SOS-RES-01": f"{_STOPS} fire resolution (8.3): attack and defence totals are not defined",
        "SOS-RES-02": f"{_STOPS} damage allocation (8.4)",
        "SOS-RES-03": f"{_STOPS} retreats (8.4)",
        "SOS-RES-04": f"{_STOPS} casualties (9.0): whether eliminated units return is not known",
    }
)
"""Why each catalogue entry that no rule implements is not checked (``docs/sos-rules.md`` repeats these)."""
