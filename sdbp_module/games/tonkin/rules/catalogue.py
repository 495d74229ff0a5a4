"""The Tonkin catalogue of checkable rules (``shared/rules/tonkin.md`` §4) as data.

One entry per TON id of the digest's table (77 rows, none twice): the id; the rule reference, the
French 2nd-edition numbers (FR v2.3a, ``shared/seeds/002_3f5fa9faa963815e.txt``; the body's numbers
where the table of contents differs: 2.6 is the CEF replacement points, 2.7 the withdrawals, and the
special units are 4.0, digest T18.1–2); the severity; the digest's catalogue section; and our one-line
summary (``sdbp rules --game tonkin``).

The digest's table has no severity column, so the severities are ours, by the project's standard:
``illegal`` where the French text clearly forbids; ``suspicious`` added where a verdict can rest on one
reading of an ambiguity (a switch of ``switches``) or on a table the text does not give (the terrain
effects chart, the combat, barrage and DG tables, the reinforcement table and turn track, the scenario
sheets: digest §3, to be reconstructed, so a finding that only a reconstructed entry makes is never
illegal); ``cannot-check`` added where the log may lack the fact (a declaration the player did not
write, a set-up the log does not play).
"""

from __future__ import annotations

from sdbp_module.rules.base import CatalogueEntry

_SEQ = "sequence"
_STK = "stacking and hidden information"
_ZOC = "ZOC and double move"
_MOV = "movement"
_TRN = "transport"
_OPS = "operations"
_OVR = "overrun"
_BAR = "barrage"
_CBT = "combat"
_DG = "DG"
_RET = "retreat and advance"
_SUP = "supply and attrition"
_REP = "replacements, reinforcements, mobilisation"
_VP = "victory points"
_COM = "community control"
_SET = "setup"
_HERO = "optional Hero rule"

_I = "illegal"
_IS = "illegal / suspicious"
_IC = "illegal / cannot-check"


def _e(rule_id: str, ref: str, severity: str, section: str, summary: str) -> CatalogueEntry:
    return CatalogueEntry(rule_id, ref, severity, section, summary)


TONKIN_CATALOGUE: tuple[CatalogueEntry, ...] = (
    # Sequence
    _e("TON-SEQ-01", "1.10, 2.0", _I, _SEQ,
       "The six phases run in order (replacements and reinforcements, VM move, CEF move, attrition, operations, supply), "
       "and the seven steps of the first phase in the order 2.1 to 2.7."),
    _e("TON-SEQ-02", "8.0", _IS, _SEQ,
       "After the last turn the end-game sequence runs in order (OoS units lose a step, VM move, CEF move, attrition), "
       "with no transport and no combat but overrun."),
    _e("TON-SEQ-03", "1.10, 3.3", _IS, _SEQ,
       "The VM truck and CEF air transport markers are reset at the end of every turn."),
    # Stacking and hidden information
    _e("TON-STK-01", "1.5, 3.3", _I, _STK,
       "At most 13 stacking points of a side in a hex at the end of each phase and operation (the ×3 of carried SDs "
       "and motorised units counts only while they are carried); an over-stack is cut back by removing steps."),
    _e("TON-STK-02", "3.1, 6.4", _I, _STK,
       "Enemy units share a hex only after a paradrop overrun, or while a unit enters a hex holding only an HQ and/or "
       "SD and removes them."),
    # ZOC and double move
    _e("TON-ZOC-01", "3.2, 1.3", _IS, _ZOC,
       "No double move by a DG unit, by a unit that starts in or enters an enemy ZOC, or by one that overruns (ZOC as "
       "1.3 gives it: none from HQs, SDs, air and naval units, units in China, CEF units in forest or mountain, DG units; "
       "an OoS unit's double move is TON-OOS-01's)."),
    # Movement
    _e("TON-MOV-01", "3.1, 1.7, 4.0, 6.14", _IS, _MOV,
       "A move costs no more than the unit's MA (twice it when doubled), one hex always allowed: highest terrain plus "
       "river, road 1 in clear and 2 elsewhere, the river-valley −1 (never below 2), +1 in the rainy season, +1 per hex "
       "when DG, 3 for a road-marker hex."),
    _e("TON-MOV-02", "3.1, 6.4", _I, _MOV,
       "No unit moves into an enemy-occupied hex, except a paradrop overrun or a hex holding only an HQ and/or SD "
       "(a retreat into one is TON-RET-01's)."),
    _e("TON-MOV-03", "3.1, 3.3", _I, _MOV,
       "A CEF SD moves only by transport (an OoS motorised unit moving by itself is TON-OOS-01's)."),
    _e("TON-MOV-04", "4.0, 3.6", _I, _MOV,
       "The 1er REC moves only through clear hexes; a DNA stays on major rivers and coastal hexes and does not stop in a "
       "VM-occupied coastal hex."),
    _e("TON-MOV-05", "3.8", _IS, _MOV,
       "Each unit kind ends its move only where 3.8 lets it (Tieu Doan and VNA in Vietnam or the Laos hexes next to it, "
       "Pathet Lao and Laotian army the reverse, GCMA and Thai in the highlands, other CEF units not in China), else it "
       "is eliminated; no combat, overrun or barrage across the Chinese border (the VM HQ, artillery, AA and engineer "
       "by vm-support-units)."),
    _e("TON-MOV-06", "6.7, 4.0", _I, _MOV,
       "No road is used through a destroyed-road hex; an engineer that places a road marker has not moved, and places it "
       "after all movement."),
    # Transport
    _e("TON-TRN-01", "3.3", _I, _TRN,
       "A unit uses one transport mode, or moves by itself, in one movement phase or operation, never two."),
    _e("TON-TRN-02", "3.3, 3.4, 3.5, 3.7", _IS, _TRN,
       "At most one VM truck and one CEF air transport per movement phase or operation (two air transports only for a "
       "paradrop onto or into the ZOC of the declared VM AA unit), and no more uses than the turn's allowance (a second ship "
       "use in one phase or operation: suspicious with ship-uses=one)."),
    _e("TON-TRN-03", "3.3, 3.4", _IS, _TRN,
       "A truck carries one SD or up to 3 stacking points (SD and motorised ×3), 14 motorised MP; a VM truck needs an "
       "intact road line from a VM supply centre in China; a CEF truck starts on or next to a CEF supply centre or the "
       "CEF HQ within 3 of one."),
    _e("TON-TRN-04", "3.5", _I, _TRN,
       "Air transport flies between two CEF-occupied, CEF-controlled airfields or to a drop hex, never from or to an "
       "airfield in the ZOC of declared VM artillery or AA; no para or SD drop in forest or mountain; a drop into the AA "
       "ZOC costs two."),
    _e("TON-TRN-05", "3.5, 2.2", _I, _TRN,
       "An SD dropped into the declared AA unit's ZOC is rolled for, and on 5–6 removed with 2 RP to the VM."),
    _e("TON-TRN-06", "3.6", _I, _TRN,
       "A DNA carries at most 3 stacking points for 14 MP, only units that started stacked with it, and is never "
       "carried itself."),
    _e("TON-TRN-07", "3.7", _I, _TRN,
       "A ship carries at most 12 stacking points between two CEF-controlled ports; a trip between a coastal port and "
       "Vientiane goes through Saigon."),
    _e("TON-TRN-08", "3.3, 6.3", _I, _TRN,
       "Units transported in an operation (option c) start stacked in the activated hex."),
    # Operations
    _e("TON-OPS-01", "6.1", _I, _OPS,
       "Operation points come in chunks of half a die rounded up, at least one spent, VM first, sides alternating, the "
       "rest spent in a row once one side is done, 10 per side."),
    _e("TON-OPS-02", "6.2", _I, _OPS,
       "Each side spends at most one SD a turn, the VM deciding first; with no SD spent by either side all OPs are lost."),
    _e("TON-OPS-03", "6.3", _I, _OPS,
       "Options F and G only with a spent SD still on the map; option d is the CEF's only."),
    _e("TON-OPS-04", "6.3, 4.0", _I, _OPS,
       "Option a removes at most 3 DG or destroyed-road markers (6 DG when the 3 + 3 adjacency rule holds) from hexes "
       "with the side's units."),
    _e("TON-OPS-05", "6.3", _IS, _OPS,
       "Option b trades one unspent SD for 1 to 3 trenches under one placement rule; no trench stays in an empty, "
       "DNA/SD/HQ-only or enemy hex; the CEF airfield rule costs one air transport and ignores VM ZOC (unless "
       "trench-airfield-zoc=counts)."),
    _e("TON-OPS-06", "6.3", _I, _OPS,
       "Option c moves units of one hex only."),
    _e("TON-OPS-07", "6.2", _I, _OPS,
       "A VM that spends no SD moves at most one SD to its HQ, before the OPs; a spent SD is removed at the end of the "
       "operations phase."),
    # Overrun
    _e("TON-OVR-01", "6.4", _I, _OVR,
       "Overrunning units are not DG or OoS, are stacked from the start of their move, and other units finish moving first."),
    _e("TON-OVR-02", "6.4", _I, _OVR,
       "An overrun needs the hex cost (no road; a DNA pays 1) plus 2 MP unless the stack started adjacent, and the 2 MP "
       "are paid even after a retreat before combat or an ambush."),
    _e("TON-OVR-03", "6.4", _I, _OVR,
       "When the defender's hex empties all overrunners advance; after a failed overrun they stop."),
    _e("TON-OVR-04", "6.4", _I, _OVR,
       "The −2 overrun DRM applies with no friendly SD within 3 hexes, and always to paradropped paras."),
    _e("TON-OVR-05", "6.4", _I, _OVR,
       "Only paras overrun by paradrop, and they retreat or are eliminated when a VM unit stays."),
    # Barrage
    _e("TON-BAR-01", "6.3, 6.6, 1.7", _IS, _BAR,
       "Barraging artillery is adjacent to the target and within 3 of the spent SD; air and naval targets are next to a "
       "CEF unit, naval ones coastal or next to the coast; no air support in the rainy season (and at most six a turn "
       "with air-support-limit=six-per-turn)."),
    _e("TON-BAR-02", "6.6, 6.14, 4.0", _IS, _BAR,
       "The barrage result agrees with the table: unmodified 2 a miss, 12 DG & DL; AA −2, +1 against DG, DG artillery −1."),
    _e("TON-BAR-03", "6.6, 6.15", _I, _BAR,
       "DG & DL disorganises all defenders and costs exactly one step (an SD/HQ-only hex is eliminated); no retreat after "
       "or before a barrage."),
    _e("TON-ROAD-01", "6.7", _I, _BAR,
       "A CEF road strike is not in China and marks the road only on a hit; the VM destroys roads in 3 hexes, delta or "
       "VM-occupied highland ones."),
    # Combat
    _e("TON-CBT-01", "6.8, 6.3, 3.8", _I, _CBT,
       "Attackers are adjacent to the target (and with option G within 3 of the spent SD), and may enter its hex (3.8)."),
    _e("TON-CBT-02", "6.8, 7.5", _IS, _CBT,
       "Odds are attacker combat values (OoS halved) against defender combat plus barrage values, rounded down, capped "
       "at 1-2 (−1) and 5-1 (+1)."),
    _e("TON-CBT-03", "6.8, 6.9, 6.10, 1.7", _IS, _CBT,
       "The combat DRMs total at most ±3, a modified −1 reads 0, and the early-French, rainy and river modifiers are "
       "applied as written."),
    _e("TON-CBT-04", "6.10", _IC, _CBT,
       "Lead units follow the restrictions (no artillery, engineer or AA; TD, PL or GCMA only when nothing else can) and "
       "the morale DRM uses modified morale."),
    _e("TON-CBT-05", "6.10, 6.13, 4.0", _IC, _CBT,
       "Each side's first step loss comes from its lead unit, losses only from participants, tank and DNA losses as 4.0 "
       "says."),
    _e("TON-CBT-06", "6.13", _I, _CBT,
       "Steps are lost by unit size (1, 2 or 4 steps with the −1 marker); eliminated TD and PL go to Box 2."),
    _e("TON-CBT-07", "6.13, 1.9", _IS, _CBT,
       "Each VM regiment step lost advances the regiment hit marker; at 10 it resets and the CEF scores +5 VP (every VM "
       "step with vp-steps=all)."),
    _e("TON-CBT-08", "6.8", _I, _CBT,
       "A combat follows the order: retreat before combat, ambush, lead units, Bolshevik spirit, roll, DG, retreat or "
       "stand, losses."),
    _e("TON-AMB-01", "6.11", _I, _CBT,
       "An ambush is made by a non-DG VM stack, not against a DNA, GCMA or paradropped unit, not with a retreat before "
       "combat, once per overrunner, at a full-strength unit when there is one."),
    _e("TON-AMB-02", "6.11", _I, _CBT,
       "An ambush roll at or above the target's morale costs it a step and DGs it; a 6 also costs the ambusher a step."),
    _e("TON-BOL-01", "6.12", _I, _CBT,
       "Bolshevik spirit is declared before the roll with a lead unit of 3 or more steps, which then loses a step."),
    _e("TON-RBC-01", "6.5", _I, _CBT,
       "Only non-DG Tieu Doan, Pathet Lao, GCMA and the VM HQ retreat before combat, once per overrunning stack."),
    # DG
    _e("TON-DG-01", "6.14", _IS, _DG,
       "Both sides roll for DG after a combat and all participants become DG at the threshold, with the forest, trench "
       "and river modifiers only where 6.14 puts them."),
    _e("TON-DG-02", "6.14", _I, _DG,
       "A DG unit exerts no ZOC and does not ambush, overrun or retreat before combat."),
    _e("TON-DG-03", "6.14, 6.3", _I, _DG,
       "A DG marker is removed only by option a."),
    # Retreat and advance
    _e("TON-RET-01", "6.15", _I, _RET,
       "A retreating defender retreats all its units one hex, never an SD, never into an enemy or forbidden hex."),
    _e("TON-RET-02", "6.15", _I, _RET,
       "A retreat saves exactly one step; a standing DG defender loses one more step as 6.15 says."),
    _e("TON-RET-03", "6.15, 6.4", _I, _RET,
       "Artillery (but GM/35 RALP) and SDs never advance; advancing units remove the enemy SD and trench; overrunners "
       "advance."),
    # Supply and attrition
    _e("TON-SUP-01", "7.1, 7.2, 7.3, 7.4, 7.5", _IS, _SUP,
       "After the supply phase the OoS markers are on exactly the units that cannot trace supply (the spent SD no longer "
       "supplies; an enemy ZOC blocks no line unless zoc-blocks-lines=yes)."),
    _e("TON-SUP-02", "7.1, 1.7", _I, _SUP,
       "In the rainy season a unit that gets an OoS marker loses a step at once."),
    _e("TON-SUP-03", "7.4", _I, _SUP,
       "River supply runs at most 5 hexes along major rivers and coast, with a DNA on the line, and a VM regiment in a "
       "river hex cuts it."),
    _e("TON-ATT-01", "5.0", _I, _SUP,
       "In the attrition phase a unit with an OoS marker that still cannot trace loses a step, no other unit does, and "
       "no OoS marker is removed."),
    _e("TON-OOS-01", "7.5, 3.1", _IS, _SUP,
       "An OoS unit does not double-move, and an OoS motorised unit moves only by transport (its attack value, ambush, "
       "overrun and retreat before combat come with combat)."),
    # Replacements, reinforcements, mobilisation
    _e("TON-REP-01", "2.2, 2.6", _I, _REP,
       "The VM takes 2 SD, 2 RP + 1 SD or 4 RP, the CEF 2 RP + 2 SD, 4 RP + 1 SD or 6 RP; at most 9 SDs of a side on "
       "the map."),
    _e("TON-REP-02", "2.2, 2.6", _I, _REP,
       "At most 8 RP kept; a step costs 1 RP (2 motorised); a rebuild costs VM 4/8, CEF 2/8, and returns 3 turns later "
       "(VM) or 1 or 2 by morale (CEF)."),
    _e("TON-REP-03", "2.2, 2.6, 2.3", _IS, _REP,
       "RP go to units with no OoS marker within 3 hexes of their HQ or a supply centre (VM motorised also next to a road "
       "to China), at most 2 steps per regiment a turn."),
    _e("TON-REP-04", "2.2", _IS, _REP,
       "The Thai Binh (W-18) +1 or −1 RP, the +2 RP for a CEF SD taken and the +1 RP for an Ex-DL/2DL advance are given."),
    _e("TON-REP-05", "2.6, 3.5", _I, _REP,
       "Replacements the CEF can reach only by air cost 1 air transport (2 into the AA ZOC) each, carrying 6 RP, 3 RP + 1 "
       "motorised, or 2 motorised."),
    _e("TON-TD-01", "2.3", _I, _REP,
       "A Tieu Doan replaces a step of a non-motorised regiment in or next to Vietnam from at most 2 hexes away, goes to "
       "Box 1, and passes its DG status only as 2.3 says."),
    _e("TON-TD-02", "2.4, 1.4", _IS, _REP,
       "At most half the VM-controlled VP hexes in Vietnam (rounded up) Tieu Doan mobilise, within 2 of a VM "
       "mobilisation centre in Vietnam (every VP hex with td-mobilisation-count=all); one Pathet Lao when the VM holds "
       "more Laos centres than PL on the map; then Box 1 empties into Box 2."),
    _e("TON-REI-01", "2.1", _IS, _REP,
       "VM reinforcements arrive only when the VP level is at most the VM number: motorised ones at a VM supply centre in "
       "China, others at any VM supply centre, Tieu Doan to Box 2."),
    _e("TON-REI-02", "2.5, 2.6", _I, _REP,
       "A CEF reinforcement costs 1 VP (stacking 1–2) or 2 VP (3–4) or moves 6 turns ahead; air reinforcements are free "
       "and placed; the Navy's return costs 2 VP."),
    _e("TON-REI-03", "2.5", _IS, _REP,
       "CEF reinforcements are placed by kind: Thai on a CEF-held blue highland village on or west of the Red River, "
       "GCMA within 2 of a CEF highland community (one each), Laotians and BVN on a CEF supply centre of their country, "
       "others in a port."),
    _e("TON-WDR-01", "2.7", _IS, _REP,
       "A due withdrawal takes a full-strength unit of the right kind within 3 of a CEF supply centre 6 turns ahead, or "
       "costs 3 VP when none can go."),
    # Victory points
    _e("TON-VP-01", "1.9", _I, _VP,
       "A VP hex taken or lost by default moves the VP level at once, and each crossing of 10 delta or 20 highland "
       "VM-controlled communities moves it 10."),
    _e("TON-VP-02", "1.9, 6.13", _I, _VP,
       "An eliminated CEF unit costs 1 VP (stacking 1–2) or 2 VP (3–4), none for one-step units."),
    _e("TON-VP-03", "1.9", _IS, _VP,
       "The political objective markers are placed as 1.9 A says, scored ±5 at the scenario's end, and re-placed only "
       "for 5 VP."),
    _e("TON-VP-04", "1.9, 8.0", _IS, _VP,
       "The game ends at once when the VM HQ is eliminated or the VM occupies Hanoi; otherwise the result is read on the "
       "scenario's VP scale."),
    # Community control
    _e("TON-COM-01", "1.8, 9.0", _I, _COM,
       "A community belongs to its occupier, else to the VM in a VM ZOC, else to its name's colour; the Delta and "
       "Highlands markers agree."),
    # Setup
    _e("TON-SET-01", "9.0, 1.4", _IC, _SET,
       "The set-up follows its five steps in order; each Tieu Doan on its own mobilisation centre or within 2 of it; each "
       "GCMA within 2 of its own CEF highland community."),
    # Optional Hero rule
    _e("TON-HERO-01", "6.16", _I, _HERO,
       "With the optional Hero rule in use: promotions, the front-line ±1 DRM and the death rolls as 6.16 gives them."),
)
