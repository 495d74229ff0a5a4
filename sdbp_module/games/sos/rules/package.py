"""Storm over Stalingrad's rules package: catalogue, rules, settings and sequence of play.

The rules the two area-impulse games share (sequence of play, activation, movement, stacking, fire
declaration and the fire marker, control, hand size, the card piles) are the objects of ``sdbp_module.rules.area_impulse``, configured by
``IMPULSE`` and listed here under this game's catalogue ids (``relabel``); they are never copied. The
rules only this game has are its own modules: set-up and bid (``setup``), the End phase, game length,
reinforcements and withdrawal (``end_phase``), the impulse cards (``cards``), the card interactions
of 5.2 (``interactions``) and victory (``victory``).
A catalogue id no rule implements is listed by ``sdbp rules`` as not checked, with its reason from
``catalogue.NOT_CHECKED`` (``RulesPackage.not_checked``).
"""

from __future__ import annotations

from types import ModuleType

from sdbp_module.games.sos.ids import GERMAN, AreaClass
from sdbp_module.games.sos.rules import (
    cards,
    end_phase,
    interactions,
    setup,
    switches,
    victory,
)
from sdbp_module.games.sos.rules.catalogue import NOT_CHECKED, SOS_CATALOGUE
from sdbp_module.games.sos.rules.sequence import make_sequence
from sdbp_module.ids import Severity
from sdbp_module.rules.area_impulse import (
    activation,
    control,
    fire,
    fire_marker,
    hand,
    movement,
    piles,
    sequence,
    stacking,
)
from sdbp_module.rules.area_impulse.config import AreaImpulse
from sdbp_module.rules.base import FunctionRule, Rule, RulesPackage, relabel

IMPULSE = AreaImpulse(
    single_exit_classes=frozenset({AreaClass.LANDING_ZONE}),  # 7.6
    single_exit_switch=switches.LANDING_ZONE_EXIT,  # 7.6: ends its move there, or moves on (SOS-AMB-01)
    single_exit_card=cards.lifts_the_exit_limit,  # our Night Crossing: a stack of up to three leaves
    no_fire_into_classes=frozenset({AreaClass.LANDING_ZONE}),  # 8.1
    card_fire_into_closed_rec=True,  # 8.1 closes them to unit fire; card fire "follows the card" (8.2)
    grouped_sides=frozenset({GERMAN}),  # 6.1: one division plus independents
    multi_area_card=cards.splits_the_stack,  # 6.1, 7.3: Attack on the Move
    hand_excess_kept=True,  # 5.1, 5.3: no discard of a hand above its size is asked for
    marker_suppressing_card=cards.stops_the_marker,  # 8.1: Soviet Ammunition Shortage
    fire_marker_extra_rec=True,  # 8.1 names only unit fire into an adjacent area: other markers are suspicious
    end_on_passes_stated=False,  # 4.0: "when both players have completed all their impulses" (two passes assumed)
    control_stated_on_entry_only=True,  # 7.2's example: the control section itself is missing
    cites=(("end-discard-step", "4.0"),),  # the End phase's order of steps
)
"""How the shared area-impulse rules read this game: two passes end the impulses (no discard to
continue), landing zones let one unit out per impulse (which may move on from the adjacent area it
enters unless the switch ``landing_zone_exit`` says otherwise; our *Night Crossing* lets a stack of
up to three out) and take no fire, German actions are by division,
*Attack on the Move* lifts the one-destination rule (the shared setting also lifts the one-area rule
for it: a missed violation rather than a false one), and a hand above its size at the draw is kept (5.1
does not say to discard it; cards kept from the End phase count toward the next hand, 5.3), and fire
on which *Soviet Ammunition Shortage* is played places no fire marker (8.1). Where the text says less
than the shared rule assumes, the finding is suspicious, not illegal: a marker placed for fire 8.1
does not name (card fire, fire within one area), card fire into a landing zone (8.1 bars unit fire
there; card fire follows the card, 8.2), an Action phase that ends other than on two passes
in a row (4.0 does not give the end condition), and a control disagreement about an area no move
entered (the control section is missing; 7.2 gives only capture on entry)."""

SHARED: tuple[tuple[ModuleType, str, str, str], ...] = (
    # (shared module, neutral id, our id, rules reference)
    (sequence, "IMP-PHASE-ORDER", "SOS-SEQ-02", "4.0"),
    (sequence, "IMP-FIRST-SIDE", "SOS-SEQ-01", "4.0, 6.0"),
    (sequence, "IMP-ALTERNATE", "SOS-SEQ-02", "4.0"),
    (sequence, "IMP-PASS-NOT-FINAL", "SOS-SEQ-03", "4.0"),
    (sequence, "IMP-END-ON-PASSES", "SOS-SEQ-03", "4.0 [assumed: 2 passes]"),
    (sequence, "IMP-AUTO-PASS", "SOS-SEQ-03", "4.0"),
    (sequence, "IMP-DISCARD-CONTINUE", "SOS-SEQ-03", "4.0"),  # no discard to continue in this game
    (activation, "ACT-SPENT-UNIT", "SOS-ACT-01", "2.1.1, 6.1"),
    (activation, "ACT-ONE-AREA", "SOS-ACT-01", "6.1"),
    (activation, "ACT-ONE-GROUP", "SOS-ACT-02", "6.1"),
    (activation, "ACT-SAME-ACTION", "SOS-ACT-03", "6.1, 7.3"),
    (activation, "ACT-FLIP-PARTICIPANTS", "SOS-ACT-04", "6.1, 7.5, 8.1"),
    (movement, "MOVE-ADJACENT-PATH", "SOS-MOV-01", "7.1"),
    (movement, "MOVE-COST", "SOS-MOV-01", "7.2"),
    (movement, "MOVE-STACK-MA", "SOS-MOV-01", "7.3"),
    (movement, "MOVE-STACK-TOGETHER", "SOS-ACT-03", "7.3"),
    (movement, "MOVE-FLIP-SPENT", "SOS-ACT-04", "7.5"),
    (stacking, "STACK-LIMIT", "SOS-MOV-02", "7.4"),
    (movement, "MOVE-SINGLE-EXIT", "SOS-MOV-03", "7.6"),
    (fire, "FIRE-FP-MIN", "SOS-FIRE-01", "8.0"),
    (fire, "FIRE-RANGE", "SOS-FIRE-02", "8.1"),
    (fire, "FIRE-NO-TARGET-CLASS", "SOS-FIRE-02", "8.1"),
    (fire, "FIRE-ONE-TARGET", "SOS-FIRE-03", "8.0"),
    (fire_marker, "FIRE-MARKER", "SOS-FIRE-04", "8.1"),
    (control, "CONTROL-CHANGE", "SOS-CTRL-01", "2.1.2, 7.2"),
    (hand, "HAND-SIZE", "SOS-CARD-01", "5.1"),
    (hand, "HAND-BONUS-SETS", "SOS-CARD-01", "5.1"),
    (piles, "PILE-RESHUFFLE", "SOS-CARD-02", "5.4"),
    (piles, "PILE-OWN-DECK", "SOS-CARD-02", "5.1, 5.4"),
    (piles, "PILE-PLAYED-TO-DISCARD", "SOS-CARD-04", "5.2"),
    (piles, "PILE-DISCARD-PHASE", "SOS-CARD-04", "5.3"),
)
"""The shared rules this game lists, in the order of checks within an action. What ``sdbp rules``
says of each id is the catalogue's summary (``catalogue.SOS_CATALOGUE``), in this game's words."""

SEVERITIES: dict[str, Severity] = {
    "IMP-FIRST-SIDE": Severity.SUSPICIOUS,  # 4.0: "normally the German player takes the first impulse"
}
"""Our usual severity of a shared rule where this game's text says less than the rule (by neutral id)."""

def _shared_rules() -> tuple[FunctionRule, ...]:
    """The shared rules of ``SHARED``, relabelled; a neutral id the shared module lacks is an error."""
    found: list[FunctionRule] = []
    for module, neutral, rule_id, ref in SHARED:
        shared = {r.rule_id: r for r in module.RULES}
        found.append(relabel(shared[neutral], rule_id, ref, severity=SEVERITIES.get(neutral)))
    return tuple(found)


RULES: tuple[Rule, ...] = (
    *setup.RULES,
    *_shared_rules(),
    *cards.RULES,
    *interactions.RULES,
    *end_phase.RULES,
    *victory.RULES,
)

SOS = RulesPackage(
    game_id="sos",
    catalogue=SOS_CATALOGUE,
    rules=RULES,
    switches=switches.SWITCHES,
    make_sequence=make_sequence,
    outcome=victory.outcome,
    impulse=IMPULSE,
    not_checked=NOT_CHECKED,
)
