"""Board pictures for a report's findings: which findings get one, and one render per distinct view.

An umpire reads "illegal at planted.vlog#143" best with the board of that moment beside it. The
checker keeps no history, so the states come from a second, rule-free replay
(``replay.snapshots``) that stops at the positions of the findings chosen; the painter
(``board.draw.BoardPainter``) draws each one. Which findings get a picture is the report's picture
policy (``rules.commands.PICTURE_POLICIES``): every one, the serious ones (illegal and suspicious),
or none. Findings of the same log position with the same areas and units concern the same view:
they share one render.

Game-neutral and free of Pillow: the painter is passed in, and anything with its ``picture`` method
will do (the tests use a small fake).
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from sdbp_module.errors import InputError
from sdbp_module.ids import AreaId, Severity, UnitId
from sdbp_module.replay.events import Where
from sdbp_module.replay.snapshots import Key, Snapshot, snapshots
from sdbp_module.rules.checker import start_state
from sdbp_module.rules.findings import Finding

if TYPE_CHECKING:
    from sdbp_module.rules.commands import Checked

POLICIES = ("all", "serious", "none")
"""The picture policies, as ``rules.commands.PICTURE_POLICIES`` lists them (a test keeps both equal)."""

SERIOUS = frozenset({Severity.ILLEGAL, Severity.SUSPICIOUS})

ViewKey = tuple[Key, frozenset[AreaId], frozenset[UnitId]]
"""What a picture shows: the log position, and the areas and units it marks."""


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


def wants_picture(finding: Finding, policy: str) -> bool:
    """Whether ``policy`` gives ``finding`` a picture."""
    if policy == "all":
        return True
    if policy == "serious":
        return finding.severity in SERIOUS
    if policy == "none":
        return False
    raise InputError(f"--pictures {policy!r}: expected {', '.join(POLICIES)}")


def view_key(finding: Finding) -> ViewKey:
    """The view a finding's picture shows; findings with equal keys share one picture."""
    return (finding.where.sort_key, frozenset(finding.areas), frozenset(finding.units))


def finding_pictures(checked: Checked, policy: str, painter: Painter) -> dict[int, Picture]:
    """Finding index (in ``checked.report.findings``) → its picture, for the findings ``policy`` gives one.

    Each distinct view is drawn once; findings sharing it get the same ``Picture`` object."""
    chosen = [(i, f) for i, f in enumerate(checked.report.findings) if wants_picture(f, policy)]
    if not chosen:
        return {}
    boards = board_snapshots(checked, (f.where for _, f in chosen))
    drawn: dict[ViewKey, Picture] = {}
    out: dict[int, Picture] = {}
    for i, f in chosen:
        key = view_key(f)
        if key not in drawn:
            drawn[key] = painter.picture(boards[f.where.sort_key], areas=f.areas, units=f.units)
        out[i] = drawn[key]
    return out


def board_snapshots(checked: Checked, positions: Iterable[Where]) -> dict[Key, Snapshot]:
    """The snapshots of ``checked``'s replay at ``positions``, from the state its check began with."""
    initial = checked.report.initial
    if initial is None:
        initial = start_state(checked.events, checked.game, checked.package.make_sequence(checked.game))
    return snapshots(checked.events, initial, positions)


def board_painter(checked: Checked, images_dir: Path | None = None) -> Painter:
    """The real painter for ``checked``'s game: the module's own map and counters when it was given."""
    from sdbp_module.board.draw import BoardPainter

    key = (id(checked.game), _file_version(checked.module), _file_version(images_dir))
    cached = _PAINTERS.get(key)
    if cached is not None and cached[0] is checked.game:
        return cached[1]
    painter: Painter = BoardPainter(checked.game, module=checked.module, images_dir=images_dir)
    _PAINTERS.clear()  # one painter per process: an audit draws every log of one game and module
    _PAINTERS[key] = (checked.game, painter)
    return painter


_PAINTERS: dict[tuple[object, ...], tuple[object, Painter]] = {}
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
