"""Helpers for the Stand at Mortain rules tests: the game from ``source_data/mortain``, a game start
from its set-up, short builders for the hex events, and a checker run with the Mortain package.

Events get positions ``t#0``, ``t#1`` … in the order given, so a finding's ``where.index`` is the
index of the event it is about.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import cache
from pathlib import Path

from sdbp_module.games.mortain.ids import GERMAN, US
from sdbp_module.games.mortain.rules.package import MORTAIN
from sdbp_module.ids import Severity, Side
from sdbp_module.model.from_data import load_game
from sdbp_module.model.game_data import GameData, SetupKind
from sdbp_module.paths import PROJECT_ROOT
from sdbp_module.replay.events import Where
from sdbp_module.replay.hexes.events import (
    Activate,
    CardDrawn,
    Declared,
    FireAt,
    HexEvent,
    HexGameStart,
    Hit,
    PassTurn,
    Reshuffle,
    SupportCall,
    TurnStart,
    UnitEliminated,
    UnitMove,
    box_place,
)
from sdbp_module.rules.checker import Report
from sdbp_module.rules.hexes.checker import check_hex_events
from sdbp_module.rules.switches import parse_switches

US_, DE = US, GERMAN
TIGER = "DE-102"


@cache
def game() -> GameData:
    return load_game(Path(PROJECT_ROOT / "source_data" / "mortain"), hex_map=True)


def setup_places(**moved: str) -> dict[str, str]:
    """Every unit where the data sets it up (a hex, or ``box:<id>``), with ``moved`` (unit id with ``_``
    for ``-``) changed."""
    places = {}
    for u in game().units:
        s = u.setup
        places[u.id] = s.hex if s.kind is SetupKind.HEX and s.hex else box_place(s.box or "")
    for key, place in moved.items():
        places[key.replace("_", "-")] = place
    return places


def start(places: Mapping[str, str] | None = None, flipped: Iterable[str] = (), turn: int = 1) -> HexGameStart:
    return HexGameStart(places=tuple((places or setup_places()).items()), flipped=tuple(flipped), turn=turn)


def turn(n: int, side: Side | None = DE) -> TurnStart:
    return TurnStart(side=side, turn=n)


def reshuffle() -> Reshuffle:
    return Reshuffle(side=DE)


def draw(card: str, purpose: str = "activation", side: Side | None = DE) -> CardDrawn:
    return CardDrawn(side=side, card=card, purpose=purpose)


def combat(card: str, side: Side | None = DE) -> CardDrawn:
    return CardDrawn(side=side, card=card, purpose="combat")


def act(side: Side, *units: str, place: str = "") -> Activate:
    return Activate(side=side, units=units, place=place)


def pass_(side: Side) -> PassTurn:
    return PassTurn(side=side)


def move(side: Side, unit: str, frm: str, to: str) -> UnitMove:
    return UnitMove(side=side, unit=unit, from_place=frm, to_place=to)


def fire(side: Side, firers: Iterable[tuple[str, str]], target: str) -> FireAt:
    return FireAt(side=side, firers=tuple(firers), target=target, typed=target)


def support(marker: str, mode: str, target: str) -> SupportCall:
    return SupportCall(side=US, marker=marker, mode=mode, target=target, typed=target)


def hit(unit: str, place: str, result: str = "flip", side: Side | None = None) -> Hit:
    return Hit(side=side, unit=unit, place=place, result=result)


def eliminate(unit: str, frm: str, side: Side | None = None) -> UnitEliminated:
    return UnitEliminated(side=side, unit=unit, from_place=frm)


def declared(winner: Side | None, side: Side = US) -> Declared:
    return Declared(side=side, winner=winner)


def positioned(events: Iterable[HexEvent]) -> list[HexEvent]:
    from dataclasses import replace

    return [replace(e, where=Where("t", i)) for i, e in enumerate(events)]


def check(events: Iterable[HexEvent], *switches: str) -> Report:
    ruleset = parse_switches(switches, MORTAIN.switches)
    return check_hex_events(positioned(events), game(), MORTAIN, switches=ruleset, source="t")


def found(report: Report, rule_id: str | None = None) -> list[tuple[str, str, int]]:
    """(rule id, severity, event index) of the report's findings (of one rule id when given)."""
    return [(f.rule_id, f.severity.value, f.where.index) for f in report.findings if rule_id is None or f.rule_id == rule_id]


def serious(report: Report) -> list[tuple[str, str, int]]:
    """The illegal and suspicious findings."""
    return [t for t in found(report) if t[1] in (Severity.ILLEGAL.value, Severity.SUSPICIOUS.value)]


def opening() -> list[HexEvent]:
    """The game start, turn 1 begun: nothing drawn yet."""
    return [start(), turn(1)]


def mid(turn_: int = 2, flipped: Iterable[str] = (), **moved: str) -> list[HexEvent]:
    """A log opening in turn ``turn_`` (no set-up judged) with ``moved`` units placed: the game start,
    then the turn begun."""
    return [start(setup_places(**moved), flipped, turn_), turn(turn_)]


def joker_ends_turn_1() -> list[HexEvent]:
    """Turn 1 from the set-up, each side a card, then the Joker that ends it."""
    return [*opening(), draw("2S"), pass_(DE), draw("2H", side=US), pass_(US), draw("JOKER")]
