"""Validated game data → the frozen ``GameData`` model. The only place that knows the file layout.

``load_game`` reads and checks a folder (``data.dataset.check_folder``) and raises ``DataError``
listing every problem when anything is wrong, so nothing past this point sees a raw dict or
unchecked data. The game's sides are declared from ``game.yaml`` (``ids.declare_sides``) by the
check itself, before any other file's side is read; its vocabularies (unit types, marks, area
classes, hand bonus sets) become ``Term`` records of ``GameInfo``. Units' printed set-up becomes a
``Placement``; the scenario's placements are the printed ones with the scenario's overrides applied
(rules 3.0).

A game that loaded cleanly is kept in the compiled game-data cache (``model.cache``), so the next
``load_game`` of the same files by the same code unpickles it instead of reading and validating
again; the data modules (and with them YAML and ``jsonschema``) are imported only on a miss.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from sdbp_module.errors import DataError
from sdbp_module.ids import (
    AreaClassId,
    AreaId,
    BonusSetId,
    CardId,
    MarkerKindId,
    Side,
    UnitId,
    UnitTypeId,
    declare_sides,
)
from sdbp_module.model.game_data import (
    Area,
    Bid,
    BonusSet,
    Border,
    BridgeSite,
    Card,
    GameData,
    GameInfo,
    MapInfo,
    MarkerKind,
    MarkerPlacement,
    Placement,
    Point,
    Road,
    RoadKind,
    RollModifier,
    RollTable,
    Runway,
    Scenario,
    SetupKind,
    Source,
    Term,
    Terrain,
    TurnInfo,
    Unit,
    Village,
)
from sdbp_module.model.presentation import build_presentation

if TYPE_CHECKING:
    from sdbp_module.data.dataset import CheckedData
    from sdbp_module.model.hex_board import (
        CounterColours,
        DataTable,
        EliminatedUnits,
        StackingPoints,
    )
    from sdbp_module.model.hex_play import HexPlay


def load_game(data_dir: Path, *, hex_map: bool = False) -> GameData:
    """Read, validate and build the game in ``data_dir`` (from the game-data cache when it has it).

    Raises ``InputError`` (exit 2) if a file cannot be read, ``DataError`` (exit 1) whose message
    is every problem, one ``file:line:col: path: ...`` per line, if the data is wrong. A hex-map
    game is refused in one line (``HEX_NOT_BUILT``, exit 1) unless the caller can handle one
    (``hex_map``: every command can now — the hex build, ``replay.hexes``, ``rules.hexes``, the hex
    board — so the refusal guards a caller written for areas only).
    """
    from sdbp_module.model.cache import cached_game

    game = cached_game(data_dir, load_game_uncached)
    if game.hexes is not None and not hex_map:
        raise DataError(f"{data_dir}: {HEX_NOT_BUILT}")
    return game


def load_game_uncached(data_dir: Path) -> GameData:
    """``load_game`` without the cache: always read, validate and build."""
    from sdbp_module.data.dataset import check_folder

    checked = check_folder(data_dir)
    if not checked.ok:
        raise DataError(problems_message(checked))
    return build_game(checked.values)


def problems_message(checked: CheckedData) -> str:
    lines = [p.render() for p in checked.problems]
    lines.append(f"Aborted: {checked.summary_line()}")
    return "\n".join(lines)


def parse_setup(value: Any) -> Placement:
    """A set-up value from the data (an area number, ``any <area class>``, ``turn N``, ``*``,
    ``replacements``, ``off-map``)."""
    if isinstance(value, int) and not isinstance(value, bool):
        return Placement(SetupKind.AREA, area=AreaId(value))
    if isinstance(value, str) and value.startswith("any "):
        return Placement(SetupKind.CLASS, area_class=AreaClassId(value[len("any ") :]))
    if value == "*":
        return Placement(SetupKind.CARD)
    if value == "replacements":
        return Placement(SetupKind.REPLACEMENTS)
    if value == "off-map":
        return Placement(SetupKind.OFF_MAP)
    if isinstance(value, str) and value.startswith("turn "):
        return Placement(SetupKind.TURN, turn=int(value.split()[1]))
    raise ValueError(f"not a set-up value: {value!r}")  # unreachable after schema validation


def _side(value: str | None) -> Side | None:
    return None if value is None else Side(value)


def declare_game_sides(game: Mapping[str, Any]) -> tuple[Side, Side]:
    """Declare the two sides of a ``game.yaml`` value (``sides:``, each the other's enemy).

    Raises ``ValueError`` if a side id is already declared in this process with another label;
    ``data.crossref`` reports that as a data problem before the model is built.
    """
    first, second = game["sides"]
    return declare_sides(((first["id"], first["label"]), (second["id"], second["label"])))


def _terms(records: Any) -> tuple[Term, ...]:
    """A ``game.yaml`` vocabulary (``[{id, name, source}]``) as ``Term`` records, in data order."""
    return tuple(Term(id=r["id"], name=r["name"], source=Source(r["source"]), sources=_sources(r)) for r in records)


def _eliminated(value: Mapping[str, Any] | None) -> EliminatedUnits | None:
    """A box's ``eliminated`` (the schema checked the form)."""
    # here, as every hex-map record: an area game's check creates none of their classes
    from sdbp_module.model.hex_board import EliminatedUnits

    if value is None:
        return None
    return EliminatedUnits(sides=frozenset(value.get("sides", ())), marks=frozenset(value.get("marks", ())))


def _sources(record: Mapping[str, Any]) -> Mapping[str, Source]:
    """A record's per-field sources (``sources:``, field name -> source), in field-name order."""
    return MappingProxyType({name: Source(text) for name, text in sorted(record.get("sources", {}).items())})


def _point(value: Any) -> Point:
    return (int(value[0]), int(value[1]))


def build_map(m: Mapping[str, Any]) -> MapInfo:
    """``game.yaml`` ``map``: the board size and the features drawn on the ground (schema defaults filled in)."""
    return MapInfo(
        width=m["width"],
        height=m["height"],
        source=Source(m["source"]),
        sources=_sources(m),
        roads=tuple(
            Road(
                name=r["name"],
                kind=RoadKind(r["kind"]),
                points=tuple(_point(p) for p in r["points"]),
                areas=tuple(AreaId(a) for a in r["areas"]),
                source=Source(r["source"]),
                sources=_sources(r),
            )
            for r in m["roads"]
        ),
        runways=tuple(
            Runway(
                name=r["name"],
                ends=(_point(r["points"][0]), _point(r["points"][1])),
                width=r["width"],
                areas=tuple(AreaId(a) for a in r["areas"]),
                source=Source(r["source"]),
                sources=_sources(r),
            )
            for r in m["runways"]
        ),
        bridges=tuple(
            BridgeSite(
                name=b["name"],
                a=AreaId(min(b["areas"])),
                b=AreaId(max(b["areas"])),
                at=_point(b["at"]),
                source=Source(b["source"]),
                sources=_sources(b),
            )
            for b in m["bridges"]
        ),
        villages=tuple(
            Village(name=v["name"], area=AreaId(v["area"]), at=_point(v["at"]), source=Source(v["source"]), sources=_sources(v))
            for v in m["villages"]
        ),
    )


HEX_NOT_BUILT = "this reads area games only; a hex-map game is read by sdbp validate, build, check, show, audit, rules and convert --events"
"""What a caller that cannot handle a hex-map game says (``load_game`` without ``hex_map``: every command handles one now)."""



def _game_basics(g: Mapping[str, Any], sides: tuple[Side, ...]) -> dict[str, Any]:
    """The ``GameInfo`` fields every game's ``game.yaml`` gives the same way, area or hex map."""
    return {
        "id": g["id"],
        "title": g["title"],
        "module_name": g["module_name"],
        "version": g["version"],
        "vassal_version": g["vassal_version"],
        "description": g["description"],
        "sides": sides,
        "turns": g["turns"],
        "dice": tuple(g["dice"]),
        "first_side": Side(g["first_side"]),
        "unit_types": _terms(g["unit_types"]),
    }

def build_game(values: Mapping[str, Any]) -> GameData:
    """Build ``GameData`` from values that passed ``check_folder`` (schema defaults filled in)."""
    if "hexes" in values:
        return build_hex_game(values)
    g = values["game"]
    sides = declare_game_sides(g)
    side_order: dict[Side | None, int] = {s: i for i, s in enumerate(sides)}
    side_order[None] = len(side_order)
    sequence = g.get("sequence")
    bid = g.get("bid")
    game = GameInfo(
        **_game_basics(g, sides),
        stacking_limit=g["stacking_limit"],
        unit_marks=_terms(g["unit_marks"]),
        area_classes=_terms(g["area_classes"]),
        hand_bonus_sets=tuple(
            BonusSet(id=r["id"], name=r["name"], cards=r["cards"], source=Source(r["source"]), sources=_sources(r))
            for r in g["hand_bonus_sets"]
        ),
        end_phase=tuple(sequence["end_phase"]) if sequence is not None else (),
        impulse_card_joins_action=sequence is not None and bool(sequence.get("impulse_card_joins_action", False)),
        bid=None if bid is None else Bid(min=bid["min"], required=bid["required"], source=Source(bid["source"]), sources=_sources(bid)),
        roll_tables=tuple(
            RollTable(
                purpose=t["purpose"],
                field=t["field"],
                rows=tuple((int(r[0]), int(r[1])) for r in t["rows"]),
                source=Source(t["source"]),
                modifiers=tuple(
                    RollModifier(area_class=AreaClassId(m["area_class"]), side=Side(m["side"]), add=m["add"]) for m in t.get("modifiers", [])
                ),
            )
            for t in g.get("roll_tables", [])
        ),
    )
    map_info = build_map(g["map"])
    areas = tuple(
        sorted(
            (
                Area(
                    id=AreaId(a["id"]),
                    name=a["name"],
                    defense=a["defense"],
                    control=Side(a["control"]),
                    colour=AreaClassId(a["colour"]),
                    victory=a["victory"],
                    card_bonus=BonusSetId(a["card_bonus"]),
                    map_edge=a["map_edge"],
                    bank=a.get("bank", ""),
                    polygon=tuple((int(p[0]), int(p[1])) for p in a["polygon"]),
                    label=(int(a["label"][0]), int(a["label"][1])),
                    source=Source(a["source"]),
                    sources=_sources(a),
                    terrain=Terrain(a["terrain"]),
                    strongpoint=a["strongpoint"],
                    setup_code=a["setup_code"],
                )
                for a in values["areas"]["areas"]
            ),
            key=lambda area: area.id,
        )
    )
    borders = tuple(
        sorted(
            (
                Border(
                    a=AreaId(min(b["areas"])),
                    b=AreaId(max(b["areas"])),
                    river=b["river"],
                    bridge=b["bridge"],
                    source=Source(b["source"]),
                    sources=_sources(b),
                )
                for b in values["borders"]["borders"]
            ),
            key=lambda border: (border.a, border.b),
        )
    )
    units = tuple(
        sorted(
            (
                Unit(
                    id=UnitId(u["id"]),
                    side=Side(u["side"]),
                    formation=u["formation"],
                    company=u["company"],
                    type=UnitTypeId(u["type"]),
                    marks=frozenset(u["marks"]),
                    firepower=u["fresh"][0],
                    defense=u["fresh"][1],
                    movement=u["fresh"][2],
                    spent_defense=u["spent"],
                    setup=parse_setup(u["setup"]),
                    source=Source(u["source"]),
                    sources=_sources(u),
                    group=u["group"],
                    withdraw=u.get("withdraw"),
                    size=u.get("size", ""),
                )
                for u in values["counters"]["units"]
            ),
            key=lambda unit: side_order[unit.side],  # stable: data order within a side
        )
    )
    markers = tuple(
        MarkerKind(
            id=MarkerKindId(m["id"]),
            name=m["name"],
            states=tuple(m["states"]),
            count=m["count"],
            source=Source(m["source"]),
            sources=_sources(m),
        )
        for m in values["markers"]["markers"]
    )
    cards = tuple(
        sorted(
            (
                Card(
                    id=CardId(c["id"]),
                    side=_side(c["side"]),
                    number=c["number"],
                    name=c["name"],
                    entrenchment=c["entrenchment"],
                    firepower=c["firepower"],
                    timing=c["timing"],
                    effect=c["effect"],
                    removed_after_play=c["removed_after_play"],
                    turns=tuple(c["turns"]),
                    multi_copy=c["multi_copy"],
                    excludes=tuple(CardId(x) for x in c["excludes"]),
                    source=Source(c["source"]),
                    sources=_sources(c),
                    modes=tuple(c["modes"]),
                )
                for c in values["cards"]["cards"]
            ),
            key=lambda card: (side_order[card.side], card.number),
        )
    )
    turn_track = tuple(
        sorted(
            (
                TurnInfo(
                    turn=t["turn"],
                    cards=MappingProxyType({Side(k): v for k, v in sorted(t["cards"].items())}),
                    source=Source(t["source"]),
                    sources=_sources(t),
                )
                for t in values["turn_track"]["turns"]
            ),
            key=lambda info: info.turn,
        )
    )
    s = values["scenario"]
    placements = {u.id: u.setup for u in units}
    placements.update({UnitId(k): parse_setup(v) for k, v in s["units"].items()})
    scenario = Scenario(
        id=s["id"],
        name=s["name"],
        description=s["description"],
        first_turn=s["first_turn"],
        units=MappingProxyType({u.id: placements[u.id] for u in units}),
        markers=tuple(
            MarkerPlacement(
                kind=MarkerKindId(m["kind"]),
                state=m["state"],
                area=AreaId(m["area"]) if "area" in m else None,
                turn=m.get("turn"),
            )
            for m in s["markers"]
        ),
        source=Source(s["source"]),
        sources=_sources(s),
    )
    return GameData(
        game=game,
        map=map_info,
        areas=areas,
        borders=borders,
        units=units,
        markers=markers,
        cards=cards,
        turn_track=turn_track,
        scenario=scenario,
        presentation=build_presentation(values["module"]),
    )


def _placement(value: str, boxes: set[str]) -> Placement:
    """A hex-map game's set-up: an off-map box id, else a hex id (``data.hexcheck`` checked which)."""
    return Placement(SetupKind.BOX, box=value) if value in boxes else Placement(SetupKind.HEX, hex=value)


def _stacking(block: Mapping[str, Any] | None) -> StackingPoints | None:
    """A hex game's stacking limit in points (``game.yaml`` ``stacking``), None when it counts units."""
    from sdbp_module.model.hex_board import StackingPoints

    if block is None:
        return None
    return StackingPoints(points=block["points"], factor=block["factor"], default=block.get("default", 1), source=Source(block["source"]))


def _colours(block: Mapping[str, Any] | None) -> CounterColours | None:
    """A hex game's counter paint (``game.yaml`` ``counter_colours``), None when the module chooses."""
    from sdbp_module.model.hex_board import CounterColours

    if block is None:
        return None
    sides = {side: (colours[0], colours[1]) for side, colours in block.get("sides", {}).items()}
    return CounterColours(sides=MappingProxyType(sides), bands=MappingProxyType(dict(block.get("bands", {}))), source=Source(block["source"]))


def _hex_play(g: Mapping[str, Any], markers: Mapping[str, Any]) -> HexPlay | None:
    """How the game is played (``model.hex_play``): None when ``game.yaml`` and ``markers.yaml`` declare
    none of it."""
    from sdbp_module.model import hex_play as hp

    keys = ("phases", "statuses", "transport_modes", "packages", "declare", "double_move")
    if not any(k in g for k in keys) and "tracks" not in markers:
        return None
    declare = g.get("declare")
    double = g.get("double_move")
    return hp.HexPlay(
        phases=tuple(hp.Phase(p["id"], p["name"], _side(p.get("side")), Source(p["source"])) for p in g.get("phases", [])),
        statuses=tuple(
            hp.Status(s["id"], s["name"], frozenset(UnitTypeId(t) for t in s.get("types", [])), Source(s["source"]))
            for s in g.get("statuses", [])
        ),
        tracks=tuple(
            hp.Track(
                t["id"],
                t["name"],
                t["first"],
                t["last"],
                tuple(hp.TrackMarker(MarkerKindId(m["kind"]), m["start"]) for m in t["markers"]),
                Source(t["source"]),
            )
            for t in markers.get("tracks", [])
        ),
        transport_modes=tuple(hp.TransportMode(m["id"], m["name"], Source(m["source"])) for m in g.get("transport_modes", [])),
        packages=tuple(
            hp.Package(p["id"], Side(p["side"]), p["name"], p.get("rp", 0), p.get("sd", 0), Source(p["source"]))
            for p in g.get("packages", [])
        ),
        declare=None
        if declare is None
        else hp.Declare(Side(declare["side"]), frozenset(UnitTypeId(t) for t in declare["types"]), Source(declare["source"])),
        double_move=None if double is None else Source(double["source"]),
    )


def _tables(value: Mapping[str, Any] | None) -> tuple[DataTable, ...]:
    """A hex-map game's printed tables (``tables.yaml``), none when it has no such file."""
    from sdbp_module.model.hex_board import DataTable, TableColumn, TableNote, TableRow

    if value is None:
        return ()
    out = []
    for t in value["tables"]:
        table_source = Source(t["source"])
        columns = tuple(
            TableColumn(str(c["name"]), Source(c["source"])) if isinstance(c, dict) else TableColumn(str(c), table_source) for c in t["columns"]
        )
        rows = tuple(
            TableRow(
                cells=tuple(str(c) for c in r["cells"]),
                source=Source(r["source"]),
                sources=MappingProxyType({k: Source(v) for k, v in r.get("sources", {}).items()}),
                id=r.get("id", ""),
            )
            for r in t["rows"]
        )
        notes = tuple(TableNote(n["text"], Source(n["source"])) for n in t.get("notes", []))
        out.append(DataTable(id=t["id"], title=t["title"], columns=columns, rows=rows, source=table_source, notes=notes))
    return tuple(out)


def build_hex_game(values: Mapping[str, Any]) -> GameData:
    """Build the ``GameData`` of a hex-map game (``hexes.yaml``; docs/data-format.md): no areas,
    borders or cards; the board (``HexBoard``) and the deck (``PlayingCardsSpec``) instead. The
    scenario is the printed set-up: each unit where its counter says."""
    from sdbp_module.hexgrid.hexmap import HexMap
    from sdbp_module.model.hex_board import Box, HexBoard, Place, TerrainKind
    from sdbp_module.model.playing_cards import deck_spec

    g, h = values["game"], values["hexes"]
    sides = declare_game_sides(g)
    side_order: dict[Side | None, int] = {s: i for i, s in enumerate(sides)}
    game = GameInfo(
        **_game_basics(g, sides),
        stacking_limit=g.get("stacking_limit", 0),
        unit_marks=_terms(g.get("unit_marks", [])),
        factors=_terms(g["factors"]),
        stacking=_stacking(g.get("stacking")),
        counter_colours=_colours(g.get("counter_colours")),
    )
    hex_map = HexMap.from_mapping({k: h[k] for k in HexMap.KEYS if k in h})
    markers = values["markers"]
    boxes = tuple(
        Box(id=b["id"], name=b["name"], source=Source(b["source"]), sources=_sources(b), eliminated=_eliminated(b.get("eliminated")))
        for b in markers["boxes"]
    )
    box_ids = {b.id for b in boxes}
    units = tuple(
        sorted(
            (
                Unit(
                    id=UnitId(u["id"]),
                    side=Side(u["side"]),
                    formation=u.get("formation", ""),
                    company=u["name"],
                    type=UnitTypeId(u["type"]),
                    marks=frozenset(u["marks"]),
                    firepower=0,
                    defense=0,
                    movement=0,
                    spent_defense=0,
                    setup=_placement(u["setup"], box_ids),
                    source=Source(u["source"]),
                    sources=_sources(u),
                    front=tuple(u["front"]),
                    back=tuple(u.get("back", ())),
                    motorised=u["motorised"],
                    steps=u.get("steps", 2 if "back" in u else 1),
                    enters=u.get("enters"),
                )
                for u in values["counters"]["units"]
            ),
            key=lambda unit: side_order[unit.side],
        )
    )
    turns = values["turn_track"]["turns"]
    played = values["turn_track"].get("scenario")
    board = HexBoard(
        map=hex_map,
        terrains=tuple(
            TerrainKind(id=t["id"], name=t["name"], modifier=t.get("modifier", 0), source=Source(t["source"]), sources=_sources(t))
            for t in h["terrain_kinds"]
        ),
        places=tuple(Place(hex=p["hex"], name=p["name"], source=Source(p["source"]), sources=_sources(p)) for p in h.get("places", [])),
        boxes=boxes,
        arrivals=MappingProxyType({t["turn"]: tuple(UnitId(u) for u in t["arrive"]) for t in turns if t["arrive"]}),
        labels=MappingProxyType({t["turn"]: t["label"] for t in turns}),
        source=Source(h["source"]),
        sources=_sources(h),
        play=_hex_play(g, markers),
        vp_limits=MappingProxyType({t["turn"]: t["vp_limit"] for t in turns if "vp_limit" in t}),
        withdrawals=MappingProxyType({t["turn"]: tuple(t["withdraw"]) for t in turns if t.get("withdraw")}),
        tables=_tables(values.get("tables")),
    )
    return GameData(
        game=game,
        map=MapInfo(width=0, height=0, source=Source(h["source"])),
        areas=(),
        borders=(),
        units=units,
        markers=tuple(
            MarkerKind(
                id=MarkerKindId(m["id"]),
                name=m["name"],
                states=tuple(m["states"]),
                count=m["count"],
                source=Source(m["source"]),
                sources=_sources(m),
                side=_side(m.get("side")),
                strength=m.get("strength"),
            )
            for m in markers["markers"]
        ),
        cards=(),
        turn_track=tuple(
            TurnInfo(turn=t["turn"], cards=MappingProxyType({}), source=Source(t["source"]), sources=_sources(t)) for t in turns
        ),
        scenario=Scenario(
            id="printed",
            name=played["name"] if played else g["title"],
            description=(played or {}).get("description") or "The printed set-up: every unit where its counter says.",
            first_turn=played["first_turn"] if played else 1,
            units=MappingProxyType({u.id: u.setup for u in units}),
            markers=(),
            source=Source(played["source"] if played else g["source"]),
            sources=_sources(played or {}),
            last_turn=(played or {}).get("last_turn"),
        ),
        hexes=board,
        deck=deck_spec(g["playing_cards"]) if "playing_cards" in g else None,
    )
