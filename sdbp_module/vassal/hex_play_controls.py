"""The play controls of a hex game, from its ``HexPlay`` (``model.hex_play.play_of``; docs/module.md,
"The play controls of a hex game"): each writes a sentence of ``codec.sentences``.

- **statuses** (``Status``): a Layer per status on the units whose type it applies to, a small
  labelled badge on the counter (``render_status_badge``), *Mark <name>* / *Clear <name>* under the
  unit's *Status* menu, a key each (``status_keys``), writing the ``status-on`` / ``status-off`` lines;
- **unit commands**: *Carry by ▸ <mode>* a command per transport mode (``carry``), *Double move*
  (``double``, when the game has the double move), *Declare* on the units the game's ``declare``
  names (``declare``), *Restore a step* turning a flipped unit back to its full face (``restore``);
- **record tracks** (``Track``): a group of boxes under the map, one zone a value named
  ``Track.box_name(n)``; each track marker starts on its start box (``track_start``);
- **packages** (``Package``): a toolbar button each under *Package ▾*, the ``package`` line with the
  player's side.

Nothing here names a game: the names, ids and rule numbers are the data's.
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from sdbp_module.codec.sentences import vassal_format as sentence
from sdbp_module.model.game_data import GameData, Unit
from sdbp_module.model.hex_play import (
    HexPlay,
    Package,
    Status,
    Track,
    TransportMode,
    play_of,
)
from sdbp_module.vassal import images, layout
from sdbp_module.vassal.hex_board import OffMapBox
from sdbp_module.vassal.traits import Trait, key, layer, report, submenu, trigger

STATUS_MENU = "Status"
CARRY_MENU = "Carry by"
PACKAGE_MENU = "Package ▾"
DOUBLE_MENU, DECLARE_MENU, RESTORE_MENU = "Double move", "Declare", "Restore a step"

K_DOUBLE = key(77, 195)  # Ctrl+Shift+M  Double move
K_DECLARE = key(76, 195)  # Ctrl+Shift+L  Declare
K_RESTORE = key(85, 195)  # Ctrl+Shift+U  Restore a step
R_RESTORE = key(57469, 0, "sdbpRestoreReport")
CTRL_ALT, CTRL_ALT_SHIFT, ALT = 650, 715, 520


def status_keys(index: int) -> tuple[str, str]:
    """The keys of the game's ``index``-th status: mark Ctrl+Alt+<n>, clear Ctrl+Alt+Shift+<n> (n = index + 1)."""
    return key(49 + index, CTRL_ALT), key(49 + index, CTRL_ALT_SHIFT)


def _status_internal(index: int) -> tuple[str, str, str, str]:
    """The status's own keys: layer up, layer down, report on, report off."""
    base = 57500 + 4 * index
    return tuple(key(base + i, 0, f"sdbpStatus{index}{w}") for i, w in enumerate(("Up", "Down", "On", "Off")))  # type: ignore[return-value]


def carry_key(index: int) -> str:
    """The ``index``-th transport mode's key: Alt+<n> (n = index + 1)."""
    return key(49 + index, ALT)


def key_text(index: int, prefix: str) -> str:
    return f"{prefix}+{index + 1}"


# -- statuses ----------------------------------------------------------------------------------

BADGE_W, BADGE_H = 30, 13
BADGE_SPOTS = ((-14, -7), (14, -7), (-14, 6), (14, 6))
"""Where the badges of the game's statuses stand on the counter (offsets from its centre), in the
data's order: two rows of two over the colour band and the type symbol, clear of the name and of the factors."""
BADGE_COLOURS: tuple[tuple[images.RGB, images.RGB], ...] = (
    ((250, 214, 40), (0, 0, 0)),
    ((236, 128, 24), (0, 0, 0)),
    ((200, 24, 24), (255, 255, 255)),
    ((90, 90, 90), (255, 255, 255)),
)


def status_layer(status: Status) -> str:
    """The Layer's name (its ``<name>_Level`` property: 1 off, 2 on): ``status_`` and the id."""
    return "status_" + status.id.replace("-", "_")


def status_image(status: Status) -> str:
    return f"status_{status.id}.png"


def render_status_badge(status: Status, index: int) -> bytes:
    """A status's badge: its name on a coloured strip with a black edge."""
    fill, ink = BADGE_COLOURS[index % len(BADGE_COLOURS)]
    img = Image.new("RGBA", (BADGE_W, BADGE_H), fill + (255,))
    d = ImageDraw.Draw(img)
    d.rectangle((0, 0, BADGE_W - 1, BADGE_H - 1), outline=(0, 0, 0), width=1)
    style, size = images.fit_font(d, status.name, BADGE_W - 4, (("bold", 11, 8), ("condensed", 10, 7)))
    images.centre_text(d, (BADGE_W / 2, BADGE_H / 2), status.name, images.font(style, size), ink)
    return images.png_bytes(img)


def unit_statuses(play: HexPlay, unit: Unit) -> list[tuple[int, Status]]:
    return [(i, s) for i, s in enumerate(play.statuses) if s.applies_to(unit.type)]


def mark_menu(status: Status) -> str:
    return f"Mark {status.name}"


def clear_menu(status: Status) -> str:
    return f"Clear {status.name}"


def status_traits(play: HexPlay, unit: Unit) -> tuple[list[Trait], list[Trait]]:
    """The unit's status commands (outer traits) and its layers and reports (inner): *Mark* only when
    the status is off, *Clear* only when it is on, each writing its line after the layer changed."""
    commands: list[Trait] = []
    inner: list[Trait] = []
    for i, status in unit_statuses(play, unit):
        mark, clear = status_keys(i)
        up, down, on, off = _status_internal(i)
        level = f"{status_layer(status)}_Level"
        commands += [
            trigger(mark_menu(status), mark, [up, on], f"status {status.id}: mark, report", condition=f"{{{level}==1}}"),
            trigger(clear_menu(status), clear, [down, off], f"status {status.id}: clear, report", condition=f"{{{level}==2}}"),
        ]
        inner += [
            layer(status_layer(status), ["", status_image(status)], ["", f"+ [{status.name}]"], up_key=up, down_key=down, offset=BADGE_SPOTS[i % len(BADGE_SPOTS)]),
            report([on], sentence("status-on", _label=status.name, status=status.id), f"report status {status.id} on"),
            report([off], sentence("status-off", _label=status.name, status=status.id), f"report status {status.id} off"),
        ]
    names = [n for _, s in unit_statuses(play, unit) for n in (mark_menu(s), clear_menu(s))]
    if names:
        commands.insert(0, submenu(STATUS_MENU, names, "the statuses"))
    return commands, inner


# -- unit commands --------------------------------------------------------------------------------


def declares(play: HexPlay, unit: Unit) -> bool:
    return play.declare is not None and unit.side == play.declare.side and unit.type in play.declare.types


def command_traits(play: HexPlay, unit: Unit, flipped_level: str, fresh_key: str) -> tuple[list[Trait], list[Trait]]:
    """*Carry by ▸ <mode>*, *Double move*, *Declare*, *Restore a step* (``flipped_level`` the face
    layer's property, 2 on the flipped face; ``fresh_key`` turns it to the full face): the menu
    entries (outer) and their reports (inner)."""
    commands: list[Trait] = []
    inner: list[Trait] = []
    modes: Sequence[TransportMode] = play.transport_modes
    if modes:
        commands.append(submenu(CARRY_MENU, [m.name for m in modes], "the transport modes"))
        for j, mode in enumerate(modes):
            commands.append(trigger(mode.name, carry_key(j), description=f"carry by {mode.id}"))
            inner.append(report([carry_key(j)], sentence("carry", mode=mode.id), f"report carry by {mode.id}"))
    if play.double_move is not None:
        commands.append(trigger(DOUBLE_MENU, K_DOUBLE, description="double move"))
        inner.append(report([K_DOUBLE], sentence("double"), "report double move"))
    if declares(play, unit):
        commands.append(trigger(DECLARE_MENU, K_DECLARE, description="declare"))
        inner.append(report([K_DECLARE], sentence("declare"), "report declaration"))
    if play.packages:  # a game of replacement packages: a step lost comes back (the unit's full face)
        commands.append(trigger(RESTORE_MENU, K_RESTORE, [fresh_key, R_RESTORE], "restore: full face, report", condition=f"{{{flipped_level}==2}}"))
        inner.append(report([R_RESTORE], sentence("restore"), "report restore"))
    return commands, inner


# -- tracks ---------------------------------------------------------------------------------------

TRACK_BOX_W = layout.COUNTER + 8
TRACK_BOX_H = layout.COUNTER + 26
TRACK_TITLE_H = 22  # the printed number above the counter


def track_group(track: Track) -> str:
    return f"{track.name} track ({track.first}–{track.last})"


def track_boxes(game: GameData) -> list[OffMapBox]:
    """Every record track's boxes, under the map: a box a value, printed with the value."""
    return [
        OffMapBox(t.box_name(n), str(n), group=track_group(t), below=True, width=TRACK_BOX_W, height=TRACK_BOX_H)
        for t in play_of(game).tracks
        for n in range(t.first, t.last + 1)
    ]


def track_start(game: GameData, kind_id: str) -> str | None:
    """The box (zone) a marker kind starts on, when it is a track's marker."""
    for t in play_of(game).tracks:
        for m in t.markers:
            if m.kind == kind_id:
                return t.box_name(m.start)
    return None


def track_zone_names(game: GameData) -> frozenset[str]:
    return frozenset(b.name for b in track_boxes(game))


# -- packages -------------------------------------------------------------------------------------


def package_button(game: GameData, package: Package) -> str:
    """A package button's text: the side's label and the package's name."""
    label = next(s.label for s in game.game.sides if s == package.side)
    return f"{label}: {package.name}"


def package_line(package: Package) -> str:
    return sentence("package", _label=package.name, package=package.id)
