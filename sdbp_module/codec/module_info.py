"""What the codec needs from a module (``.vmod``): zones by map, and piece definitions by ``sdbp_id``.

Format reference §2.1 (``buildFile.xml``, or the legacy ``buildFile``), §3.3 (Map, Board, ZonedGrid,
Zone ``path`` polygons, PieceSlot/CardSlot text = an AddPiece string, PrototypeDefinition) and §4.5
(prototypes are expanded in pieces placed into a game; we expand them the same way so a definition
can be compared with a piece in a save).

Positions resolve to a zone when the point lies inside the zone's polygon; the board origin is the
map's edge margin (``edgeWidth``/``edgeHeight``). Maps with several boards laid out side by side
are resolved on their first board only (the layout lives in the save's BoardPicker record).

Bad input is one ``CodecError`` line naming the file: zip damage as ``container.open_archive``
reports it (entry and byte offset), a malformed build file as ``file: entry 'buildFile.xml': line L
col C: …``. The XML parser loads no DTD, expands no entity and fetches nothing; a build file that
declares entities or names an external DTD is refused.
"""

from __future__ import annotations

import re
from dataclasses import field
from itertools import compress, repeat
from pathlib import Path
from typing import TYPE_CHECKING, Any

from sdbp_module.codec import pieces
from sdbp_module.codec.sequence import decode as se_decode
from sdbp_module.codec.zipread import open_archive
from sdbp_module.errors import CodecError
from sdbp_module.fileio import stat_stamp
from sdbp_module.limits import (
    MAX_BUILD_FILE_BYTES,
    MAX_METADATA_BYTES,
    MAX_PIECE_TRAITS,
    MAX_ZONE_POINTS,
)
from sdbp_module.records import record

if TYPE_CHECKING:  # lxml is imported when a build file is parsed: reading a log without --module needs none
    from lxml import etree

_W = "VASSAL.build.widget."
_MAX_BUILD_FILE = MAX_BUILD_FILE_BYTES
_MAX_MODULEDATA = MAX_METADATA_BYTES
_BUILD_FILES = ("buildFile.xml", "buildFile")
_POSITION_SUFFIX = re.compile(r", line \d+, column \d+$")


@record
class Zone:
    """A named polygon on a map, in map coordinates."""

    name: str
    points: tuple[tuple[int, int], ...]
    label: str = ""  # the engine's location name when the zone's locationFormat says more than $name$ ("14 Hill")

    @property
    def shown(self) -> str:
        """The zone as the engine names a location in it: its label, else its name."""
        return self.label or self.name

    def contains(self, x: float, y: float) -> bool:
        """Even-odd ray casting (points on an edge may fall either way)."""
        inside = False
        pts = self.points
        n = len(pts)
        if n < 3:
            return False
        j = n - 1
        for i in range(n):
            xi, yi = pts[i]
            xj, yj = pts[j]
            if (yi > y) != (yj > y) and x < (xj - xi) * (y - yi) / (yj - yi) + xi:
                inside = not inside
            j = i
        return inside


@record
class Definition:
    """A piece definition from a PieceSlot/CardSlot, prototypes expanded."""

    entry_name: str
    gpid: str
    type_traits: tuple[str, ...]
    state_traits: tuple[str, ...]

    @property
    def sdbp_id(self) -> str | None:
        return marker_value(self.type_traits, self.state_traits, "sdbp_id")


@record
class ModuleInfo:
    """Zones per map name and piece definitions per ``sdbp_id``."""

    name: str
    zones: dict[str, tuple[Zone, ...]] = field(default_factory=dict)
    definitions: dict[str, Definition] = field(default_factory=dict)
    duplicate_ids: tuple[str, ...] = ()
    version: str = ""  # the GameModule version: the build identity of a module sdbp built (``codec.identity``)
    moduledata: bytes | None = None  # the module's ``moduledata`` entry, which the engine copies into every save
    slots: dict[str, Definition] = field(default_factory=dict)  # every palette entry by its name (the first of a name)
    ambiguous_slots: tuple[str, ...] = ()  # palette names given to several different pieces
    hand_sides: dict[str, tuple[str, ...]] = field(default_factory=dict)  # a player hand or private map -> the sides it belongs to

    def zone_at(self, map_name: str | None, x: str, y: str) -> str | None:
        """The name of the zone containing (x, y) on ``map_name``, if any."""
        zone = self.zone_containing(map_name, x, y)
        return zone.name if zone is not None else None

    def zone_containing(self, map_name: str | None, x: str, y: str) -> Zone | None:
        """The first zone of ``map_name`` containing (x, y), if any."""
        if map_name is None:
            return None
        try:
            px, py = float(x), float(y)
        except ValueError:
            return None
        for zone in self.zones.get(map_name, ()):
            if zone.contains(px, py):
                return zone
        return None


def marker_value(type_traits: tuple[str, ...] | list[str], state_traits: tuple[str, ...] | list[str], name: str) -> str | None:
    """The value of Marker property ``name`` in a piece (first Marker that declares it)."""
    return marker_values(type_traits, state_traits, (name,))[0]


def marker_values(type_traits: tuple[str, ...] | list[str], state_traits: tuple[str, ...] | list[str], names: tuple[str, ...]) -> tuple[str | None, ...]:
    """``marker_value`` of each of ``names`` (distinct), the piece's traits read once.

    The Marker traits are picked out by C-level calls (``startswith`` mapped over the types, ``compress``
    keeping their indices), not a Python step per trait: a piece has one Marker among a few dozen traits
    (27 a piece in a small log, whose 260 pieces the tracker asks this of: 16.2 M instructions a check
    with a step per trait, 15.0 M so)."""
    found: dict[str, str] = {}
    for index in compress(range(len(state_traits)), map(str.startswith, type_traits, repeat("mark;"))):
        pairs = pieces.marker(type_traits[index], state_traits[index])
        if pairs is None:
            continue
        for key, value in pairs:
            if key in names and key not in found:
                found[key] = value
        if len(found) == len(names):
            break
    return tuple(found.get(name) for name in names)


def _parse_path(path: str) -> tuple[tuple[int, int], ...]:
    """The points of a zone's ``path`` attribute (``x,y;x,y;…``); callers bound its length first."""
    points: list[tuple[int, int]] = []
    for token in se_decode(path, ";") if path else []:
        xy = se_decode(token, ",")
        try:
            points.append((int(xy[0]), int(xy[1])))
        except (ValueError, IndexError):
            continue  # the engine skips points that fail to parse (reference §3.3)
    return tuple(points)


def _slot_chain(text: str) -> tuple[list[str], list[str]] | None:
    fields = pieces.add_piece_fields(text.strip())
    if fields is None:
        return None
    type_traits = pieces.split_chain(fields[1])
    state_traits = pieces.split_chain(fields[2])
    if type_traits is None or state_traits is None or len(type_traits) != len(state_traits):
        return None
    return type_traits, state_traits


class TooManyTraits(Exception):
    """A piece whose prototypes put in more than ``limits.MAX_PIECE_TRAITS`` traits (prototypes that use
    each other several times grow exponentially with their depth)."""


def expand_prototypes(
    type_traits: list[str],
    state_traits: list[str],
    prototypes: dict[str, tuple[list[str], list[str]]],
    depth: int = 0,
    budget: list[int] | None = None,
) -> tuple[list[str], list[str]]:
    """Replace ``prototype;Name`` traits by the prototype's traits (its dummy BasicPiece dropped).

    ``TooManyTraits`` once the piece has more than ``MAX_PIECE_TRAITS`` traits (``budget``: how many
    more it may have, shared by the recursion)."""
    if budget is None:
        budget = [MAX_PIECE_TRAITS]
    if depth > 20:
        return type_traits, state_traits
    out_types: list[str] = []
    out_states: list[str] = []
    for trait_type, state in zip(type_traits, state_traits, strict=True):
        if trait_type.startswith("prototype;"):
            name = se_decode(trait_type[len("prototype;") :], ";")[0]
            proto = prototypes.get(name)
            if proto is not None:
                sub_types, sub_states = expand_prototypes(proto[0][:-1], proto[1][:-1], prototypes, depth + 1, budget)
                out_types += sub_types
                out_states += sub_states
                continue
        budget[0] -= 1
        if budget[0] < 0:
            raise TooManyTraits
        out_types.append(trait_type)
        out_states.append(state)
    return out_types, out_states


def _zone_label(name: str, location_format: str) -> str:
    """The location name a zone's ``locationFormat`` gives (``$name$ Hill`` → ``14 Hill``); empty when it
    is just ``$name$`` or uses any other variable (a grid location, a property: not known without a game)."""
    if "$name$" not in location_format or location_format == "$name$":
        return ""
    label = location_format.replace("$name$", name)
    return "" if "$" in label else " ".join(label.split())


def _line_col(data: bytes, offset: int) -> str:
    """``line L col C`` (both from 1) of a byte offset in a document."""
    line = data.count(b"\n", 0, offset) + 1
    col = offset - data.rfind(b"\n", 0, offset)
    return f"line {line} col {col}"


def _read_build_file(path: Path) -> tuple[str, bytes, bytes | None]:
    """The name and bytes of the module's build file, and its ``moduledata`` (None when it has none),
    through the checked zip reader."""
    with open_archive(path, kind=".vmod is a zip archive", not_a_zip="not a readable module") as archive:
        meta = [entry for entry in archive.entries if entry.name == "moduledata"]
        moduledata = archive.read(meta[0]) if len(meta) == 1 and meta[0].size <= _MAX_MODULEDATA else None
        for name in _BUILD_FILES:
            found = [entry for entry in archive.entries if entry.name == name]
            if len(found) > 1:
                raise CodecError(
                    f"{path}: entry {name!r} (central directory records at bytes {found[0].record} and "
                    f"{found[1].record}): duplicate entry name"
                )
            if found:
                entry = found[0]
                if entry.size > _MAX_BUILD_FILE:
                    raise CodecError(f"{path}: {entry.where}: larger than {_MAX_BUILD_FILE} bytes")
                return name, archive.read(entry), moduledata
    raise CodecError(f"{path}: no buildFile.xml (or legacy buildFile) entry: not a VASSAL module")


def parse_build_file(data: bytes, where: str) -> etree._Element:
    """Parse a build file safely; ``CodecError`` ``{where}: line L col C: …`` if malformed.

    No DTD is loaded, no entity is expanded, nothing is fetched, and libxml2's limits stay on (depth,
    text size, entity amplification). A document that declares entities or names an external DTD is
    refused after parsing (VASSAL never writes a DOCTYPE), so no entity reference is ever followed.
    """
    from lxml import etree

    parser = etree.XMLParser(resolve_entities=False, no_network=True, load_dtd=False, huge_tree=False)
    try:
        root = etree.fromstring(data, parser)
    except etree.XMLSyntaxError as exc:
        line, col = exc.position if exc.position else (0, 0)
        message = _POSITION_SUFFIX.sub("", " ".join(str(exc.msg).split()))
        raise CodecError(f"{where}: line {line} col {col}: {message}") from None
    info: Any = root.getroottree().docinfo  # lxml-stubs lack DocInfo.system_url and DTD.iterentities
    declares = info.internalDTD is not None and any(True for _ in info.internalDTD.iterentities())
    if declares or info.system_url or info.public_id:
        offset = data.find(b"<!ENTITY") if declares else data.find(b"<!DOCTYPE")
        what = "entity declarations" if declares else "an external DTD"
        raise CodecError(f"{where}: {_line_col(data, max(offset, 0))}: {what} not allowed (VASSAL never writes a DOCTYPE)")
    return root


def _int_attribute(element: etree._Element, name: str, where: str) -> int:
    """A whole-number attribute (missing or empty: 0); ``CodecError`` with the line if it is not one."""
    value = element.get(name, "0") or "0"
    try:
        return int(value)
    except ValueError:
        raise CodecError(f"{where}: line {element.sourceline}: {element.tag} {name}={value!r} is not a whole number") from None


def read_module(path: Path) -> ModuleInfo:
    """Read zones and piece definitions from a ``.vmod``; ``CodecError`` naming the file if unreadable.

    The zip is read by ``container.open_archive`` (every kind of damage is one line with its byte
    offset); the build file is parsed by :func:`parse_build_file`.
    """
    entry, data, moduledata = _read_build_file(path)
    where = f"{path}: entry {entry!r}"
    root = parse_build_file(data, where)
    zones: dict[str, tuple[Zone, ...]] = {}
    hand_sides: dict[str, tuple[str, ...]] = {}
    points_left = MAX_ZONE_POINTS
    for map_el in root.iter():
        tag = map_el.tag if isinstance(map_el.tag, str) else ""
        if tag not in ("VASSAL.build.module.Map", "VASSAL.build.module.PrivateMap", "VASSAL.build.module.PlayerHand"):
            continue
        map_name = map_el.get("mapName", "")
        if tag != "VASSAL.build.module.Map":
            hand_sides[map_name] = tuple(side for side in se_decode(map_el.get("side", ""), ",") if side)
        dx = _int_attribute(map_el, "edgeWidth", where)
        dy = _int_attribute(map_el, "edgeHeight", where)
        found: list[Zone] = []
        boards = [b for b in map_el.iter("VASSAL.build.module.map.boardPicker.Board")]
        for zone_el in boards[0].iter("VASSAL.build.module.map.boardPicker.board.mapgrid.Zone") if boards else ():
            path_text = zone_el.get("path", "")
            points_left -= path_text.count(";") + 1 if path_text else 0
            if points_left < 0:  # counted before the text is split: a path can be megabytes
                raise CodecError(
                    f"{where}: line {zone_el.sourceline}: the zones of the module's maps have more than "
                    f"{MAX_ZONE_POINTS:,} points; a module is read with up to {MAX_ZONE_POINTS:,} (ours: a few hundred)"
                )
            pts = tuple((x + dx, y + dy) for x, y in _parse_path(path_text))
            found.append(Zone(zone_el.get("name", ""), pts, _zone_label(zone_el.get("name", ""), zone_el.get("locationFormat", ""))))
        zones[map_name] = tuple(found)
    prototypes: dict[str, tuple[list[str], list[str]]] = {}
    for proto in root.iter("VASSAL.build.module.PrototypeDefinition"):
        chain = _slot_chain(proto.text or "")
        if chain is not None:
            prototypes[proto.get("name", "")] = chain
    definitions: dict[str, Definition] = {}
    duplicates: list[str] = []
    slots: dict[str, Definition] = {}
    ambiguous: set[str] = set()
    for slot in root.iter(_W + "PieceSlot", _W + "CardSlot"):
        chain = _slot_chain(slot.text or "")
        if chain is None:
            continue
        try:
            type_traits, state_traits = expand_prototypes(chain[0], chain[1], prototypes)
        except TooManyTraits:
            raise CodecError(
                f"{where}: line {slot.sourceline}: piece {slot.get('entryName', '')!r} has more than {MAX_PIECE_TRAITS:,} "
                f"traits once its prototypes are put in; a piece is read with up to {MAX_PIECE_TRAITS:,} (ours: 30)"
            ) from None
        definition = Definition(slot.get("entryName", ""), slot.get("gpid", ""), tuple(type_traits), tuple(state_traits))
        known = slots.setdefault(definition.entry_name, definition)
        if known.type_traits != definition.type_traits:
            ambiguous.add(definition.entry_name)
        sdbp_id = definition.sdbp_id
        if sdbp_id is None:
            continue
        if sdbp_id in definitions:
            if definitions[sdbp_id].type_traits != definition.type_traits:
                duplicates.append(sdbp_id)
            continue
        definitions[sdbp_id] = definition
    return ModuleInfo(
        root.get("name", ""), zones, definitions, tuple(sorted(set(duplicates))), root.get("version", ""), moduledata,
        slots, tuple(sorted(ambiguous)), hand_sides,
    )


def module_info(path: Path) -> ModuleInfo:
    """``read_module(path)``, kept per file version (resolved path and ``fileio.stat_stamp``: size, modification
    and change times, inode): a check of a ``.vlog`` with ``--module`` asks for the module's build identity and
    then for its zones, an audit for them at every log, and each is one read. The same ``ModuleInfo`` is given
    to every caller (they only read it); a module that cannot be read is read again at every call, so its
    error names ``path`` as given."""
    try:
        key = (str(path.resolve()), stat_stamp(path))
    except OSError:
        return read_module(path)  # names the file and the problem
    found = _KEPT.get(key)
    if found is None:
        found = read_module(path)
        if len(_KEPT) >= 4:
            _KEPT.clear()
        _KEPT[key] = found
    return found


_KEPT: dict[tuple[str, bytes], ModuleInfo] = {}
"""The modules ``module_info`` read, by file version (a few: a process checks with one module)."""
