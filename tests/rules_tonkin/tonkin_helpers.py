"""Helpers for the Tonkin rules tests: the game from ``source_data/tonkin``, a game start from the Na San
set-up (units where counters.yaml sets them, every track marker on its start box), short builders for
the events of a game played in phases, and a checker run with the Tonkin package.

Events get positions ``t#0``, ``t#1`` … in the order given, so a finding's ``where.index`` is the index
of the event it is about.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import cache

from sdbp_module.data.sources import read_yaml
from sdbp_module.games.tonkin.rules.package import TONKIN
from sdbp_module.ids import Side
from sdbp_module.model.from_data import declare_game_sides, load_game
from sdbp_module.model.game_data import GameData, SetupKind
from sdbp_module.model.hex_play import play_of
from sdbp_module.paths import PROJECT_ROOT
from sdbp_module.replay.events import Where
from sdbp_module.replay.hexes.events import (
    Carry,
    DoubleMove,
    HexEvent,
    HexGameStart,
    MarkerMove,
    PhaseStart,
    StatusChange,
    UnitEliminated,
    UnitMove,
    box_place,
    track_place,
)
from sdbp_module.rules.checker import Report
from sdbp_module.rules.hexes.checker import check_hex_events
from sdbp_module.rules.switches import parse_switches

NA_SAN = 25  # the scenario's first turn, Oct 1952
PHASES = ("replacements", "vm-movement", "cef-movement", "attrition", "operations", "supply")


DATA = PROJECT_ROOT / "source_data" / "tonkin"


@cache
def game() -> GameData:
    return load_game(DATA, hex_map=True)


CEF, VM = declare_game_sides(read_yaml(DATA / "game.yaml").value)
"""The sides ``game.yaml`` declares, as loading the game declares them first: declared here from that one file,
so that importing these helpers (every process of a session collects the Tonkin tests) does not load the game."""


def setup_places(**moved: str) -> dict[str, str]:
    """Every unit where the data sets it up (a hex, or ``box:<id>``), with ``moved`` (unit id with ``_``
    for ``-``) changed."""
    places = {}
    for u in game().units:
        s = u.setup
        places[str(u.id)] = s.hex if s.kind is SetupKind.HEX and s.hex else box_place(s.box or "")
    for key, place in moved.items():
        places[key.replace("_", "-")] = place
    return places


def track_markers(**values: int) -> tuple[tuple[str, str, str], ...]:
    """Every track marker on its start box, with ``values`` (kind with ``_`` for ``-``) changed."""
    out = []
    for track in play_of(game()).tracks:
        for m in track.markers:
            kind = str(m.kind)
            n = values.get(kind.replace("-", "_"), m.start)
            state = next(k.states[0] for k in game().markers if k.id == m.kind)
            out.append((kind, state, track_place(track.id, n)))
    return tuple(out)


def start(
    places: Mapping[str, str] | None = None,
    *,
    turn: int = NA_SAN,
    phase: str = "replacements",
    flipped: Iterable[str] = (),
    statuses: Iterable[tuple[str, str]] = (),
    markers: Iterable[tuple[str, str, str]] | None = None,
) -> HexGameStart:
    return HexGameStart(
        places=tuple((places or setup_places()).items()),
        flipped=tuple(flipped),
        turn=turn,
        phase=phase,
        statuses=tuple(statuses),
        markers=tuple(track_markers() if markers is None else markers),
    )


def phase(name: str, turn: int = NA_SAN, side: Side | None = None) -> PhaseStart:
    return PhaseStart(side=side, turn=turn, phase=name)


def vm_movement(*events: HexEvent, places: Mapping[str, str] | None = None, turn: int = NA_SAN, **kw: object) -> list[HexEvent]:
    """The game's start (``start``'s keywords), then the VM movement phase of ``turn``, then ``events``."""
    return [start(places, turn=turn, **kw), phase("vm-movement", turn, VM), *events]  # type: ignore[arg-type]


def cef_movement(*events: HexEvent, places: Mapping[str, str] | None = None, turn: int = NA_SAN, **kw: object) -> list[HexEvent]:
    """The game's start (``start``'s keywords), then the CEF movement phase of ``turn``, then ``events``."""
    return [start(places, turn=turn, **kw), phase("cef-movement", turn, CEF), *events]  # type: ignore[arg-type]


def move(unit: str, to: str, frm: str, side: Side | None = None) -> UnitMove:
    return UnitMove(side=side or side_of(unit), unit=unit, from_place=frm, to_place=to)


def carry(unit: str, mode: str, place: str = "", side: Side | None = None) -> Carry:
    return Carry(side=side or side_of(unit), unit=unit, mode=mode, place=place)


def double(unit: str, place: str = "", side: Side | None = None) -> DoubleMove:
    return DoubleMove(side=side or side_of(unit), unit=unit, place=place)


def status(unit: str, name: str, on: bool = True, place: str = "", side: Side | None = None) -> StatusChange:
    return StatusChange(side=side or side_of(unit), unit=unit, status=name, on=on, place=place)


def marker_move(kind: str, frm: str, to: str, state: str = "", side: Side | None = None) -> MarkerMove:
    return MarkerMove(side=side, marker=kind, state=state, from_place=frm, to_place=to)


def track_move(kind: str, frm: int, to: int, side: Side | None = None) -> MarkerMove:
    """A track marker moved from box ``frm`` to box ``to`` of its track."""
    track = play_of(game()).track_of(kind)
    assert track is not None, kind
    state = next(k.states[0] for k in game().markers if k.id == kind)
    return MarkerMove(side=side, marker=kind, state=state, from_place=track_place(track.id, frm), to_place=track_place(track.id, to))


def eliminate(unit: str, frm: str, side: Side | None = None) -> UnitEliminated:
    return UnitEliminated(side=side or side_of(unit), unit=unit, from_place=frm)


def side_of(unit: str) -> Side:
    return next(u.side for u in game().units if u.id == unit)


def positioned(events: Iterable[HexEvent]) -> list[HexEvent]:
    out = []
    for i, e in enumerate(events):
        object.__setattr__(e, "where", Where("t", i))
        out.append(e)
    return out


def check(events: Iterable[HexEvent], *switches: str, rules: Iterable[str] | None = None) -> Report:
    """Run the Tonkin package (only ``rules``' ids when given) over ``events``."""
    active = None if rules is None else tuple(r for r in TONKIN.rules if r.rule_id in set(rules))
    ruleset = parse_switches(list(switches), TONKIN.switches) if switches else None
    return check_hex_events(positioned(events), game(), TONKIN, switches=ruleset, rules=active)


def ids(report: Report, *severities: str) -> list[tuple[str, int]]:
    """(rule id, event index) of the findings, of ``severities`` when given."""
    return [(f.rule_id, f.where.index) for f in report.findings if not severities or f.severity.value in severities]
