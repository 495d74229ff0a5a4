"""Stand at Mortain's player aid: one page per tab, in play order (``player_aid``).

Built from the rules digest ``shared/rules/stand-at-mortain.md`` (its M-x ids; the seed
``shared/seeds/003_143c41dae5b378e8.txt`` wins where they differ) and the game's data: the turn and the
deck, fire and combat, Air and OBA, set-up and stacking, victory and exit, the counters. Every number is
a Fact: a rules number cites its M-x rule; a data number its file and field, with a dagger where the data
says it is ours (the map, the terrain chart and the counter values are our reconstruction: the rules
print none of them). Where the digest marks an ambiguity the text follows its recommended reading and
shows it as a Reading (a double dagger and its note).
"""

from __future__ import annotations

from sdbp_module.games.aid import (
    Fact,
    Inline,
    Name,
    Page,
    Parts,
    PlayerAid,
    Reading,
    Ref,
    Strong,
    Table,
    fact,
    items,
    para,
    section,
)
from sdbp_module.ids import Side
from sdbp_module.model.game_data import GameData, Sourced, Unit, field_source
from sdbp_module.model.hex_board import HexBoard
from sdbp_module.model.playing_cards import (
    FACE_RANKS,
    RANKS,
    Colour,
    PlayingCardsSpec,
    activation_table,
)

# -- the reasons of our numbers (plain text: no digit) ------------------------------------------------

TERRAIN_CHART = "our reconstruction: the rules name the terrain but print no terrain chart"
COUNTER_VALUES = "our reconstruction: the rules print no counter values"
MARKER_COUNT = "our reconstruction: the rules name the markers but not how many there are"
OURS = "our reconstruction: the rules text gives no value"

# -- the digest's readings ----------------------------------------------------------------------------

GROUP = "the rules do not define a group: the units in one hex"
JOKER_ASIDE = "the rules do not say what becomes of an ignored Joker: it is set aside for the rest of the turn"
JOKER_IN_COMBAT = "the rules end the turn on a Joker drawn in combat; that fire presumably has no effect"
TARGET_HEX = "the rules do not say whose hex: the terrain of the target's hex"
ACE_IN_COMBAT = "the rules give the Ace a value for activation only: presumably the same in combat"
HEXSIDE = "our convention: a line along a hexside is blocked only when both hexes beside it block"
ACE_ODD = "the rules do not say whether the Ace is odd: it is"
ONE_OF_EACH = "the rules may also mean one marker in all a turn: one of each kind"
SUPPRESSION = "a higher draw is worse for the firer: the enemy units there fire with the modifier"
MARKER_TERRAIN = "presumably the terrain of the target's hex applies to Air and OBA too"
EASTERN = "the eastern hexes read as the east-edge hexes, not the eastern half"
ENTRY = "placing a unit on an edge hex is its action for that activation"
TIGER = "it does not count toward the limit and may join any group of its side that is activated"
IN_PLAY = "units not yet entered count as in play"
EXIT = "an exit is a one-hex move off the map from a west-edge hex by an activated unit"


def _rule(value: int, rule: str) -> Fact:
    return fact(value, f"rules {rule}")


def _data(value: int, record: Sourced, field: str, where: str, reason: str = OURS) -> Fact:
    """A number of the data: ``where`` names the file and field; reconstructed when its source says so."""
    return fact(value, where, reason if field_source(record, field).is_reconstructed else "")


def _refs(*rules: str) -> Parts:
    """`` (M-3.1, M-3.2)``: rules cited in parentheses."""
    out: list[Inline] = [" ("]
    for i, r in enumerate(rules):
        out += [", "] if i else []
        out.append(Ref(r))
    out.append(")")
    return tuple(out)


def _board(game: GameData) -> HexBoard:
    if game.hexes is None:
        raise ValueError(f"{game.game.id}: the player aid needs the game's hex map")
    return game.hexes


def _deck(game: GameData) -> PlayingCardsSpec:
    if game.deck is None:
        raise ValueError(f"{game.game.id}: the player aid needs the game's deck of playing cards")
    return game.deck


def _side_of(deck: PlayingCardsSpec, colour: Colour) -> Side:
    return Side(dict(deck.colours)[colour])


def _unit_name(unit: Unit) -> Name:
    return Name(unit.company or unit.id, f"counters.yaml {unit.id}.name")


def _named_units(units: list[Unit]) -> Parts:
    """``A, B and C``: the units' names."""
    out: list[Inline] = []
    for i, u in enumerate(units):
        if i:
            out.append(" and " if i == len(units) - 1 else ", ")
        out.append(_unit_name(u))
    return tuple(out)


def _tiger(game: GameData) -> Unit:
    """The unit the rules let stack freely and that helps an AT fire (M-1.5, M-5.6): the one the data
    cites those rules for."""
    return next(u for u in game.units if "M-1.5" in u.source.text)


def _or(words: list[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


def _edge(game: GameData, name: str) -> str:
    return name.replace("_", " ") if name in _board(game).map.sets else name


# -- the turn and the deck ------------------------------------------------------------------------------


def turn_page(game: GameData) -> Page:
    deck = _deck(game)
    black, red = _side_of(deck, Colour.BLACK), _side_of(deck, Colour.RED)
    table = activation_table(deck)
    source = "game.yaml playing_cards.activation (rules M-3.1)"
    rows: list[tuple[Parts, ...]] = []
    for rank in RANKS:
        act = table[rank]
        card: Parts = ("Ace",) if rank == "A" else (rank,) if rank in FACE_RANKS else (fact(int(rank), "game.yaml playing_cards (rules M-2.1)"),)
        if rank in FACE_RANKS:
            what: Parts = ("one unit or one group of units", Reading(GROUP)) if act.group else (fact(act.units, "game.yaml playing_cards.activation.face (rules M-3.2)"), " unit")
        else:
            what = (fact(act.units, source), " unit" if act.units == 1 else " units")
        rows.append((card, what))
    activation = Table((("Card",), ("Activates",)), tuple(rows), ("center", "left"))
    turns = fact(game.game.turns, "game.yaml turns (rules M-7.1)")
    board = _board(game)
    ours = any(field_source(t, "label").is_reconstructed for t in game.turn_track)
    dates = Table(
        (("Turn",), ("Date",)),
        tuple(((fact(t.turn, f"turn_track.yaml turns[turn={t.turn}].turn"),), (_label(board, t.turn),)) for t in game.turn_track),
        ("center", "left"),
    )
    return Page(
        "turn",
        "Turn and deck",
        "The turn and the deck",
        (
            section(
                ("Each of ", turns, " turns"),
                items(
                    ("Shuffle the whole deck, the ", fact(deck.jokers, "game.yaml playing_cards.jokers (rules M-2.1)"), " Joker included", *_refs("M-2.1"), "."),
                    ("Draw one card at a time. Its colour decides who acts: ", Strong(("black",)), f", the {black.label} player; ",
                     Strong(("red",)), f", the {red.label} player", *_refs("M-2.2"), "."),
                    ("That player passes or activates units; on a red card the ", red.label, " player may use Air or OBA instead (Air and OBA tab)", *_refs("M-2.2", "M-6.2"), "."),
                    ("The turn ends when the Joker is drawn, in activation or in combat, or when the deck runs out", *_refs("M-4.1"), "."),
                    ordered=True,
                ),
                *((para("The dates are ours: the rules print no turn record."),) if ours else ()),
                dates,
            ),
            section(
                "Activation",
                para(
                    "A number card activates half its value, rounded up; the Ace counts ",
                    fact(deck.ace, "game.yaml playing_cards.values.A (rules M-3.1)"),
                    ". A face card activates one unit or one group of units", Reading(GROUP), *_refs("M-3.1", "M-3.2"), ".",
                ),
                activation,
                items(
                    ("Each activated unit does exactly one thing: it moves ", _rule(1, "M-3.4"), " hex, or it stays and fires", *_refs("M-3.4"), "."),
                    ("A unit activated earlier in the turn may be activated again", *_refs("M-3.3"), "."),
                    ("There are no zones of control", *_refs("M-3.5"), "."),
                ),
            ),
            section(
                "The Joker",
                items(
                    ("The Joker ends the turn at once", *_refs("M-4.1"), "."),
                    ("It is ignored when it comes before both players have had a card to activate with this turn", *_refs("M-4.2"),
                     "; the ignored Joker is set aside", Reading(JOKER_ASIDE), "."),
                    ("A Joker drawn for combat ends the turn too", Reading(JOKER_IN_COMBAT), *_refs("M-4.1", "M-4.3"), "."),
                ),
            ),
            section(
                "In the module",
                items(
                    ("A turn starts: step the ", Strong(("Turn",)), " tracker, then press ", Strong(("Reshuffle",)),
                     " (every card back into the draw pile); at the first turn too."),
                    ("Each card: press ", Strong(("Draw card",)), "; it goes face up to the discard pile and the log names it."),
                    ("Select the units the card activates and choose ", Strong(("Activate",)), " from their menu; drag a unit one hex to move it; ",
                     Strong(("Pass",)), " when the card's side does nothing."),
                ),
            ),
        ),
    )


def _label(board: HexBoard, turn: int) -> Inline:
    label = board.labels.get(turn, "")
    if not label:
        return "-"
    return Name(label, f"turn_track.yaml turns[turn={turn}].label")


# -- fire and combat ------------------------------------------------------------------------------------


def fire_page(game: GameData) -> Page:
    board = _board(game)
    sight = board.map.sight
    info = game.game
    at, ai = info.factors[0], info.factors[1]
    tank = info.unit_types[0]
    others = [t.name for t in info.unit_types[1:]]
    tiger = _tiger(game)
    terrain_rows: list[tuple[Parts, ...]] = []
    for i, t in enumerate(board.terrains):
        bonus = sight.range_bonus.get(t.id, 0)
        terrain_rows.append(
            (
                (Name(t.name, f"hexes.yaml terrain_kinds[{t.id}].name"),),
                ("+", _data(t.modifier, t, "modifier", f"hexes.yaml terrain_kinds[{t.id}].modifier", TERRAIN_CHART)),
                ("blocks" if t.id in sight.blocking else "-",),
                ("+", fact(bonus, f"hexes.yaml line_of_fire.range_bonus.{t.id} (rules M-5.2)")) if bonus else ("-",),
            )
        )
    terrain = Table((("Terrain of the hex",), ("Combat modifier",), ("Line of fire",), ("Range",)), tuple(terrain_rows), ("left", "center", "center", "center"))
    blocking = [t.name for t in board.terrains if t.id in sight.blocking]
    hill = next((t for t in board.terrains if sight.range_bonus.get(t.id)), None)
    base = _rule(2, "M-5.2")
    reach: Parts = (
        ("Range: up to ", base, " hexes; up to ", _rule(3, "M-5.2"), " from a ", hill.name.lower(), " hex (its +",
         fact(sight.range_bonus[hill.id], f"hexes.yaml line_of_fire.range_bonus.{hill.id} (rules M-5.2)"), ")", *_refs("M-5.2"), ".")
        if hill is not None
        else ("Range: up to ", base, " hexes", *_refs("M-5.2"), ".")
    )
    modifiers = Table(
        (("Modifier to the draw",), ("When",)),
        (
            (("\u2212", _rule(1, "M-5.6")), ("every firing unit and the target are adjacent",)),
            (("\u2212", _rule(1, "M-5.6")), (_unit_name(tiger), " takes part in an ", at.name, " attack")),
            (("+ the terrain chart",), ("the terrain of the target's hex", Reading(TARGET_HEX))),
        ),
        ("center", "left"),
    )
    return Page(
        "fire",
        "Fire",
        "Fire and combat",
        (
            section(
                "Declaring a fire",
                items(
                    ("Fire is voluntary. Choose any number of activated units that do not move in this activation, and ", Strong(("one",)), " enemy unit as the target", *_refs("M-5.1", "M-5.5"), "."),
                    reach,
                    ("Line of fire: a unit may fire at a ", _or([n.lower() for n in blocking]), " hex but not through one", *_refs("M-5.3"),
                     "; a line along a hexside is blocked only when both hexes beside it block", Reading(HEXSIDE), "."),
                    ("Factor: the firers add up their ", Strong((at.name,)), " against a ", tank.name, " target, their ", Strong((ai.name,)),
                     " against a ", " or ".join(others), " target", *_refs("M-5.4"), "."),
                ),
            ),
            section(
                "Resolving it",
                items(
                    ("The firing player draws the next card of the deck; it is used up", *_refs("M-5.6", "M-5.7"), "."),
                    ("Modified draw = the card's value (Ace ", fact(_deck(game).ace, "game.yaml playing_cards.values.A (rules M-3.1)"), Reading(ACE_IN_COMBAT),
                     ") + the modifiers below", *_refs("M-5.6"), "."),
                    (Strong(("Hit",)), " when the modified draw is at most the firers' factors added up; otherwise a miss", *_refs("M-5.6"), "."),
                    ("A hit flips the target; a target already flipped is eliminated", *_refs("M-5.6"), "."),
                    ("A face card has no value: the firing player draws again or accepts a miss", *_refs("M-5.6"), "."),
                    ("A Joker ends the turn", Reading(JOKER_IN_COMBAT), *_refs("M-4.1", "M-4.3"), "."),
                ),
            ),
            section(
                "In the module",
                items(
                    ("Select every firing unit, choose ", Strong(("Fire at…",)), " and type the target unit's id once (its name works too); then press ",
                     Strong(("Draw card",)), " for the combat draw."),
                    ("On a hit the target's owner chooses ", Strong(("Take hit",)), " on it: a fresh unit flips, a flipped one goes to its side's eliminated box."),
                ),
                modifiers,
            ),
            section("The terrain chart", para("Terrain, its combat modifier, whether it blocks a line of fire through it, and the range it adds to a unit firing from it", *_refs("M-5.2", "M-5.3", "M-5.6"), "."), terrain),
        ),
    )


# -- Air and OBA ----------------------------------------------------------------------------------------


def support_page(game: GameData) -> Page:
    deck = _deck(game)
    red = _side_of(deck, Colour.RED)
    air = next(m for m in game.markers if m.id == "air")
    oba = next(m for m in game.markers if m.id == "oba")
    numbers = [int(r) for r in RANKS if r.isdigit()]
    odd = tuple(v for v in numbers if v % 2)
    even = tuple(v for v in numbers if not v % 2)
    assert air.strength is not None and oba.strength is not None
    at, ai = game.game.factors[0], game.game.factors[1]
    air_strength = _data(air.strength, air, "strength", "markers.yaml air.strength (rules M-6.6)")
    oba_strength = _data(oba.strength, oba, "strength", "markers.yaml oba.strength (rules M-6.5)")
    cards = Table(
        (("Red card",), ("Marker it allows",)),
        (
            (("Ace", Reading(ACE_ODD), ", ", Fact(odd, "rules M-6.2 (red odd number cards)"), ", Jack"), (Strong((air.name,)),)),
            ((Fact(even, "rules M-6.3 (every other red card)"), ", Queen, King"), (Strong((oba.name,)),)),
        ),
        ("left", "left"),
    )
    return Page(
        "support",
        "Air and OBA",
        f"{air.name} and {oba.name} ({red.label})",
        (
            section(
                "Using a marker",
                para("On a red card the ", red.label, " player may use a marker instead of activating ground units", *_refs("M-2.2", "M-6.2", "M-6.3"), ":"),
                cards,
                items(
                    ("At most one use of each marker a turn", Reading(ONE_OF_EACH), *_refs("M-6.1"), ". Markers: ",
                     _data(air.count, air, "count", "markers.yaml air.count", MARKER_COUNT), " ", air.name, ", ",
                     _data(oba.count, oba, "count", "markers.yaml oba.count", MARKER_COUNT), " ", oba.name, "."),
                    ("The target: any enemy unit or group of units; no range and no line of fire needed", *_refs("M-6.4"), "."),
                ),
            ),
            section(
                "What they do",
                items(
                    (Strong((oba.name,)), ": an attack of strength ", oba_strength, f" as {at.name} and as {ai.name}, by the target's type", *_refs("M-6.5"), "."),
                    (Strong((air.name,)), f": either an {at.name} or {ai.name} attack of strength ", air_strength, ", or +", _rule(1, "M-6.6"),
                     " on every enemy unit in the target hex and the adjacent hexes to the end of the turn", Reading(SUPPRESSION), *_refs("M-6.6"), "."),
                    ("An attack is resolved with a draw as fire is; the adjacency modifier does not apply", Reading(MARKER_TERRAIN), *_refs("M-6.7"), "."),
                ),
            ),
            section(
                "In the module",
                para("The marker's menu: ", Strong((f"{air.name}: attack…",)), ", ", Strong((f"{air.name}: suppression…",)), " or ",
                     Strong((f"{oba.name}: attack…",)), "; type the target unit's id (a hex id for a suppression), then press ",
                     Strong(("Draw card",)), " for an attack's draw."),
            ),
        ),
    )


# -- set-up and stacking ---------------------------------------------------------------------------------


def stacking_page(game: GameData) -> Page:
    board = _board(game)
    deck = _deck(game)
    black, red = _side_of(deck, Colour.BLACK), _side_of(deck, Colour.RED)
    tiger = _tiger(game)
    arrivals = sorted(board.arrivals.items())
    arrive: list[Parts] = [
        (*_named_units([game.unit(u) for u in units]), " may enter from turn ", fact(turn, f"turn_track.yaml turns[turn={turn}].arrive (rules M-1.2)"),
         ", on ", _edge(game, "west_edge"), " hexes, when activated", *_refs("M-1.2"), ".")
        for turn, units in arrivals
    ]
    limit = fact(game.game.stacking_limit, "game.yaml stacking_limit (rules M-1.4)")
    return Page(
        "stacking",
        "Set-up and stacking",
        "Set-up, entry and stacking",
        (
            section(
                "Set-up and entry",
                items(
                    (f"{red.label}: every unit but the late ones anywhere on the map except the eastern hexes", Reading(EASTERN), *_refs("M-1.1"), "."),
                    *arrive,
                    (f"{black.label}: every unit waits off the {_edge(game, 'east_edge')} and enters on an east-edge hex when activated, from the first turn",
                     Reading(ENTRY), *_refs("M-1.3"), "."),
                ),
            ),
            section(
                "Stacking",
                items(
                    ("At most ", limit, " ground units of one side in a hex", *_refs("M-1.4"), "."),
                    (_unit_name(tiger), " may stack and act freely with any unit of its side", Reading(TIGER), *_refs("M-1.5"), "."),
                    ("Units of the two sides never share a hex", *_refs("M-1.6"), "."),
                ),
            ),
        ),
    )


# -- victory and exit ------------------------------------------------------------------------------------


def victory_page(game: GameData) -> Page:
    board = _board(game)
    deck = _deck(game)
    black, red = _side_of(deck, Colour.BLACK), _side_of(deck, Colour.RED)
    exited = next((b for b in board.boxes if "M-7.2" in b.source.text), None)
    box: Parts = (" into the ", Name(exited.name, f"markers.yaml boxes[{exited.id}].name"), " box") if exited is not None else ()
    return Page(
        "victory",
        "Victory",
        "Victory and exit",
        (
            section(
                "Victory",
                items(
                    (f"The {black.label} player wins if, by the end of turn ", fact(game.game.turns, "game.yaml turns (rules M-7.1)"), ", ",
                     "at least ", _rule(5, "M-7.2"), f" {black.label} units have exited off the west map edge", *_refs("M-7.2"), "."),
                    (f"… or, at any time, no {red.label} unit remains in play", Reading(IN_PLAY), *_refs("M-7.2"), "."),
                    (f"Otherwise the {red.label} player wins", *_refs("M-7.3"), "."),
                ),
            ),
            section(
                "Exit",
                para("A unit exits by moving off the map from a west-edge hex", Reading(EXIT), *_refs("M-7.4"), "; put it", *box, " (it does not come back)."),
            ),
            section(
                "In the module",
                para("Activate the unit on the west-edge hex and drag it into the box. At the end, the ", Strong(("Result",)),
                     " menu: the winner's entry, then type yes."),
            ),
        ),
    )


# -- the counters ----------------------------------------------------------------------------------------


def counters_page(game: GameData) -> Page:
    info = game.game
    types = {t.id: t.name for t in info.unit_types}
    marks = {m.id: m.name for m in info.unit_marks}
    head: tuple[Parts, ...] = (
        ("Unit",),
        ("Type",),
        *((f.name, " front") for f in info.factors),
        *((f.name, " back") for f in info.factors),
    )
    rows: list[tuple[Parts, ...]] = []
    sections = []
    for side in info.sides:
        rows = []
        for u in (u for u in game.units if u.side is side):
            rows.append(
                (
                    (_unit_name(u),),
                    (types.get(u.type, u.type),),
                    *((_data(v or 0, u, "front", f"counters.yaml {u.id}.front[{f.id}]", COUNTER_VALUES),) for v, f in zip(u.front, info.factors, strict=True)),
                    *((_data(v or 0, u, "back", f"counters.yaml {u.id}.back[{f.id}]", COUNTER_VALUES),) for v, f in zip(u.back, info.factors, strict=True)),
                )
            )
        colours = sorted({marks.get(m, m) for u in game.units if u.side is side for m in u.marks})
        sections.append(
            section(
                side.label,
                para("Counter colours: ", "; ".join(colours), "."),
                Table(head, tuple(rows), ("left", "left", *("center",) * (2 * len(info.factors)))),
            )
        )
    return Page(
        "counters",
        "Counters",
        "The counters",
        (
            section(
                "Reading a counter",
                para(
                    "Each counter prints its type and two factors, ", " and ".join(f.name for f in info.factors),
                    ", on both faces: a hit flips it to the back; a second hit eliminates it", *_refs("M-5.4", "M-5.6"), ".",
                ),
            ),
            *sections,
        ),
    )


def player_aid(game: GameData) -> PlayerAid:
    """The Stand at Mortain player aid for ``game``."""
    return PlayerAid(
        button="Player aid",
        tooltip="Player aid: the turn and the deck, fire, Air and OBA, set-up and stacking, victory, the counters",
        title=(Name(game.game.title, "game.yaml title"), ": player aid"),
        pages=(turn_page(game), fire_page(game), support_page(game), stacking_page(game), victory_page(game), counters_page(game)),
    )
