"""The help page of a hex-map game's module (``help/<game id>.html``), written from the data alone.

``help_html(game, build_xml)`` → the page (ASCII HTML text). Contract (issue 24):

* **How to play with this module** (when the module's ``buildFile.xml`` is given): a turn step by step
  with the controls the module holds (read from the build file, ``vassal.controls``, as the area
  games' page reads them), each act's key, the toolbar table and the right-click menus, and how the
  log is checked.

* **At the top**, plainly: which facts are our reconstruction and how many, counted from the data's
  sources (a field's own entry in ``sources:``, else its record's ``source``), as the area games' page
  (:mod:`sdbp_module.vassal.help`) counts them, with its :class:`~sdbp_module.vassal.help.FactSpec` rows.
* **The game**: its description, sides, turns, stacking.
* **The turn and the deck**: the colour that gives each side the action, what each rank activates
  (``playing_cards.activation_table``), the Joker, the combat draw.
* **The map**: the grid, every terrain kind with its combat modifier, whether it blocks the line of
  fire and what it adds to range, the edges (the data's hex sets), the named places.
* **The counters**: the factors, the types, the two faces, every unit with both faces; the markers;
  the off-map boxes; the turn record with its arrivals.
* **What is reconstructed** and **how to correct it**.

Game-neutral: every word about the game comes from its data. Same input, same text. The page keeps to
HTML 3.2 (headings, paragraphs, lists, bordered tables) for VASSAL's Swing viewer, and is pure ASCII
(other characters as numeric references).
"""

from __future__ import annotations

import html
from collections.abc import Iterable, Sequence

from lxml import etree

from sdbp_module import games
from sdbp_module.model.game_data import GameData, Sourced, Term, field_source
from sdbp_module.model.hex_board import Place
from sdbp_module.model.hex_play import play_of
from sdbp_module.model.playing_cards import (
    FACE_RANKS,
    RANKS,
    FaceActivation,
    FaceInCombat,
    HitWhen,
    IgnoredJoker,
    JokerGrace,
    PlayingCard,
    Suit,
    activation_table,
)
from sdbp_module.vassal import controls
from sdbp_module.vassal.help import (
    FactCount,
    FactSpec,
    _menu_tables,
    _toolbar_table,
    correction_rows,
)

RECONSTRUCTION_TITLE = "What is our reconstruction"


def _e(text: str) -> str:
    return html.escape(text, quote=True)


def _and(words: Sequence[str]) -> str:
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]


def _table(head: Sequence[str], rows: Iterable[Sequence[str]], align: Sequence[str] = ()) -> str:
    """A bordered table; cells are HTML already; ``align`` per column (``left`` by default)."""

    def cell(tag: str, j: int, text: str) -> str:
        a = align[j] if j < len(align) else "left"
        return f'<{tag} align="{a}" valign="top">{text}</{tag}>'

    out = ['<table border="1" cellpadding="4" cellspacing="0">', "<tr>" + "".join(cell("th", j, h) for j, h in enumerate(head)) + "</tr>"]
    out += ["<tr>" + "".join(cell("td", j, c) for j, c in enumerate(row)) + "</tr>" for row in rows]
    out.append("</table>")
    return "\n".join(out)


def _mark_any(records: Sequence[Sourced], field: str) -> str:
    """A dagger when the field of any of ``records`` is reconstructed."""
    return "&#8224;" if any(field_source(r, field).is_reconstructed for r in records) else ""


def _mark(record: Sourced, *fields: str) -> str:
    """A dagger after a value some of whose fields are reconstructed."""
    return "&#8224;" if any(field_source(record, f).is_reconstructed for f in fields) else ""


# --------------------------------------------------------------------------------------------
# What is reconstructed


def _board(game: GameData) -> Iterable[tuple[str, Sourced]]:
    return () if game.hexes is None else (("the map", game.hexes),)


def _board_set(name: str) -> FactSpec:
    return FactSpec("hexes.yaml", (f"sets.{name}",), f"the hexes of {_e(name.replace('_', ' '))}", _board, f"sets: {name}")


def _terrains(game: GameData) -> Iterable[tuple[str, Sourced]]:
    return () if game.hexes is None else ((t.name, t) for t in game.hexes.terrains)


def _places(game: GameData) -> Iterable[tuple[str, Sourced]]:
    return () if game.hexes is None else ((f"{p.name} ({p.hex})", p) for p in game.hexes.places)


def _boxes(game: GameData) -> Iterable[tuple[str, Sourced]]:
    return () if game.hexes is None else ((b.name, b) for b in game.hexes.boxes)


def _units(game: GameData) -> Iterable[tuple[str, Sourced]]:
    return ((u.company or u.id, u) for u in game.units)


def _markers(game: GameData) -> Iterable[tuple[str, Sourced]]:
    return ((m.name, m) for m in game.markers)


def _strength_markers(game: GameData) -> Iterable[tuple[str, Sourced]]:
    return ((m.name, m) for m in game.markers if m.strength is not None)


def _turns(game: GameData) -> Iterable[tuple[str, Sourced]]:
    return ((f"turn {t.turn}", t) for t in game.turn_track)


def _terms(kind: str) -> FactSpec:
    def records(game: GameData) -> Iterable[tuple[str, Sourced]]:
        terms: tuple[Term, ...] = getattr(game.game, kind)
        return ((t.name, t) for t in terms)

    return FactSpec("game.yaml", ("name",), f"the names of the {_e(kind.replace('_', ' '))}", records, kind)


def hex_facts(game: GameData) -> tuple[FactSpec, ...]:
    """Every kind of fact of a hex-map game the page accounts for, in the order it lists them; the
    edges are the data's own hex sets."""
    sets = sorted(game.hexes.map.sets) if game.hexes is not None else []
    return (
        FactSpec("hexes.yaml", ("grid",), "the map: its grid, size and hex ids", _board, "grid"),
        FactSpec("hexes.yaml", ("terrain",), "the terrain of every hex", _board, "terrain"),
        FactSpec("hexes.yaml", ("elevation",), "the elevation of the hexes", _board, "elevation"),
        *(_board_set(name) for name in sets),
        FactSpec("hexes.yaml", ("line_of_fire",), "which terrain blocks the line of fire and adds range", _board, "line_of_fire"),
        FactSpec("hexes.yaml", ("line_of_fire.tie",), "a line of fire along a hexside", _board, "line_of_fire: tie"),
        FactSpec("hexes.yaml", ("line_of_fire.elevation",), "elevation and the line of fire", _board, "line_of_fire: elevation"),
        FactSpec("hexes.yaml", ("name",), "the terrain kinds", _terrains, "terrain_kinds: name"),
        FactSpec("hexes.yaml", ("modifier",), "the terrain chart: combat modifier of each terrain", _terrains, "terrain_kinds: modifier"),
        FactSpec("hexes.yaml", ("hex", "name"), "the named places and their hexes", _places, "places"),
        _terms("unit_types"),
        _terms("unit_marks"),
        _terms("factors"),
        FactSpec("counters.yaml", ("side", "name", "formation"), "the counter mix: which units", _units),
        FactSpec("counters.yaml", ("type",), "unit types", _units),
        FactSpec("counters.yaml", ("marks",), "counter colours", _units),
        FactSpec("counters.yaml", ("front",), "counter values on the front", _units),
        FactSpec("counters.yaml", ("back",), "counter values on the back", _units),
        FactSpec("counters.yaml", ("setup",), "where each unit sets up", _units),
        FactSpec("markers.yaml", ("name", "states"), "marker kinds and their faces", _markers),
        FactSpec("markers.yaml", ("count",), "how many markers of each kind", _markers),
        FactSpec("markers.yaml", ("strength",), "fire strength printed on the markers", _strength_markers),
        FactSpec("markers.yaml", ("name",), "the off-map boxes", _boxes, "boxes"),
        FactSpec("turn_track.yaml", ("label",), "the dates of the turns", _turns),
    )


def hex_fact_counts(game: GameData) -> tuple[FactCount, ...]:
    """Every kind of fact with at least one record, and how many of its records are reconstructed."""
    out: list[FactCount] = []
    for spec in hex_facts(game):
        labels = list(spec.records(game))
        if not labels:
            continue
        rebuilt = [label for label, record in labels if any(field_source(record, f).is_reconstructed for f in spec.fields)]
        cited = tuple(label for label, _ in labels if label not in rebuilt)
        out.append(FactCount(spec, len(rebuilt), len(labels), cited))
    return tuple(out)


def reconstructed_total(game: GameData) -> int:
    return sum(c.reconstructed for c in hex_fact_counts(game))


# --------------------------------------------------------------------------------------------
# Sections


def _side_label(game: GameData, side_id: str) -> str:
    for s in game.game.sides:
        if s.value == side_id:
            return s.label
    return side_id


def _game_section(game: GameData) -> str:
    info = game.game
    sides = _and([f"<b>{_e(s.label)}</b>" for s in info.sides])
    limit = f"<p>Stacking: at most <b>{info.stacking_limit}</b> units of one side in a hex.</p>" if info.stacking_limit else ""
    if info.stacking is not None:
        factor = next((f.name for f in info.factors if f.id == info.stacking.factor), info.stacking.factor)
        limit += (
            f"<p>Stacking: at most <b>{info.stacking.points}</b> stacking points of one side in a hex; a unit counts its "
            f"<b>{_e(factor)}</b> on the face it shows, {info.stacking.default} when none is printed.</p>"
        )
    chance = (
        " There are no dice: a deck of playing cards decides who acts and whether a fire hits."
        if game.deck is not None and not info.dice
        else ""
    )
    package = games.game_package(info.id)
    aid = (
        "<p>The rules in short, each with its section, are in the module's player aid (its toolbar button).</p>\n"
        if package is not None and package.player_aid is not None
        else ""
    )
    return f"<p>{_e(info.description)}</p>\n<p>Two players: {sides}. The game lasts <b>{info.turns}</b> turns.{chance}</p>\n" + limit + aid


def _deck_section(game: GameData) -> str:
    deck = game.deck
    if deck is None:
        return "<p>The game declares no deck of playing cards.</p>"
    colours = _and([f"a <b>{_e(c.value)}</b> card gives the action to the <b>{_e(_side_label(game, s))}</b> player" for c, s in deck.colours])
    table = activation_table(deck)
    rows = []
    for rank in RANKS:
        act = table[rank]
        if rank in FACE_RANKS:
            what = "one unit or one group of units" if act.group else f"{act.units} unit" + ("s" if act.units != 1 else "")
        else:
            what = f"{act.units} unit" + ("s" if act.units != 1 else "")
        value = deck.value(PlayingCard(rank, Suit.SPADES))
        shown = "&#8211;" if value is None else str(value)
        rows.append((f"<b>{_e(rank)}</b>", shown, what))
    rounding = "rounded up" if deck.round_up else "rounded down, at least one"
    face = (
        "one unit or one group of units"
        if deck.face_activation is FaceActivation.GROUP
        else "one unit"
        if deck.face_activation is FaceActivation.UNIT
        else f"{deck.face_activation} units"
    )
    grace = (
        " A Joker drawn before every side has had a card of its colour this turn is ignored"
        + (" and set aside for the rest of the turn." if deck.ignored_joker is IgnoredJoker.SET_ASIDE else " and shuffled back into the draw pile.")
        if deck.joker_grace is JokerGrace.EVERY_SIDE
        else ""
    )
    joker = ("The <b>Joker</b> ends the turn, whether drawn to activate or in a combat draw." if deck.joker_ends_turn else "The Joker does not end the turn.") + grace
    hit = "at most" if deck.hit_when is HitWhen.AT_MOST else "at least"
    face_combat = {
        FaceInCombat.REDRAW_OR_MISS: "the firing player draws again or accepts a miss",
        FaceInCombat.REDRAW: "the firing player draws again",
        FaceInCombat.MISS: "the fire misses",
        FaceInCombat.VALUE: "it counts its value",
    }[deck.face_in_combat]
    reshuffle = "at the start of every turn" if deck.reshuffle == "turn_start" else _e(deck.reshuffle)
    jokers = "one Joker" if deck.jokers == 1 else f"{deck.jokers} Jokers"
    return "\n".join(
        [
            f"<p>One deck of playing cards with {jokers}, shuffled whole {reshuffle} (<code>{_e(deck.draw_pile)}</code>, "
            f"played cards to <code>{_e(deck.discard_pile)}</code>). A turn is one pass through it. Cards are drawn one at a time: "
            f"{colours}. That player passes or activates units.</p>",
            f"<p><b>Activation.</b> A number card activates its value divided by {deck.divide_by}, {rounding} (the Ace counts "
            f"{deck.ace}); a face card activates {face}.</p>",
            _table(("Card", "Value", "Activates"), rows, ("left", "center", "left")),
            f"<p><b>The Joker.</b> {joker}</p>",
            f"<p><b>The combat draw.</b> The firing player draws the next card of the same deck: the fire hits when the card's "
            f"value plus the modifiers is {hit} the firers' factors added up. On a face card {face_combat}.</p>",
        ]
    )


def _map_section(game: GameData) -> str:
    board = game.hexes
    if board is None:
        return ""
    hexmap = board.map
    grid = hexmap.grid
    counts: dict[str, int] = {}
    for kind in hexmap.terrain.values():
        counts[kind] = counts.get(kind, 0) + 1
    sight = hexmap.sight
    rows = []
    for t in board.terrains:
        blocks = "blocks" if t.id in sight.blocking else "&#8211;"
        bonus = sight.range_bonus.get(t.id, 0)
        rows.append(
            (
                f"<b>{_e(t.name)}</b>",
                f"{t.modifier:+d}{_mark(t, 'modifier')}",
                blocks,
                f"+{bonus}" if bonus else "&#8211;",
                str(counts.get(t.id, 0)),
            )
        )
    edges = []
    for name in sorted(hexmap.sets):
        ids = [grid.hex_id(h) for h in hexmap.sets[name]]
        edges.append(f"<li><b>{_e(name.replace('_', ' '))}</b>{_mark(board, 'sets.' + name)}: {_e(', '.join(_natural(ids)))}</li>")
    named: dict[str, list[Place]] = {}
    for p in board.places:
        named.setdefault(p.name, []).append(p)
    places = [
        (
            f"<b>{_e(name)}</b>" + _mark_any(group, "name"),
            _e(", ".join(_natural([p.hex for p in group]))) + _mark_any(group, "hex"),
            _e(_and(sorted({_terrain_name(game, p.hex) for p in group}))),
        )
        for name, group in named.items()
    ]
    harder = "harder" if game.deck is None or game.deck.hit_when is HitWhen.AT_MOST else "easier"
    tie = {"both": "only when the hexes on both sides of it block", "either": "when either hex beside it blocks"}.get(sight.tie, _e(sight.tie))
    return "\n".join(
        [
            f"<p>{_e(_grid_words(game))}. Each hex prints its id; the terrain is drawn in it.{_mark(board, 'grid')}</p>",
            f"<p>The terrain chart. The modifier is added to the combat draw, so a positive modifier makes a hit {harder}. A line of fire may end in a blocking hex but not pass through one; a line along a "
            f"hexside is blocked {tie}.{_mark(board, 'line_of_fire.tie')}</p>",
            _table(("Terrain", "Combat modifier", "Line of fire", "Adds to range", "Hexes"), rows, ("left", "center", "center", "center", "center")),
            "<p>The edges of the map:</p>",
            "<ul>" + "\n".join(edges) + "</ul>",
            "<p>The named places:</p>",
            _table(("Place", "Hexes", "Terrain"), places, ("left", "left", "left")),
        ]
    )


def _natural(ids: Sequence[str]) -> list[str]:
    """Hex ids in reading order: a letter prefix then its number (``A2`` before ``A10``)."""

    def key(text: str) -> tuple[str, int, str]:
        head = text.rstrip("0123456789")
        tail = text[len(head) :]
        return (head, int(tail) if tail else -1, text)

    return sorted(ids, key=key)


def _grid_words(game: GameData) -> str:
    assert game.hexes is not None
    grid = game.hexes.map.grid
    return f"The map is {grid.columns} columns by {grid.rows} rows of hexes, {len(grid.hexes())} hexes in all"


def _terrain_name(game: GameData, hex_id: str) -> str:
    assert game.hexes is not None
    hexmap = game.hexes.map
    h = hexmap.grid.parse_id(hex_id)
    kind = hexmap.terrain.get(h, "") if h is not None else ""
    return next((k.name for k in game.hexes.terrains if k.id == kind), kind)


def _value(v: int | None) -> str:
    """A printed factor, or a dash where the counter prints none (or has no back)."""
    return "&#8211;" if v is None else str(v)


def _counters_section(game: GameData) -> str:
    info = game.game
    factors = _and([f"<b>{_e(f.name)}</b>" for f in info.factors])
    types = {t.id: t.name for t in info.unit_types}
    marks = {m.id: m.name for m in info.unit_marks}
    boxes = {b.id: b.name for b in game.hexes.boxes} if game.hexes is not None else {}
    head = ["Side", "Unit", "Formation", "Type", "Colour"]
    head += [f"{_e(f.name)} front" for f in info.factors] + [f"{_e(f.name)} back" for f in info.factors] + ["Sets up"]
    rows = []
    for u in game.units:
        where = boxes.get(u.setup.box or "", "") if u.setup.box else (u.setup.hex or "")
        rows.append(
            [
                _e(u.side.label),
                f"<b>{_e(u.company or u.id)}</b>",
                _e(u.formation) + _mark(u, "formation"),
                _e(types.get(u.type, u.type)) + _mark(u, "type"),
                _e(", ".join(marks.get(m, m) for m in sorted(u.marks))) + _mark(u, "marks"),
                *[f"{_value(v)}{_mark(u, 'front')}" for v in u.front],
                *[f"{_value(v)}{_mark(u, 'back')}" for v in (u.back or (None,) * len(u.front))],
                _e(where) + _mark(u, "setup"),
            ]
        )
    type_list = _and([f"<b>{_e(t.name)}</b>" for t in info.unit_types])
    return "\n".join(
        [
            f"<p>Each counter prints its type ({type_list}) and its factors, {factors}, on both faces: the front, and the back "
            "it is flipped to. Which factor fires at which type, and what flips a counter, is in the player aid.</p>",
            _table(head, rows, ["left"] * 5 + ["center"] * (2 * len(info.factors)) + ["left"]),
        ]
    )


def _markers_section(game: GameData) -> str:
    rows = []
    for m in game.markers:
        side = _e(m.side.label) if m.side is not None else "both"
        strength = f"{m.strength}{_mark(m, 'strength')}" if m.strength is not None else "&#8211;"
        faces = _e(", ".join(s.replace("-", " ") for s in m.states)) + _mark(m, "states")
        rows.append((f"<b>{_e(m.name)}</b>{_mark(m, 'name')}", side, faces, strength, f"{m.count}{_mark(m, 'count')}"))
    return _table(("Marker", "Side", "Faces", "Strength", "Count"), rows, ("left", "left", "left", "center", "center"))


def _boxes_section(game: GameData) -> str:
    if game.hexes is None:
        return ""
    units = {u.id: u for u in game.units}
    out = ["<p>Beside the map, a panel of off-map boxes:</p>", "<ul>"]
    for b in game.hexes.boxes:
        start = [units[u].company or u for u in units if units[u].setup.box == b.id]
        holds = f": at the start {_e(', '.join(start))}" if start else ""
        out.append(f"<li><b>{_e(b.name)}</b>{_mark(b, 'name')}{holds}</li>")
    out.append("</ul>")
    return "\n".join(out)


def _turns_section(game: GameData) -> str:
    if game.hexes is None:
        return ""
    names = {u.id: u.company or u.id for u in game.units}
    rows = []
    for t in game.turn_track:
        label = game.hexes.labels.get(t.turn, "")
        arrive = _e(", ".join(names.get(u, u) for u in game.hexes.arrivals.get(t.turn, ())))
        rows.append((f"<b>{t.turn}</b>", _e(label) + (_mark(t, "label") if label else ""), arrive or "&#8211;"))
    return _table(("Turn", "Date", "May enter from their box"), rows, ("center", "left", "left"))


def _reconstructed_section(counts: Sequence[FactCount]) -> str:
    rows = []
    for c in counts:
        if not c.reconstructed:
            continue
        where = f"<code>{_e(c.spec.file)}</code>: <code>{_e(c.spec.where)}</code>"
        rows.append((c.spec.what, f"{c.reconstructed} of {c.total}", where))
    cited = [c.spec.what for c in counts if not c.reconstructed]
    total = sum(c.reconstructed for c in counts)
    out = [
        "<p>Each fact in the game data says where it comes from: a rule (<code>rules &#8230;</code>) or "
        f"<code>reconstructed: &lt;reason&gt;</code>. <b>{total}</b> facts of the kinds below are our reconstruction; "
        "on this page a dagger (&#8224;) marks them. Count them as guesses until someone checks them against a physical copy "
        "of the game.</p>",
        _table(("Fact", "Reconstructed", "File and field"), rows, ("left", "center", "left")),
    ]
    if cited:
        out.append(f"<p>Taken from the rules, nothing reconstructed: {', '.join(cited)}.</p>")
    return "\n".join(out)


def _correct_section(game: GameData, counts: Sequence[FactCount]) -> str:
    folder = f"source_data/{game.game.id}/"
    rows = correction_rows(game, counts)
    return "\n".join(
        [
            f"<p>The module is built from the game data by the <code>sdbp</code> tool. To correct a fact, edit it in its file "
            f"under <code>{_e(folder)}</code> and replace <code>reconstructed: &#8230;</code> by the rule or printed component "
            "it now comes from (in the record's <code>source</code> or, for one field, in its <code>sources:</code>); "
            "<code>sdbp validate</code> checks the data, <code>sdbp build</code> writes the module again.</p>",
            _table(("File", "What it holds"), rows),
        ]
    )


def _keyed(text: str, key: str) -> str:
    return f"<b>{_e(text)}</b>" + (f" ({_e(key)})" if key else "")


def _play_section(game: GameData, root: etree._Element, menus: tuple[controls.Menu, ...]) -> str:
    """A turn as a player plays it with this module's controls (found in its build file by their
    texts: a control the module lacks leaves its step out; ``menus``: the build file's ``piece_menus``)."""
    buttons = {b.label: b for b in controls.toolbar_buttons(root)}
    commands = {c.text: c.key for m in menus for c in m.commands}

    def button(label: str) -> str:
        b = buttons.get(label)
        return "" if b is None else _keyed(label, b.keys[0].key if b.keys else "")

    def command(text: str) -> str:
        return _keyed(text, commands[text]) if text in commands else ""

    deck = game.deck
    steps = [
        "Choose <i>File &#8594; Begin Logfile&#8230;</i> before the first card, <i>File &#8594; End Logfile</i> at the end.",
    ]
    if deck is not None and button("Reshuffle"):
        steps.append(
            f"<b>A turn starts</b>: step the {button('Turn')} tracker to the new turn (its <b>+</b>; the log says "
            f"&#8220;&lt;side&gt; starts Turn 2&#8221;; it stays at the last turn), then press {button('Reshuffle')}: every card of "
            f"the <code>{_e(deck.discard_pile)}</code>, the Joker too, goes back into the <code>{_e(deck.draw_pile)}</code>. "
            "Press it at the start of the first turn too."
        )
    if button("Draw card"):
        steps.append(
            f"{button('Draw card')} turns the next card face up onto the discard pile and names it in the log. Its colour gives the "
            "action (above); the Joker ends the turn as the rules say."
        )
    if command("Activate"):
        steps.append(
            f"<b>Activate</b>: select the units the card activates (click, Shift+click; a group: the units of one hex) and choose "
            f"{command('Activate')} from the right-click menu: one line per unit. Each then moves (drag it one hex: the log writes "
            "the move) or fires."
        )
    if command("Fire at…"):
        steps.append(
            f"<b>Fire</b>: select every firing unit and choose {command('Fire at…')}; type the "
            "target unit's id (printed on no counter: the palette and the mouse-over show it; its name works too) once for all of them. "
            f"Then {button('Draw card')} for the combat draw. On a hit the target's owner chooses {command('Take hit')}: a fresh unit "
            f"flips, a flipped one goes to its side's eliminated box. {command('Eliminate')} removes a unit for any other reason."
        )
    calls = [command(text) for text in commands if ": " in text and text.endswith("…")]
    if calls:
        steps.append(
            f"<b>Support</b>: instead of activating, a marker's call ({_and(calls)}) asks for the target, a unit's id for an "
            "attack, a hex id for a suppression, and writes it to the log; then the combat draw as for a fire."
        )
    if button("Pass"):
        steps.append(f"{button('Pass')} when the card's side does nothing with it.")
    results = [b for b in buttons if b.endswith(" win")]
    if results:
        steps.append(
            f"<b>The end</b>: the {_and([_keyed(b, '') for b in results])} entries of the <b>Result</b> menu declare the result "
            "(type <code>yes</code> to confirm)."
        )
    return "<ol>\n" + "\n".join(f"<li>{step}</li>" for step in steps) + "\n</ol>"


def _hex_play_section(game: GameData, menus: tuple[controls.Menu, ...]) -> str:
    """The game's phases, the units' statuses and commands, the record tracks and the packages
    (``model.hex_play``), each with the control that plays it (the keys as the build file's ``menus`` give them)."""
    play = play_of(game)
    commands = {c.text: c.key for m in menus for c in m.commands}
    sides = {s: s.label for s in game.game.sides}

    def key(text: str) -> str:
        return _e(commands.get(text, "")) or "menu only"

    out: list[str] = []
    if play.phases:
        phases = "".join(f"<li><b>{_e(p.name)}</b> ({_e(sides[p.side]) if p.side is not None else 'both sides'}; {_e(p.source.text)})</li>" for p in play.phases)
        out.append(
            "<p><b>Phases.</b> A month is played in these phases, in order. The <b>Turn</b> tracker shows the month and the "
            "phase: step it (its <b>+</b>, or Ctrl+Shift+N) as each phase starts; the log says "
            "&#8220;&lt;side&gt; starts Turn &lt;month&gt; &#183; &lt;phase&gt; phase&#8221;. It starts at the scenario's "
            "first month and stays at the last month's last phase.</p>"
            f"<ol>{phases}</ol>"
        )
    if play.statuses:
        rows = []
        for s in play.statuses:
            units = "every unit" if not s.types else _e(", ".join(sorted(str(t).replace("_", " ") for t in s.types)))
            rows.append((f"<b>{_e(s.name)}</b>", units, key(f"Mark {s.name}"), key(f"Clear {s.name}"), _e(s.source.text)))
        out.append(
            "<p><b>Statuses.</b> A status is kept on the unit itself, shown as a small badge with its name on the counter; "
            "the unit's <b>Status</b> menu marks and clears it (each writes a line to the log).</p>"
            + _table(("Status", "On", "Mark", "Clear", "Rule"), rows, ("left", "left", "center", "center", "left"))
        )
    unit_commands = [(f"Carry by &#9656; {_e(m.name)}", key(m.name), f"the unit's next move is by {_e(m.name.lower())} ({_e(m.source.text)})") for m in play.transport_modes]
    if play.double_move is not None:
        unit_commands.append(("Double move", key("Double move"), f"the unit's next move is doubled ({_e(play.double_move.text)})"))
    if play.declare is not None:
        types = _e(", ".join(sorted(str(t).replace("_", " ") for t in play.declare.types)))
        unit_commands.append(("Declare", key("Declare"), f"on the {_e(sides[play.declare.side])} {types} units ({_e(play.declare.source.text)})"))
    if play.packages:
        unit_commands.append(("Restore a step", key("Restore a step"), "a flipped unit turns back to its full face"))
    if unit_commands:
        unit_commands += [
            ("Take hit", key("Take hit"), "a fresh unit flips, a flipped one (or a one-step unit) goes to its eliminated box"),
            ("Eliminate", key("Eliminate"), "to its eliminated box"),
        ]
        out.append("<p><b>Unit commands</b> (right-click a unit; each writes a line to the log):</p>" + _table(("Command", "Key", "What"), unit_commands))
    if play.tracks:
        names = {m.id: m.name for m in game.markers}
        track_rows = [
            (f"<b>{_e(t.name)}</b>", f"{t.first}&#8211;{t.last}", _e(", ".join(f"{names.get(m.kind, m.kind)} on {m.start}" for m in t.markers)), _e(t.source.text))
            for t in play.tracks
        ]
        out.append(
            "<p><b>Tracks.</b> Under the map, a box a value (&#8220;VP 50&#8221; is the VP track's box 50). Drag a marker "
            "from box to box: the log says where it went.</p>" + _table(("Track", "Boxes", "Markers at the start", "Rule"), track_rows)
        )
    if play.packages:
        rows = [(_e(sides[p.side]), f"<b>{_e(p.name)}</b>", str(p.rp), str(p.sd), _e(p.source.text)) for p in play.packages]
        out.append(
            "<p><b>Packages.</b> In the replacement phase, press your package under the toolbar's <b>Package</b> menu (the log "
            "names your side and the package), then move your RP marker and place the SDs.</p>"
            + _table(("Side", "Package", "RP", "SD", "Rule"), rows, ("left", "left", "center", "center", "left"))
        )
    return "\n".join(out)


def _log_section(game: GameData) -> str:
    data = f"source_data/{game.game.id}"
    return (
        "<p>Every act above writes one sentence to the chat, naming the side that acted, the pieces (each with its id in "
        "parentheses), the hexes and boxes and the cards. The <code>sdbp</code> tool reads them back and checks the game "
        f"against the rules: <code>sdbp check --data {_e(data)} game.vlog</code>. The exact sentences are in the sdbp "
        "project's <code>docs/report-formats.md</code>.</p>"
    )


def help_html(game: GameData, build_xml: bytes | None = None) -> str:
    """The help page of a hex-map game's module: ASCII HTML text, the same for the same data and build
    file. With the module's ``build_xml``, the page says how to play with its controls."""
    counts = hex_fact_counts(game)
    total = sum(c.reconstructed for c in counts)
    info = game.game
    played: list[tuple[str, str, str]] = []
    if build_xml is not None:
        root = etree.fromstring(build_xml)
        menus = controls.piece_menus(root)  # read once: three sections use them
        played = [
            ("play", "How to play with this module", _play_section(game, root, menus)),
            (
                "toolbar",
                "Toolbar buttons and their keys",
                "<p>On a Mac, press Cmd where this page says Ctrl.</p>\n" + _toolbar_table(controls.toolbar_buttons(root)),
            ),
            (
                "menus",
                "Right-click menus",
                "<p>Right-click a piece for its menu. A key works on every selected piece; &#8220;menu only&#8221; commands have no key.</p>\n"
                + _menu_tables([m for m in menus if m.title.endswith((" units", " markers"))]),
            ),
            ("log", "Logging your game and checking it", _log_section(game)),
        ]
        hex_play = _hex_play_section(game, menus)
        if hex_play:
            played.insert(1, ("phases", "Phases, statuses, tracks and packages", hex_play))
    sections = [
        *played,
        ("game", "The game", _game_section(game)),
        ("turn", "The turn and the deck", _deck_section(game)),
        ("map", "The map", _map_section(game)),
        ("counters", "The counters", _counters_section(game)),
        ("markers", "The markers", _markers_section(game)),
        ("boxes", "The off-map boxes", _boxes_section(game)),
        ("turns", "The turn record", _turns_section(game)),
        ("reconstructed", RECONSTRUCTION_TITLE, _reconstructed_section(counts)),
        ("correct", "How to correct it", _correct_section(game, counts)),
    ]
    contents = "".join(f'<li><a href="#{anchor}">{_e(title)}</a></li>' for anchor, title, _ in sections)
    body = "\n".join(f'<h2><a name="{anchor}">{_e(title)}</a></h2>\n{text}' for anchor, title, text in sections)
    page = f"""<html>
<head><title>{_e(info.title)}: the game and this module</title></head>
<body>
<h1>{_e(info.title)}</h1>
<p>VASSAL module {_e(info.module_name)} version {_e(info.version)}, for VASSAL {_e(info.vassal_version)} or later.</p>
<p><b>Please note: the map, the counter values and the terrain chart in this module are OUR RECONSTRUCTION.</b> The rules text we have gives no map, no counter
values and no terrain chart: <b>{total}</b> facts were reconstructed from the rules text and historical sources,
each marked <code>reconstructed</code> in the data (and &#8224; on this page), to be corrected from a physical copy of
the game. <a href="#reconstructed">{RECONSTRUCTION_TITLE}</a> lists them; <a href="#correct">How to correct it</a> says where.</p>
<ul>{contents}</ul>
{body}
</body>
</html>
"""
    return page.encode("ascii", "xmlcharrefreplace").decode("ascii")
