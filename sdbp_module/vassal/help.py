"""The module's help page for players (``help/<game id>.html``), generated from the build file and the data.

``help_html(game, build_xml)`` → the page's bytes. Contract:

* **Reading the counters**: the counter guide (``counter_guide.guide_page``, the player aid's page
  rendered here too): real counters of the game with every element named, citing the rules.
* **How to play with this module**: starting the predefined set-up, sides, the board's boxes and
  decks, the turn tracker, moving, cards, dice, logging a game and checking it with ``sdbp check``.
  Every toolbar button and every right-click command is listed with its keys as read from
  ``build_xml`` (:mod:`sdbp_module.vassal.controls`), so the page shows what the module really
  holds, whatever buttons and keys the build gives it.
* **What is reconstructed**: one row per kind of fact (terrain defence values, hand sizes, set-up
  areas, arrival turns, marker counts, card entrenchment values, counter values, the map …) with how
  many of its values are reconstructed, counted from the data's sources: a field's own source where
  the data gives one (``sources:`` in the YAML), else its record's ``source``.
* **How to correct it**: which file holds which fact, then ``sdbp validate``, ``sdbp build`` and
  ``sdbp migrate`` for running games.
* **Credits**. The log-line contract is not repeated here: it lives in ``docs/report-formats.md``.

VASSAL 3.7 shows the page in a Swing ``JEditorPane`` (``HelpFile`` → ``HelpWindow`` →
``HTMLWindowHelper``), which renders HTML 3.2 with very little CSS: the page keeps to headings,
paragraphs, lists and bordered tables, and is pure ASCII (other characters as numeric references),
so it reads the same whatever charset the viewer assumes. Same input, same bytes.
"""

from __future__ import annotations

import dataclasses
import html
import re
from collections.abc import Callable, Iterable, Sequence

from lxml import etree

from sdbp_module import games
from sdbp_module.model.game_data import (
    GameData,
    SetupKind,
    Sourced,
    field_source,
)
from sdbp_module.records import record
from sdbp_module.vassal import controls, counter_guide, pieces, player_aid

M = controls.M
NO_KEY = "&#8211;"


# --------------------------------------------------------------------------------------------
# What is reconstructed


Records = Callable[[GameData], Iterable[tuple[str, Sourced]]]


@record
class FactSpec:
    """A kind of fact: the data file and fields that hold it, in a player's words, and its records."""

    file: str
    fields: tuple[str, ...]
    what: str  # HTML
    records: Records
    shown: str = ""  # how the page names the fields, when not by their names (``map: roads``)

    @property
    def where(self) -> str:
        return self.shown or ", ".join(self.fields)


@record
class FactCount:
    """How many values of a kind of fact are reconstructed, and which ones cite the rules."""

    spec: FactSpec
    reconstructed: int
    total: int
    cited: tuple[str, ...]  # labels of the records whose value cites the rules


def _areas(game: GameData) -> Iterable[tuple[str, Sourced]]:
    return ((f"area {a.id}", a) for a in game.areas)


def _banked_areas(game: GameData) -> Iterable[tuple[str, Sourced]]:
    return ((f"area {a.id}", a) for a in game.areas if a.bank)


def _borders(game: GameData) -> Iterable[tuple[str, Sourced]]:
    return ((f"border {b.a}-{b.b}", b) for b in game.borders)


def _used(records: Records, uses: Callable[[GameData], bool]) -> Records:
    """``records`` when the game uses the field at all (``uses``), else none: a field the game never sets
    (no strongpoint, no river border) is no fact of that game, and the page does not count it."""

    def used(game: GameData) -> Iterable[tuple[str, Sourced]]:
        return records(game) if uses(game) else ()

    return used


def _river_borders(game: GameData) -> Iterable[tuple[str, Sourced]]:
    return ((f"border {b.a}-{b.b}", b) for b in game.borders if b.river)


def _units(game: GameData) -> Iterable[tuple[str, Sourced]]:
    return ((u.name, u) for u in game.units)


def _units_set_up(kind: SetupKind) -> Records:
    def records(game: GameData) -> Iterable[tuple[str, Sourced]]:
        return ((u.name, u) for u in game.units if u.setup.kind is kind)

    return records


def _markers(game: GameData) -> Iterable[tuple[str, Sourced]]:
    return ((f"{m.name} markers", m) for m in game.markers)


def _cards(game: GameData) -> Iterable[tuple[str, Sourced]]:
    return ((c.id, c) for c in game.cards)


def _entrenchment_cards(game: GameData) -> Iterable[tuple[str, Sourced]]:
    return ((c.id, c) for c in game.cards if c.entrenchment is not None)


def _fire_cards(game: GameData) -> Iterable[tuple[str, Sourced]]:
    return ((c.id, c) for c in game.cards if c.firepower is not None)


def _turns(game: GameData) -> Iterable[tuple[str, Sourced]]:
    return ((f"turn {t.turn}", t) for t in game.turn_track)


def _map(game: GameData) -> Iterable[tuple[str, Sourced]]:
    return (("the board", game.map),)


def _scenario(game: GameData) -> Iterable[tuple[str, Sourced]]:
    return ((game.scenario.name, game.scenario),)


def _roads(game: GameData) -> Iterable[tuple[str, Sourced]]:
    return ((r.name, r) for r in game.map.roads)


def _runways(game: GameData) -> Iterable[tuple[str, Sourced]]:
    return ((r.name, r) for r in game.map.runways)


def _bridges(game: GameData) -> Iterable[tuple[str, Sourced]]:
    return ((b.name, b) for b in game.map.bridges)


def _villages(game: GameData) -> Iterable[tuple[str, Sourced]]:
    return ((v.name, v) for v in game.map.villages)


FACTS: tuple[FactSpec, ...] = (
    FactSpec("game.yaml", ("map",), "the board's size and scale", _map),
    FactSpec("areas.yaml", ("polygon", "label"), "the map's geometry: area outlines and where each number is printed", _areas),
    FactSpec("areas.yaml", ("terrain",), "terrain of the areas ({terrains} &#8230;)", _areas),
    FactSpec("areas.yaml", ("strongpoint",), "strongpoints (trench lines drawn on the map)", _used(_areas, lambda g: any(a.strongpoint for a in g.areas))),
    FactSpec("game.yaml", ("points", "areas"), "roads and tracks drawn on the map", _roads, "map: roads"),
    FactSpec("game.yaml", ("points", "width", "areas"), "runways drawn on the map", _runways, "map: runways"),
    FactSpec("game.yaml", ("at",), "where the bridges are drawn", _bridges, "map: bridges"),
    FactSpec("game.yaml", ("area", "at"), "villages drawn on the map", _villages, "map: villages"),
    FactSpec("areas.yaml", ("id",), "area numbers: which place has which number", _areas),
    FactSpec("areas.yaml", ("name",), "area names", _areas),
    FactSpec("areas.yaml", ("defense",), "terrain defence values (D) of the areas", _areas),
    FactSpec("areas.yaml", ("colour",), "colours of the area numbers ({classes})", _areas),
    FactSpec("areas.yaml", ("victory",), "victory symbols", _used(_areas, lambda g: any(a.victory for a in g.areas))),
    FactSpec("areas.yaml", ("card_bonus",), "card-bonus squares", _used(_areas, lambda g: any(a.card_bonus != "none" for a in g.areas))),
    FactSpec("areas.yaml", ("control",), "control at the start", _areas),
    FactSpec("areas.yaml", ("map_edge",), "which areas touch the map edge", _areas),
    FactSpec("areas.yaml", ("bank",), "which bank of the river each area lies on", _banked_areas),
    FactSpec("borders.yaml", ("areas",), "which areas border each other", _borders),
    FactSpec("borders.yaml", ("river",), "river borders", _used(_borders, lambda g: any(b.river for b in g.borders))),
    FactSpec("borders.yaml", ("bridge",), "bridges over the river", _river_borders),
    FactSpec("counters.yaml", ("side", "formation", "company"), "the counter mix: which formations and companies", _units),
    FactSpec("counters.yaml", ("type",), "unit types", _units),
    FactSpec("counters.yaml", ("marks",), "unit markings ({marks})", _units),
    FactSpec("counters.yaml", ("fresh",), "counter values: firepower, defence, movement", _units),
    FactSpec("counters.yaml", ("spent",), "defence on the spent side", _units),
    FactSpec("counters.yaml", ("setup",), "set-up areas printed on the counters", _units_set_up(SetupKind.AREA)),
    FactSpec("counters.yaml", ("setup",), "arrival turns of the reinforcements", _units_set_up(SetupKind.TURN)),
    FactSpec("counters.yaml", ("setup",), "units that enter only by a card (*)", _units_set_up(SetupKind.CARD)),
    FactSpec("counters.yaml", ("setup",), "units in the replacements box", _units_set_up(SetupKind.REPLACEMENTS)),
    FactSpec("markers.yaml", ("name", "states"), "marker kinds and their faces", _markers),
    FactSpec("markers.yaml", ("count",), "how many markers of each kind", _markers),
    FactSpec("cards.yaml", ("side", "number", "name"), "the cards: decks, numbers and titles", _cards),
    FactSpec("cards.yaml", ("timing",), "timing letters of the cards", _cards),
    FactSpec("cards.yaml", ("entrenchment",), "entrenchment values printed on the cards", _entrenchment_cards),
    FactSpec("cards.yaml", ("firepower",), "fire values of the fire cards", _fire_cards),
    FactSpec("cards.yaml", ("effect",), "card texts (our own wording)", _cards),
    FactSpec("cards.yaml", ("turns", "removed_after_play", "multi_copy", "excludes"), "when and how often a card may be played", _cards),
    FactSpec("turn_track.yaml", ("cards",), "hand sizes printed on the turn track", _turns),
    FactSpec("scenario.yaml", ("units", "markers"), "the start position", _scenario),
)
"""Every kind of fact the help page accounts for, in the order it lists them."""

CITED_SHOWN = 6
"""Rule-cited records are named when there are at most this many of them."""


def _all_records(game: GameData) -> Iterable[tuple[str, Sourced]]:
    """Every record with per-field sources, under the file that holds it."""
    for name, records in (
        ("areas.yaml", _areas),
        ("borders.yaml", _borders),
        ("counters.yaml", _units),
        ("markers.yaml", _markers),
        ("cards.yaml", _cards),
        ("turn_track.yaml", _turns),
        ("scenario.yaml", _scenario),
    ):
        for _, sourced in records(game):
            yield name, sourced


def _fact_words(game: GameData) -> dict[str, str]:
    """The game's words in the facts' descriptions: its first four terrains in legend order, the
    area classes whose numbers are printed in a colour (``module.yaml``) and its unit marks."""
    look = game.presentation
    terrains = [t for t in look.legend.terrain_order if any(a.terrain.value == t for a in game.areas)]
    classes = [c.replace("_", " ") for c in look.class_order if look.area_classes[c].number != (0, 0, 0)]
    marks = ", ".join(_e(t.id) for t in game.game.unit_marks) or "none"
    return {"terrains": ", ".join(terrains[:4]), "classes": ", ".join(classes), "marks": marks}


def fact_counts(game: GameData) -> tuple[FactCount, ...]:
    """Every kind of fact with at least one value in the data, in :data:`FACTS` order, then a row
    for each field the data gives its own source that :data:`FACTS` does not name."""
    words = _fact_words(game)
    specs = [dataclasses.replace(s, what=s.what.format(**words)) if "{" in s.what else s for s in FACTS]
    named = {(s.file, f) for s in FACTS for f in s.fields}
    extra: dict[tuple[str, str], None] = {}
    for file, sourced in _all_records(game):
        for field in sorted(sourced.sources):
            if (file, field) not in named:
                extra.setdefault((file, field), None)
    for file, field in extra:
        specs.append(FactSpec(file, (field,), _e(field.replace("_", " ")), _records_of(file)))
    out: list[FactCount] = []
    for spec in specs:
        labels = list(spec.records(game))
        if not labels:
            continue
        rebuilt = [label for label, sourced in labels if any(field_source(sourced, f).is_reconstructed for f in spec.fields)]
        cited = tuple(label for label, _ in labels if label not in rebuilt)
        out.append(FactCount(spec, len(rebuilt), len(labels), cited))
    return tuple(out)


def _records_of(file: str) -> Records:
    def records(game: GameData) -> Iterable[tuple[str, Sourced]]:
        return ((f"{file} record", r) for f, r in _all_records(game) if f == file)

    return records


# --------------------------------------------------------------------------------------------
# Rendering


def _e(text: str) -> str:
    return html.escape(text, quote=True)


def _keys(button: controls.Button) -> str:
    shown = [f"{_e(k.role)}: <b>{_e(k.key)}</b>" if k.role else f"<b>{_e(k.key)}</b>" for k in button.keys if k.key]
    return "<br>\n".join(shown) or NO_KEY


def _table(head: Sequence[str], rows: Iterable[Sequence[str]]) -> str:
    """A bordered table; cells are HTML already."""
    out = ['<table border="1" cellpadding="4" cellspacing="0">', "<tr>" + "".join(f"<th align=\"left\">{h}</th>" for h in head) + "</tr>"]
    out += ["<tr>" + "".join(f'<td valign="top">{c}</td>' for c in row) + "</tr>" for row in rows]
    out.append("</table>")
    return "\n".join(out)


_MAP_BUTTONS = frozenset({"Map", "PrivateMap", "PlayerHand"})


def _toolbar_table(buttons: Sequence[controls.Button]) -> str:
    rows = []
    for b in buttons:
        what = _e(b.tooltip) if b.tooltip != b.label else ""
        if not what and b.component in _MAP_BUTTONS:
            what = f"shows or hides the {_e(b.label)} window"
        if b.where != ("main toolbar",):
            what += ("; " if what else "") + "on the toolbar of the " + _and([_e(w) for w in b.where])
        rows.append((f"<b>{_e(b.label)}</b>", _keys(b), what))
    return _table(("Button", "Keys", "What it does"), rows)


MENU_COLUMNS = 3


def _menu_tables(menus: Sequence[controls.Menu]) -> str:
    """One small table per menu, laid out :data:`MENU_COLUMNS` to a row."""
    cells = []
    for menu in menus:
        rows = [(_e(c.text), f"<b>{_e(c.key)}</b>" if c.key else "menu only") for c in menu.commands]
        cells.append(f"<b>{_e(menu.title)}</b><br>\n" + _table(("Command", "Key"), rows))
    out = ['<table border="0" cellpadding="6" cellspacing="0">']
    for start in range(0, len(cells), MENU_COLUMNS):
        row = cells[start : start + MENU_COLUMNS]
        out.append("<tr>" + "".join(f'<td valign="top">{c}</td>' for c in row) + "</tr>")
    out.append("</table>")
    return "\n".join(out)


_NUMBERED = re.compile(r"^(\D+?)(\d+)$")


def _compress(names: Sequence[str]) -> list[str]:
    """Runs of numbered names shortened: ``Turn 1``, ``Turn 2`` … ``Turn 8`` → ``Turn 1 … Turn 8``."""
    out: list[list[str]] = []
    for name in names:
        match = _NUMBERED.match(name)
        last = out[-1] if out else None
        if match and last is not None and (prev := _NUMBERED.match(last[-1])) and prev.group(1) == match.group(1):
            last.append(name)
        else:
            out.append([name])
    return [run[0] if len(run) == 1 else f"{run[0]} &#8230; {run[-1]}" for run in out]


@record
class _Module:
    """What the prose of the page reads from the build file."""

    setups: tuple[str, ...]
    sides: tuple[str, ...]
    boxes: tuple[str, ...]
    areas: int
    decks: tuple[str, ...]
    first_turn: str
    last_turn: str  # "" when the tracker sets no maximum
    phases: tuple[str, ...]
    buttons: tuple[controls.Button, ...]

    def of(self, component: str) -> tuple[controls.Button, ...]:
        """The main-toolbar buttons of one component class."""
        return tuple(b for b in self.buttons if b.component == component and "main toolbar" in b.where)


def _read_module(root: etree._Element, buttons: tuple[controls.Button, ...]) -> _Module:
    zones = [z.get("name", "") for z in root.iter(M + "map.boardPicker.board.mapgrid.Zone")]
    roster = next(root.iter(M + "PlayerRoster"), None)
    counter = next(root.iter(M + "turn.CounterTurnLevel"), None)
    phases = next(root.iter(M + "turn.ListTurnLevel"), None)
    limit = counter.get("loopLimit", "-1") if counter is not None else "-1"
    decks = tuple(el.get("name", "") for el in root.iter(M + "map.DrawPile"))
    return _Module(
        setups=tuple(el.get("name", "") for el in root.iter(M + "PredefinedSetup")),
        sides=tuple(el.text or "" for el in roster.iter("entry")) if roster is not None else (),
        boxes=tuple(z for z in zones if not z.isdigit() and z not in decks),
        areas=sum(1 for z in zones if z.isdigit()),
        decks=decks,
        first_turn=counter.get("start", "1") if counter is not None else "1",
        last_turn=limit if limit.isdigit() and int(limit) > 0 else "",
        phases=tuple(p for p in (phases.get("list", "") if phases is not None else "").split(",") if p),
        buttons=buttons,
    )


def _and(items: Sequence[str]) -> str:
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def _bold(buttons: Iterable[controls.Button]) -> list[str]:
    return [f"<b>{_e(b.label)}</b>" for b in buttons]


def _key_of(buttons: Sequence[controls.Button], role: str) -> str:
    for b in buttons:
        for k in b.keys:
            if k.role == role and k.key:
                return k.key
    return ""


def _play_section(game: GameData, mod: _Module) -> str:
    """How to play: the steps of a game, naming the module's own set-ups, boxes, decks and buttons."""
    tracker = mod.of("TurnTracker")
    next_key, prev_key = _key_of(tracker, "next"), _key_of(tracker, "previous")
    step = (
        f"press <b>{_e(next_key)}</b> (or the tracker's <b>+</b>) for the next phase"
        + (f", <b>{_e(prev_key)}</b> to step back" if prev_key else "")
        if next_key
        else "click the tracker's <b>+</b> for the next phase"
    )
    last = mod.last_turn or str(game.game.turns)
    phases = _and([f"<b>{_e(p)}</b>" for p in mod.phases])
    setups = _and([f"<b>{_e(s)}</b>" for s in mod.setups])
    sides = _and([f"<b>{_e(s)}</b>" for s in mod.sides])
    roster = _and(_bold(mod.of("PlayerRoster")))
    looks = [game.presentation.side(s) for s in game.game.sides]
    entrench = any("entrench" in look.card_actions for look in looks)
    assault = any("assault" in look.unit_actions for look in looks)
    fire = "Fire, assault, damage" if assault else "Fire and damage"
    markers = ", ".join(k.name.lower() for k in game.markers[:3]) + (" &#8230;" if len(game.markers) > 3 else "")
    items = [
        f"<li><b>Start.</b> Choose <i>File &#8594; New Game</i> and the set-up {setups}: the units stand in their "
        "set-up areas, the reinforcements on the turn track, each side's cards in its face-down deck (every draw "
        f"is random). Take a side when VASSAL asks: {sides} (or observer)"
        + (f"; {roster} lets you change sides later" if roster else "")
        + ".</li>",
        f"<li><b>The board.</b> {mod.areas} numbered areas, and on the right a panel with "
        f"{_and(_compress([_e(b) for b in mod.boxes]))}. The card piles: {_and([f'<b>{_e(d)}</b>' for d in mod.decks])}. "
        "Each area prints its control box: the side that holds it at the start; a control marker placed on the area "
        "shows a change. Rest the mouse on a stack to see what it holds; double-click a stack to spread it out.</li>",
        f"<li><b>Turns and phases.</b> The {_and(_bold(tracker)) or 'turn'} tracker shows the turn ({_e(mod.first_turn)} "
        f"to {_e(last)}) and the phase ({phases}); {step}. Each change is written to the log.</li>",
        f"<li><b>Cards.</b> Open your hand with its button ({_and(_bold(mod.of('PlayerHand')))}); draw by dragging the "
        "top card of your own deck into your hand (only its owner can draw from a deck). "
        + ("Play, discard and entrench " if entrench else "Play and discard ")
        + "with the card's right-click menu; a played card goes to its discard pile"
        + (", or out of the game," if game.cards_leave_game else "")
        + " by itself.</li>",
        "<li><b>Moving.</b> Drag a unit or a whole stack to its new area; select several with a drag rectangle "
        "or Ctrl+click. The move is written to the log.</li>",
        f"<li><b>{fire}.</b> Right-click the "
        + ("firing or assaulting units" if assault else "firing units")
        + " for the declaration commands (they ask for the target area number), then roll with the matching dice button "
        f"({_and(_bold(mod.of('DiceButton')))}). The owner of the hit units takes the damage with their "
        "right-click commands (flip, eliminate, retreat: <b>Retreat to&hellip;</b> asks for the area number and moves the unit "
        "there; anything else typed moves nothing, then drag the unit).</li>",
        f"<li><b>Markers</b> ({markers}) come from the {_and(_bold(mod.of('PieceWindow')))} "
        f"palette{_side_faces(game)}. A marker's right-click menu sets its face.</li>",
    ]
    charts = mod.of("ChartWindow")
    if charts:
        items.append(f"<li><b>Player aid.</b> {_and(_bold(charts))} opens the sequence of play and the tables.</li>")
    commands = mod.of("GlobalKeyCommand")
    if commands:
        items.append(
            f"<li><b>Toolbar commands:</b> {_and(_bold(commands))}. Each acts at once on the pieces it concerns or "
            "writes its line to the log; the table below says what each does (so does its tool tip).</li>"
        )
    results = mod.of("ChangePropertyButton")
    if results:
        items.append(
            f"<li><b>The result.</b> At the end of the game a player presses {' or '.join(_bold(results))} and types "
            "<b>yes</b> to declare it (a claim for your own side, or a concession to the other); an observer declares nothing.</li>"
        )
    menus = mod.of("ToolbarMenu")
    if menus:
        items.append(f"<li><b>Toolbar menus.</b> {_and(_bold(menus))} open lists of the buttons of one kind.</li>")
    return "<ol>\n" + "\n".join(items) + "\n</ol>"


def _side_faces(game: GameData) -> str:
    """How the palette offers the markers whose faces are the sides (``pieces.side_faced``): one entry
    per face, so a marker is put down showing the side it must show."""
    kinds = [k for k in game.markers if pieces.side_faced(k)]
    if not kinds:
        return ""
    names = _and([f"<b>{_e(pieces.palette_name(k, i))}</b>" for k in kinds for i in range(len(k.states))])
    return f": {_and([k.name.lower() for k in kinds])} markers have one entry per side ({names}); take the one showing the side the marker is for"


def _counters_section(game: GameData, mod: _Module) -> str:
    """The counter guide (``counter_guide.guide_page``), as the player aid shows it: real counters of
    the game with each element named, and what each means with its rules section."""
    page = player_aid.checked_page(counter_guide.guide_page(game))
    aid = games.player_aid(game)
    charts = mod.of("ChartWindow")
    tabbed = charts and aid is not None and any(p.slug == page.slug for p in aid.pages)
    where = f" The same guide is the <b>{_e(page.tab)}</b> tab of the {_and(_bold(charts))} window." if tabbed else ""
    intro = (
        "<p>Every counter below is one of this module's own, shown twice its size; each printed element is named beside it. "
        f"The numbers come from the game data, the meanings from the rules section cited.{where}</p>"
    )
    return intro + "\n" + "\n".join(player_aid.page_body(page))


def _reconstructed_section(counts: Sequence[FactCount]) -> str:
    rows = []
    for c in counts:
        if not c.reconstructed:
            continue
        note = ""
        if c.cited and len(c.cited) <= CITED_SHOWN:
            note = f"<br>from the rules: {_e(', '.join(c.cited))}"
        where = f"<code>{_e(c.spec.file)}</code>: <code>{_e(c.spec.where)}</code>"
        rows.append((c.spec.what, f"{c.reconstructed} of {c.total}{note}", where))
    cited = [c.spec.what for c in counts if not c.reconstructed]
    total = sum(c.reconstructed for c in counts)
    out = [
        f"<p>Each fact in the game data says where it comes from: a rule section (<code>rules 7.0</code>) or "
        f"<code>reconstructed: &lt;reason&gt;</code>. {total} values of the kinds below are reconstructed. "
        "Count them as guesses until someone checks them against a physical copy of the game.</p>",
        _table(("Fact", "Reconstructed", "File and field"), rows),
    ]
    if cited:
        out.append(f"<p>Taken from the rules, nothing reconstructed: {', '.join(cited)}.</p>")
    return "\n".join(out)


def correction_rows(game: GameData, counts: Sequence[FactCount]) -> list[tuple[str, str]]:
    """The rows of a help page's "how to correct it" table: per data file (in the order the counts
    name them), the kinds of fact it holds."""
    folder = f"source_data/{game.game.id}/"
    files: dict[str, list[str]] = {}
    for c in counts:
        files.setdefault(c.spec.file, []).append(c.spec.what)
    return [(f"<code>{_e(folder + f)}</code>", "; ".join(whats)) for f, whats in files.items()]


def _correct_section(game: GameData, counts: Sequence[FactCount]) -> str:
    folder = f"source_data/{game.game.id}/"
    rows = correction_rows(game, counts)
    vmod = f"build/{game.game.module_name}-{game.game.version}.vmod"
    tool = game.presentation.map_tool
    return "\n".join(
        [
            "<p>The module is built from the game data by the <code>sdbp</code> tool. To correct a fact:</p>",
            "<ol>",
            f"<li>Edit the value in its file under <code>{_e(folder)}</code> (table below) and its source: replace "
            "<code>reconstructed: &#8230;</code> by the rule section or printed component it now comes from, in the "
            "record's <code>source</code> or, for one field, in its <code>sources:</code> "
            "(e.g. <code>sources: {defense: \"rules 2.2.1\"}</code>).</li>",
            *(
                [
                    f"<li>Area outlines are generated: edit the seed points in <code>{_e(tool)}</code> and run "
                    f"<code>python {_e(tool)} --write {_e(folder)}areas.yaml</code>.</li>"
                ]
                if tool
                else []
            ),
            "<li>Check the data: <code>sdbp validate</code> lists every problem at once as "
            "<code>file:line:col: what (expected &#8230;)</code>; <code>sdbp validate --summary</code> counts the "
            "rule-cited and reconstructed facts.</li>",
            f"<li>Build the module: <code>sdbp build</code> writes <code>{_e(vmod)}</code> (raise <code>version</code> "
            "in <code>game.yaml</code> so players can tell the modules apart).</li>",
            "<li>Carry a running game over to the new module: <code>sdbp migrate old-game.vsav --module "
            f"{_e(vmod)} -o new-game.vsav</code> (logs too); it prints what changed for each piece.</li>",
            "<li>Real artwork: put a PNG of the same name in <code>images/"
            f"{_e(game.game.id)}/</code> (names in the project's <code>docs/module.md</code>) and build again.</li>",
            "</ol>",
            _table(("File", "What it holds"), rows),
        ]
    )


def help_html(game: GameData, build_xml: bytes) -> bytes:
    """The help page of the module whose ``buildFile.xml`` is ``build_xml`` (ASCII HTML bytes)."""
    root = etree.fromstring(build_xml)
    buttons = controls.toolbar_buttons(root)
    menus = sorted(controls.piece_menus(root), key=lambda m: (_MENU_ORDER.get(m.title.rsplit(" ", 1)[-1], 9)))
    decks = controls.deck_menus(root)
    mod = _read_module(root, buttons)
    counts = fact_counts(game)
    info = game.game
    e = _e
    sections = [
        ("play", "How to play with this module", _play_section(game, mod)),
        ("counters", "Reading the counters", _counters_section(game, mod)),
        (
            "toolbar",
            "Toolbar buttons and their keys",
            "<p>On a Mac, press Cmd where this page says Ctrl (VASSAL turns Ctrl shortcuts into Cmd).</p>\n" + _toolbar_table(buttons),
        ),
        (
            "menus",
            "Right-click menus",
            "<p>Right-click a piece (on a Mac also Ctrl+click) for its menu. A key works on every selected piece; "
            "&#8220;menu only&#8221; commands have no key.</p>\n"
            + _menu_tables([*menus, *decks]),
        ),
        (
            "log",
            "Logging your game and checking it",
            "<p>Choose <i>File &#8594; Begin Logfile&#8230;</i> before you play and <i>File &#8594; End Logfile</i> "
            "at the end. Every rules-relevant act above (a move, a declaration, a card, a roll, a pass, a phase) also "
            "writes one sentence to the chat, naming the side that acted, the pieces (each with its id in parentheses), "
            "the places and the dice. The <code>sdbp</code> tool reads them back and "
            "checks the game against the rules:</p>\n"
            "<p><code>sdbp check game.vlog</code> &#8212; every finding with its turn, phase and rule<br>\n"
            "<code>sdbp check game.vlog --format html -o report.html</code> &#8212; the same, with the board at each finding</p>\n"
            "<p>The exact line formats are in the sdbp project's <code>docs/report-formats.md</code>.</p>",
        ),
        ("reconstructed", "What is reconstructed", _reconstructed_section(counts)),
        ("correct", "How to correct it", _correct_section(game, counts)),
        (
            "credits",
            "Credits",
            f"<p>{e(info.title)}{': ' + e(game.presentation.credits) if game.presentation.credits else ''}. This VASSAL "
            "module is generated by <code>sdbp build</code> from declarative data; its artwork is drawn by the build. "
            "Font: DejaVu Sans (Bitstream Vera licence, see the DejaVu licence). This module is not affiliated with "
            "the publisher.</p>",
        ),
    ]
    contents = "".join(f'<li><a href="#{anchor}">{e(title)}</a></li>' for anchor, title, _ in sections)
    body = "\n".join(f'<h2><a name="{anchor}">{e(title)}</a></h2>\n{text}' for anchor, title, text in sections)
    page = f"""<html>
<head><title>{e(info.title)}: how to play with this module</title></head>
<body>
<h1>{e(info.title)}</h1>
<p>VASSAL module {e(info.module_name)} version {e(info.version)}, for VASSAL {e(info.vassal_version)} or later.</p>
<p><b>Please note: the map and the counter values in this module are a reconstruction.</b> The published
map and counter mix were not available: what the rules do not give was reconstructed from the rules text and
historical sources, and is to be corrected from a physical copy of the game. <a href="#reconstructed">What is
reconstructed</a> lists every kind of fact; <a href="#correct">How to correct it</a> says where and how.</p>
<ul>{contents}</ul>
{body}
</body>
</html>
"""
    return page.encode("ascii", "xmlcharrefreplace")


_MENU_ORDER = {"units": 0, "markers": 1, "cards": 2}
