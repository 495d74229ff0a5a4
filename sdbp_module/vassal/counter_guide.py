"""The counter guide (issue 23): pictures of real counters of the game, every printed element named by
a callout, and a short text per element citing the rule. Generated from the data and the artwork code,
never hand-drawn: each picture is the module's own counter face (``images.render_unit``, enlarged
pixel for pixel) and each callout points at the place ``images.unit_face`` lays the element out.

Contract:

* :func:`examples` picks the counters from the data: per side a plain unit (fresh and spent side), per
  way of entering the game a counter prints (a reinforcement's arrival turn, a card's ``*``), per unit
  mark with a look of its own (``module.yaml`` marks) and per side whose units are coloured by group
  (a division) one unit each. So every unit look the data uses is shown (:func:`unit_elements`).
* :func:`guide_page` is the guide as a player-aid page (``games.aid.Page``, its numbers ``Fact``\\ s):
  a game's aid puts it among its pages (``pages=(..., guide_page(game))``); the help page prints the
  same page (``help.help_html``). :func:`guide_images` gives its pictures (``images/`` entries of the
  module, named ``counter-guide-*.png``), drawn by the build with the rest of the artwork.
* What each element means is the game's (``CounterWords``; ``games.counter_words``: a game's package
  may give its own, with the rules sections to cite); without it, :func:`default_words` says what the
  counter shows and cites what the data cites (``game.yaml`` ``unit_types`` and ``unit_marks`` sources).

Game-neutral: nothing here names a game; every word about a game comes from its data or its package.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import field
from types import MappingProxyType

from PIL import Image, ImageDraw

from sdbp_module.games.aid import (
    Fact,
    Inline,
    Name,
    Page,
    Parts,
    Picture,
    Ref,
    Section,
    Strong,
    Table,
    fact,
    para,
    section,
)
from sdbp_module.model.game_data import GameData, SetupKind, Unit, field_source
from sdbp_module.model.per_game import per_game
from sdbp_module.model.presentation import Presentation
from sdbp_module.records import record
from sdbp_module.vassal import images, layout

PREFIX = "counter-guide-"
SCALE = 2  # the counters are shown twice their size, pixel for pixel
LABEL_FONT = ("regular", 12)
LABEL_GAP = 26  # between a callout's text and the counter's edge
LINE_H = 18
MARGIN = 8
INK: images.RGB = (30, 30, 30)
LEADER: images.RGB = (70, 70, 70)
DOT: images.RGB = (230, 0, 120)  # the callout's dot on the counter: a colour no counter uses
PAPER: images.RGB = (255, 255, 255)

# -- the elements ---------------------------------------------------------------------------------

SIDE = "side"
SPENT_SIDE = "spent-side"
FORMATION = "formation"
COMPANY = "company"
SYMBOL = "symbol"
FIREPOWER, DEFENCE, MOVEMENT = "firepower", "defence", "movement"
SPENT_DEFENCE = "spent-defence"
SETUP_AREA = "setup-area"
ARRIVAL = "arrival-turn"
CARD_ENTRY = "card-entry"
GROUP = "group"


def mark_element(mark: str) -> str:
    """The element of a unit mark (``Unit.marks``)."""
    return f"mark:{mark}"


@record
class CounterWords:
    """What each element of a counter means, in a game's words: inline parts, the rules cited as
    ``Ref``\\ s (no digit in plain text: ``games.aid``). ``names``: the short name a callout prints
    (image text, e.g. ``Company``), by element; ``marks``: the meaning of each unit mark, by mark id;
    ``group``: what a group is called (``Division``)."""

    side: Parts
    spent: Parts
    formation: Parts
    company: Parts
    symbol: Parts
    values: Parts
    spent_defence: Parts
    setup_area: Parts
    arrival: Parts
    card_entry: Parts
    group: Parts
    marks: Mapping[str, Parts] = field(default_factory=lambda: MappingProxyType({}))
    names: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))


NAMES: Mapping[str, str] = MappingProxyType(
    {
        SIDE: "Side colour",
        SPENT_SIDE: "Spent side",
        FORMATION: "Formation",
        COMPANY: "Company",
        SYMBOL: "Type",
        FIREPOWER: "Firepower",
        DEFENCE: "Defence",
        MOVEMENT: "Movement",
        "mark": "Marking",
        SPENT_DEFENCE: "Defence when spent",
        SETUP_AREA: "Set-up area",
        ARRIVAL: "Arrives on turn",
        CARD_ENTRY: "Enters by a card",
        GROUP: "Group",
    }
)
"""The callouts' default names (``CounterWords.names`` overrides them)."""


_SECTION = re.compile(r"\b(\d+(?:\.\d+)*)\b")


def cited(source: str) -> Parts:
    """The rules sections a data source cites (``rules 2.1.1, 12.1``) as ``Ref``\\ s: `` (2.1.1, 12.1)``;
    nothing for a reconstructed source."""
    if not source.startswith("rules"):
        return ()
    refs = _SECTION.findall(source)
    if not refs:
        return ()
    parts: list[Inline] = [" ("]
    for i, ref in enumerate(refs):
        parts += [", "] if i else []
        parts.append(Ref(ref))
    return (*parts, ")")


def default_words(game: GameData) -> CounterWords:
    """What any game's counters say, from its data alone: the elements described, the unit marks by
    their ``game.yaml`` names, the rules cited where the data cites them."""
    type_source = next((t.source.text for t in game.game.unit_types), "")
    return CounterWords(
        side=("The counter's colour shows whose unit it is.",),
        spent=("The back of the counter, printed lighter: the unit is spent and cannot act until it is refreshed.",),
        formation=("The unit's formation, printed on top.",),
        company=("The unit's own number or name, on the strip under the formation.",),
        symbol=("The unit's type", *cited(type_source), "."),
        values=("Along the bottom of the fresh side: firepower, defence and movement.",),
        spent_defence=("The spent side shows one number: the unit's defence while spent.",),
        setup_area=("Black square: where the unit is set up at the start.",),
        arrival=("Red circle: the turn the unit arrives as a reinforcement.",),
        card_entry=("Red circle with a star: the unit enters only by a card.",),
        group=("The symbol's colour: the group the unit belongs to.",),
        marks=MappingProxyType({t.id: (Name(t.name, "game.yaml unit_marks"), *cited(t.source.text), ".") for t in game.game.unit_marks}),
    )


def words_for(game: GameData) -> CounterWords:
    """The game's own words (``games.counter_words``), else :func:`default_words`; a mark the game's
    words leave out is described from the data."""
    from sdbp_module.games import counter_words

    words = counter_words(game)
    base = default_words(game)
    if words is None:
        return base
    marks = {**base.marks, **words.marks}
    return dataclasses.replace(words, marks=MappingProxyType(marks))


# -- which counters ---------------------------------------------------------------------------------


@record
class Example:
    """One counter of the guide: ``key`` names its pictures, ``title`` heads its section (plain text,
    no digit; a side's label as a ``Name``), ``faces`` the sides shown (False: fresh, True: spent); a
    ``complete`` example's table explains every element, the others' only what no example before
    them explained."""

    key: str
    title: Parts
    unit: Unit
    faces: tuple[bool, ...]
    complete: bool = False


def group_colour(look: Presentation, unit: Unit) -> images.RGB | None:
    """The colour of the unit's group (a division), when its side colours groups."""
    return look.side(unit.side).groups.get(unit.group) if unit.group else None


def _plain(look: Presentation, unit: Unit) -> bool:
    return not unit.marks and group_colour(look, unit) is None


def _best(units: Iterable[Unit], *tests: Callable[[Unit], bool]) -> Unit:
    """The first of ``units`` passing every test; failing that, every test but the last, and so on."""
    listed = list(units)
    for n in range(len(tests), 0, -1):
        found = next((u for u in listed if all(t(u) for t in tests[:n])), None)
        if found is not None:
            return found
    return listed[0]


def examples(game: GameData) -> tuple[Example, ...]:
    """The counters the guide shows, in this order: each side's plain unit (fresh and spent), then a
    unit of each way in printed on the counters (an arrival turn, a card's ``*``), then a unit of each
    unit mark whose look differs, then a unit of each side that colours its groups."""
    look = game.presentation
    out: list[Example] = []
    for side in game.game.sides:
        mine = [u for u in game.units if u.side is side]
        if not mine:
            continue
        unit = _best(mine, lambda u: _plain(look, u), lambda u: u.setup.kind is SetupKind.AREA, lambda u: bool(u.company))
        out.append(Example(f"side-{side}", ("A ", Name(side.label, "game.yaml sides"), " unit: its fresh and its spent side"), unit, (False, True), True))
    for kind, title in ((SetupKind.TURN, "A reinforcement"), (SetupKind.CARD, "A unit that enters by a card")):
        units = [u for u in game.units if u.setup.kind is kind]
        if units:
            unit = _best(units, lambda u: _plain(look, u), lambda u: bool(u.company))
            out.append(Example(f"entry-{kind.value}", (title,), unit, (False,)))
    marks = {t.id: t for t in game.game.unit_marks}
    for mark in look.marks:
        term = marks.get(mark.mark)
        units = [u for u in game.units if mark.mark in u.marks and mark in look.unit_marks(u.side)]
        if term is None or not units or mark.mark in {m for e in out for m in e.unit.marks}:
            continue
        only = frozenset({mark.mark})
        unit = _best(units, lambda u: u.marks == only, lambda u: bool(u.company))
        out.append(Example(f"mark-{_slug(mark.mark)}", ("A unit marked: ", Name(term.name, "game.yaml unit_marks")), unit, (False,)))
    for side in game.game.sides:
        grouped = [u for u in game.units if u.side is side and group_colour(look, u) is not None]
        if grouped and not any(e.unit.side is side and group_colour(look, e.unit) is not None for e in out):
            out.append(Example(f"group-{side}", ("A ", Name(side.label, "game.yaml sides"), " unit of a group"), grouped[0], (False,)))
    return tuple(out)


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


# -- the elements of a face -----------------------------------------------------------------------


@record
class Callout:
    """One element of a face: ``element`` (``SIDE``, ``FORMATION`` …, ``mark:<id>``), the text printed
    beside the counter, the point it points at (face pixels) and where its text goes (``left``,
    ``right``, ``top`` or ``bottom`` of the counter)."""

    element: str
    text: str
    at: tuple[int, int]
    where: str


def _centre(box: tuple[float, float, float, float]) -> tuple[int, int]:
    return (round((box[0] + box[2]) / 2), round((box[1] + box[3]) / 2))


def _value_boxes(text: images.FaceText) -> list[tuple[float, float, float, float]]:
    """The ink box of each number of a ``firepower-defence-movement`` text."""
    f = text.typeface()
    whole = f.getbbox(text.text, anchor=text.anchor)
    out = []
    start = 0
    for part in text.text.split("-"):
        before = f.getlength(text.text[:start])
        width = f.getlength(part)
        left = text.x + whole[0] + before
        out.append((left, text.y + whole[1], left + width, text.y + whole[3]))
        start += len(part) + 1
    return out


BODY_SPOTS = ((layout.COUNTER - 6, 44), (6, 44), (layout.COUNTER - 6, 30), (6, 30), (layout.COUNTER // 2, 26))
"""Where the side-colour callout may point, first choice first: a point of the face's body colour."""


def _face_picture(game: GameData, unit: Unit, spent: bool) -> Image.Image:
    """One side of ``unit``'s counter as the module draws it (``images.unit_picture``: the pixels of ``render_unit``)."""
    from sdbp_module.vassal.artwork import setup_label

    return images.unit_picture(game.presentation, unit, spent, setup_label(game, unit))


def _body_spot(face: Image.Image, body: images.RGB) -> tuple[int, int]:
    """The first of ``BODY_SPOTS`` where the drawn ``face`` shows its body colour all round (3 by 3)."""
    for x, y in BODY_SPOTS:
        if all(face.getpixel((x + dx, y + dy)) == body for dx in (-1, 0, 1) for dy in (-1, 0, 1)):
            return (x, y)
    return BODY_SPOTS[0]


def unit_elements(game: GameData, unit: Unit, spent: bool) -> tuple[Callout, ...]:
    """Every element printed on one side of ``unit``'s counter, with its callout (``words`` names)."""
    return callouts(game, unit, spent, words_for(game).names)


def callouts(game: GameData, unit: Unit, spent: bool, names: Mapping[str, str]) -> tuple[Callout, ...]:
    """The callouts of one face, laid out where ``images.unit_face`` prints each element."""
    return _callouts(game, unit, spent, names, _face_picture(game, unit, spent))


def _callouts(game: GameData, unit: Unit, spent: bool, names: Mapping[str, str], drawn: Image.Image) -> tuple[Callout, ...]:
    """:func:`callouts`, given the face as drawn (``_face_picture``)."""
    from sdbp_module.vassal.artwork import setup_label

    def name(element: str) -> str:
        return names.get(element, NAMES.get(element, element))

    look = game.presentation
    label = setup_label(game, unit)
    face = images.unit_face(look, unit, spent, label)
    texts = {t.role: t for t in face.texts}
    out: list[Callout] = []
    sym = face.symbol
    body_at = _body_spot(drawn, face.body)
    out.append(Callout(SPENT_SIDE if spent else SIDE, name(SPENT_SIDE if spent else SIDE) + ("" if spent else f": {unit.side.label}"), body_at, "right"))
    if not spent:
        out.append(Callout(FORMATION, f"{name(FORMATION)} {unit.formation}", (_centre(texts["formation"].bbox())[0], images.NAME_ROW[1]), "top"))
        if unit.company:
            out.append(Callout(COMPANY, f"{name(COMPANY)} {unit.company}", (round(texts["company"].bbox()[2]) + 2, _centre(texts["company"].bbox())[1]), "right"))
        type_name = next((t.name for t in game.game.unit_types if t.id == unit.type), unit.type)
        out.append(Callout(SYMBOL, f"{name(SYMBOL)}: {type_name}", (sym[2], (sym[1] + sym[3]) // 2), "right"))
        if "setup-area" in texts:
            area = unit.setup.area
            where = texts["setup-area"].text if area is None else f"{texts['setup-area'].text} ({game.area(area).name})" if label else str(area)
            square = images.SET_UP_SQUARE
            out.append(Callout(SETUP_AREA, f"{name(SETUP_AREA)} {where}", (square[0], (square[1] + square[3]) // 2), "left"))
        if "arrival-turn" in texts:
            circle = (images.TURN_CIRCLE[2], (images.TURN_CIRCLE[1] + images.TURN_CIRCLE[3]) // 2)
            if unit.setup.kind is SetupKind.CARD:
                out.append(Callout(CARD_ENTRY, f"{name(CARD_ENTRY)} (*)", circle, "right"))
            else:
                out.append(Callout(ARRIVAL, f"{name(ARRIVAL)} {unit.setup.turn}", circle, "right"))
        values = texts["values"]
        for element, box, number in zip((FIREPOWER, DEFENCE, MOVEMENT), _value_boxes(values), (unit.firepower, unit.defense, unit.movement), strict=True):
            out.append(Callout(element, f"{name(element)} {number}", (_centre(box)[0], round(box[3]) + 1), "bottom"))
    else:
        box = texts["spent-defence"].bbox()
        out.append(Callout(SPENT_DEFENCE, f"{name(SPENT_DEFENCE)} {unit.spent_defense}", (_centre(box)[0], round(box[3]) + 1), "bottom"))
    terms = {t.id: t for t in game.game.unit_marks}
    for mark in look.unit_marks(unit.side):
        if mark.mark not in unit.marks or mark.mark not in terms:
            continue
        if mark.symbol is not None:
            at = (sym[0], sym[1] + 3)
        elif mark.numbers is not None:
            at = (images.VALUE_BAND[0], (images.VALUE_BAND[1] + images.VALUE_BAND[3]) // 2)
        else:
            at = (4, images.SYMBOL_BOX[3] + 1)
        out.append(Callout(mark_element(mark.mark), terms[mark.mark].name, at, "left"))
    if group_colour(look, unit) is not None and not spent:
        out.append(Callout(GROUP, f"{name(GROUP)}: {unit.group}", (sym[0], sym[1] + 3), "left"))
    return tuple(out)


# -- the pictures -----------------------------------------------------------------------------------


def picture_name(example: Example, spent: bool) -> str:
    """The module's image (under ``images/``) of one side of an example counter."""
    return f"{PREFIX}{example.key}-{'spent' if spent else 'fresh'}.png"


def render_callouts(game: GameData, unit: Unit, spent: bool, names: Mapping[str, str]) -> Image.Image:
    """One side of ``unit``'s counter, enlarged ``SCALE`` times pixel for pixel, each element's name
    beside it with a leader line to a dot on the element."""
    return render_callouts_at(game, unit, spent, names)[0]


def render_callouts_at(game: GameData, unit: Unit, spent: bool, names: Mapping[str, str]) -> tuple[Image.Image, tuple[int, int]]:
    """:func:`render_callouts`'s picture and where the counter's top-left corner is on it."""
    return _callouts_at(game, unit, spent, names, draw=True)


def _callouts_at(game: GameData, unit: Unit, spent: bool, names: Mapping[str, str], draw: bool) -> tuple[Image.Image, tuple[int, int]]:
    """:func:`render_callouts_at`; without ``draw`` the picture is left blank (for its size alone)."""
    drawn = _face_picture(game, unit, spent)
    size = layout.COUNTER * SCALE
    face = drawn.resize((size, size), Image.Resampling.NEAREST)
    marks = _callouts(game, unit, spent, names, drawn)
    f = images.font(*LABEL_FONT)
    width = {c.element: f.getlength(c.text) for c in marks}
    by = {w: [c for c in marks if c.where == w] for w in ("left", "right", "top", "bottom")}
    left_w = max((width[c.element] for c in by["left"]), default=0)
    right_w = max((width[c.element] for c in by["right"]), default=0)
    bottom_w = sum(width[c.element] for c in by["bottom"]) + 16 * max(len(by["bottom"]) - 1, 0)
    top_w = max((width[c.element] for c in by["top"]), default=0)
    overhang = max(bottom_w, top_w, size) / 2 - size / 2 + 2  # what the centred texts reach past the counter
    left_side = max(left_w + LABEL_GAP if left_w else 0, overhang)
    right_side = max(right_w + LABEL_GAP if right_w else 0, overhang)
    top_h = LINE_H * len(by["top"]) + (10 if by["top"] else 0)
    bottom_h = LINE_H + 14 if by["bottom"] else 0
    rows = max(len(by["left"]), len(by["right"]))
    height = MARGIN * 2 + top_h + max(size, rows * LINE_H) + bottom_h
    x0 = MARGIN + round(left_side)
    y0 = MARGIN + top_h + max(0, (rows * LINE_H - size) // 2)
    canvas = Image.new("RGB", (x0 + size + round(right_side) + MARGIN, height), PAPER)
    if not draw:
        return canvas, (x0, y0)
    d = ImageDraw.Draw(canvas)
    canvas.paste(face, (x0, y0))

    def point(c: Callout) -> tuple[int, int]:
        return (x0 + c.at[0] * SCALE, y0 + c.at[1] * SCALE)

    lines: list[tuple[tuple[float, float], tuple[int, int]]] = []
    for where in ("left", "right"):
        stack = sorted(by[where], key=lambda c: c.at[1])
        ys: list[float] = []
        for c in stack:
            ys.append(max(point(c)[1], (ys[-1] + LINE_H) if ys else MARGIN + top_h + LINE_H / 2))
        overflow = (ys[-1] + LINE_H / 2 - (height - MARGIN - bottom_h)) if ys else 0
        ys = [y - max(overflow, 0) for y in ys]
        for c, y in zip(stack, ys, strict=True):
            if where == "left":
                tx = x0 - LABEL_GAP
                d.text((tx, y), c.text, font=f, fill=INK, anchor="rm")
                lines.append(((tx + 4, y), point(c)))
            else:
                tx = x0 + size + LABEL_GAP
                d.text((tx, y), c.text, font=f, fill=INK, anchor="lm")
                lines.append(((tx - 4, y), point(c)))
    for i, c in enumerate(by["top"]):
        y = MARGIN + LINE_H * i + LINE_H / 2
        d.text((x0 + size / 2, y), c.text, font=f, fill=INK, anchor="mm")
        lines.append(((x0 + size / 2, y + LINE_H / 2 - 2), point(c)))
    if by["bottom"]:
        y = height - MARGIN - LINE_H / 2
        x = x0 + size / 2 - bottom_w / 2
        for c in sorted(by["bottom"], key=lambda c: c.at[0]):
            d.text((x, y), c.text, font=f, fill=INK, anchor="lm")
            lines.append(((x + width[c.element] / 2, y - LINE_H / 2 + 2), point(c)))
            x += width[c.element] + 16
    for start, end in lines:
        d.line((start, end), fill=LEADER, width=1)
    for _, end in lines:
        d.ellipse((end[0] - 2.5, end[1] - 2.5, end[0] + 2.5, end[1] + 2.5), fill=DOT)
    return canvas, (x0, y0)


def render_key(game: GameData, rows: Iterable[tuple[str, images.RGB, str]]) -> Image.Image:
    """A key of symbols: per row a type symbol (``images.type_symbol``, at the counters' size times
    ``SCALE``) in a colour, with its name."""
    listed = list(rows)
    f = images.font(*LABEL_FONT)
    box_w, box_h = (images.SYMBOL_BOX[2] - images.SYMBOL_BOX[0]) * SCALE, (images.SYMBOL_BOX[3] - images.SYMBOL_BOX[1]) * SCALE
    row_h = box_h + 10
    text_w = max((f.getlength(name) for _, _, name in listed), default=0)
    canvas = Image.new("RGB", (MARGIN * 2 + box_w + 12 + round(text_w), MARGIN * 2 + row_h * len(listed)), PAPER)
    d = ImageDraw.Draw(canvas)
    for i, (symbol, colour, name) in enumerate(listed):
        small = Image.new("RGB", (images.SYMBOL_BOX[2] - images.SYMBOL_BOX[0] + 1, images.SYMBOL_BOX[3] - images.SYMBOL_BOX[1] + 1), PAPER)
        images.type_symbol(ImageDraw.Draw(small), (0, 0, small.width - 1, small.height - 1), symbol, colour)
        y = MARGIN + i * row_h
        canvas.paste(small.resize((small.width * SCALE, small.height * SCALE), Image.Resampling.NEAREST), (MARGIN, y))
        d.text((MARGIN + box_w + 12, y + box_h / 2), name, font=f, fill=INK, anchor="lm")
    return canvas


TYPES_PICTURE = f"{PREFIX}types.png"
GROUPS_PICTURE = f"{PREFIX}groups.png"


def _type_rows(game: GameData) -> list[tuple[str, images.RGB, str]]:
    used = {u.type for u in game.units}
    return [(game.presentation.symbol(t.id), images.BLACK, t.name) for t in game.game.unit_types if t.id in used]


def _group_rows(game: GameData) -> list[tuple[str, images.RGB, str]]:
    rows: list[tuple[str, images.RGB, str]] = []
    for side in game.game.sides:
        groups = game.presentation.side(side).groups
        used = [g for g in dict.fromkeys(u.group for u in game.units if u.side is side and u.group) if g in groups]
        rows += [("infantry", groups[g], f"{g} ({side.label})") for g in used]
    return rows


def picture_names(game: GameData) -> tuple[str, ...]:
    """The names (under ``images/``) of the guide's pictures, in page order."""
    names = [picture_name(e, s) for e in examples(game) for s in e.faces] + [TYPES_PICTURE]
    return (*names, GROUPS_PICTURE) if _group_rows(game) else tuple(names)


def guide_image(game: GameData, name: str) -> bytes:
    """The guide's picture ``name`` (one of :func:`picture_names`), drawn (PNG bytes)."""
    if name == TYPES_PICTURE:
        return images.png_bytes(render_key(game, _type_rows(game)))
    if name == GROUPS_PICTURE:
        return images.png_bytes(render_key(game, _group_rows(game)))
    for example in examples(game):
        for spent in example.faces:
            if picture_name(example, spent) == name:
                return images.png_bytes(render_callouts(game, example.unit, spent, words_for(game).names))
    raise KeyError(name)


def guide_images(game: GameData) -> dict[str, bytes]:
    """Every picture of the guide by its name under ``images/``, drawn (PNG bytes)."""
    return {name: guide_image(game, name) for name in picture_names(game)}


# -- the page ---------------------------------------------------------------------------------------


def _picture(game: GameData, example: Example, spent: bool, names: Mapping[str, str]) -> Picture:
    image, _ = _callouts_at(game, example.unit, spent, names, draw=False)  # the page needs its size; the build draws it
    return Picture(picture_name(example, spent), "the counter " + ("spent" if spent else "fresh") + ", its elements named", image.width, image.height)


def _counter_fact(unit: Unit, value: int, what: str) -> Fact:
    source = field_source(unit, what)
    return fact(value, f"counters.yaml {unit.id} {what}", "the counter mix is our reconstruction" if source.is_reconstructed else "")


def _mark_look(game: GameData, unit: Unit, mark: str) -> str:
    """How a unit mark shows on the counter (``module.yaml`` marks)."""
    look = next((m for m in game.presentation.unit_marks(unit.side) if m.mark == mark), None)
    if look is None:
        return "printed on the counter"
    shown = [what for what, colour in (("the symbol's colour", look.symbol), ("the numbers' colour", look.numbers), ("the counter's colour", look.body)) if colour is not None]
    return " and ".join(shown) or "printed on the counter"


def _row(game: GameData, unit: Unit, c: Callout, words: CounterWords) -> tuple[Parts, Parts, Parts]:
    """One element's row: its name, what this counter shows, what it means."""
    names = {**NAMES, **words.names}
    mark = c.element.removeprefix("mark:") if c.element.startswith("mark:") else None
    terms = {t.id: t for t in game.game.unit_marks}
    shows: Parts
    if c.element == SIDE:
        shows, means = (Name(unit.side.label, "game.yaml sides"),), words.side
    elif c.element == SPENT_SIDE:
        shows, means = ("the lighter colour",), words.spent
    elif c.element == FORMATION:
        shows, means = (Name(unit.formation, "counters.yaml formation"),), words.formation
    elif c.element == COMPANY:
        shows, means = (Name(unit.company, "counters.yaml company"),), words.company
    elif c.element == SYMBOL:
        term = next((t for t in game.game.unit_types if t.id == unit.type), None)
        shows, means = (Name(term.name if term else unit.type, "game.yaml unit_types"),), words.symbol
    elif c.element in (FIREPOWER, DEFENCE, MOVEMENT):
        value = {FIREPOWER: unit.firepower, DEFENCE: unit.defense, MOVEMENT: unit.movement}[c.element]
        shows, means = (_counter_fact(unit, value, "fresh"),), words.values
    elif c.element == SPENT_DEFENCE:
        shows, means = (_counter_fact(unit, unit.spent_defense, "spent"),), words.spent_defence
    elif c.element == SETUP_AREA and unit.setup.area is not None:
        area = game.area(unit.setup.area)
        shows = (_counter_fact(unit, int(area.id), "setup"), " ", Name(area.name, "areas.yaml name"))
        if area.setup_code:
            shows = (Name(area.setup_code, "areas.yaml setup_code"), ": area ", *shows)
        means = words.setup_area
    elif c.element == ARRIVAL and unit.setup.turn is not None:
        shows, means = ("turn ", _counter_fact(unit, unit.setup.turn, "setup")), words.arrival
    elif c.element == CARD_ENTRY:
        shows, means = ("*",), words.card_entry
    elif mark is not None and mark in terms:
        shows, means = (Name(terms[mark].name, "game.yaml unit_marks"), ": ", _mark_look(game, unit, mark)), words.marks.get(mark, ())
    elif c.element == GROUP:
        shows, means = (Name(unit.group, "counters.yaml group"),), words.group
    else:
        shows, means = (), ()
    return ((Strong((names.get("mark" if mark is not None else c.element, c.element),)),), shows, means)


@per_game
def guide_sections(game: GameData) -> tuple[Section, ...]:
    """The guide's sections: one per example counter (its pictures and a table of its elements), then
    the key of the type symbols and, when the game colours its groups, of the group colours. Made once
    per game (``per_game``): a build asks once for the help page and once for each use of the player
    aid, and each time would draw every example counter again to place its callouts."""
    words = words_for(game)
    out: list[Section] = []
    header: tuple[Parts, ...] = (("Element",), ("On this counter",), ("What it means",))
    explained: set[str] = set()
    for example in examples(game):
        pictures = tuple(_picture(game, example, s, words.names) for s in example.faces)
        rows: list[tuple[Parts, ...]] = []
        seen: set[str] = set()
        for spent in example.faces:
            for c in callouts(game, example.unit, spent, words.names):
                key = c.element if c.element not in (FIREPOWER, DEFENCE, MOVEMENT) else "values"
                if key in seen or (key in explained and not example.complete):
                    continue
                seen.add(key)
                if key == "values":
                    shows: Parts = (
                        _counter_fact(example.unit, example.unit.firepower, "fresh"),
                        "-",
                        _counter_fact(example.unit, example.unit.defense, "fresh"),
                        "-",
                        _counter_fact(example.unit, example.unit.movement, "fresh"),
                    )
                    rows.append(((Strong(("Firepower-defence-movement",)),), shows, words.values))
                else:
                    rows.append(_row(game, example.unit, c, words))
        explained |= seen
        blocks = (para(*pictures), Table(header, tuple(rows))) if example.complete else (para(*pictures), para(*_more(example)), Table(header, tuple(rows)))
        out.append(Section(example.title, blocks))
    out.append(
        section(
            "Type symbols",
            para(Picture(TYPES_PICTURE, "the type symbols the counters use", *_size(render_key(game, _type_rows(game))))),
            para(*words.symbol),
        )
    )
    if _group_rows(game):
        out.append(
            section(
                "Group colours",
                para(Picture(GROUPS_PICTURE, "the colour of each group's symbols", *_size(render_key(game, _group_rows(game))))),
                para(*words.group),
            )
        )
    return tuple(out)


def _more(example: Example) -> Parts:
    """The line before the table of an example that is not ``complete``."""
    return ("The elements explained above mean the same here; what is new on this counter:",)


def _size(image: Image.Image) -> tuple[int, int]:
    return image.width, image.height


def guide_page(game: GameData) -> Page:
    """The counter guide as a player-aid page (tab ``Counters``): a game's aid lists it among its pages."""
    return Page("counters", "Counters", "Reading the counters", guide_sections(game))
