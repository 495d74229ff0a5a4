"""A log the real VASSAL 3.7 engine wrote (``tests/e2e/engine/markers/``: ``script.txt`` played by
``make.sh`` on the module built from the data): markers put down from the palette's entries, one per
side face (**Control (Viet Minh)**, **Fire (French)**, **Fire (Viet Minh)**), and a palette face turned
with the marker's menu (**Control (French)**, **Fire (French)** then **Viet Minh**). Each piece reads as
one marker with the face the player gave it, and the legal turn checks with no illegal finding.
"""

from __future__ import annotations

from pathlib import Path

from sdbp_module.games.sodbp.ids import FRENCH, VIET_MINH
from sdbp_module.games.sodbp.rules.package import SODBP
from sdbp_module.ids import AreaId, Severity
from sdbp_module.model.game_data import GameData
from sdbp_module.replay.events import ControlSet, FireMarkerSet
from sdbp_module.replay.interpret import events_from_vlog
from sdbp_module.rules.checker import check_events

F, V = FRENCH, VIET_MINH
LOG = Path(__file__).parent / "engine" / "markers" / "game.vlog"


def test_each_marker_piece_reads_as_one_marker_with_its_face(game: GameData, module: Path) -> None:
    events, problems = events_from_vlog(LOG, game, module)
    assert problems == []
    marks = [
        (e.where.index, type(e).__name__, e.area, e.side, e.was, e.by)
        for e in events
        if isinstance(e, (ControlSet, FireMarkerSet))
    ]
    assert marks == [
        (7, "ControlSet", 38, V, None, V),  # Control (Viet Minh) on the captured area
        (11, "FireMarkerSet", 34, F, None, F),  # Fire (French) on the French firing area
        (15, "FireMarkerSet", 39, V, None, V),  # Fire (Viet Minh)
        (21, "ControlSet", 33, F, None, V),  # Control (French) dragged …
        (22, "ControlSet", 33, V, F, V),  # … and turned with its menu: the same marker
        (28, "FireMarkerSet", 40, F, None, V),  # Fire (French) dragged …
        (29, "FireMarkerSet", 40, V, F, V),  # … and turned: the same marker
    ]


def test_the_turn_checks_clean_with_one_marker_per_piece(game: GameData, module: Path) -> None:
    events, problems = events_from_vlog(LOG, game, module)
    report = check_events(events, game, SODBP, source=LOG.name, problems=problems)
    serious = [f for f in report.findings if f.severity in (Severity.ILLEGAL, Severity.SUSPICIOUS)]
    assert serious == []
    assert not [f for f in report.findings if f.rule_id.startswith(("CONTROL-", "FIRE-MARKER"))]
    assert report.final.fire_markers == {(AreaId(34), F), (AreaId(39), V), (AreaId(40), V)}  # no French one left on 40
    assert report.final.control_markers == {AreaId(33): V, AreaId(38): V}
