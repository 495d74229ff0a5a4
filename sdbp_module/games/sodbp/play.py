"""Storm Over Dien Bien Phu's player aid, the pages of play: sequence, movement, fire and damage, assault.

Each rule is taken from the rules digest (section numbers as cited) and from how the checker
implements it; every number is a Fact from ``numbers``. The End-phase steps come from the checker's
sequence of play (``rules.play_sequence``): a step the checker knows and this page does not describe
is an error, not a silent gap.
"""

from __future__ import annotations

from sdbp_module.games.aid import (
    Fact,
    Page,
    Parts,
    Ref,
    Strong,
    Table,
    items,
    para,
    section,
)
from sdbp_module.games.sodbp import numbers as n
from sdbp_module.games.sodbp.ids import FRENCH, VIET_MINH, AreaColour
from sdbp_module.games.sodbp.rules import play_sequence as seq
from sdbp_module.games.sodbp.rules import resolution
from sdbp_module.games.sodbp.rules.sodbp_cards import (
    BIGEARD,
    DEBOUCHEZ,
    DETONATE,
    FIGHTER_BOMBERS,
    FLAMETHROWERS,
    FLARES,
    GIAP,
    IMPROVED_DEFENSES,
    MINES,
    MORTAR_SUPPORT,
    NIGHT_ASSAULT,
    RATS,
    SURPRISE_ASSAULT,
)
from sdbp_module.games.sodbp.text import (
    DASH,
    EN,
    MINUS,
    R_ASSAULT_MARKER,
    R_BONUS,
    R_ENTRENCH_CARD,
    R_ENTRENCH_UNITS,
    R_FRENCH_PASS,
    R_PASS,
    R_RETREAT,
    R_VICTORY,
    card_name,
    join,
    title,
)
from sdbp_module.model.game_data import GameData
from sdbp_module.replay.events import DamageResult

# -- sequence of play ----------------------------------------------------------------------------------


def _end_step(game: GameData, step: str) -> Parts:
    """What one End-phase step of the checker's sequence asks (4.0 C)."""
    vm, fr = VIET_MINH.label, FRENCH.label
    texts: dict[str, Parts] = {
        seq.DISCARDS: (Strong(("Discards",)), f": each player may discard any cards from his hand, the {vm} first (", Ref("5.3"), ")."),
        seq.SUPPLY: (
            Strong(("French supply",)),
            f": the {fr} roll ",
            *n.dice_parts(game),
            " on the supply table (Supply tab); ",
            card_name(game, "Heavy Flak"),
            f" may be played; the {vm} places the No Supply markers (",
            Ref("11.0"),
            ").",
        ),
        seq.REFRESH: (
            Strong(("Refresh",)),
            f": every {vm} unit and every {fr} unit outside a No Supply area flips to fresh.",
        ),
        seq.REMOVE_MARKERS: (Strong(("Markers",)), ": remove every fire marker and every No Supply marker."),
        seq.REPLACEMENT_ROLL: (
            Strong(("Replacement roll",)),
            f": the {vm} rolls ",
            *n.dice_parts(game, n.rules_fact(n.REPLACEMENT_DICE, "12.1", "numbers.REPLACEMENT_DICE")),
            " (Supply tab); none on turn ",
            n.rules_fact(n.NO_REPLACEMENT_TURN, "4.0 C, 12.1", "numbers.NO_REPLACEMENT_TURN"),
            ", nor while the No Replacements marker is on the turn track (",
            Ref("12.1"),
            ").",
        ),
        seq.PLACEMENT_VM: (
            Strong((f"{vm} placement",)),
            ": the reinforcements due this turn and the replacements rolled (",
            Ref("12.3"),
            ").",
        ),
        seq.PLACEMENT_FRENCH: (Strong((f"{fr} placement",)), ": the reinforcements due this turn (", Ref("12.3"), ")."),
        seq.REMOVE_NO_REPLACEMENTS: (
            Strong(("No Replacements",)),
            ": remove the No Replacements marker that ",
            card_name(game, "Emergency Replacements"),
            " put on the turn track.",
        ),
        seq.TURN_END: (
            Strong(("Turn end",)),
            ": after turn ",
            n.turns(game),
            " the game ends and victory is checked",
            R_VICTORY,
            " (",
            Ref("14.0"),
            "); otherwise advance the turn marker.",
        ),
    }
    if step not in texts:
        raise ValueError(f"the checker's End phase has a step {step!r} the player aid does not describe")
    return texts[step]


def sequence_page(game: GameData) -> Page:
    sequence = seq.make_sequence(game)
    first = game.game.first_side
    other = first.enemy
    vm, fr = VIET_MINH.label, FRENCH.label
    phases = ", ".join(p.value.capitalize() for p in sequence.phases)
    return Page(
        "sequence",
        "Sequence",
        "Sequence of play",
        (
            section(
                title("The turn", "1.0", "4.0"),
                para("The game lasts ", n.turns(game), f" turns. Each turn has three phases: {phases}."),
            ),
            section(
                title("A. Draw phase", "4.0", "5.1", "5.4"),
                items(
                    (
                        "Each player draws from his own deck until his hand holds his hand size for the turn plus his bonus cards (Cards tab); a player holding more discards the excess",
                        R_BONUS,
                        ".",
                    ),
                    ("A player whose deck runs short merges his discard pile into it, shuffles, then draws. Removed cards never return.",),
                ),
            ),
            section(
                title("B. Action phase", "4.0", "6.0"),
                items(
                    (Strong((f"The {first.label} takes the first action of every turn",)), f"; then the {other.label} and the {first.label} alternate."),
                    ("On his action a player makes one unit action, one card action, or passes.",),
                    (
                        Strong(("Unit action",)),
                        " (",
                        Ref("6.1"),
                        "): choose one area; any of your fresh units there all move to the same area (",
                        Ref("7.0"),
                        ") or all fire at the same area (",
                        Ref("8.0"),
                        f"); the {vm} may instead entrench (",
                        Ref("9.0"),
                        ") or assault (",
                        Ref("10.0"),
                        "). The units that took part flip to spent.",
                    ),
                    (
                        Strong(("Card action",)),
                        " (",
                        Ref("6.2"),
                        "): play one card of timing A; resolving it is the whole action.",
                    ),
                    ("Two passes in a row end the phase; a pass is not final", R_PASS, "."),
                    (
                        f"When the {vm} passes, the phase ends unless the {fr} player at once discards a card: he then takes an action and play goes on, so each further {fr} action costs him a card",
                        R_FRENCH_PASS,
                        ".",
                    ),
                    ("A player with no unit able to act and no card in hand passes.",),
                ),
            ),
            section(
                title("C. End phase, in this order", "4.0"),
                items(*(_end_step(game, step) for step in sequence.end_steps), ordered=True),
            ),
        ),
    )


# -- movement ------------------------------------------------------------------------------------------


def _red_areas(game: GameData) -> Fact:
    return n.area_set(
        game,
        (a.id for a in game.areas if a.colour == AreaColour.RED),
        "colour=red",
        None,
        "2.2.1",
        "the rules do not say which areas are red (areas.yaml)",
    )


def _bridges(game: GameData) -> Parts:
    return join(((a, EN, b) for a, b in n.bridges(game)))


def movement_page(game: GameData) -> Page:
    enter, surcharge, leave = n.step_costs()
    limit = n.stacking_limit(game)
    vm, fr = VIET_MINH.label, FRENCH.label
    return Page(
        "movement",
        "Movement",
        "Movement and stacking",
        (
            section(
                title("Movement costs", "7.0"),
                Table(
                    (("Each step of a move",), ("MP",)),
                    (
                        (("Entering an adjacent area",), (enter,)),
                        (
                            ("Entering an area that is enemy-controlled, holds an enemy unit, or lies across a river: one surcharge however many apply",),
                            ("+", surcharge),
                        ),
                        (("Leaving an area that is enemy-controlled or holds an enemy unit",), ("+", leave)),
                        (("Crossing the river at a bridge (areas ", *_bridges(game), ")"), ("no river surcharge",)),
                    ),
                    ("left", "center"),
                ),
                items(
                    ("A unit has as many MP as its movement value and cannot enter an area it lacks the MP for. A stack has the lowest movement value of its units and moves together to one destination.",),
                    (
                        "Costs are counted step by step, with control as it stands: a unit entering an empty enemy-controlled area takes control at once (",
                        Ref("13.0"),
                        "), so leaving it again costs no surcharge.",
                    ),
                    ("After moving, the units flip to spent.",),
                ),
            ),
            section(
                title("Restrictions", "7.0"),
                items(
                    (Strong((f"{fr} units never enter a red-numbered area",)), ": areas ", _red_areas(game), "."),
                    (f"{vm} units may not enter a {fr}-controlled area holding {fr} units (they may assault it, ", Ref("10.0"), ")."),
                    (f"{fr} armor crosses a river only at a bridge (areas ", *_bridges(game), "), moving or retreating."),
                ),
            ),
            section(
                title("Stacking", "7.0"),
                items(
                    ("Each side may have at most ", Strong((limit,)), " units in an area at any moment."),
                    ("A stack may not enter or pass through an area where the limit would be exceeded.",),
                ),
            ),
        ),
    )


# -- fire and damage -------------------------------------------------------------------------------------


def _damage_cell(result: DamageResult, spent: bool) -> Parts:
    if resolution.points(result, spent) is None:
        return (DASH,)
    return (n.damage_points(result.value, spent),)


def fire_page(game: GameData) -> Page:
    vm, fr = VIET_MINH.label, FRENCH.label
    bonus = n.card_bonus()
    cap = n.terrain_cap()
    factors = [n.rules_fact(f, "card list (Improved Defenses)", "numbers.IMPROVED_FACTORS") for f in n.IMPROVED_FACTORS]
    limit = n.stacking_limit(game)
    return Page(
        "fire",
        "Fire",
        "Fire, damage and retreats",
        (
            section(
                title("Fire", "8.0", "8.1"),
                items(
                    (
                        "Fresh units with firepower ",
                        n.rules_fact(n.FIRE_MIN_FIREPOWER, "8.0", "numbers.FIRE_MIN_FIREPOWER"),
                        " or more in one area fire together at the enemy units in the same or an adjacent area; the firer's own units there are not hit.",
                    ),
                    (
                        Strong(("Fire marker",)),
                        ": firing into an adjacent area places a fire marker of the firing side on the area the fire comes from. Fire within an area, card fire and assaults place none.",
                    ),
                    ("The firing units flip to spent.",),
                ),
            ),
            section(
                title("Resolution", "8.3"),
                Table(
                    (("Step",), ("How",)),
                    (
                        (
                            ("Attack",),
                            (
                                *n.dice_parts(game),
                                " + the firepower of every firing unit (a card: the card's firepower); ",
                                card_name(game, MORTAR_SUPPORT),
                                f" ({fr}) and ",
                                card_name(game, NIGHT_ASSAULT),
                                f" ({vm}, assaults) add +",
                                bonus,
                                " per card.",
                            ),
                        ),
                        (
                            ("Defence",),
                            (
                                "The highest defence of one targeted unit (a spent unit: its back value) + the terrain value of the area: printed D + trench level, at most ",
                                cap,
                                ".",
                            ),
                        ),
                        (("Damage",), ("Attack ", MINUS, " defence; nothing happens at ", n.rules_fact(0, "8.3.3", "rules.resolution.damage_points"), " or less.")),
                    ),
                ),
                para(Strong(("The terrain value counts zero when",)), " (", Ref("8.3.2"), "):"),
                items(
                    ("the targets are in the firing units' area;",),
                    ("the targets do not control their area;",),
                    ("the target area already has a fire marker (either side's);",),
                    ("the area is being assaulted.",),
                ),
                para(Strong(("Cards",)), ":"),
                items(
                    (
                        card_name(game, IMPROVED_DEFENSES),
                        f" ({vm}, before the dice): terrain ×",
                        factors[0],
                        ", two cards ×",
                        factors[1],
                        ", at most ",
                        n.improved_cap(),
                        ".",
                    ),
                    (card_name(game, FLAMETHROWERS), f" ({fr}): terrain ", n.rules_fact(0, "card list (Flamethrowers)", "rules.resolution._defense_total"), f" against an attack by {fr} units."),
                ),
            ),
            section(
                title("Damage", "8.4", "8.4.1"),
                Table(
                    (("Damage outcome",), ("Points: fresh unit",), ("Points: spent unit",)),
                    (
                        (("Flip to spent",), _damage_cell(DamageResult.FLIP, False), _damage_cell(DamageResult.FLIP, True)),
                        (("Retreat to an adjacent area",), _damage_cell(DamageResult.RETREAT, False), _damage_cell(DamageResult.RETREAT, True)),
                        (("Flip to spent and retreat",), _damage_cell(DamageResult.FLIP_RETREAT, False), _damage_cell(DamageResult.FLIP_RETREAT, True)),
                        (("Eliminate",), _damage_cell(DamageResult.ELIMINATE, False), _damage_cell(DamageResult.ELIMINATE, True)),
                    ),
                    ("left", "center", "center"),
                ),
                items(
                    ("The owner of the targets allocates the points among the units of the target area and must use as many as he can; points the units cannot absorb are ignored.",),
                    (
                        "Cards that let the firer allocate (",
                        card_name(game, FIGHTER_BOMBERS),
                        ", ",
                        card_name(game, RATS),
                        ", ",
                        card_name(game, DETONATE),
                        ") let him choose the units; the owner still picks the retreat areas.",
                    ),
                ),
            ),
            section(
                title("Retreat priorities", "8.4.2"),
                items(
                    ("To an adjacent area controlled by the retreating side; with none, the unit is eliminated.",),
                    (f"{fr} armor crosses a river only at a bridge (areas ", *_bridges(game), ")."),
                    ("Prefer an area where the unit stays within the stacking limit (", limit, ")."),
                    ("Among those, the area with the fewest enemy units. Ties: the owner chooses, unit by unit; the units need not go together.",),
                    (
                        "If every such area is full, the unit enters one (fewest enemy units) and retreats again from there; it never re-enters an area it passed through in this retreat",
                        R_RETREAT,
                        ".",
                    ),
                    ("A unit with no legal area is eliminated. Retreats cost no MP and may change the control of the area left.",),
                ),
            ),
        ),
    )


# -- entrenchment and assault -------------------------------------------------------------------------


def assault_page(game: GameData) -> Page:
    vm, fr = VIET_MINH.label, FRENCH.label
    top = n.trench_max()
    limit = n.stacking_limit(game)
    origin = n.rules_fact(n.ASSAULT_ORIGIN_LEVEL, "10.0", "numbers.ASSAULT_ORIGIN_LEVEL")
    loss = n.rules_fact(n.ASSAULT_LOSS, "10.0", "numbers.ASSAULT_LOSS")
    giap = n.rules_fact(n.GIAP_REROLL_LOSS, "10.0, card list (Giap Demands Success)", "numbers.GIAP_REROLL_LOSS")
    debouchez = next((c for c in game.cards if c.name == DEBOUCHEZ), None)  # None: a cut-down deck
    debouchez_fire = (" (firepower ", n.card_firepower(debouchez), ", at the assaulting units, no terrain), ") if debouchez else (" (at the assaulting units, no terrain), ",)
    return Page(
        "assault",
        "Assault",
        "Entrenchment and assault",
        (
            section(
                title("Entrenchment", "9.0"),
                items(
                    (f"{vm} only, in an area he controls, by one method per action:",),
                    (
                        Strong(("Units",)),
                        ": flip ",
                        n.units_per_level(),
                        f" fresh {vm} units to spent per level",
                        R_ENTRENCH_UNITS,
                        ".",
                    ),
                    (
                        Strong(("Card",)),
                        f": discard one {vm} card; the level rises by its entrenchment value (Cards tab)",
                        R_ENTRENCH_CARD,
                        ". It goes to the discard pile even if it says remove.",
                    ),
                    ("The trench level never exceeds ", top, "."),
                ),
            ),
            section(
                title("Trench level", "9.1"),
                items(
                    (
                        "Each level adds ",
                        n.rules_fact(n.TRENCH_PER_LEVEL, "9.1", "numbers.TRENCH_PER_LEVEL"),
                        " to the area's terrain value, the printed value included at most ",
                        n.terrain_cap(),
                        "; the level itself still counts for assaults.",
                    ),
                    (f"The marker stays in an empty area. It is removed when the area becomes {fr}-controlled, or by ", card_name(game, "Artillery"), " or ", card_name(game, "TOT Artillery"), " (second effect)."),
                    (f"Trenches only help {vm} units: terrain counts only for targets that control their area.",),
                ),
            ),
            section(
                title("Assault", "10.0"),
                items(
                    (
                        f"{vm} only, as a unit action: the fresh {vm} units of one area fire at an adjacent {fr}-controlled area holding {fr} units, across rivers too, with no MP needed.",
                    ),
                    (
                        Strong(("The area assaulted from must have trench level ", origin)),
                        "; on turn ",
                        n.rules_fact(n.ASSAULT_ANY_LEVEL_TURN, "10.0", "numbers.ASSAULT_ANY_LEVEL_TURN"),
                        " any level; ",
                        card_name(game, SURPRISE_ASSAULT),
                        " (a card action) waives it.",
                    ),
                    ("At most as many assaulting units as the target has room for: ", limit, f" minus the {vm} units already there."),
                    (f"The {fr} get no terrain value: their defence is their best unit's.",),
                    (
                        f"If no {fr} unit remains, the assaulting units move in and the area becomes {vm}; otherwise they stay. Either way they flip to spent, then ",
                        Strong((loss,)),
                        " of them (the ",
                        vm,
                        " player's choice) is eliminated.",
                    ),
                    ("No fire marker is placed", R_ASSAULT_MARKER, "."),
                    (
                        card_name(game, GIAP),
                        ": after the roll, roll again and keep the better; each re-roll eliminates ",
                        giap,
                        " more assaulting unit, and there are fewer re-rolls than assaulting units. Firepower is not counted again.",
                    ),
                    (
                        f"{fr} replies: ",
                        card_name(game, DEBOUCHEZ),
                        *debouchez_fire,
                        card_name(game, MINES),
                        " (a die roll of assaulting units withdrawn), ",
                        card_name(game, FLARES),
                        " (cancels a ",
                        card_name(game, NIGHT_ASSAULT),
                        "), ",
                        card_name(game, BIGEARD),
                        ". With no fresh assaulting unit left, the assault ends and no unit is lost.",
                    ),
                    (
                        f"An assault may leave an area that also holds {fr} units (trench level ",
                        origin,
                        f"); if every {vm} unit there assaults and succeeds, that area becomes {fr}.",
                    ),
                ),
            ),
        ),
    )
