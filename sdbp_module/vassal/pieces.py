"""The module's pieces: prototypes, units, markers and cards (docs/module-pieces.md).

Pure functions from ``GameData`` to piece definitions. Report Action formats follow
docs/report-formats.md exactly; keep the two in step.
"""

from __future__ import annotations

from collections.abc import Sequence

from sdbp_module.codec.pieces import expand_prototypes
from sdbp_module.codec.sentences import vassal_choice
from sdbp_module.codec.sentences import vassal_format as sentence
from sdbp_module.ids import Side
from sdbp_module.model.game_data import Card, GameData, MarkerKind, Unit
from sdbp_module.model.presentation import Presentation
from sdbp_module.records import record
from sdbp_module.vassal import layout
from sdbp_module.vassal.traits import (
    Piece,
    PropCommand,
    Trait,
    basic_piece,
    delete,
    dynamic_property,
    global_key_command,
    key,
    layer,
    marker,
    mask,
    prototype,
    report,
    return_to_deck,
    send_to,
    send_to_zone,
    set_global_property,
    trigger,
)

# Keystrokes (format reference §1.4; Ctrl = 130, Ctrl+Shift = 195)
K_SPENT = key(70, 130)  # Ctrl+F  Flip to spent
K_FRESH = key(82, 130)  # Ctrl+R  Flip to fresh
K_FIRE = key(70, 195)  # Ctrl+Shift+F  Declare fire…
K_ASSAULT = key(65, 195)  # Ctrl+Shift+A  Declare assault…
K_ENTRENCH = key(69, 195)  # Ctrl+Shift+E  Declare entrenchment / discard for entrenchment
K_ELIMINATE = key(69, 130)  # Ctrl+E
K_HIT_FLIP = key(72, 130)  # Ctrl+H  Take hit: flip
K_HIT_ELIMINATE = key(72, 195)  # Ctrl+Shift+H  Take hit: eliminate
K_RETREAT = key(82, 195)  # Ctrl+Shift+R  Retreat to…
K_REMOVE = key(88, 195)  # Ctrl+Shift+X
K_PLAY = key(80, 130)  # Ctrl+P
K_DISCARD = key(68, 195)  # Ctrl+Shift+D
K_DELETE = key(68, 130)  # Ctrl+D
K_CARD_FLIP = key(70, 130)  # Ctrl+F on a card: mask/unmask
K_MOVED = key(57400, 0, "sdbpMoved")  # the main map's moveKey
K_PASS = key(57401, 0, "sdbpPass")  # sent by the Pass button; no piece listens
K_RESULT = key(57417, 0, "sdbpResult")  # sent by the two result buttons (report-formats §2.12); no piece listens
K_REFRESH = key(57430, 0, "sdbpRefresh")  # sent by Refresh units: the Spent Layer's reset to fresh, its own FLIP line (§2.13)
K_DRAW = key(57418, 0, "sdbpDraw")  # sent by the Draw buttons to deck cards: Send To Location into the hand (§2.13)
# Internal named keys: a menu command's Trigger Action sends prompt, report, (move,) reset in order,
# so a cancelled prompt reports an empty target instead of a stale one.
K_RESET = key(57402, 0, "sdbpResetTarget")
P_FIRE, R_FIRE = key(57403, 0, "sdbpFirePrompt"), key(57404, 0, "sdbpFireReport")
P_ASSAULT, R_ASSAULT = key(57405, 0, "sdbpAssaultPrompt"), key(57406, 0, "sdbpAssaultReport")
P_PLAY, R_PLAY, M_PLAY = key(57407, 0, "sdbpPlayPrompt"), key(57408, 0, "sdbpPlayReport"), key(57409, 0, "sdbpPlayMove")
P_DIG, R_DIG, M_DIG = key(57410, 0, "sdbpDigPrompt"), key(57411, 0, "sdbpDigReport"), key(57412, 0, "sdbpDigMove")
# Damage taken (report-formats §2.10): the report key is sent BEFORE the act (flip / eliminate), so the
# line names the zone the unit is in when hit, whatever order the engine runs the traits in.
R_HIT_FLIP, R_HIT_ELIMINATE = key(57413, 0, "sdbpHitFlipReport"), key(57414, 0, "sdbpHitEliminateReport")
P_RETREAT, R_RETREAT = key(57415, 0, "sdbpRetreatPrompt"), key(57416, 0, "sdbpRetreatReport")
# Retreat to… moves the unit into the typed area (report-formats §2.11): a Trigger Action that fires
# only when the typed text is an area number of the map sends the Send To Location's key.
G_RETREAT, M_RETREAT = key(57428, 0, "sdbpRetreatGo"), key(57429, 0, "sdbpRetreatMove")
# One target prompt per declared stack (report-formats §2.5): the first selected unit of a zone leads
# (marks itself, prompts, shares the target in a global property, reports, has the other selected
# units of its side in its zone take the target and report, resets); those followers mark themselves
# done, and when the selection's key reaches them they only clear the mark.
K_LEAD, K_DONE, K_CLEAR = key(57419, 0, "sdbpDeclLead"), key(57420, 0, "sdbpDeclDone"), key(57421, 0, "sdbpDeclClear")
K_SHARE, K_TAKE = key(57422, 0, "sdbpShareTarget"), key(57423, 0, "sdbpTakeTarget")
G_FIRE, F_FIRE = key(57424, 0, "sdbpFireFollowers"), key(57425, 0, "sdbpFireFollow")
G_ASSAULT, F_ASSAULT = key(57426, 0, "sdbpAssaultFollowers"), key(57427, 0, "sdbpAssaultFollow")
STACK_TARGET = "sdbp_stack_target"
"""The module's Global Property through which a leading unit passes its target to its followers."""
DECLARED = "sdbp_declared"
"""A unit's declaration mark: ``0`` none, ``2`` leading a declaration, ``1`` declared as a follower."""
CURRENT_ZONE_TARGET = "COUNTER|true|CURZONE|||||0|0||false|||EQUALS||"
"""A Counter Global Key Command's fast match: the pieces in the sending piece's zone (GlobalCommand)."""
EVERY_PIECE_TARGET = "COUNTER|false|CURMAP|||||0|0||false|||EQUALS||"
"""A Counter Global Key Command with no location fast match: every piece the filter accepts. A
location fast match (zone, map) visits each Deck in it through ``Deck.getOrderedPieces``, which
shuffles a copy of an always-shuffled pile with the module's RNG (``GlobalCommand.apply``): a
declaration would then change the draws that follow it (reproducible games, ``seed``, and the
players' own luck alike); without one, a Deck is visited as a deck, and a command that selects no
card from decks (``selectFromDeck`` 0) never draws."""


def k_state(index: int) -> str:
    """Marker state keys: Ctrl+1, Ctrl+2, … (index from 0)."""
    return key(49 + index, 130)




def unit_prototype_name(side: Side) -> str:
    return f"{side.label} unit"


def card_prototype_name(side: Side | None) -> str:
    return f"{side.label} card" if side else "Special card"


MARKER_PROTOTYPE = "Marker"


# ------------------------------------------------------------------------------------------
# Image names (the naming convention for artwork in images/<game id>/, docs/module.md)


def unit_image(unit: Unit, spent: bool) -> str:
    return f"unit_{unit.id}_{'spent' if spent else 'fresh'}.png"


def marker_image(kind: MarkerKind, index: int) -> str:
    return f"marker_{kind.id}_{index + 1}.png"


def card_image(card: Card) -> str:
    return f"card_{card.id}.png"


def card_back_image(side: Side | None) -> str:
    return f"card_back_{side.value if side else 'special'}.png"


# ------------------------------------------------------------------------------------------
# Prototypes


Declaration = tuple[str, str, str, str, str, str, str]
"""A unit's target declaration (report-formats §2.5): (word, menu text, menu key, prompt key, report
key, the key gathering the followers, the followers' key)."""

FIRE_DECLARATION: Declaration = ("fire", "Declare fire…", K_FIRE, P_FIRE, R_FIRE, G_FIRE, F_FIRE)
ASSAULT_DECLARATION: Declaration = ("assault", "Declare assault…", K_ASSAULT, P_ASSAULT, R_ASSAULT, G_ASSAULT, F_ASSAULT)


def declaration_triggers(side: Side, declarations: Sequence[Declaration], scope: str = CURRENT_ZONE_TARGET) -> tuple[list[Trait], list[Trait]]:
    """The Trigger Actions of a unit's declarations and the Global Key Commands that reach its
    followers: one prompt for the selected units, the first of them leads (marks itself, prompts,
    shares the target, reports, has the other selected units of its side within ``scope`` — a fast
    match, its zone by default — take the target and report, resets); the followers mark themselves
    done and only clear the mark when the selection's key reaches them. The triggers go outermost
    (a Trigger Action acts after the traits inside it), the followers after the properties."""
    menu_keys = [d[2] for d in declarations]
    # outermost: a Trigger Action acts after the traits inside it (TriggerAction.keyEvent), so a
    # follower's mark is still set when the leading trigger inside tests it, and cleared only then
    triggers = [
        trigger("", menu_keys[0], [K_CLEAR], "declared as a follower: clear the mark", condition=f"{{{DECLARED}==1}}", watch=menu_keys[1:])
    ]
    followers: list[Trait] = []
    for word, menu, menu_key, prompt, report_key, gather, follow in declarations:
        lead = [K_LEAD, prompt, K_SHARE, report_key, gather, K_RESET, K_CLEAR]
        triggers.append(trigger(menu, menu_key, lead, f"declare {word}: lead, prompt, share, report, followers, reset", condition=f"{{{DECLARED}!=1}}"))
        triggers.append(trigger("", follow, [K_TAKE, report_key, K_RESET, K_DONE], f"{word} as a follower: take the target, report, reset, mark"))
        match = f'{{Selected==true && sdbp_kind=="unit" && side=="{side.value}" && {DECLARED}==0}}'
        within = "the zone" if scope == CURRENT_ZONE_TARGET else "the map"
        followers.append(global_key_command(gather, follow, match, scope, f"{word}: the other selected units of {within}"))
    return triggers, followers


def declaration_properties(prompts: Sequence[PropCommand]) -> list[Trait]:
    """The typed target (``sdbp_target``: the prompts, the reset, the follower's take), the
    declaration mark and the Set Global Property sharing the leader's target."""
    commands = [*prompts, PropCommand("", K_RESET, ("P", "")), PropCommand("", K_TAKE, ("P", f"${STACK_TARGET}$"))]
    marks = [PropCommand("", K_LEAD, ("P", "2")), PropCommand("", K_DONE, ("P", "1")), PropCommand("", K_CLEAR, ("P", "0"))]
    return [
        dynamic_property("sdbp_target", "", commands),
        dynamic_property(DECLARED, "0", marks, numeric=True, minimum=0, maximum=2),
        set_global_property(STACK_TARGET, [PropCommand("", K_SHARE, ("P", "$sdbp_target$"))], "share the leading unit's target"),
    ]


def _unit_prototype(game: GameData, side: Side) -> Piece:
    lay = layout.make_layout(game)
    board = layout.board_name(game)
    elim = lay.box(layout.ELIMINATED).centre
    removed = lay.box(layout.REMOVED).centre
    prompts = [PropCommand("", P_FIRE, ("R", "Target area number")), PropCommand("", P_RETREAT, ("R", "Retreat to area number"))]
    declarations = [FIRE_DECLARATION]
    actions = game.presentation.side(side).unit_actions
    if "assault" in actions:
        prompts.insert(1, PropCommand("", P_ASSAULT, ("R", "Target area number")))
        declarations.append(ASSAULT_DECLARATION)
    triggers, followers = declaration_triggers(side, declarations)
    triggers += [
        trigger("Take hit: flip", K_HIT_FLIP, [R_HIT_FLIP, K_SPENT], "damage: report, then flip to spent"),
        trigger("Take hit: eliminate", K_HIT_ELIMINATE, [R_HIT_ELIMINATE, K_ELIMINATE], "damage: report, then eliminate"),
        trigger("Retreat to…", K_RETREAT, [P_RETREAT, R_RETREAT, G_RETREAT, K_RESET], "retreat: prompt, report, move, reset"),
        trigger("", G_RETREAT, [M_RETREAT], "retreat: move only into an area of the map", condition=retreat_condition(game)),
    ]
    traits: list[Trait] = [
        *triggers,
        *declaration_properties(prompts),
        *followers,
        send_to("Eliminate", K_ELIMINATE, layout.MAP_NAME, board, elim[0], elim[1], "to the Eliminated box"),
        send_to("Remove from game", K_REMOVE, layout.MAP_NAME, board, removed[0], removed[1], "to the Removed box"),
        send_to_zone("", M_RETREAT, layout.MAP_NAME, "$sdbp_target$", "retreat: into the typed area"),
    ]
    if "entrench" in actions:
        traits.append(trigger("Declare entrenchment", K_ENTRENCH, description="menu entry for the entrench report"))
    traits += [
        report([K_SPENT], sentence("flip", state="spent"), "report flip to spent"),
        report([K_FRESH], sentence("flip", state="fresh"), "report flip to fresh"),
        report([K_REFRESH], refresh_flip_report(side), "report flip to fresh by Refresh units"),
        report([K_MOVED], sentence("move"), "report move"),
        report([R_FIRE], sentence("fire"), "report fire"),
    ]
    if "assault" in actions:
        traits.append(report([R_ASSAULT], sentence("assault"), "report assault"))
    if "entrench" in actions:
        traits.append(report([K_ENTRENCH], sentence("entrench"), "report entrenchment"))
    traits += [
        report([R_HIT_FLIP], sentence("damage", result="flip"), "report damage: flip"),
        report([R_HIT_ELIMINATE], sentence("damage", result="eliminate"), "report damage: eliminate"),
        report([R_RETREAT], sentence("retreat"), "report retreat"),
        report([K_ELIMINATE], sentence("eliminate"), "report elimination"),
        report([K_REMOVE], sentence("remove"), "report removal"),
        basic_piece(""),
    ]
    return Piece(tuple(traits))


REFRESH_BUTTON = "Refresh units"
"""The End-phase helper button that refreshes units (``buildfile._helper_buttons``)."""


def refresh_flip_report(side: Side) -> str:
    """The FLIP line of a unit that **Refresh units** flips (report-formats §2.13): ``side`` is the
    unit's own side, not the player who pressed the button (the HELPER line names that player), and
    ``helper=refresh`` says the button did it."""
    return sentence("flip-refresh", side=side.label, state="fresh", _button=REFRESH_BUTTON)


def retreat_condition(game: GameData) -> str:
    """The property match under which **Retreat to…** moves the unit: the typed ``sdbp_target`` is
    exactly the number of an area of the map (a zone the Send To Location finds). Anything else —
    a cancelled prompt (empty), a box name, a number of no area, stray spaces — moves nothing: the
    RETREAT line still says what was typed, and the player drags the unit."""
    return "{" + " || ".join(f'sdbp_target=="{area.id}"' for area in game.areas) + "}"


HAND_DRAW_POINT = (layout.CARD_W // 2 + 10, (layout.CARD_H + 60) // 2)
"""Where the Draw buttons put cards in a hand: the centre of its first card slot (the hand's board is
``CARD_H + 60`` high, buildfile); cards drawn there stack (``Map.placeOrMerge``)."""


def _card_prototype(game: GameData, side: Side | None) -> Piece:
    """A side's card behaviour (``side`` None: the cards of no side): play, discard, remove, draw,
    and the side's ``card_actions`` (``entrench``: discard to entrench an area)."""
    commands = [PropCommand("", P_PLAY, ("R", "Target area number (blank if none)")), PropCommand("", K_RESET, ("P", ""))]
    triggers = [trigger("Play…", K_PLAY, [P_PLAY, R_PLAY, K_RESET, M_PLAY], "play: prompt, report, reset, move")]
    entrench = side is not None and "entrench" in game.presentation.side(side).card_actions
    if entrench:
        commands.insert(1, PropCommand("", P_DIG, ("R", "Area to entrench")))
        triggers.append(
            trigger("Discard for entrenchment…", K_ENTRENCH, [P_DIG, R_DIG, K_RESET, M_DIG], "entrench: prompt, report, reset, move")
        )
    discard = layout.discard_name(side) if side else layout.REMOVED_CARDS
    masked = f"{side.label} card" if side else "Special card"
    traits: list[Trait] = [
        mask(K_CARD_FLIP, card_back_image(side), masked, "hidden from the other side"),
        *triggers,
        dynamic_property("sdbp_target", "", commands),
        return_to_deck("Discard", K_DISCARD, discard, "to the discard pile"),
    ]
    removable = game.cards_leave_game  # no Remove from game where no card can leave the game
    if removable:
        traits.append(return_to_deck("Remove from game", K_REMOVE, layout.REMOVED_CARDS, "to the removed pile"))
    if entrench:
        traits.append(return_to_deck("", M_DIG, discard, "entrenchment discard"))
    if side is not None:
        hand = layout.hand_name(side)
        x, y = HAND_DRAW_POINT
        traits.append(send_to("", K_DRAW, hand, hand, x, y, "draw: into the hand (the Draw button)"))
    traits += [
        report([R_PLAY], sentence("play"), "report play"),
        report([K_DISCARD], sentence("discard"), "report discard"),
    ]
    if removable:
        traits.append(report([K_REMOVE], sentence("remove-card"), "report removal"))
    if entrench:
        traits.append(report([R_DIG], sentence("entrench-card"), "report entrenchment"))
    traits.append(basic_piece(""))
    return Piece(tuple(traits))


def marker_prototype() -> Piece:
    return Piece(
        (
            delete("Delete", K_DELETE),
            # a marker dragged from the palette was on no map: it is placed, not moved
            report([K_MOVED], vassal_choice("OldMap", sentence("place-marker"), sentence("move-marker")), "report move"),
            basic_piece(""),
        )
    )


@record
class PrototypeDef:
    name: str
    description: str
    piece: Piece


def prototypes(game: GameData) -> tuple[PrototypeDef, ...]:
    """All prototype definitions, in the order the buildFile lists them."""
    out = [PrototypeDef(unit_prototype_name(s), f"{s.label} unit behaviour", _unit_prototype(game, s)) for s in game.game.sides]
    sides_with_cards: list[Side | None] = [s for s in game.game.sides]
    if game.cards_of(None):
        sides_with_cards.append(None)
    out += [PrototypeDef(card_prototype_name(s), "card behaviour", _card_prototype(game, s)) for s in sides_with_cards]
    out.append(PrototypeDef(MARKER_PROTOTYPE, "marker behaviour", marker_prototype()))
    return tuple(out)


# ------------------------------------------------------------------------------------------
# Pieces


def _bool(value: bool) -> str:
    return "true" if value else "false"


def unit_properties(look: Presentation, unit: Unit) -> list[tuple[str, str]]:
    """The identity Marker of a unit, in the order of docs/module-pieces.md (a flag for every mark
    the game's presentation ``look`` declares)."""
    return [
        ("sdbp_id", unit.id),
        ("sdbp_kind", "unit"),
        ("side", unit.side.value),
        ("formation", unit.formation),
        ("company", unit.company),
        ("unit_type", unit.type),
        ("firepower", str(unit.firepower)),
        ("defense", str(unit.defense)),
        ("spent_defense", str(unit.spent_defense)),
        ("movement", str(unit.movement)),
    ] + [(mark, _bool(mark in unit.marks)) for mark in look.mark_ids()]


def unit_piece(look: Presentation, unit: Unit, gpid: int) -> Piece:
    return Piece(
        (
            layer(
                "Spent",
                [unit_image(unit, False), unit_image(unit, True)],
                ["+ (fresh)", "+ (spent)"],
                up_command="Flip to spent",
                up_key=K_SPENT,
                down_command="Flip to fresh",
                down_key=K_FRESH,
                reset_key=K_REFRESH,
            ),
            prototype(unit_prototype_name(unit.side)),
            marker(unit_properties(look, unit)),
            basic_piece(unit.name, state=f"null;0;0;{gpid};0"),
        )
    )


def side_faced(kind: MarkerKind) -> bool:
    """Whether each face of the marker kind is a side (``markers.yaml`` ``states`` are side ids: a
    control or fire marker): the palette then holds one entry per face."""
    return len(kind.states) > 1 and all(Side.named(s) is not None for s in kind.states)


def state_label(kind: MarkerKind, state: str) -> str:
    side = Side.named(state)
    if side is not None and side_faced(kind):
        return side.label
    if kind.id == "trench":
        return f"Level {state}"
    return state.replace("-", " ").capitalize()


def marker_piece(kind: MarkerKind, gpid: int, state_index: int = 0, commands: Sequence[Trait] = ()) -> Piece:
    """A marker piece: its faces (with a MARKER report each), its prototype, its identity; ``commands``
    are further traits a game gives it, outermost (a hex game's support calls)."""
    states = kind.states
    level_cmds = [PropCommand("", k_state(i), ("P", str(i + 1))) for i in range(len(states))]
    state_cmds = [PropCommand(state_label(kind, s), k_state(i), ("P", s)) for i, s in enumerate(states)]
    reports = [
        report([k_state(i)], sentence("marker", _label=state_label(kind, s), state=s), f"report state {s}")
        for i, s in enumerate(states)
    ]
    traits: list[Trait] = [
        *commands,
        dynamic_property("sdbp_state", states[state_index], state_cmds),
        dynamic_property("sdbp_level", str(state_index + 1), level_cmds, numeric=True, minimum=1, maximum=len(states)),
        *reports,
        layer(
            "State",
            [marker_image(kind, i) for i in range(len(states))],
            [f"+ ({state_label(kind, s)})" for s in states] if len(states) > 1 else [""],
            follow_property="sdbp_level",
            level=state_index + 1,
        ),
        prototype(MARKER_PROTOTYPE),
        marker([("sdbp_id", kind.id), ("sdbp_kind", "marker"), ("marker_kind", kind.id)]),
        basic_piece(kind.name, state=f"null;0;0;{gpid};0"),
    ]
    return Piece(tuple(traits))


def card_properties(card: Card) -> list[tuple[str, str]]:
    return [
        ("sdbp_id", card.id),
        ("sdbp_kind", "card"),
        ("side", card.side.value if card.side else ""),
        ("card_number", str(card.number)),
        ("card_name", card.name),
        ("entrenchment", "" if card.entrenchment is None else str(card.entrenchment)),
        ("card_firepower", "" if card.firepower is None else str(card.firepower)),
    ]


def card_play_destination(card: Card) -> str:
    if card.side is None or card.removed_after_play:
        return layout.REMOVED_CARDS
    return layout.discard_name(card.side)


def card_piece(card: Card, gpid: int) -> Piece:
    return Piece(
        (
            prototype(card_prototype_name(card.side)),
            return_to_deck("", M_PLAY, card_play_destination(card), "play: to the discard or removed pile"),
            marker(card_properties(card)),
            basic_piece(card.name, card_image(card), state=f"null;0;0;{gpid};0"),
        )
    )


def palette_name(kind: MarkerKind, state_index: int) -> str:
    """The palette entry of a marker kind's face: ``<kind name> (<side label>)`` for a side-faced kind, else the
    kind's name (one entry, first face)."""
    return f"{kind.name} ({state_label(kind, kind.states[state_index])})" if side_faced(kind) else kind.name


# ------------------------------------------------------------------------------------------
# Slot numbering: a counter over the data order (units, markers, cards, then the further faces of
# side-faced marker kinds), never time; a slot added later takes a number after the others, so the
# pieces of saves written with an earlier build keep theirs


@record
class Slots:
    units: tuple[tuple[Unit, int], ...]
    markers: tuple[tuple[MarkerKind, int], ...]  # a kind's slot, showing its first face
    cards: tuple[tuple[Card, int], ...]
    faces: tuple[tuple[MarkerKind, int, int], ...] = ()  # (kind, face index ≥ 1, gpid) of side-faced kinds

    @property
    def next_gpid(self) -> int:
        return 1 + len(self.units) + len(self.markers) + len(self.cards) + len(self.faces)

    def marker_slots(self) -> tuple[tuple[MarkerKind, int, int], ...]:
        """Every marker palette entry in palette order, as (kind, face index, gpid): the kinds in data
        order, a side-faced kind's faces in ``states`` order."""
        more: dict[str, list[tuple[MarkerKind, int, int]]] = {}
        for kind, index, gpid in self.faces:
            more.setdefault(kind.id, []).append((kind, index, gpid))
        return tuple(slot for kind, gpid in self.markers for slot in ((kind, 0, gpid), *more.get(kind.id, ())))

    def marker_gpid(self, kind_id: str, state_index: int) -> tuple[MarkerKind, int]:
        """The kind and the gpid of the palette entry showing face ``state_index`` (the kind's first
        entry when the face has none of its own)."""
        first = next((kind, gpid) for kind, gpid in self.markers if kind.id == kind_id)
        own = next((gpid for kind, index, gpid in self.faces if kind.id == kind_id and index == state_index), None)
        return (first[0], own if own is not None else first[1])


def slots(game: GameData) -> Slots:
    n = 0

    def nxt() -> int:
        nonlocal n
        n += 1
        return n

    units = tuple((u, nxt()) for u in game.units)
    markers = tuple((m, nxt()) for m in game.markers)
    cards = tuple((c, nxt()) for c in game.cards)
    faces = tuple((m, i, nxt()) for m in game.markers if side_faced(m) for i in range(1, len(m.states)))
    return Slots(units, markers, cards, faces)


def expand(piece: Piece, protos: dict[str, Piece]) -> Piece:
    """Replace every ``prototype;`` trait by the prototype's traits (its dummy BasicPiece dropped),
    recursively, as the engine does when it places a piece into a game (§4.5)."""
    definitions = {name: proto.traits for name, proto in protos.items()}
    return Piece(tuple(expand_prototypes(piece.traits, definitions, lambda t: t.type)))
