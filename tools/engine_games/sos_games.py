"""Storm over Stalingrad games for the engine (bundled data: ``source_data/sos``).

Legal by the rules text (``shared/rules/storm-over-stalingrad.md``, the seed where they differ). The
text stops before fire resolution: damage, retreats and casualties follow the other area-impulse
game's rules, as the digest presumes (and the checker does not judge them). The module records no
bid (3.1): SOS-SET-02 and SOS-VIC-01 are cannot-check on every log.
"""

from __future__ import annotations

from engine_games import Fixture, Planted
from sdbp_module.games.sos.ids import GERMAN, SOVIET
from sdbp_module.model.game_data import GameData
from sdbp_module.vassal_log.play_script import PlayScript

G, S = GERMAN, SOVIET
STAGING = "Eliminated"
"""Where a marker meant for a turn-track box is dropped from the palette before it is dragged there."""


def whole_game(w: PlayScript, game: GameData) -> Planted | None:
    """Six turns (the scribe's short game, the first three turns, carried on to the end): draws by hand
    and with the Draw buttons, moves, captures and a recapture with their control markers, unit fire
    with damage, retreat and fire markers, *Rubble*, *Dive Bombers*, *Katyusha*, *Regroup*, the End
    phases (discards, refresh, fire markers off, reinforcements, the turn-3 withdrawal with **Remove
    from game**), the German declared the winner."""
    w.staging = STAGING
    # ---- turn 1: German 5, Soviet 4 + 1 for Mamayev Kurgan (5.1)
    w.draw(G, ["GE-04", "GE-08", "GE-11", "GE-15", "GE-20"])
    w.draw(S, ["SO-01", "SO-05", "SO-08", "SO-11", "SO-20"])
    w.phase(1, "action", G)
    w.move(G, ["GE-94-267", "GE-94-274"], "6")  # 1 + 1 (Soviet area) = 2 MP
    w.flip(G, ["GE-94-267", "GE-94-274"])
    w.move(S, ["SO-37GD-109"], "3")  # one unit out of landing zone 40 (7.6)
    w.flip(S, ["SO-37GD-109"])
    w.move(G, ["GE-16PZ-K16"], "5")
    w.flip(G, ["GE-16PZ-K16"])
    w.declare("FIRE", S, ["SO-115-X"], "5")  # 5 + 2 = 7 against 6 + 2: nothing
    w.dice(S, "fire", [2, 3])
    w.flip(S, ["SO-115-X"])
    # in the firing area (8.1), the palette's Soviet face, then its Soviet menu command (the face it shows)
    marker = w.add_marker(S, "fire", "soviet", "6", confirm=True)
    w.pass_(G)
    w.pass_(S)
    w.phase(1, "end", G)
    w.card(G, "GE-20", "discard")  # the German discards first (4.0)
    w.card(S, "SO-20", "discard")
    w.refresh(G)
    w.delete(marker, G)
    w.move(G, ["GE-305-576", "GE-305-577", "GE-305-578", "GE-305-PI305"], "11")  # German reinforcements first
    w.move(S, ["SO-138-344", "SO-138-650", "SO-138-768"], "42")
    # ---- turn 2: German 4 → 6, Soviet 4 → 5
    w.phase(2, "draw", G)
    w.draw(G, ["GE-21", "GE-22"])
    w.draw(S, ["SO-21"])
    w.phase(2, "action", G)
    group = ["GE-94-276", "GE-94-PI194"]
    w.move(G, group, "4")  # 94th Infantry into empty Soviet 4: 2 MP, the area is German now
    w.add_marker(G, "control", "german", "4", confirm=True)
    w.flip(G, group)
    w.pass_(S)
    w.pass_(G)
    w.phase(2, "end", G)
    w.card(G, "GE-21", "discard")  # German 6 → 5, turn 3's allowance
    w.refresh(G)
    w.move(G, ["GE-79-208", "GE-79-212", "GE-79-226", "GE-79-PI179"], "11")  # 8 German units in 11
    # ---- turn 3: German 5 of 5, Soviet 5 of 4 + 1: nothing to draw
    w.phase(3, "draw", G)
    w.phase(3, "action", G)
    w.move(G, ["GE-16PZ-2"], "4")
    w.flip(G, ["GE-16PZ-2"])
    w.pass_(S)
    w.pass_(G)
    w.phase(3, "end", G)
    w.card(G, "GE-22", "discard")  # German 5 → 4, turn 4's allowance
    w.refresh(G)
    w.move(S, ["SO-45-10", "SO-45-61", "SO-45-253"], "43")
    for unit in ("GE-14PZ-36", "GE-14PZ-103", "GE-14PZ-108", "GE-14PZ-K64"):  # the black counters leave (10.4)
        w.remove_unit(G, unit)
    # ---- turn 4: the Soviet 5 → 5 + 1; the German holds his 4
    w.phase(4, "draw", G)
    w.draw(S, ["SO-22"])
    w.phase(4, "action", G)
    # G: three 389th units of 10 fire at 9 (6 + 2 terrain, doubled by Rubble: 10): 6 + 6 = 12, 2
    # damage: the Soviet unit is flipped and retreats (34: Soviet, empty)
    firers = ["GE-389-544", "GE-389-545", "GE-389-546"]
    w.declare("FIRE", G, firers, "9")
    w.card(S, "SO-11", "play", target="9")
    w.dice(G, "fire", [4, 2])
    w.damage(S, "SO-112-XX", "flip")
    w.retreat(S, "SO-112-XX", "34")
    w.add_marker(G, "fire", "german", "10", confirm=True)
    w.flip(G, firers)
    # S: one unit of Mamayev Kurgan into empty German 27 (2 MP): Soviet now
    w.move(S, ["SO-95-90"], "27")
    w.add_marker(S, "control", "soviet", "27", confirm=True)
    w.flip(S, ["SO-95-90"])
    # G: Dive Bombers on 27: 5 + 4 = 9 against the spent unit's defense + 1: it is eliminated
    w.card(G, "GE-04", "play", target="27")
    w.dice(G, "fire", [3, 2])
    w.damage(S, "SO-95-90", "eliminate")
    w.pass_(S)
    # G: the 100th Jäger's pioneers retake 27 (Soviet, empty: 2 MP); the control marker comes off
    w.move(G, ["GE-100JG-PI100"], "27")
    w.delete(w.marker("control"), G)
    w.flip(G, ["GE-100JG-PI100"])
    w.pass_(S)
    w.pass_(G)
    w.phase(4, "end", G)  # German 3 cards (turn 5: 5), Soviet 5 (turn 5: 6): nothing discarded
    w.refresh(G)
    w.clear_markers(G, "fire")
    w.move(G, ["GE-PI-45", "GE-PI-50", "GE-PI-162", "GE-PI-294", "GE-PI-336"], "7")
    # ---- turn 5: the Draw buttons: German 3 → 5, Soviet 5 → 6
    w.phase(5, "draw", G)
    w.draw_to_hand(G, G, ["GE-26", "GE-01"])
    w.draw_to_hand(S, S, ["SO-17"])
    w.phase(5, "action", G)
    # G: the three 305th units of 11 fire at 6 (Soviet units 6 + 2; the German units there are not hit):
    # 2 + 9 = 11, 3 damage: a Soviet unit eliminated (Eliminate from its menu)
    firers = ["GE-305-576", "GE-305-577", "GE-305-578"]
    w.declare("FIRE", G, firers, "6")
    w.dice(G, "fire", [1, 1])
    w.eliminate(S, "SO-115-X")
    w.add_marker(G, "fire", "german", "11")
    w.flip(G, firers)
    # S: Katyusha on 6 (German units there have no terrain: the area is Soviet): 4 + 3 = 7 against 6: a flip
    w.card(S, "SO-17", "play", target="6")
    w.dice(S, "fire", [2, 2])
    w.damage(G, "GE-94-267", "flip")
    # G: Regroup: the three spent 305th units of 11 fresh again
    w.card(G, "GE-26", "play", target="11")
    w.flip(G, firers, spent=False)
    w.pass_(S)
    w.pass_(G)
    w.phase(5, "end", G)
    w.card(G, "GE-08", "discard")  # German 4 → 3, turn 6's allowance
    w.refresh(G)
    w.clear_markers(G, "fire")
    # ---- turn 6: German 3 of 3, Soviet 5 → 6
    w.phase(6, "draw", G)
    w.draw(S, ["SO-02"])
    w.phase(6, "action", G)
    movers = ["GE-79-208", "GE-79-212", "GE-79-226", "GE-79-PI179"]
    w.move(G, movers, "16")
    w.flip(G, movers)
    w.pass_(S)
    w.pass_(G)
    w.phase(6, "end", G)
    w.refresh(G)
    w.result(G, G)
    return None


def opening(w: PlayScript) -> None:
    """Turn 1's draws (German 5, Soviet 4 + 1) and the start of its impulses."""
    w.staging = STAGING
    w.draw(G, ["GE-04", "GE-08", "GE-11", "GE-15", "GE-20"])
    w.draw(S, ["SO-01", "SO-05", "SO-08", "SO-11", "SO-20"])
    w.phase(1, "action", G)


def attack_on_the_move(w: PlayScript, game: GameData) -> Planted | None:
    """Turn 1 with the sides settled by a die roll (a tie of bids, 3.1), a new turn marker, the Draw
    buttons, a card shown, the hands', palette's and player aid's buttons, and *Attack on the Move*: a stack of the
    94th moves 5 → 4 (empty, Soviet: 2 MP) and fires from there into 3, one impulse (5.2, 6.2)."""
    w.staging = STAGING
    w.dice(G, "other", [3, 3])  # the bids tie: 2d6 each, a tie again, then 1d6 each
    w.dice(S, "other", [2, 4])
    w.dice(G, "other", [5])
    w.dice(S, "other", [2])
    w.show("Counters", S)
    w.show("Player aid", S)
    w.delete(w.marker("turn"), G)
    w.add_marker(G, "turn", "turn", "Turn 1", confirm=True)
    w.show("German hand", G)
    w.draw_to_hand(G, G, ["GE-01", "GE-08", "GE-11", "GE-15", "GE-20"])
    w.card_flip(G, "GE-20")
    w.show("Soviet hand", S)
    w.draw_to_hand(S, S, ["SO-01", "SO-05", "SO-08", "SO-11", "SO-20"])
    w.phase(1, "action", G)
    w.card(G, "GE-01", "play")
    stack = ["GE-94-267", "GE-94-274"]
    w.move(G, stack, "4")
    w.add_marker(G, "control", "german", "4")
    w.declare("FIRE", G, stack, "3")
    w.dice(G, "fire", [4, 5])  # 9 + 4 = 13 against 7 + 3: 3 damage, the Soviet unit eliminated
    w.damage(S, "SO-124-X", "eliminate")
    w.flip(G, stack)
    w.add_marker(G, "fire", "german", "4")
    w.pass_(S)
    w.pass_(G)
    return None


def planted_landing_zone(w: PlayScript, game: GameData) -> Planted:
    """Two units leave landing zone 40 in one impulse (7.6: one unit, not a stack)."""
    opening(w)
    w.move(G, ["GE-94-267", "GE-94-274"], "6")
    w.flip(G, ["GE-94-267", "GE-94-274"])
    w.mark("out")
    w.move(S, ["SO-37GD-109", "SO-37GD-114"], "3")
    w.flip(S, ["SO-37GD-109", "SO-37GD-114"])
    w.pass_(G)
    return Planted("SOS-MOV-03", "out")


def planted_early_result(w: PlayScript, game: GameData) -> Planted:
    """The Soviet declared the winner at the end of turn 1 (4.0: six turns)."""
    opening(w)
    w.move(G, ["GE-16PZ-K16"], "5")
    w.flip(G, ["GE-16PZ-K16"])
    w.pass_(S)
    w.pass_(G)
    w.phase(1, "end", G)
    w.card(G, "GE-20", "discard")
    w.card(S, "SO-20", "discard")
    w.refresh(G)
    w.move(G, ["GE-305-576", "GE-305-577", "GE-305-578", "GE-305-PI305"], "11")
    w.move(S, ["SO-138-344", "SO-138-650", "SO-138-768"], "42")
    w.mark("result")
    w.result(S, S)
    return Planted("SOS-SEQ-05", "result")


FIXTURES = [
    Fixture("legal-whole-game", "sos", "six legal turns: moves, captures, fire, damage, cards, End phases, the withdrawal", whole_game),
    Fixture("legal-attack-on-the-move", "sos", "turn 1: sides by dice, a new turn marker, Draw buttons, Attack on the Move", attack_on_the_move),
    Fixture("planted-landing-zone", "sos", "planted: two units leave a landing zone in one impulse", planted_landing_zone),
    Fixture("planted-early-result", "sos", "planted: the Soviet declared the winner after turn 1", planted_early_result),
]
