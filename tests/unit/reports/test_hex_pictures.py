"""The pictures of a hex-map game's findings (Stand at Mortain) in the HTML report.

The check itself is not needed: a report of a checked area log is given the hex game, hex events and
findings naming hexes and units (``Finding.hexes``), as a hex game's check will give them.
"""

from __future__ import annotations

import base64
import io
from dataclasses import dataclass, field, replace

import lxml.html
import pytest
from PIL import Image

from sdbp_module.board.draw import HexBoardPainter
from sdbp_module.ids import Severity, UnitId
from sdbp_module.model.from_data import load_game
from sdbp_module.model.game_data import GameData
from sdbp_module.paths import PROJECT_ROOT, default_data_dir
from sdbp_module.replay.events import END_OF_LOG, Where
from sdbp_module.replay.hexes.events import (
    CardDrawn,
    FireAt,
    HexGameStart,
    Hit,
    UnitMove,
)
from sdbp_module.replay.hexes.snapshots import HexSnapshot, setup_state
from sdbp_module.reports.html import render_html_report
from sdbp_module.reports.pictures import board_painter, finding_pictures, view_key
from sdbp_module.rules.commands import Checked, check_log, rules_package
from sdbp_module.rules.findings import Finding

SQ1 = PROJECT_ROOT / "tests" / "cli" / "data" / "check_sq1.jsonl"
LOG = "hex.jsonl"
TIGER = "DE-102"


@pytest.fixture(scope="module")
def hex_game() -> GameData:
    return load_game(PROJECT_ROOT / "source_data" / "mortain", hex_map=True)


def at(line: int) -> Where:
    return Where(LOG, line, line)


@pytest.fixture(scope="module")
def checked(hex_game: GameData) -> Checked:
    area = load_game(default_data_dir())
    base = check_log(SQ1, area, rules_package(area.game.id))
    sides = {s.value: s for s in hex_game.game.sides}
    us, axis = sides["usa"], sides["de"]
    events = (
        HexGameStart(where=at(1), places=tuple(setup_state(hex_game).places.items())),
        CardDrawn(where=at(2), side=axis, card="7S"),
        UnitMove(where=at(3), side=axis, unit=TIGER, from_place="box:german-entry", to_place="K8"),
        FireAt(where=at(4), side=us, firers=(("US-2-120", "J8"),), target=TIGER),
        Hit(where=at(4), side=axis, unit=TIGER, place="K8", result="flip"),
    )
    findings = (
        Finding("MOR-FIRE-04", "M-5", Severity.ILLEGAL, "a hit the card does not give", at(4), units=(UnitId(TIGER),), hexes=("K8",)),
        Finding("MOR-FIRE-02", "M-5", Severity.SUSPICIOUS, "the same view", at(4), units=(UnitId(TIGER),), hexes=("K8",)),
        Finding("MOR-MOVE-01", "M-3", Severity.ILLEGAL, "a move too far", at(3), hexes=("K8", "L7")),
        Finding("MOR-DECK-01", "M-4", Severity.INFO, "about the deck", END_OF_LOG),
    )
    report = replace(base.report, source=LOG, game_id=hex_game.game.id, events=len(events), findings=findings, initial=None)
    return Checked(report, events, hex_game, base.package)  # type: ignore[arg-type]


@dataclass
class FakeHexPainter:
    calls: list[tuple[HexSnapshot, tuple[str, ...], tuple[str, ...]]] = field(default_factory=list)

    def hex_picture(self, snapshot: HexSnapshot, *, hexes: tuple[str, ...] = (), units: tuple[str, ...] = ()) -> object:
        from sdbp_module.board.draw import Picture

        self.calls.append((snapshot, tuple(hexes), tuple(units)))
        out = io.BytesIO()
        Image.new("RGB", (10 + len(self.calls), 10)).save(out, format="PNG")
        return Picture(out.getvalue(), "image/png", 10 + len(self.calls), 10, f"Board at {snapshot.where}")


def test_hex_findings_of_one_view_share_a_picture_of_the_board_there(checked: Checked) -> None:
    painter = FakeHexPainter()
    pictures = finding_pictures(checked, "all", painter)  # type: ignore[arg-type]
    assert sorted(pictures) == [0, 1, 2, 3] and pictures[0] is pictures[1] and pictures[2] is not pictures[0]
    drawn = {(s.where.line, hexes, units) for s, hexes, units in painter.calls}
    assert drawn == {(4, ("K8",), (TIGER,)), (3, ("K8", "L7"), ()), (None, (), ())}  # the deck finding: the board too
    fire = next(s for s, hexes, _ in painter.calls if s.where.line == 4)
    assert fire.state.place(TIGER) == "K8" and TIGER in fire.state.flipped and len(fire.events) == 2
    assert view_key(checked.report.findings[2], checked.game)[4] == frozenset({"K8", "L7"})
    assert view_key(checked.report.findings[3], checked.game)[3] is None  # a hex game's views are of the board


def test_the_real_painter_of_a_hex_game_outlines_the_hexes_and_rings_the_units(checked: Checked) -> None:
    painter = board_painter(checked)
    assert isinstance(painter, HexBoardPainter)
    page = render_html_report(checked, pictures="serious", painter=painter)
    doc = lxml.html.document_fromstring(page)
    figures = doc.xpath("//figure")
    assert len(figures) == 2  # the two illegal views; the suspicious one shares the first
    alts = [f.xpath(".//img/@alt")[0] for f in figures]
    assert any("hexes K8 outlined; units DE-102 ringed" in a for a in alts)
    assert any("hexes K8, L7 outlined" in a for a in alts)
    assert any("the finding's hexes and units marked" in f.text_content() for f in figures)
    src = figures[0].xpath(".//img/@src")[0]
    data = base64.b64decode(src.split(",", 1)[1])
    with Image.open(io.BytesIO(data)) as img:
        assert img.format == "JPEG" and img.width <= 1000 and img.height <= 900
    assert render_html_report(checked, pictures="serious", painter=painter) == page


def test_the_pictures_start_from_the_state_the_check_began_with(checked: Checked) -> None:
    from sdbp_module.replay.hexes.state import initial_state

    began = initial_state({"US-2-120": "A1", TIGER: "box:german-entry"})
    moved = replace(checked, events=checked.events[1:], report=replace(checked.report, initial=began))  # type: ignore[arg-type]
    painter = FakeHexPainter()
    finding_pictures(moved, "all", painter)  # type: ignore[arg-type]
    fire = next(s for s, _, _ in painter.calls if s.where.line == 4)
    assert fire.state.place("US-2-120") == "A1" and fire.state.place(TIGER) == "K8"
    painter = FakeHexPainter()
    finding_pictures(replace(checked, events=checked.events[1:]), "all", painter)  # type: ignore[arg-type]
    fire = next(s for s, _, _ in painter.calls if s.where.line == 4)
    assert fire.state.place("US-2-120") == "J8"  # no state given: the printed set-up
