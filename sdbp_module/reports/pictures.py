"""Board pictures for a report's findings: which findings get one, and one render per distinct view.

An umpire reads "illegal at planted.vlog#143" best with the board of that moment beside it. The
checker keeps no history, so the states come from a second, rule-free replay
(``replay.snapshots``) that stops at the positions of the findings chosen; the painter
(``board.draw.BoardPainter``) draws each one. Which findings get a picture is the report's picture
policy (``rules.commands.PICTURE_POLICIES``): every one, the serious ones (illegal and suspicious),
or none. Findings of the same log position with the same areas and units concern the same view:
they share one render. A finding about cards (its rule is about cards, hands, decks or discards:
``board.scene.about_cards``) that names no area and no unit is not about the board: its view is the
cards (``Painter.card_picture``), the piles of its side as the replay knows them with the cards it
names (or else the step's) marked.

A hex-map game's findings (``Finding.hexes``, ``units``) get the picture of its board the same way:
the states come from ``replay.hexes.snapshots`` (the same replay ``sdbp show`` draws), and the painter's
``hex_picture`` (``board.draw.HexBoardPainter``) outlines the hexes and rings the units named; its
views are always of the board.

Game-neutral and free of Pillow: the painter is passed in, and anything with its ``picture`` method
(a hex game's: ``hex_picture``) will do (the tests use a small fake).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Protocol, cast

from sdbp_module.board.scene import about_cards, cards_named
from sdbp_module.errors import InputError
from sdbp_module.ids import AreaId, CardId, Severity, Side, UnitId
from sdbp_module.limits import MAX_PICTURES
from sdbp_module.replay.events import Event, Where
from sdbp_module.replay.hexes.events import HexEvent
from sdbp_module.replay.hexes.snapshots import (
    HexSnapshot,
    eliminated_boxes,
    hex_snapshots,
    setup_state,
)
from sdbp_module.replay.hexes.state import HexState
from sdbp_module.replay.snapshots import Key, Snapshot, snapshots
from sdbp_module.replay.state import GameState
from sdbp_module.rules.base import RulesPackage
from sdbp_module.rules.checker import start_state
from sdbp_module.rules.findings import SEVERITY_ORDER, Finding

if TYPE_CHECKING:
    from sdbp_module.model.game_data import GameData
    from sdbp_module.rules.commands import Checked

POLICIES = ("all", "serious", "none")
"""The picture policies, as ``rules.commands.PICTURE_POLICIES`` lists them (a test keeps both equal)."""

SERIOUS = frozenset({Severity.ILLEGAL, Severity.SUSPICIOUS})

CardFocus = tuple[Side | None, tuple[CardId, ...]]
"""A view of the cards: the finding's side, and the cards it names."""
ViewKey = tuple[Key, frozenset[AreaId], frozenset[UnitId], CardFocus | None, frozenset[str]]
"""What a picture shows: the log position, and the areas and units it marks, or the cards; the hexes it marks."""


class Picture(Protocol):
    """An encoded picture of the board, as ``board.draw.Picture`` holds one."""

    @property
    def data(self) -> bytes: ...

    @property
    def mime(self) -> str: ...

    @property
    def width(self) -> int: ...

    @property
    def height(self) -> int: ...

    @property
    def alt(self) -> str: ...


class Painter(Protocol):
    """Draws the board of a snapshot with the finding's areas and units marked (``board.draw.BoardPainter``)."""

    def picture(self, snapshot: Snapshot, *, areas: tuple[AreaId, ...] = (), units: tuple[UnitId, ...] = ()) -> Picture: ...

    def card_picture(self, snapshot: Snapshot, *, side: Side | None = None, cards: tuple[CardId, ...] = ()) -> Picture:
        """The cards of ``snapshot``'s piles (``side``'s, and those ``cards`` belong to), ``cards`` marked."""
        ...


class HexPainter(Protocol):
    """Draws a hex-map game's board (``board.draw.HexBoardPainter``) with the finding's hexes and units marked."""

    def hex_picture(self, snapshot: HexSnapshot, *, hexes: tuple[str, ...] = (), units: tuple[str, ...] = ()) -> Picture: ...


def wants_picture(finding: Finding, policy: str) -> bool:
    """Whether ``policy`` gives ``finding`` a picture."""
    if policy == "all":
        return True
    if policy == "serious":
        return finding.severity in SERIOUS
    if policy == "none":
        return False
    raise InputError(f"--pictures {policy!r}: expected {', '.join(POLICIES)}")


def card_focus(finding: Finding, game: GameData | None) -> CardFocus | None:
    """The cards a finding is about, when its picture shows cards, not the board (see the module doc;
    a hex-map game's pictures are of its board)."""
    if game is None or game.hexes is not None or finding.areas or finding.units or not about_cards(finding.rule_id):
        return None
    return (finding.side, cards_named(game, finding.message))


def view_key(finding: Finding, game: GameData | None = None) -> ViewKey:
    """The view a finding's picture shows; findings with equal keys share one picture (``game``: the
    cards a card finding names; without it every view is of the board)."""
    return (finding.where.sort_key, frozenset(finding.areas), frozenset(finding.units), card_focus(finding, game), frozenset(finding.hexes))


class Pictures(Protocol):
    """The pictures a page shows, by finding index (``LazyPictures``, or a mapping given whole)."""

    def get(self, index: int) -> Picture | None: ...

    def first_use(self, index: int) -> int:
        """The first finding index showing the same view as ``index`` (which has a picture)."""
        ...

    @property
    def count(self) -> int:
        """Distinct views drawn (or to be drawn)."""
        ...

    @property
    def left_out(self) -> int:
        """Findings the policy gives a picture that have none: past ``MAX_PICTURES`` views."""
        ...


class LazyPictures:
    """The pictures of a report, each drawn when the page asks for it and let go when the page moves on.

    Which findings get one: those ``policy`` gives a picture, by view, at most ``limit`` distinct views
    (``limits.MAX_PICTURES``), the views of the most serious findings first, then the earliest; findings
    sharing a view share its picture; the others are ``left_out`` (their ``sdbp show`` command draws their
    board). The boards come from one rule-free replay (``board_snapshots``) that keeps only those states.
    The page asks in report order, in which findings of one view are neighbours (one log position), so at
    most the pictures of one position are held at a time, however many findings the report has."""

    def __init__(self, checked: Checked, policy: str, painter: Painter | HexPainter, limit: int = MAX_PICTURES) -> None:
        findings = checked.report.findings
        chosen = sorted(
            (i for i, f in enumerate(findings) if wants_picture(f, policy)),
            key=lambda i: (SEVERITY_ORDER[findings[i].severity], i),
        )
        first: dict[ViewKey, int] = {}
        self._view_of: dict[int, ViewKey] = {}
        self._left_out = 0
        for i in chosen:
            key = view_key(findings[i], checked.game)
            if key not in first:
                if len(first) >= limit:
                    self._left_out += 1
                    continue
                first[key] = i
            else:
                first[key] = min(first[key], i)
            self._view_of[i] = key
        self._first = first
        self._findings = findings
        self._painter = painter
        positions = [findings[i].where for i in first.values()]
        self._boards: dict[Key, Snapshot] = {}
        self._hex_boards: dict[Key, HexSnapshot] = {}
        if first and checked.game.hexes is not None:
            self._hex_boards = hex_board_snapshots(checked, positions)
        elif first:
            self._boards = board_snapshots(checked, positions)
        self._held: dict[ViewKey, Picture] = {}
        self._position: Key | None = None

    def get(self, index: int) -> Picture | None:
        key = self._view_of.get(index)
        if key is None:
            return None
        if key[0] != self._position:  # the page moved on: the pictures of the last position are done
            self._held.clear()
            self._position = key[0]
        picture = self._held.get(key)
        if picture is None:
            f = self._findings[index]
            focus = key[3]
            if f.where.sort_key in self._hex_boards:
                hex_board = self._hex_boards[f.where.sort_key]
                picture = cast(HexPainter, self._painter).hex_picture(hex_board, hexes=f.hexes, units=tuple(f.units))
            elif focus is not None:
                picture = cast(Painter, self._painter).card_picture(self._boards[f.where.sort_key], side=focus[0], cards=focus[1])
            else:
                picture = cast(Painter, self._painter).picture(self._boards[f.where.sort_key], areas=f.areas, units=f.units)
            self._held[key] = picture
        return picture

    def first_use(self, index: int) -> int:
        return self._first[self._view_of[index]]

    @property
    def count(self) -> int:
        return len(self._first)

    @property
    def left_out(self) -> int:
        return self._left_out


class GivenPictures:
    """``Pictures`` from a mapping of finding index → picture (findings sharing a picture object share a view)."""

    def __init__(self, pictures: Mapping[int, Picture]) -> None:
        self._pictures = pictures
        self._first: dict[int, int] = {}
        for i in sorted(pictures):
            self._first.setdefault(id(pictures[i]), i)

    def get(self, index: int) -> Picture | None:
        return self._pictures.get(index)

    def first_use(self, index: int) -> int:
        return self._first.get(id(self._pictures[index]), index)

    @property
    def count(self) -> int:
        return len(self._first)

    @property
    def left_out(self) -> int:
        return 0


def finding_pictures(checked: Checked, policy: str, painter: Painter | HexPainter, limit: int = MAX_PICTURES) -> dict[int, Picture]:
    """Finding index (in ``checked.report.findings``) → its picture, for the findings ``policy`` gives one
    (at most ``limit`` views, chosen as ``LazyPictures`` does), all drawn now: for tests and small reports.

    Each distinct view is drawn once; findings sharing it get the same ``Picture`` object."""
    lazy = LazyPictures(checked, policy, painter, limit)
    drawn: dict[int, Picture] = {}
    out: dict[int, Picture] = {}
    for i in range(len(checked.report.findings)):
        picture = lazy.get(i)
        if picture is not None:
            out[i] = drawn.setdefault(lazy.first_use(i), picture)
    return out


def board_snapshots(checked: Checked, positions: Iterable[Where]) -> dict[Key, Snapshot]:
    """The snapshots of ``checked``'s replay at ``positions``, from the state its check began with."""
    package = checked.package
    assert isinstance(package, RulesPackage), "an area game's board: hex_board_snapshots draws a hex game's"
    events = cast(Sequence[Event], checked.events)
    initial = checked.report.initial
    if not isinstance(initial, GameState):  # none given
        initial = start_state(events, checked.game, package.make_sequence(checked.game))
    return snapshots(events, initial, positions)


def hex_board_snapshots(checked: Checked, positions: Iterable[Where]) -> dict[Key, HexSnapshot]:
    """The snapshots of a hex-map game's replay at ``positions``, from the state its check began with
    (else the printed set-up, until the log's own game start), eliminated units in their side's box
    (as ``sdbp show`` has them)."""
    events = [e for e in cast(Sequence[object], checked.events) if isinstance(e, HexEvent)]
    game = checked.game
    began = cast(object, checked.report.initial)
    initial = began if isinstance(began, HexState) else setup_state(game)
    return hex_snapshots(events, positions, initial=initial, eliminated_box=eliminated_boxes(game))


def board_painter(checked: Checked, images_dir: Path | None = None) -> Painter | HexPainter:
    """The real painter for ``checked``'s game: the module's own map and counters when it was given."""
    from sdbp_module.board.draw import BoardPainter, HexBoardPainter

    key = (id(checked.game), _file_version(checked.module), _file_version(images_dir))
    cached = _PAINTERS.get(key)
    if cached is not None and cached[0] is checked.game:
        return cached[1]
    painter: Painter | HexPainter
    if checked.game.hexes is not None:
        painter = HexBoardPainter(checked.game, module=checked.module, images_dir=images_dir)
    else:
        painter = BoardPainter(checked.game, module=checked.module, images_dir=images_dir)
    _PAINTERS.clear()  # one painter per process: an audit draws every log of one game and module
    _PAINTERS[key] = (checked.game, painter)
    return painter


_PAINTERS: dict[tuple[object, ...], tuple[object, Painter | HexPainter]] = {}
"""The last painter made, by (game, module version, artwork folder version), with its game: its base map and
counters are drawn or read once per process, not once per report."""


def _file_version(path: Path | None) -> tuple[str, int, int] | None:
    if path is None:
        return None
    try:
        stat = path.stat()
    except OSError:
        return (str(path), -1, -1)
    return (str(path.resolve()), stat.st_mtime_ns, stat.st_size)
