"""How a game's VASSAL module shows it (``module.yaml``): the model's presentation part.

Only the module writer (``vassal``) and the board pictures (``board``) read it; rules never do. Every
field has a default, so a game without ``module.yaml`` still builds (grey counters, plain boxes, no
side actions). Colours are ``(r, g, b)``; keys are ``(key code, modifiers)`` as VASSAL's
``NamedKeyStroke`` encodes them (format reference §1.4).

A ``Presentation`` is a plain value: nothing is registered anywhere when one is built. Whoever draws a
piece is handed the game's presentation (``GameData.presentation``) and asks it for a side's look
(:meth:`Presentation.side`), a unit's mark looks (:meth:`Presentation.unit_marks`) or a type's symbol.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import field
from types import MappingProxyType
from typing import Any

from sdbp_module.records import record

RGB = tuple[int, int, int]
Key = tuple[int, int]

GREY: RGB = (160, 160, 160)
BLACK: RGB = (0, 0, 0)
WHITE: RGB = (255, 255, 255)


@record
class Emblem:
    """The roundel on a deck's back: ``star`` (a star of ``colours[0]``), ``cross`` (a cross of
    ``colours[0]`` edged in white) or ``roundel`` (a white disc halved in ``colours[0]`` and
    ``colours[1]`` with a white band, a tricolour cockade)."""

    kind: str = "star"
    colours: tuple[RGB, ...] = (WHITE,)


@record
class SideLook:
    """One side's colours, board abbreviation, toolbar keys and extra piece actions."""

    abbreviation: str = ""  # on the board's hand-size lines and on side markers
    counter: RGB = GREY  # counter body, card header band, side marker body
    spent: RGB = (210, 210, 210)  # the spent side of a counter ("lighter colour")
    control: RGB = (225, 225, 225)  # tint of the side's spaces in the turn boxes
    dark: RGB = (60, 60, 60)  # frames, deck back, space captions
    strip: RGB = (240, 240, 240)  # the company strip behind black numbers
    ink: RGB = BLACK  # text printed on the counter colour
    emblem: Emblem = field(default_factory=Emblem)
    draw_key: Key | None = None  # the Draw-to-hand-size button
    hand_key: Key | None = None  # show/hide the side's hand window
    result_key: Key | None = None  # the side's result button
    card: RGB | None = None  # card header band, when not the counter colour
    card_ink: RGB | None = None  # text on the card header band, when not ``ink``
    card_paper: RGB | None = None  # the card face under the band, when not the common paper
    groups: Mapping[str, RGB] = field(default_factory=lambda: MappingProxyType({}))  # Unit.group -> its symbol colour
    unit_actions: tuple[str, ...] = ()  # extra unit menu entries: "assault", "entrench"
    card_actions: tuple[str, ...] = ()  # extra card menu entries: "entrench" (discard to entrench)


@record
class MarkLook:
    """How a unit mark (``Unit.marks``) is printed: symbol colour, number colour; ``sides`` limits
    it to those sides' units (empty: any side). The last look with a number colour whose mark a
    unit has decides its number colour; a colour other than black is printed on a dark plate.
    ``body``/``spent``/``ink`` replace the side's counter colours and name ink (a black counter)."""

    mark: str
    sides: tuple[str, ...] = ()
    symbol: RGB | None = None
    numbers: RGB | None = None
    body: RGB | None = None
    spent: RGB | None = None
    ink: RGB | None = None


@record
class ClassLook:
    """An area class: the colour of its printed number and its legend line."""

    number: RGB = BLACK
    legend: str = ""
    setup_code: str = ""  # the letter printed on the counters that set up in any area of the class ("any <class>")


@record
class BonusLook:
    """A hand bonus set: the fill of its square on the map and the word the legend calls it."""

    fill: RGB = WHITE
    word: str = ""


@record
class BoxLook:
    """A box of the panel besides the turn track: its zone name (read back from logs), printed
    title and note."""

    zone: str
    title: str
    note: str = ""


@record
class Refresh:
    """The End phase's Refresh button: its key and the exception, units of ``except_side`` in an
    area holding a ``except_marker`` marker stay spent (none when ``except_side`` is empty)."""

    key: Key
    tooltip: str
    except_side: str = ""
    except_marker: str = ""


@record
class ClearButton:
    """An End-phase button that deletes every marker of a kind on the map."""

    name: str
    key: Key
    marker: str
    helper: str


@record
class DiceButton:
    """A dice button of the toolbar: its name, how many d6 it rolls, the purpose its report line
    gives (``fire``, ``assault`` …, ``other``) and its key."""

    name: str
    dice: int
    purpose: str
    key: Key


DEFAULT_DICE = (DiceButton("2d6", 2, "other", (118, 0)), DiceButton("1d6", 1, "other", (120, 0)))  # F7, F9


@record
class Legend:
    """The map legend's texts: per terrain, the notes and the feature lines that name rules."""

    terrain: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))
    terrain_order: tuple[str, ...] = ()
    note: str = ""
    north: str = "North is up"
    river: str = "River (blue border)"
    strongpoint: str = "Strongpoint: trenches and wire"
    bridge: str = "Bridge: {bridges}"
    defense: str = "D-value: the area's terrain defence value"
    victory: str = "Victory area"
    control: str = "Control box: the side holding the area at the start; a control marker shows a change"
    setup_code: str = "Set-up letter: counters printed with it start here"
    bonus: str = "{word} square: +1 card for holding all of {areas}"


_LEGEND_CONTROL = "Control box: the side holding the area at the start; a control marker shows a change"
_LEGEND_SETUP_CODE = "Set-up letter: counters printed with it start here"


@record
class Presentation:
    """The presentation declared in ``module.yaml`` (defaults filled in)."""

    board_name: str = "Board"
    water: tuple[tuple[RGB, tuple[tuple[int, int], ...]], ...] = ()  # (colour, polygon): water painted under the areas
    sides: Mapping[str, SideLook] = field(default_factory=lambda: MappingProxyType({}))
    marks: tuple[MarkLook, ...] = ()
    unit_symbols: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))
    area_classes: Mapping[str, ClassLook] = field(default_factory=lambda: MappingProxyType({}))
    class_order: tuple[str, ...] = ()
    bonus_sets: Mapping[str, BonusLook] = field(default_factory=lambda: MappingProxyType({}))
    boxes: tuple[BoxLook, ...] = ()
    refresh: Refresh | None = None
    clear_buttons: tuple[ClearButton, ...] = ()
    dice: tuple[DiceButton, ...] = DEFAULT_DICE
    legend: Legend = field(default_factory=Legend)
    track_heading: str = "Turn track"
    credits: str = ""  # the published game's design and publisher, for the help page
    map_tool: str = ""  # the maintainer tool that generates the area outlines, if any

    def side(self, side: str) -> SideLook:
        """The look of ``side`` (a default grey one when the file declares none)."""
        return self.sides.get(side, DEFAULT_SIDE)

    def symbol(self, unit_type: str) -> str:
        """The symbol of ``unit_type`` in the writer's NATO library (the type itself when undeclared)."""
        return self.unit_symbols.get(unit_type, unit_type)

    def unit_marks(self, side: str) -> tuple[MarkLook, ...]:
        """The mark looks that apply to ``side``'s units, in file order."""
        return tuple(m for m in self.marks if not m.sides or side in m.sides)

    def mark_ids(self) -> tuple[str, ...]:
        """Every mark the game declares a look for, in file order (each unit's identity lists them all)."""
        return tuple(m.mark for m in self.marks)

    def number_colour(self, area_class: str) -> RGB:
        """The colour of an area number of ``area_class``."""
        return self.area_classes.get(area_class, DEFAULT_CLASS).number

    def bonus(self, bonus_set: str) -> BonusLook:
        """The look of ``bonus_set`` (white square, the set's id as its word, when undeclared)."""
        return self.bonus_sets.get(bonus_set, BonusLook(WHITE, bonus_set.capitalize()))


DEFAULT_SIDE = SideLook()
DEFAULT_CLASS = ClassLook()


def _rgb(value: Any) -> RGB:
    r, g, b = value
    return (int(r), int(g), int(b))


def _key(value: Any) -> Key | None:
    return None if value is None else (int(value[0]), int(value[1]))


def _side(value: Mapping[str, Any]) -> SideLook:
    d = DEFAULT_SIDE
    emblem = value.get("emblem", {})
    return SideLook(
        abbreviation=value.get("abbreviation", ""),
        counter=_rgb(value.get("counter", d.counter)),
        spent=_rgb(value.get("spent", d.spent)),
        control=_rgb(value.get("control", d.control)),
        dark=_rgb(value.get("dark", d.dark)),
        strip=_rgb(value.get("strip", d.strip)),
        ink=_rgb(value.get("ink", d.ink)),
        emblem=Emblem(emblem.get("kind", "star"), tuple(_rgb(c) for c in emblem.get("colours", [WHITE]))),
        draw_key=_key(value.get("draw_key")),
        hand_key=_key(value.get("hand_key")),
        result_key=_key(value.get("result_key")),
        card=_rgb(value["card"]) if "card" in value else None,
        card_ink=_rgb(value["card_ink"]) if "card_ink" in value else None,
        card_paper=_rgb(value["card_paper"]) if "card_paper" in value else None,
        groups=MappingProxyType({k: _rgb(v) for k, v in value.get("groups", {}).items()}),
        unit_actions=tuple(value.get("unit_actions", ())),
        card_actions=tuple(value.get("card_actions", ())),
    )


def build_presentation(value: Mapping[str, Any]) -> Presentation:
    """``module.yaml`` (validated) → ``Presentation``, defaults filled in."""
    sides = MappingProxyType({k: _side(v) for k, v in value.get("sides", {}).items()})
    marks = tuple(
        MarkLook(
            m["mark"],
            tuple(m.get("sides", ())),
            _rgb(m["symbol"]) if "symbol" in m else None,
            _rgb(m["numbers"]) if "numbers" in m else None,
            _rgb(m["body"]) if "body" in m else None,
            _rgb(m["spent"]) if "spent" in m else None,
            _rgb(m["ink"]) if "ink" in m else None,
        )
        for m in value.get("marks", ())
    )
    classes = {k: ClassLook(_rgb(v.get("number", BLACK)), v.get("legend", ""), v.get("setup_code", "")) for k, v in value.get("area_classes", {}).items()}
    refresh = value.get("refresh")
    legend = value.get("legend", {})
    return Presentation(
        board_name=value.get("board_name", "Board"),
        water=tuple((_rgb(w["colour"]), tuple((int(x), int(y)) for x, y in w["polygon"])) for w in value.get("water", ())),
        sides=sides,
        marks=marks,
        unit_symbols=MappingProxyType(dict(value.get("unit_symbols", {}))),
        area_classes=MappingProxyType(classes),
        class_order=tuple(classes),
        bonus_sets=MappingProxyType({k: BonusLook(_rgb(v.get("fill", WHITE)), v.get("word", k.capitalize())) for k, v in value.get("bonus_sets", {}).items()}),
        boxes=tuple(BoxLook(b["zone"], b.get("title", b["zone"]), b.get("note", "")) for b in value.get("boxes", ())),
        refresh=None
        if refresh is None
        else Refresh(
            (int(refresh["key"][0]), int(refresh["key"][1])), refresh.get("tooltip", ""), refresh.get("except_side", ""), refresh.get("except_marker", "")
        ),
        clear_buttons=tuple(ClearButton(c["name"], (int(c["key"][0]), int(c["key"][1])), c["marker"], c["helper"]) for c in value.get("clear_buttons", ())),
        dice=tuple(DiceButton(b["name"], int(b["dice"]), b.get("purpose", "other"), (int(b["key"][0]), int(b["key"][1]))) for b in value["dice"])
        if "dice" in value
        else DEFAULT_DICE,
        legend=Legend(
            terrain=MappingProxyType(dict(legend.get("terrain", {}))),
            terrain_order=tuple(legend.get("terrain", {})),
            note=legend.get("note", ""),
            north=legend.get("north", "North is up"),
            river=legend.get("river", "River (blue border)"),
            strongpoint=legend.get("strongpoint", "Strongpoint: trenches and wire"),
            bridge=legend.get("bridge", "Bridge: {bridges}"),
            defense=legend.get("defense", "D-value: the area's terrain defence value"),
            victory=legend.get("victory", "Victory area"),
            control=legend.get("control", _LEGEND_CONTROL),
            setup_code=legend.get("setup_code", _LEGEND_SETUP_CODE),
            bonus=legend.get("bonus", "{word} square: +1 card for holding all of {areas}"),
        ),
        track_heading=value.get("track_heading", "Turn track"),
        credits=value.get("credits", ""),
        map_tool=value.get("map_tool", ""),
    )
