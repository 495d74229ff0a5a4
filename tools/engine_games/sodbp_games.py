"""Storm Over Dien Bien Phu games for the engine (bundled data: ``source_data/sodbp``).

Every game is legal by the rules text (``shared/rules/sodbp-rules.md``), unless it plants one fault.
The numbers in the comments come from the bundled (reconstructed) counters and map: FP-DEF-MA, the
areas' printed defense, who controls them, adjacency.
"""

from __future__ import annotations

from math import ceil

from engine_games import Fixture, Planted
from sdbp_module.games.sodbp.ids import FRENCH, VIET_MINH
from sdbp_module.ids import Side
from sdbp_module.model.game_data import GameData, SetupKind
from sdbp_module.vassal_log.play_script import PlayScript

F, V = FRENCH, VIET_MINH
STAGING = "Replacements"
"""Where a marker meant for a turn-track box is dropped from the palette before it is dragged there
(the harness names a palette drag's zone by one word)."""


def place(w: PlayScript, game: GameData, side: Side, units: list[str], areas: tuple[str, ...]) -> None:
    """Place units in the first areas with room (9 per side, 7.0), as few drags as possible."""
    left = list(units)
    for area in areas:
        room = game.game.stacking_limit - len(w.units_in(area, side))
        if room <= 0 or not left:
            continue
        batch, left = left[:room], left[room:]
        w.move(side, batch, area)
    assert not left, f"no room for {left}"


def arriving(game: GameData, side: Side, turn: int) -> list[str]:
    return [u.id for u in game.units if u.side is side and u.setup.kind is SetupKind.TURN and u.setup.turn == turn]


def two_turns(w: PlayScript, game: GameData) -> Planted | None:
    """Two turns with the module's controls: unit fire, card fire, an assault on turn 1 with *Night
    Assault*, *Improved Defenses* and *Mortar Support* between a declaration and its roll, damage
    taken with **Take hit**, retreats, a capture with its control marker, *Rats of the Nam Yum*, the
    French discard to go on after a VM pass, entrenchment by units and by card (to level 3), an
    assault from the level-3 trench, *Poor Weather* against *B-26*, *Surprise Assault*, *Emergency
    Replacements* with its No Replacements marker, *Heavy Flak*, supply rolls and No Supply markers,
    the End-phase helpers, reinforcements and replacements."""
    w.staging = STAGING
    # ---- turn 1, Draw phase: the French hold both bonus sets (4 + 2), the VM the track's 5
    w.draw_to_hand(F, F, ["FR-13", "FR-20", "FR-18", "FR-07", "FR-04", "FR-22"])
    w.draw(V, ["VM-01", "VM-25", "VM-16", "VM-03", "VM-11"])
    w.phase(1, "action", V)
    # A1 VM: assault on turn 1 (any origin), 13 → 14 with two 2-8-2; Night Assault before the roll:
    # 2d6 3 + FP 4 + 3 = 10 against the best French DEF 8 (no terrain in an assault): 2 damage
    assaulters = ["VM-312-141-428-1", "VM-312-141-428-2"]
    w.declare("ASSAULT", V, assaulters, "14")
    w.card(V, "VM-25", "play", target="14")
    w.dice(V, "assault", [1, 2])
    w.damage(F, "FR-III13DBLE-9", "flip")
    w.damage(F, "FR-III13DBLE-10", "flip")
    w.flip(V, assaulters)  # French units remain: the assaulters stay, spent,
    w.eliminate(V, "VM-312-141-428-1")  # and one of them pays for the assault (10.0)
    # A2 French: the two fresh units of 14 fire at 13 (adjacent); Improved Defenses (VM) and Mortar
    # Support (French) between the declaration and the roll: 8 + FP 4 + 3 = 15 against DEF 8 +
    # terrain 2 × 2 = 12: 3 damage; the VM flips one unit and flips and retreats another (12 and 25:
    # both VM, no French unit, room: a free choice)
    firers = ["FR-III13DBLE-11", "FR-III13DBLE-12"]
    w.declare("FIRE", F, firers, "13")
    w.card(V, "VM-01", "play", target="13")
    w.card(F, "FR-13", "play", target="13")
    w.dice(F, "fire", [4, 4])
    w.damage(V, "VM-312-209-130-1", "flip")
    w.retreat(V, "VM-312-209-130-1", "12")
    w.damage(V, "VM-312-209-130-2", "flip")
    w.add_marker(F, "fire", "french", "14")  # on the area the fire came from (8.1)
    w.flip(F, firers)
    # A3 VM: 105mm Artillery as the action on 19 (next to VM 13; 2 French units: FP 9): 3 + 9 = 12
    # against DEF 7 + terrain 3 = 10: 2 damage, a flip and retreat (17, 23, 24, 26: French, no VM unit)
    w.card(V, "VM-16", "play", target="19")
    w.dice(V, "fire", [2, 1])
    w.damage(F, "FR-III3RTA-1", "flip")
    w.retreat(F, "FR-III3RTA-1", "17")
    # A4 French: B-26 Bombers on 11: 4 + 6 = 10 against 8 + 1 = 9: one flip
    w.card(F, "FR-18", "play", target="11")
    w.dice(F, "fire", [3, 1])
    w.damage(V, "VM-312-165-564-1", "flip")
    # A5 VM: a move 40 → 38 (1 + 1 for the French control: MA 2) takes the empty French area; Rats of
    # the Nam Yum in the same action on 24 (French, no VM unit): 1 on the die, one French unit flipped
    w.move(V, ["VM-304-57-418-1"], "38")
    # the palette's French face dragged in and turned with its menu, as a player who grabs the wrong face
    # does (issue 21, class 1: one piece, one marker, judged at the face the player gave it)
    control = w.add_marker(V, "control", "french", "38")
    w.set_marker(V, control, "viet_minh")
    w.flip(V, ["VM-304-57-418-1"])
    w.card(V, "VM-03", "play", target="24")
    w.dice(V, "other", [1])
    w.flip(V, ["FR-BT2-5"])
    # A6 French: a move 15 → 16 (own, empty: 1 MP) with Fighter Bombers on 7 during it: 4 + 4 = 8
    # against 8 + 0: no damage
    w.move(F, ["FR-I2REI-2"], "16")
    w.card(F, "FR-20", "play", target="7")
    w.dice(F, "fire", [2, 2])
    w.flip(F, ["FR-I2REI-2"])
    # A7 VM: entrenchment by two units in 8, level 0 → 1
    diggers = ["VM-312-165-115-1", "VM-312-165-115-2"]
    w.entrench(V, diggers)
    w.flip(V, diggers)
    w.add_marker(V, "trench", "1", "8", confirm=True)
    # A8 French: Artillery at 8 (next to French 6 and 14): 2 + 7 = 9 against 8 + 1 + trench 1: nothing
    w.card(F, "FR-22", "play", target="8")
    w.dice(F, "fire", [1, 1])
    # A9 VM passes; the French discard a card to go on (4.0 B): a move 18 → 22 (own areas, 1 MP)
    w.pass_(V)
    w.card(F, "FR-07", "discard")
    w.move(F, ["FR-I2REI-3"], "22")
    w.flip(F, ["FR-I2REI-3"])
    w.pass_(V)  # no discard this time: the phase ends (4.0 B)
    # ---- turn 1, End phase
    w.phase(1, "end", V)
    w.card(F, "FR-04", "discard")  # the VM keeps Heavy Flak for the supply step; the French discard
    w.dice(F, "supply", [3, 2])  # 5, no VM-held airstrip or green area: every area supplied,
    w.card(V, "VM-11", "play", target="14")  # but Heavy Flak: one area more (AMB-11)
    no_supply = w.add_marker(V, "no-supply", "no-supply", "14")
    w.refresh(V)  # all VM units; French units but those of 14
    w.clear_markers(V, "fire")
    w.clear_markers(V, "no-supply")
    del no_supply
    # no replacement roll on turn 1; the reinforcements of turn 1, the VM first
    vm, fr = arriving(game, V, 1), arriving(game, F, 1)
    w.move(V, vm[:4], "1")
    w.move(V, vm[4:8], "3")
    w.move(V, vm[8:], "32")
    w.move(F, fr[:4], "16")
    w.move(F, fr[4:], "20")
    # ---- turn 2, Draw phase: the VM draws to the track's 4; the French hold 6 (4 + 2)
    w.phase(2, "draw", V)
    w.draw(V, ["VM-12", "VM-15", "VM-04", "VM-07"])
    w.draw(F, ["FR-06", "FR-10", "FR-14", "FR-19", "FR-02", "FR-23"])
    w.phase(2, "action", V)
    # A1 VM: entrenchment by units in 5: four fresh units flipped, level 0 → 2
    diggers = ["VM-308-36-80-1", "VM-308-36-80-2", "VM-308-36-80-3", "VM-308-36-80-4"]
    w.entrench(V, diggers)
    w.flip(V, diggers)
    trench = w.add_marker(V, "trench", "2", "5")
    # A2 French: Bordels Mobiles de Campagne on 14: its four spent units (left spent by No Supply) fresh
    w.card(F, "FR-06", "play", target="14")
    w.flip(F, ["FR-III13DBLE-9", "FR-III13DBLE-10", "FR-III13DBLE-11", "FR-III13DBLE-12"], spent=False)
    # A3 VM: entrenchment by card: Giap Demands Success (entrenchment 1) for 5, level 2 → 3
    w.entrench_card(V, "VM-04", "5")
    w.set_marker(V, trench, "3")
    # A4 French: REI-1 in 10 fires at 11 with Flamethrowers (terrain 0) and Mortar Support: 9 + 2 + 3
    # = 14 against DEF 8: 6 damage; the VM eliminates two fresh units (3 + 3; all four were refreshed)
    w.declare("FIRE", F, ["FR-I2REI-1"], "11")
    w.card(F, "FR-10", "play", target="11")
    w.card(F, "FR-14", "play", target="11")
    w.dice(F, "fire", [5, 4])
    w.damage(V, "VM-312-165-564-2", "eliminate")
    w.damage(V, "VM-312-165-564-1", "eliminate")
    w.add_marker(F, "fire", "french", "10")
    w.flip(F, ["FR-I2REI-1"])
    # A5 VM: assault from 5 (trench 3) on Gabrielle (6) with three units, FP 3 each: 6 + 9 = 15
    # against DEF 7: 8 damage; the French eliminate two units and flip two
    assaulters = ["VM-308-36-84-1", "VM-308-36-84-2", "VM-308-36-84-3"]
    w.declare("ASSAULT", V, assaulters, "6")
    w.dice(V, "assault", [3, 3])
    w.damage(F, "FR-V7RTA-1", "eliminate")
    w.damage(F, "FR-V7RTA-2", "eliminate")
    w.damage(F, "FR-V7RTA-3", "flip")
    w.damage(F, "FR-V7RTA-4", "flip")
    w.flip(V, assaulters)
    w.eliminate(V, "VM-308-36-84-3")
    # A6 French: B-26 Bombers on 5, negated by Poor Weather
    w.card(F, "FR-19", "play", target="5")
    w.card(V, "VM-07", "play", target="5")
    # A7 VM: Surprise Assault from 13 (no trench) on 19: two units, FP 4: 8 + 4 = 12 against DEF 7: 5
    # damage on the lone 1-7-2, eliminated; the assaulters advance, 19 is the VM's, one pays
    w.card(V, "VM-12", "play", target="19")
    assaulters = ["VM-312-141-428-3", "VM-312-141-428-4"]
    w.declare("ASSAULT", V, assaulters, "19")
    w.dice(V, "assault", [4, 4])
    w.damage(F, "FR-III3RTA-2", "eliminate")
    w.move(V, assaulters, "19")
    w.add_marker(V, "control", "viet_minh", "19")
    w.flip(V, assaulters)
    w.eliminate(V, "VM-312-141-428-4")
    # at the end of that action: Emergency Replacements, two fresh replacements into 13
    w.card(V, "VM-15", "play", target="13")
    w.move(V, ["VM-REPL-01", "VM-REPL-02"], "13")
    no_replacements = w.add_marker(V, "no-replacements", "no-replacements", "Turn 2", confirm=True)
    # A8 the French pass, the VM passes: the phase ends
    w.pass_(F)
    w.pass_(V)
    # ---- turn 2, End phase
    w.phase(2, "end", V)
    w.card(F, "FR-02", "discard")
    w.card(F, "FR-23", "discard")
    w.dice(F, "supply", [6, 5])  # 11, no modifier: one French area unsupplied
    no_supply = w.add_marker(V, "no-supply", "no-supply", "20")
    w.refresh(V)
    w.clear_markers(V, "fire")
    w.delete(no_supply, V)
    # no replacement roll (the No Replacements marker); the VM's turn-2 reinforcements
    place(w, game, V, arriving(game, V, 2), ("36", "37", "1", "3", "32", "4", "40", "38"))
    w.delete(no_replacements, V)
    return None




def more_cards(w: PlayScript, game: GameData) -> Planted | None:
    """Two more turns for the cards and controls the first game leaves out: *Counter Attack* on the area
    just lost (the control marker taken off), *Propaganda* (a Thai unit removed from the game),
    *Relief Force from Isabelle*, *Katyusha Rockets* answered by *Bigeard Refuses to Leave*, VM unit
    fire with its fire marker, an assault on turn 1 with *Night Assault* negated by *Flares* and
    *Débouchez à Zéro!* on the assaulters, entrenchment to level 3 at once, *Artillery* taking off
    trenches answered by a *75mm* counter-battery, *Detonate Mine Shaft*, *TOT Artillery* taking
    the trenches off, *Surprise Assault* with *Giap Demands Success*, a French capture of a VM area,
    the turn marker replaced, the hands' and palette's and player aid's buttons, a card shown."""
    w.staging = STAGING
    # ---- turn 1, Draw phase (the hands' buttons work for their own side, after a change of side)
    w.draw_to_hand(V, V, ["VM-09", "VM-10", "VM-26", "VM-21", "VM-25"])
    w.show("Counters", V)
    w.show("Player aid", V)
    w.draw(F, ["FR-16", "FR-09", "FR-08", "FR-05", "FR-01", "FR-24"])
    w.show("French hand", F)
    w.card_flip(F, "FR-01")
    w.delete(w.marker("turn"), V)  # a new turn marker for the old one
    w.show("Viet Minh hand", V)
    w.add_marker(V, "turn", "turn", "Turn 1", confirm=True)
    w.phase(1, "action", V)
    # A1 VM: 40 → 38 (1 + 1: French control; MA 2) takes the empty French area
    w.move(V, ["VM-304-57-418-1"], "38")
    w.add_marker(V, "control", "viet_minh", "38")
    w.flip(V, ["VM-304-57-418-1"])
    # A2 French: Counter Attack on 38, lost in the action just before: two units from 34 and one from
    # 35 enter it (1 + 1 each: MA 2) and fire inside it: 3 + FP 6 = 9 against the spent unit's DEF 6,
    # no terrain: 3 points, 2 eliminate it (the third is lost); 38 is French again
    w.card(F, "FR-16", "play", target="38")
    gather = ["FR-I13DBLE-1", "FR-I13DBLE-2"]
    w.move(F, gather, "38")
    w.move(F, ["FR-I4RTM-4"], "38")
    w.declare("FIRE", F, [*gather, "FR-I4RTM-4"], "38")
    w.dice(F, "fire", [2, 1])
    w.damage(V, "VM-304-57-418-1", "eliminate")
    w.delete(w.marker("control"), F)
    w.flip(F, [*gather, "FR-I4RTM-4"])
    # A3 VM: Propaganda on 9 (Thai units, next to VM 4 and 5): a die per Thai unit, one 4
    w.card(V, "VM-10", "play", target="9")
    for d6 in (4, 2, 1, 3):
        w.dice(V, "other", [d6])
    w.remove_unit(V, "FR-BT3-9")
    # A4 French: Relief Force from Isabelle: 2 on the die, the two "*" infantry units fresh into 38
    w.card(F, "FR-09", "play", target="38")
    w.dice(F, "other", [2])
    w.move(F, ["FR-III3REI-C", "FR-II1RTA-C"], "38")
    # A5 VM: Katyusha Rockets on 38 (next to VM 39, 40; 5 French units: FP 12): 2 + 12 = 14 against
    # DEF 8 + 0: 6 damage; Bigeard Refuses to Leave ignores one point per French unit there (5): 1
    w.card(V, "VM-09", "play", target="38")
    w.dice(V, "fire", [1, 1])
    w.card(F, "FR-01", "play", target="38")
    w.damage(F, "FR-III3REI-C", "flip")
    # A6 French: Artillery on 39 (next to French 38 and 34): 5 + 7 = 12 against 8 + 2: 2 damage, a
    # flip and retreat into 37 (the only VM area next to 39)
    w.card(F, "FR-24", "play", target="39")
    w.dice(F, "fire", [3, 2])
    w.damage(V, "VM-304-57-265-1", "flip")
    w.retreat(V, "VM-304-57-265-1", "37")
    # A7 VM: three units of 12 fire at 14: 6 + 6 = 12 against 8 + 3: one flip; the VM fire marker on 12
    firers = ["VM-312-141-11-1", "VM-312-141-11-2", "VM-312-141-11-3"]
    w.declare("FIRE", V, firers, "14")
    w.dice(V, "fire", [3, 3])
    w.damage(F, "FR-III13DBLE-9", "flip")
    vm_fire = w.add_marker(V, "fire", "french", "12")  # the wrong face, turned at once (class 1)
    w.set_marker(V, vm_fire, "viet_minh")
    w.flip(V, firers)
    # A8 French: a move 27 → 33 (own areas)
    w.move(F, ["FR-GMPT1-A"], "33")
    w.flip(F, ["FR-GMPT1-A"])
    # A9 VM: assault on turn 1, 13 → 14 with four units; Night Assault, negated by Flares; Débouchez à
    # Zéro! fires at the assaulters (FP 6 + 4 = 10 against their best DEF 8: 2, two flipped); the two
    # fresh ones carry on: 8 + FP 4 = 12 against DEF 8: 4 damage, a spent unit eliminated, two flipped
    assaulters = ["VM-312-141-428-1", "VM-312-141-428-2", "VM-312-141-428-3", "VM-312-141-428-4"]
    w.declare("ASSAULT", V, assaulters, "14")
    w.card(V, "VM-26", "play", target="14")
    w.card(F, "FR-08", "play", target="14")
    w.card(F, "FR-05", "play", target="13")
    w.dice(F, "fire", [2, 2])
    w.damage(V, "VM-312-141-428-1", "flip")
    w.damage(V, "VM-312-141-428-2", "flip")
    w.dice(V, "assault", [4, 4])
    w.damage(F, "FR-III13DBLE-9", "eliminate")
    w.damage(F, "FR-III13DBLE-10", "flip")
    w.damage(F, "FR-III13DBLE-11", "flip")
    w.flip(V, ["VM-312-141-428-3", "VM-312-141-428-4"])
    w.eliminate(V, "VM-312-141-428-1")
    # the French pass, the VM passes
    w.pass_(F)
    w.pass_(V)
    # ---- turn 1, End phase: the VM keeps its 75mm; supply 9: one area unsupplied
    w.phase(1, "end", V)
    w.card(V, "VM-25", "discard")
    w.dice(F, "supply", [5, 4])
    w.add_marker(V, "no-supply", "no-supply", "20", confirm=True)
    w.refresh(V)
    w.delete(vm_fire, V)
    w.clear_markers(V, "no-supply")
    vm, fr = arriving(game, V, 1), arriving(game, F, 1)
    w.move(V, vm[:4], "1")
    w.move(V, vm[4:8], "3")
    w.move(V, vm[8:], "32")
    w.move(F, fr[:4], "16")
    w.move(F, fr[4:], "20")
    # ---- turn 2
    w.phase(2, "draw", V)
    w.draw(V, ["VM-06", "VM-13", "VM-04"])  # 1 kept + 3 = the track's 4
    w.draw_to_hand(F, F, ["FR-25", "FR-27", "FR-11", "FR-03", "FR-15", "FR-21"])
    w.phase(2, "action", V)
    # A1 VM: six fresh units of 5 entrench: level 0 → 3
    diggers = ["VM-308-36-80-1", "VM-308-36-80-2", "VM-308-36-80-3", "VM-308-36-80-4", "VM-308-36-84-1", "VM-308-36-84-2"]
    w.entrench(V, diggers)
    w.flip(V, diggers)
    trench = w.add_marker(V, "trench", "3", "5")
    # A2 French: Artillery to take the trenches off 5 (next to French 6); the VM's 75mm counter-battery
    w.card(F, "FR-25", "play", target="5")
    w.card(V, "VM-21", "play", target="5")
    # A3 VM: a move 7 → 11 and Detonate Mine Shaft on 9 (French, next to the level-3 trench of 5): the
    # French withdraw nobody, 2 on the die, the VM flips two units
    w.move(V, ["VM-308-88-322-1"], "11")
    w.flip(V, ["VM-308-88-322-1"])
    w.card(V, "VM-06", "play", target="9")
    w.dice(V, "other", [2])
    w.damage(V, "FR-BT3-10", "flip")
    w.damage(V, "FR-BT3-11", "flip")
    # A4 French: TOT Artillery takes the trenches off 5
    w.card(F, "FR-27", "play", target="5")
    w.delete(trench, F)
    # A5 VM: Surprise Assault from 13 (no trench) on 14 with three units, FP 6: 3 + 6 = 9 against 8;
    # Giap Demands Success: the re-roll 11 is kept: 17, 9 damage, the three French units eliminated;
    # the assaulters advance, 14 is the VM's; two pay (the assault and the re-roll)
    w.card(V, "VM-13", "play", target="14")
    assaulters = ["VM-312-209-130-1", "VM-312-209-130-2", "VM-312-209-130-3"]
    w.declare("ASSAULT", V, assaulters, "14")
    w.dice(V, "assault", [1, 2])
    w.card(V, "VM-04", "play", target="14")
    w.dice(V, "assault", [6, 5])
    for unit in ("FR-III13DBLE-10", "FR-III13DBLE-11", "FR-III13DBLE-12"):
        w.damage(F, unit, "eliminate")
    w.move(V, assaulters, "14")
    w.add_marker(V, "control", "viet_minh", "14")
    w.flip(V, assaulters)
    w.eliminate(V, "VM-312-209-130-2")
    w.eliminate(V, "VM-312-209-130-3")
    # A6 French: the AA unit of 17 fires at 14 with Mortar Support: 7 + 3 + 3 = 13 against the spent
    # 130-1's 6 + 3: 4 damage, 2 eliminate it; the French fire marker on 17
    w.declare("FIRE", F, ["FR-GAACEO-REDON"], "14")
    w.card(F, "FR-15", "play", target="14")
    w.dice(F, "fire", [4, 3])
    w.damage(V, "VM-312-209-130-1", "eliminate")
    w.add_marker(F, "fire", "french", "17", confirm=True)
    w.flip(F, ["FR-GAACEO-REDON"])
    # A7 VM: the three units left in 7 move to 11 (VM; 8 there after)
    movers = ["VM-308-88-322-2", "VM-308-88-322-3", "VM-308-88-322-4"]
    w.move(V, movers, "11")
    w.flip(V, movers)
    # A8 French: 10 → 7 (1 + 1: VM control; MA 2) takes the empty VM area; Fighter Bombers on 11
    # during the action: 2 + 4 = 6 against 8 + 1: nothing
    w.move(F, ["FR-I2REI-1"], "7")
    w.add_marker(F, "control", "french", "7", confirm=True)
    w.card(F, "FR-21", "play", target="11")
    w.dice(F, "fire", [1, 1])
    w.flip(F, ["FR-I2REI-1"])
    w.pass_(V)  # the French do not discard: the phase ends
    # ---- turn 2, End phase
    w.phase(2, "end", V)
    w.card(F, "FR-11", "discard")
    w.card(F, "FR-03", "discard")
    w.dice(F, "supply", [2, 2])
    w.refresh(V)
    w.clear_markers(V, "fire")
    w.dice(V, "replacements", [3])  # 2 replacements
    place(w, game, V, ["VM-REPL-01", "VM-REPL-02", *arriving(game, V, 2)], ("14", "36", "37", "1", "3", "32", "4", "40"))
    return None


def movement(w: PlayScript, game: GameData) -> Planted | None:
    """Two turns of moves and placements (the sides chosen by a roll after equal bids): captures by moving into empty enemy areas (a control marker
    each), French armor over the bridge 21–29 and on (two areas in one drag: the path is not logged), a
    stack moving two areas, a VM placement into an empty French area next to the map edge (12.3),
    *Surprise Assault* from a captured area answered by *Counter Attack*, *Emergency Replacements* at
    the end of the French action, VM fire answered by *B-26 Bombers* on the spent firers (terrain
    ignored under the fire marker), the Draw buttons and hands kept over the End phase."""
    w.staging = STAGING
    # sides chosen with the optional bid of 15.0: equal bids, a roll decides (2d6 each)
    w.dice(F, "other", [4, 2])
    w.dice(V, "other", [5, 3])
    # ---- turn 1
    w.draw_to_hand(F, F, ["FR-18", "FR-19", "FR-22", "FR-23", "FR-06", "FR-16"])
    w.draw_to_hand(V, V, ["VM-12", "VM-13", "VM-16", "VM-17", "VM-21"])
    w.phase(1, "action", V)
    # A1 VM: two units of 39 into empty French 33 (1 + 1: MA 2): the VM's now
    w.move(V, ["VM-304-57-265-1", "VM-304-57-265-2"], "33")
    w.add_marker(V, "control", "viet_minh", "33")
    w.flip(V, ["VM-304-57-265-1", "VM-304-57-265-2"])
    # A2 French: armor 21 → 29 (the bridge: no river surcharge) → 30: 2 MP of 3
    w.move(F, ["FR-1RCC-CARETTE"], "30")
    w.flip(F, ["FR-1RCC-CARETTE"])
    # A3 VM: 105mm Artillery on 6 (next to VM 2 and 5): 2 + 9 = 11 against 7 + 3: a flip
    w.card(V, "VM-16", "play", target="6")
    w.dice(V, "fire", [1, 1])
    w.damage(F, "FR-V7RTA-1", "flip")
    # A4 French: the four paratroopers of 20 (MA 3) move 20 → 16 → 10 as a stack
    bep = ["FR-1BEP-1", "FR-1BEP-2", "FR-1BEP-3", "FR-1BEP-4"]
    w.move(F, bep, "10")
    w.flip(F, bep)
    # A5 VM: the four units of 11 move to 7 (VM; 8 there)
    movers = ["VM-312-165-564-1", "VM-312-165-564-2", "VM-312-165-564-3", "VM-312-165-564-4"]
    w.move(V, movers, "7")
    w.flip(V, movers)
    # A6 French: 10 → 11, empty and VM (1 + 1): the French's now
    w.move(F, ["FR-I2REI-1"], "11")
    w.add_marker(F, "control", "french", "11")
    w.flip(F, ["FR-I2REI-1"])
    # A7 VM passes; the French discard to go on: Françoise's unit moves to Anne-Marie (own areas)
    w.pass_(V)
    w.card(F, "FR-06", "discard")
    w.move(F, ["FR-GMPT1-A"], "9")
    w.flip(F, ["FR-GMPT1-A"])
    w.pass_(V)
    # ---- turn 1, End phase: the VM keeps two cards, the French three
    w.phase(1, "end", V)
    w.card(V, "VM-17", "discard")
    w.card(V, "VM-21", "discard")
    w.card(F, "FR-22", "discard")
    w.card(F, "FR-23", "discard")
    w.dice(F, "supply", [3, 3])  # 6, nothing VM-held counts: all supplied
    w.refresh(V)
    vm = arriving(game, V, 1)
    w.move(V, vm[:4], "27")  # empty French Françoise, next to the edge area 32 (VM): the VM's at once
    w.add_marker(V, "control", "viet_minh", "27")
    w.move(V, vm[4:8], "3")
    w.move(V, vm[8:], "32")
    fr = arriving(game, F, 1)
    w.move(F, fr[:4], "16")
    w.move(F, fr[4:], "20")
    # ---- turn 2: VM 2 kept + 2 = 4; French 3 kept + 3 = 6 (both bonus sets)
    w.phase(2, "draw", V)
    w.draw_to_hand(V, V, ["VM-14", "VM-15"])
    w.draw_to_hand(F, F, ["FR-24", "FR-13", "FR-10"])
    w.phase(2, "action", V)
    # A1 VM: Surprise Assault from 33 on 22 with its two units (FP 4): 8 + 4 = 12 against DEF 8: 4,
    # the lone defender eliminated; the two advance, 22 is the VM's, one pays
    w.card(V, "VM-12", "play", target="22")
    assaulters = ["VM-304-57-265-1", "VM-304-57-265-2"]
    w.declare("ASSAULT", V, assaulters, "22")
    w.dice(V, "assault", [4, 4])
    w.damage(F, "FR-I2REI-4", "eliminate")
    w.move(V, assaulters, "22")
    w.add_marker(V, "control", "viet_minh", "22")
    w.flip(V, assaulters)
    w.eliminate(V, "VM-304-57-265-2")
    # A2 French: Counter Attack on 22: two paratroopers from 21 (1 MP) and the legionnaires of 18 (1 + 1)
    # fire inside it at the spent 265-1: 2 + FP 8 = 10 against 6: 4, it is eliminated; 22 is French again
    w.card(F, "FR-16", "play", target="22")
    w.move(F, ["FR-8BPC-1", "FR-8BPC-2"], "22")
    w.move(F, ["FR-I2REI-3"], "22")
    gathered = ["FR-8BPC-1", "FR-8BPC-2", "FR-I2REI-3"]
    w.declare("FIRE", F, gathered, "22")
    w.dice(F, "fire", [1, 1])
    w.damage(V, "VM-304-57-265-1", "eliminate")
    w.delete(w.marker("control"), F)
    w.flip(F, gathered)
    # at the end of that action: Emergency Replacements, two units into 33
    w.card(V, "VM-15", "play", target="33")
    w.move(V, ["VM-REPL-01", "VM-REPL-02"], "33")
    no_replacements = w.add_marker(V, "no-replacements", "no-replacements", "Turn 2")
    # A3 VM: two of the units placed in 27 fire at 22 (the spent counter-attackers, DEF 6 + 1): 2 + 6
    # = 8: one point, a spent paratrooper retreats (18, 20, 21, 34: French, no VM unit: a free choice)
    placed = arriving(game, V, 1)[:4]
    w.declare("FIRE", V, placed[:2], "22")
    w.dice(V, "fire", [1, 1])
    w.retreat(F, "FR-8BPC-1", "21")
    w.add_marker(V, "fire", "viet_minh", "27")
    w.flip(V, placed[:2])
    # A4 French: B-26 Bombers on 27 (best DEF 8, no terrain under the fire marker): 6 + 6 = 12: 4, a
    # fresh unit eliminated and another flipped
    w.card(F, "FR-18", "play", target="27")
    w.dice(F, "fire", [3, 3])
    w.damage(V, placed[2], "eliminate")
    w.damage(V, placed[3], "flip")
    w.pass_(V)
    # ---- turn 2, End phase
    w.phase(2, "end", V)
    w.card(V, "VM-13", "discard")
    w.card(V, "VM-14", "discard")
    for card in ("FR-19", "FR-24", "FR-13", "FR-10"):
        w.card(F, card, "discard")
    w.dice(F, "supply", [2, 3])
    w.refresh(V)
    w.clear_markers(V, "fire")
    place(w, game, V, arriving(game, V, 2), ("36", "37", "1", "3", "32", "4", "40", "39"))
    w.delete(no_replacements, V)
    return None


def cards_in_fire(w: PlayScript, game: GameData) -> Planted | None:
    """Two turns of cards around fire: two *Improved Defenses* (the terrain tripled) and two *Mortar
    Support* in one French fire, two *Fighter Bombers* in one French move (the first negated by *Poor
    Weather*, the second's damage allocated by the French, the firer), *75mm Artillery* as a fire
    action, *Artillery* taking trenches off, a replacement roll of 6."""
    w.staging = STAGING
    # ---- turn 1
    w.draw_to_hand(F, F, ["FR-20", "FR-21", "FR-13", "FR-14", "FR-02", "FR-26"])
    w.draw(V, ["VM-01", "VM-02", "VM-07", "VM-08", "VM-27"])
    w.phase(1, "action", V)
    # A1 VM: two units 7 → 11 (VM; 6 there after)
    w.move(V, ["VM-308-88-322-1", "VM-308-88-322-2"], "11")
    w.flip(V, ["VM-308-88-322-1", "VM-308-88-322-2"])
    # A2 French: the four legionnaires of 14 fire at 11; the VM's two Improved Defenses triple the
    # terrain (1 → 3), the French add two Mortar Support: 2 + 8 + 6 = 16 against 8 + 3 = 11: 5 damage,
    # a fresh unit (3) and a spent one (2) eliminated
    firers = ["FR-III13DBLE-9", "FR-III13DBLE-10", "FR-III13DBLE-11", "FR-III13DBLE-12"]
    w.declare("FIRE", F, firers, "11")
    w.card(V, "VM-01", "play", target="11")
    w.card(V, "VM-02", "play", target="11")
    w.card(F, "FR-13", "play", target="11")
    w.card(F, "FR-14", "play", target="11")
    w.dice(F, "fire", [1, 1])
    w.damage(V, "VM-312-165-564-1", "eliminate")
    w.damage(V, "VM-308-88-322-1", "eliminate")
    w.add_marker(F, "fire", "french", "14")
    w.flip(F, firers)
    # A3 VM: two units of 12 entrench it, level 1
    diggers = ["VM-312-141-11-1", "VM-312-141-11-2"]
    w.entrench(V, diggers)
    w.flip(V, diggers)
    w.add_marker(V, "trench", "1", "12")
    # A4 French: a move 18 → 15 with two Fighter Bombers: the first, on 12, negated by Poor Weather;
    # the second on 13: 8 + 4 = 12 against 8 + 2 = 10: 2, the French flip two VM units (the firer
    # allocates)
    w.move(F, ["FR-I2REI-3"], "15")
    w.card(F, "FR-21", "play", target="12")
    w.card(V, "VM-07", "play", target="12")
    w.card(F, "FR-20", "play", target="13")
    w.dice(F, "fire", [4, 4])
    w.damage(F, "VM-312-209-130-1", "flip")
    w.damage(F, "VM-312-209-130-2", "flip")
    w.flip(F, ["FR-I2REI-3"])
    w.pass_(V)  # no French discard: the phase ends
    # ---- turn 1, End phase: both keep their last two cards
    w.phase(1, "end", V)
    w.dice(F, "supply", [1, 2])
    w.refresh(V)
    w.clear_markers(V, "fire")
    vm, fr = arriving(game, V, 1), arriving(game, F, 1)
    w.move(V, vm[:4], "1")
    w.move(V, vm[4:8], "3")
    w.move(V, vm[8:], "32")
    w.move(F, fr[:4], "16")
    w.move(F, fr[4:], "20")
    # ---- turn 2: VM 2 + 2, French 2 + 4
    w.phase(2, "draw", V)
    w.draw(V, ["VM-05", "VM-22"])
    w.draw(F, ["FR-03", "FR-04", "FR-05", "FR-11"])
    w.phase(2, "action", V)
    # A1 VM: 75mm Artillery on 14 (next to VM 8, 11, 12, 13): 4 + 8 = 12 against 8 + 3: a flip
    w.card(V, "VM-22", "play", target="14")
    w.dice(V, "fire", [2, 2])
    w.damage(F, "FR-III13DBLE-9", "flip")
    # A2 French: Artillery takes the trench off 12 (next to French 14)
    w.card(F, "FR-26", "play", target="12")
    w.delete(w.marker("trench"), F)
    # A3 VM: the three units left in 11 move to 7
    movers = ["VM-312-165-564-2", "VM-312-165-564-3", "VM-312-165-564-4"]
    w.move(V, movers, "7")
    w.flip(V, movers)
    w.pass_(F)
    w.pass_(V)
    # ---- turn 2, End phase
    w.phase(2, "end", V)
    for card in ("VM-08", "VM-27", "VM-05"):
        w.card(V, card, "discard")
    for card in ("FR-02", "FR-03", "FR-04", "FR-05", "FR-11"):
        w.card(F, card, "discard")
    w.dice(F, "supply", [2, 1])
    w.refresh(V)
    w.dice(V, "replacements", [6])  # 3 replacements
    place(w, game, V, ["VM-REPL-01", "VM-REPL-02", "VM-REPL-03"], ("11",))
    place(w, game, V, arriving(game, V, 2), ("36", "37", "1", "3", "32", "4", "40"))
    return None


# -- planted faults: a legal opening, then one fault, marked where the engine logs it


def opening(w: PlayScript) -> None:
    """Turn 1's Draw phase (the French 6 cards, the VM 5) and the start of its Action phase."""
    w.staging = STAGING
    w.draw(F, ["FR-13", "FR-01", "FR-07", "FR-22", "FR-20", "FR-04"])
    w.draw(V, ["VM-01", "VM-03", "VM-16", "VM-25", "VM-11"])
    w.phase(1, "action", V)


def vm_move(w: PlayScript) -> None:
    """A VM action: a move 40 → 36 (VM areas, 1 MP), the unit flipped."""
    w.move(V, ["VM-304-57-418-2"], "36")
    w.flip(V, ["VM-304-57-418-2"])


def french_fire(w: PlayScript, dice: list[int]) -> list[str]:
    """The two units of 14 (FP 2 + 2) fire at 13 (DEF 8 + terrain 2 = 10); returns the firers."""
    firers = ["FR-III13DBLE-11", "FR-III13DBLE-12"]
    w.declare("FIRE", F, firers, "13")
    w.dice(F, "fire", dice)
    return firers


def planted_fire_marker(w: PlayScript, game: GameData) -> Planted:
    """The French fire marker put on the area fired at instead of the one fired from (8.1)."""
    opening(w)
    vm_move(w)
    firers = french_fire(w, [3, 2])  # 5 + 4 = 9 against 10: no damage
    w.mark("marker")
    w.add_marker(F, "fire", "french", "13")
    w.flip(F, firers)
    return Planted("FIRE-MARKER", "marker")


def planted_damage(w: PlayScript, game: GameData) -> Planted:
    """Three damage points, the VM uses one (8.4.1)."""
    opening(w)
    vm_move(w)
    firers = french_fire(w, [5, 4])  # 9 + 4 = 13 against 10: 3 damage
    w.mark("damage")
    w.damage(V, "VM-312-209-130-1", "flip")
    w.add_marker(F, "fire", "french", "14")
    w.flip(F, firers)
    return Planted("DAMAGE-MUST-MAXIMIZE", "damage")


def planted_retreat(w: PlayScript, game: GameData) -> Planted:
    """A VM unit retreats into French 14 instead of VM 12 or 25 (8.4.2)."""
    opening(w)
    vm_move(w)
    firers = french_fire(w, [5, 3])  # 8 + 4 = 12 against 10: 2 damage, a flip and retreat
    w.mark("retreat")
    w.damage(V, "VM-312-209-130-1", "flip")
    w.retreat(V, "VM-312-209-130-1", "14")
    w.add_marker(F, "fire", "french", "14")
    w.flip(F, firers)
    return Planted("RETREAT-ADJ-CONTROLLED", "retreat")


def planted_entrenchment(w: PlayScript, game: GameData) -> Planted:
    """Two units flipped to entrench 8, the trench set to level 2 (9.0: two units a level)."""
    opening(w)
    diggers = ["VM-312-165-115-1", "VM-312-165-115-2"]
    w.mark("entrench")
    w.entrench(V, diggers)
    w.flip(V, diggers)
    w.add_marker(V, "trench", "2", "8")
    return Planted("ENTRENCH-COST-2-UNITS", "entrench")


def planted_assault_loss(w: PlayScript, game: GameData) -> Planted:
    """An assault that fails and costs the VM no unit (10.0)."""
    opening(w)
    assaulters = ["VM-312-141-428-1", "VM-312-141-428-2"]
    w.mark("assault")
    w.declare("ASSAULT", V, assaulters, "14")
    w.dice(V, "assault", [1, 2])  # 3 + 4 = 7 against DEF 8: nothing
    w.flip(V, assaulters)
    french_move(w)
    return Planted("ASSAULT-LOSS", "assault")


def french_move(w: PlayScript) -> None:
    """A French action: a move 18 → 22 (own areas, 1 MP), the unit flipped."""
    w.move(F, ["FR-I2REI-3"], "22")
    w.flip(F, ["FR-I2REI-3"])


def planted_discard_removed(w: PlayScript, game: GameData) -> Planted:
    """Bigeard discarded to go on after a VM pass, then taken out of the discard pile and removed from
    the game (5.2: a discarded card stays in the discard pile)."""
    opening(w)
    vm_move(w)
    french_move(w)
    w.pass_(V)
    w.card(F, "FR-01", "discard")
    w.mark("removed")
    w.card(F, "FR-01", "remove")
    w.move(F, ["FR-I2REI-4"], "21")
    w.flip(F, ["FR-I2REI-4"])
    return Planted("CARD-DISCARD-NOT-REMOVED", "removed")


def planted_supply(w: PlayScript, game: GameData) -> Planted:
    """A supply roll of 9 and no No Supply marker (11.0: one French area unsupplied)."""
    opening(w)
    vm_move(w)
    french_move(w)
    w.pass_(V)
    w.pass_(F)
    w.phase(1, "end", V)
    w.card(V, "VM-01", "discard")
    w.card(V, "VM-03", "discard")
    w.card(V, "VM-16", "discard")
    w.card(V, "VM-25", "discard")
    w.card(V, "VM-11", "discard")
    for card in ("FR-13", "FR-01", "FR-07", "FR-22", "FR-20", "FR-04"):
        w.card(F, card, "discard")
    w.mark("supply")
    w.dice(F, "supply", [5, 4])
    w.refresh(V)
    return Planted("SUPPLY-UNSUPPLIED-COUNT", "supply")


def planted_victory(w: PlayScript, game: GameData) -> Planted:
    """The whole game, the French hold on, and the log declares the Viet Minh the winner (14.0)."""
    w.staging = STAGING
    FullGame(w, game, winner=V).play_game()
    return Planted("VICTORY-6-AREAS", "result")


# -- the whole game: FullGame's legal plan (tests/e2e/test_check_full_game_vlog.py), played by the engine

VM_ORDER = [f"VM-{n:02d}" for n in (3, 1, 7, 8, 25, 16, 11, 4, 5, 15, 12, 13, 14, 21, 22, 23, 24, 26, 27, 17, 18, 19, 20, 2, 6, 9, 10)]
FR_ORDER = [f"FR-{n:02d}" for n in (18, 1, 2, 3, 4, 5, *range(6, 18), *range(19, 28))]
FR_MOVES = {2: ("FR-I2REI-2", "16"), 3: ("FR-I2REI-4", "18"), 4: ("FR-I2REI-2", "15"), 5: ("FR-I2REI-4", "22"),
            6: ("FR-I2REI-2", "16"), 7: ("FR-I2REI-4", "18"), 8: ("FR-I2REI-2", "15")}  # fmt: skip
"""Turn → the French move action: one unit to the next area (both French, adjacent, no enemy)."""
VM_MOVER = "VM-308-88-322-1"  # between 7 and 5, both VM-controlled
SUPPLY_ROLLS = {1: [2, 3], 2: [3, 3], 3: [1, 4], 4: [2, 2], 5: [4, 4], 6: [1, 1], 7: [3, 4], 8: [2, 5]}
REPLACEMENT_ROLLS = {2: 2, 4: 1, 5: 3, 6: 1, 7: 2, 8: 1}
VM_PLACE_AREAS = ("1", "3", "32", "36", "37", "4", "7", "11", "40")  # VM-controlled, by preference
FR_PLACE_AREAS = ("33", "27", "38", "35", "28", "24")  # French-controlled, by preference (16: turn 1 only)


class FullGame:
    """Eight turns: every turn both players draw up to their hand size (a reshuffle when the deck runs
    short, 5.4), the VM acts first, both pass; in the End phase the VM and then the French discard
    their hands, the French roll for supply, the spent units flip back (but those under a No Supply
    marker), the VM rolls for replacements from turn 2 and both place reinforcements and replacements,
    the VM first. Cards of every timing class: *Rats of the Nam Yum* (D), *Improved Defenses* (R)
    against *B-26 Bombers* (A), *105mm Artillery* as a fire action (A), *Heavy Flak* (E), *Emergency
    Replacements* (X). The French declare their win."""

    def __init__(self, w: PlayScript, game: GameData, winner: Side = F) -> None:
        self.w = w
        self.game = game
        self.winner = winner
        self.piles: dict[Side, tuple[list[str], list[str], list[str]]] = {F: (list(FR_ORDER), [], []), V: (list(VM_ORDER), [], [])}
        self.spent: set[str] = set()
        self.box = [u.id for u in game.units if u.setup.kind is SetupKind.REPLACEMENTS]

    def target(self, turn: int, side: Side) -> int:
        bonus = 2 if side is F else 0  # the French hold 6, 9, 14, 16, 20 and 21 all game (5.1)
        return self.game.turn_track[turn - 1].cards[side] + bonus

    def draw(self, side: Side, n: int) -> None:
        deck, hand, discard = self.piles[side]
        if len(deck) < n and discard:  # 5.4: merge the discards with the rest, shuffle, draw
            self.w.reshuffle(side, list(discard))
            deck += discard
            discard.clear()
        cards = deck[:n]
        del deck[:n]
        if cards:
            self.w.draw(side, cards)
        hand += cards

    def play(self, side: Side, card: str, target: str = "") -> None:
        _deck, hand, discard = self.piles[side]
        hand.remove(card)
        self.w.card(side, card, "play", target=target)
        if not self.game.card(card).removed_after_play:  # type: ignore[arg-type]
            discard.append(card)

    def discard_hand(self, side: Side, keep: tuple[str, ...] = ()) -> None:
        _deck, hand, discard = self.piles[side]
        for card in [c for c in hand if c not in keep]:
            self.w.card(side, card, "discard")
            hand.remove(card)
            discard.append(card)

    def move(self, side: Side, units: list[str], to: str) -> None:
        self.w.move(side, units, to)

    def act_spent(self, side: Side, units: list[str]) -> None:
        self.w.flip(side, units)
        self.spent.update(units)

    def play_game(self) -> None:
        w = self.w
        for turn in range(1, 9):
            if turn > 1:
                w.phase(turn, "draw", V)
            for side in (F, V):
                self.draw(side, self.target(turn, side) - len(self.piles[side][1]))
            w.phase(turn, "action", V)
            self.actions(turn)
            w.pass_(V)
            w.phase(turn, "end", V)
            self.end_phase(turn)
        w.mark("result")
        w.result(F, self.winner)

    def actions(self, turn: int) -> None:
        w = self.w
        if turn == 2:  # 105mm Artillery as the VM's action: FP 9 + 2 = 11 against DEF 8 + terrain 3 in 14
            self.play(V, "VM-16", "14")
            w.dice(V, "fire", [1, 1])
        else:  # a VM move between 7 and 5
            to = "5" if w.where(VM_MOVER) == "7" else "7"
            self.move(V, [VM_MOVER], to)
            self.act_spent(V, [VM_MOVER])
        if turn == 1:  # Rats of the Nam Yum in the VM's own action: d6 = 1, one fresh French unit in 24 flipped
            self.play(V, "VM-03", "24")
            w.dice(V, "other", [1])
            w.flip(V, ["FR-BT2-5"])
            self.spent.add("FR-BT2-5")
        if turn == 3:  # Emergency Replacements at the end of the VM's action: 2 fresh units into 4
            self.play(V, "VM-15")
            units, self.box = self.box[:2], self.box[2:]
            self.move(V, units, "4")
            self.no_replacements = w.add_marker(V, "no-replacements", "no-replacements", "Turn 3")
        if turn == 1:  # B-26 Bombers on 8, Improved Defenses before the roll: 6 + 2 = 8 against 8 + 1 × 2
            self.play(F, "FR-18", "8")
            self.play(V, "VM-01", "8")
            w.dice(F, "fire", [1, 1])
        else:
            unit, to = FR_MOVES[turn]
            self.move(F, [unit], to)
            self.act_spent(F, [unit])

    def end_phase(self, turn: int) -> None:
        w = self.w
        self.discard_hand(V, keep=("VM-11",) if turn == 2 else ())  # Heavy Flak is kept for the supply step
        self.discard_hand(F)
        w.dice(F, "supply", SUPPLY_ROLLS[turn])
        unsupplied: set[str] = set()
        markers = []
        if turn == 2:  # Heavy Flak on a roll of 6: 0 + 1 area (AMB-11), the VM marks 16
            self.play(V, "VM-11")
            markers.append(w.add_marker(V, "no-supply", "no-supply", "16"))
            unsupplied.add("16")
        for side in (V, F):  # the refresh (4.0 C)
            back = sorted(u for u in self.spent if self.game.unit(u).side is side and w.where(u) not in unsupplied)  # type: ignore[arg-type]
            if back:
                w.flip(side, back, spent=False)
                self.spent -= set(back)
        for marker in markers:
            w.delete(marker, V)
        if turn >= 2 and turn != 3:
            d6 = REPLACEMENT_ROLLS[turn]
            w.dice(V, "replacements", [d6])
            n = ceil(d6 / 2)
            units, self.box = self.box[:n], self.box[n:]
            place(w, self.game, V, units, VM_PLACE_AREAS)
        for side, areas in ((V, VM_PLACE_AREAS), (F, FR_PLACE_AREAS)):
            units = arriving(self.game, side, turn)
            if units:
                place(w, self.game, side, units, ("16",) if side is F and turn == 1 else areas)
        if turn == 3:
            w.delete(self.no_replacements, V)  # removed at the end of the turn (Emergency Replacements)


def full_game(w: PlayScript, game: GameData) -> Planted | None:
    w.staging = STAGING
    FullGame(w, game).play_game()
    return None


FIXTURES = [
    Fixture("legal-two-turns", "sodbp", "two legal turns: fire, cards of every timing class, assaults, entrenchment, supply, helpers", two_turns),
    Fixture("legal-more-cards", "sodbp", "two legal turns: the other cards, a counter-attack, capture and recapture, every marker face", more_cards),
    Fixture("legal-movement", "sodbp", "two legal turns: captures, armor over a bridge, placement by the edge, assault and counter-attack", movement),
    Fixture("legal-cards-in-fire", "sodbp", "two legal turns: doubled reaction cards in one fire, Fighter Bombers with Poor Weather, artillery", cards_in_fire),
    Fixture("legal-full-game", "sodbp", "the whole game, eight turns, the French win (the scribe's FullGame plan)", full_game),
    Fixture("planted-fire-marker", "sodbp", "planted: the fire marker on the target area", planted_fire_marker),
    Fixture("planted-damage", "sodbp", "planted: 3 damage points, 1 used", planted_damage),
    Fixture("planted-retreat", "sodbp", "planted: a retreat into an enemy area", planted_retreat),
    Fixture("planted-entrenchment", "sodbp", "planted: two units flipped for two trench levels", planted_entrenchment),
    Fixture("planted-assault-loss", "sodbp", "planted: an assault with no casualty", planted_assault_loss),
    Fixture("planted-discard-removed", "sodbp", "planted: a discarded card removed from the game", planted_discard_removed),
    Fixture("planted-supply", "sodbp", "planted: a supply roll of 9 and no No Supply marker", planted_supply),
    Fixture("planted-victory", "sodbp", "planted: the whole game, the French hold, the Viet Minh declared the winner", planted_victory),
]
