"""Tonkin's player aid: one page per tab, in play order (``player_aid``; issue 25).

Built from the rules digest ``shared/rules/tonkin.md`` (the French 2nd edition, which wins) and the game's
data: the sequence of play (``game.yaml`` ``phases``, rules 1.10, 2.0), the terrain effects chart (its
movement costs priced by the very ``hexes.yaml`` ``movement`` table the checker uses, its combat and DG
columns from ``tables.yaml``), the combat results with the DG rows, barrage, the modifier lists (all
``tables.yaml``), transport (rules 3.3–3.7) and the packages (``game.yaml`` ``packages``). Every number is a
Fact: a rules number cites its rule, a data number its file and entry; an entry the data marks
``reconstructed`` is printed with a dagger and a footnote (the rules name these tables but print none:
docs/tonkin-reconstruction.md §9 gives the reason of each entry).
"""

from __future__ import annotations

import re

from sdbp_module.games.aid import (
    Fact,
    Inline,
    Name,
    Page,
    Parts,
    PlayerAid,
    Reading,
    Ref,
    Section,
    Strong,
    Table,
    fact,
    items,
    para,
    section,
    shown_fact,
)
from sdbp_module.hexgrid.coords import Hex
from sdbp_module.hexgrid.movement import CostTable, MoveContext
from sdbp_module.model.game_data import (
    GameData,
    Source,
    field_source,
)
from sdbp_module.model.hex_board import DataTable, HexBoard
from sdbp_module.model.hex_play import HexPlay

# -- the reasons of our numbers (plain text: no digit) ------------------------------------------------

MOVEMENT = "our reconstruction: the rules fix only some movement costs; these are the costs the checker prices moves with"
REASONS = {
    "terrain_effects": "our reconstruction: the rules name the terrain effects chart but do not print it",
    "combat_results": "our reconstruction: the rules name the five results and the two DG rows but print no combat results table",
    "barrage": "our reconstruction: the rules name the three barrage results but print no barrage table",
}
OURS = "our reconstruction: the rules do not give this modifier, or not its size"
SHIPS = "the rules give no limit on the number of ship transports: none is applied"

MINUS = "\u2212"


def _board(game: GameData) -> HexBoard:
    if game.hexes is None:
        raise ValueError(f"{game.game.id}: the player aid needs the game's hex map")
    return game.hexes


def _play(game: GameData) -> HexPlay:
    play = _board(game).play
    if play is None:
        raise ValueError(f"{game.game.id}: the player aid needs game.yaml's phases, transport and packages")
    return play


def _rule(value: int, rule: str) -> Fact:
    return fact(value, f"rules {rule}")


def rule_numbers(source: Source) -> tuple[str, ...]:
    """The rule numbers a ``rules …`` source cites ("rules 4.0, 6.6" → ("4.0", "6.6")); none for a
    reconstructed one (its reason may name rules it leans on: the dagger says it is ours)."""
    if source.is_reconstructed or not source.text.startswith("rules "):
        return ()
    head = source.text[len("rules ") :].split(" (")[0]
    return tuple(re.findall(r"[0-9]+(?:\.[0-9]+)*(?: [A-Z]\b)?", head))


def _refs(*rules: str) -> Parts:
    """`` (rules 3.1, 3.2)``: rules cited in parentheses; nothing when none."""
    if not rules:
        return ()
    out: list[Inline] = [" (rules "]
    for i, r in enumerate(rules):
        out += [", "] if i else []
        out.append(Ref(r))
    out.append(")")
    return tuple(out)


def _ref_cell(*sources: Source) -> Parts:
    """A table cell listing the rules the sources cite, each once, in order."""
    seen: list[str] = []
    for source in sources:
        seen += [r for r in rule_numbers(source) if r not in seen]
    out: list[Inline] = []
    for i, r in enumerate(seen):
        out += [", "] if i else []
        out.append(Ref(r))
    return tuple(out) or ("\u2014",)


def _reason(table: DataTable) -> str:
    return REASONS.get(table.id, OURS)


def _cell(table: DataTable, r: int, column: str) -> Parts:
    """One cell of a data table as printed: the first column's a Name (the row's label), another's numbers a
    Fact, daggered when its source is ours."""
    row = table.rows[r]
    source = row.cell_source(column)
    where = f"tables.yaml {table.id}.rows[{r}].{column}"
    if column == table.names[0]:  # the row's label, quoted: its numbers name the row ("1-2", "morale 5"), the other cells are its values
        return (Name(table.cell(row, column), where),)
    return (shown_fact(table.cell(row, column), where, _reason(table) if source.is_reconstructed else ""),)


def _header(table: DataTable) -> tuple[Parts, ...]:
    return tuple(
        (shown_fact(c.name, f"tables.yaml {table.id}.columns[{j}]", _reason(table) if c.source.is_reconstructed else ""),)
        for j, c in enumerate(table.columns)
    )


def data_table(table: DataTable, *, rules_column: bool = False) -> Table:
    """A ``tables.yaml`` table as printed: its header and cells; with ``rules_column``, a last column
    citing the rules each row comes from."""
    header = _header(table) + ((("Rules",),) if rules_column else ())
    rows = []
    for r, row in enumerate(table.rows):
        cells = tuple(_cell(table, r, name) for name in table.names)
        if rules_column:
            cells += (_ref_cell(row.source, *row.sources.values()),)
        rows.append(cells)
    align = ("left",) + ("center",) * (len(header) - 1)
    return Table(header, tuple(rows), align)


def _notes(table: DataTable) -> tuple[Parts, ...]:
    return tuple(
        (shown_fact(n.text, f"tables.yaml {table.id}.notes[{i}]", _reason(table) if n.source.is_reconstructed else ""), *_refs(*rule_numbers(n.source)))
        for i, n in enumerate(table.notes)
    )


def table_section(table: DataTable, *, rules_column: bool = False) -> Section:
    """A section printing one data table with its notes, titled with the table's title and its rules."""
    notes = _notes(table)
    return section((Name(table.title, f"tables.yaml {table.id}.title"), *_refs(*rule_numbers(table.source))), data_table(table, rules_column=rules_column), *((items(*notes),) if notes else ()))


def _why(anchor: str) -> Section:
    return section(
        "Why these numbers",
        para(
            "The rules name these tables but print none of them. Every entry marked with a dagger is our reconstruction; "
            "docs/tonkin-reconstruction.md section ",
            Ref(anchor),
            " gives the reason of each. Every entry without one is the rules', with its rule number.",
        ),
    )


# -- the sequence of play -------------------------------------------------------------------------------

STEPS: tuple[tuple[str, str], ...] = (
    ("VM reinforcements, if the VP level is at or below the VM number", "2.1"),
    ("The VM chooses its package of SDs and RP, and spends RP", "2.2"),
    ("Tieu Doan absorbed as regiment replacements", "2.3"),
    ("Tieu Doan and Pathet Lao mobilisation, then Box one moves to Box two", "2.4"),
    ("CEF reinforcements (pay VP or delay)", "2.5"),
    ("The CEF chooses its package of SDs and RP, and spends RP", "2.6"),
    ("CEF withdrawals", "2.7"),
)
"""The steps of the first phase, in order (rules 2.0; the digest's T9)."""


def sequence_page(game: GameData) -> Page:
    play = _play(game)
    phases = []
    for i, phase in enumerate(play.phases):
        entry: list[Inline] = [Strong((Name(phase.name, f"game.yaml phases[{i}].name"),)), *_refs(*rule_numbers(phase.source))]
        if i == 0:
            entry.append(": in this order,")
        phases.append(tuple(entry))
    steps = items(*((text, *_refs(rule)) for text, rule in STEPS), ordered=True)
    first: list[Section] = [
        section(
            ("A month: ", fact(len(play.phases), "game.yaml phases"), " phases", *_refs("1.10")),
            items(*phases, ordered=True),
        ),
        section(("The replacement and reinforcement phase", *_refs("2.0")), steps),
        section(
            "End of the month",
            items(
                ("Reset the phase marker, the VM truck marker and the CEF air transport marker; advance the month", *_refs("1.10")),
                ("After the scenario's last month, play the end-game sequence", *_refs("8.0")),
                ("A game of ", fact(game.game.turns, "game.yaml turns"), " months in all, the campaign", *_refs("9.0")),
            ),
        ),
    ]
    return Page("sequence", "Sequence", "The sequence of play", tuple(first))


# -- the terrain effects chart ----------------------------------------------------------------------------

MOVERS: tuple[tuple[str, str, frozenset[str]], ...] = (
    ("CEF MP", "cef", frozenset()),
    ("VM MP", "vm", frozenset()),
    ("Motorised MP", "cef", frozenset({"motorised"})),
)
"""The chart's movement columns: the mover's side and flags (rules 3.1: motorised units pay one cost)."""


def _step(table: CostTable, terrain: str, side: str, flags: frozenset[str] = frozenset(), **more: frozenset[str]) -> int:
    cost = table.cost(MoveContext(Hex(0, 0), Hex(1, 0), side, terrain, flags, **more)).cost
    if cost is None:
        raise ValueError(f"movement: a step into {terrain} is prohibited for {side} {sorted(flags)}")
    return cost


def _signed(value: int) -> str:
    return ("+" if value >= 0 else MINUS) + str(abs(value))


def movement_cells(board: HexBoard, row_id: str) -> tuple[Parts, ...] | None:
    """The movement columns of the chart's row ``row_id``, priced by ``hexes.yaml`` ``movement`` (the
    checker's table), or None when that row has no movement entry."""
    table = board.map.movement
    if table is None:
        return None
    terrains = {t.id for t in board.terrains}

    def made(value: int | tuple[int, ...], key: str, text: str = "") -> Parts:
        values = value if isinstance(value, tuple) else (value,)
        reason = MOVEMENT if field_source(board, f"movement.{key}").is_reconstructed else ""
        return (Fact(values, f"hexes.yaml movement.{key}", reason, shown=text),)

    out: list[Parts] = []
    for _, side, flags in MOVERS:
        clear = _step(table, "clear", side, flags)
        if row_id in terrains:
            out.append(made(_step(table, row_id, side, flags), "terrain"))
        elif row_id in table.features:
            extra = _step(table, "clear", side, flags, crossed=frozenset({row_id})) - clear
            out.append(made(extra, "features", _signed(extra)))
        elif row_id == "road" and row_id in table.paths:
            on_clear = _step(table, "clear", side, flags, paths=frozenset({row_id}))
            elsewhere = _step(table, "mountain", side, flags, paths=frozenset({row_id}))
            out.append(made((on_clear, elsewhere), "paths", f"{on_clear} in clear, {elsewhere} elsewhere"))
        elif row_id == "along_river" and table.along:
            rule = table.along[0]
            out.append(made((abs(rule.add), rule.floor), "along", f"{_signed(rule.add)}, never below {rule.floor}"))
        elif row_id in table.path_markers:
            out.append(made(_step(table, "mountain", side, flags, markers=frozenset({row_id})), "terrain"))
        elif row_id in {"rainy", "dg"}:
            flag = "rainy" if row_id == "rainy" else "disrupted"
            extra = _step(table, "clear", side, flags | {flag}) - clear
            out.append(made(extra, "adjustments", f"{_signed(extra)} a hex"))
        else:
            return None
    return tuple(out)


def terrain_page(game: GameData) -> Page:
    board = _board(game)
    drm = board.table("terrain_effects")
    header = (*_header(drm)[:1], *((name,) for name, _, _ in MOVERS), *_header(drm)[1:], ("Rules",))
    rows = []
    for r, row in enumerate(drm.rows):
        moves = movement_cells(board, row.id) or (("\u2014",),) * len(MOVERS)
        cells = tuple(_cell(drm, r, name) for name in drm.names)
        rows.append((cells[0], *moves, *cells[1:], _ref_cell(row.source, *row.sources.values())))
    chart = Table(tuple(header), tuple(rows), ("left",) + ("center",) * (len(header) - 1))
    return Page(
        "terrain",
        "Terrain",
        "The terrain effects chart",
        (
            section(
                ("Terrain effects", *_refs("1.6", "3.1", "6.8", "6.14")),
                para(
                    "A hex costs its terrain plus the river entered (not along it, not by road; a major and a minor river together: only the major); "
                    "a road has its own cost, whatever the terrain and the rivers. A unit may always move one hex",
                    *_refs("3.1"),
                    ". The movement columns are the costs the checker prices moves with (hexes.yaml movement); the DRM columns are tables.yaml's.",
                ),
                chart,
                *((items(*_notes(drm)),) if drm.notes else ()),
            ),
            _why("9.1"),
        ),
    )


# -- combat, barrage, modifiers ---------------------------------------------------------------------------


def combat_page(game: GameData) -> Page:
    board = _board(game)
    return Page("combat", "Combat", "Combat results", (table_section(board.table("combat_results")), _why("9.2")))


def barrage_page(game: GameData) -> Page:
    board = _board(game)
    return Page("barrage", "Barrage", "Barrage", (table_section(board.table("barrage")), _why("9.3")))


def modifiers_page(game: GameData) -> Page:
    board = _board(game)
    lists = tuple(table_section(board.table(t), rules_column=True) for t in ("combat_modifiers", "dg_modifiers", "barrage_modifiers"))
    return Page("modifiers", "Modifiers", "The modifier lists", (*lists, _why("9.3")))


# -- transport and packages ---------------------------------------------------------------------------------


def _mode_words(mode: str) -> Parts:
    """What the rules say of one transport mode, its numbers cited (rules 3.3 to 3.7)."""
    if mode == "truck":
        return (
            "VM: ", _rule(1, "3.4"), " truck carries ", _rule(1, "3.4"), " SD or up to ", _rule(3, "3.4"), " stacking points, with ",
            _rule(14, "3.4"), " motorised MP, along intact roads or road markers from a VM supply centre in China; at most ",
            _rule(1, "3.4"), " truck a movement phase or operation. CEF: unlimited, from on or next to a CEF supply centre (or the CEF HQ within ",
            _rule(3, "3.4"), " hexes of one), ", _rule(14, "3.4"), " motorised MP",
        )
    if mode == "air":
        return (
            "CEF: ", _rule(1, "3.5"), " air transport carries ", _rule(1, "3.5"), " SD or up to ", _rule(3, "3.5"),
            " stacking points between two CEF-held airfields (occupied by a CEF unit, outside the ZOC of VM artillery or AA); at most ",
            _rule(1, "3.5"), " a movement phase or operation",
        )
    if mode == "para":
        return (
            "CEF: as air transport, to any hex but forest or mountain; into the ZOC of the declared VM AA unit it costs ",
            _rule(2, "3.5"), " air transports, and an SD dropped there is lost on ", Fact((5, 6), "rules 3.5", shown="5\u20136"),
            " (the VM gains ", _rule(2, "3.5"), " RP)",
        )
    if mode == "dna":
        return (
            "CEF: a Dinassaut carries ", _rule(3, "3.6"), " stacking points, ", _rule(14, "3.6"), " MP at ", _rule(1, "3.6"),
            " MP a hex, only along major rivers and coastal hexes; the carried units start stacked with it; it is never carried itself",
        )
    if mode == "ship":
        return (
            "CEF: ", _rule(12, "3.7"), " stacking points between two CEF-held ports; to or from Vientiane by way of Saigon",
            Reading(SHIPS),
        )
    return ()


def transport_page(game: GameData) -> Page:
    play = _play(game)
    modes = []
    for i, mode in enumerate(play.transport_modes):
        words = _mode_words(mode.id)
        modes.append((Strong((Name(mode.name, f"game.yaml transport_modes[{i}].name"),)), *((": ", *words) if words else ()), *_refs(*rule_numbers(mode.source))))
    general = items(
        ("Any unit but the Dinassaut may be carried instead of moving; CEF SDs move only so", *_refs("3.3")),
        ("Carried, an SD or a motorised unit counts ", _rule(3, "3.3"), " times its stacking points", *_refs("3.3")),
        ("One unit, one transport mode in a movement phase or an operation; a stack may split among transports", *_refs("3.3")),
        ("VM trucks and CEF air transports are limited each month (the scenario and the track dates), never saved; each use moves its marker one box left", *_refs("3.3", "3.4", "3.5")),
    )
    header: tuple[Parts, ...] = (("Side",), ("Package",), ("RP",), ("SD",))
    rows = []
    for i, p in enumerate(play.packages):
        where = f"game.yaml packages[{i}]"
        ours = OURS if p.source.is_reconstructed else ""
        rows.append(
            (
                (p.side.value.upper(),),
                (Name(p.name, f"{where}.name"),),
                (fact(p.rp, f"{where}.rp", ours),),
                (fact(p.sd, f"{where}.sd", ours),),
            )
        )
    packages = Table(header, tuple(rows), ("left", "left", "center", "center"))
    package_rules = sorted({r for p in play.packages for r in rule_numbers(p.source)})
    return Page(
        "transport",
        "Transport",
        "Transport and packages",
        (
            section(("Transport", *_refs("3.3")), general, items(*modes)),
            section(
                ("Packages", *_refs(*package_rules)),
                para("In the replacement phase each side chooses one package of replacement points (RP) and supply depots (SD)."),
                packages,
            ),
        ),
    )


def player_aid(game: GameData) -> PlayerAid:
    """The Tonkin player aid for ``game``."""
    return PlayerAid(
        button="Player aid",
        tooltip="Player aid: the sequence of play, terrain, combat, barrage, the modifiers, transport and packages",
        title=(Name(game.game.title, "game.yaml title"), ": player aid"),
        pages=(sequence_page(game), terrain_page(game), combat_page(game), barrage_page(game), modifiers_page(game), transport_page(game)),
    )
