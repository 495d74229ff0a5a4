#!/usr/bin/env python3
"""Maintainer tool: pictures of a built module, made from the module's own files only.

Usage (from the repository root)::

    python tools/screenshots.py build/StormOverDienBienPhu-1.0.0.vmod -o shots/
    python tools/screenshots.py MODULE.vmod -o shots/ --zones 16,20,21 --crowded 3 --no-html

writes into the output folder (made if missing):

* ``board.png`` — the board image at 50 %;
* ``board-setup.png`` — the board with every piece of the module's predefined set-up save at 50 %,
  and ``setup-*.png`` — 100 % crops of it: ``setup-turn-track.png`` (the zones named ``Turn N``),
  ``setup-crowded-<zone>.png`` around the ``--crowded`` areas holding the most pieces (default 4)
  and ``setup-zone-<zone>.png`` around each zone named with ``--zones``;
* ``counters.png`` — every unit face and marker face of the palette, in palette order (a unit's
  faces side by side);
* ``cards.png`` — every card face of the decks, then the card backs;
* ``help.png`` and ``player-aid-<page>.png`` — the module's help file and chart pages (any other
  HTML page: ``page-<name>.png``) rendered with headless Chromium, the whole page (up to
  ``MAX_PAGE_H`` pixels); skipped with a message when no Chromium is installed.

What is read, and how (nothing comes from the game data):

* the zip through ``sdbp_module.codec.zipread`` (every offset and size checked); ``buildFile.xml``
  with a parser that loads no DTD and expands no entity;
* the set-up save named by ``PredefinedSetup`` through ``sdbp_module.codec`` (container, envelope,
  command tree): each piece's position is its BasicPiece state (map, x, y); a ``stack`` AddPiece
  lists its members bottom first; a Deck draws its top card (the card's mask image when the deck is
  face down);
* a piece is drawn as the engine draws it, inner trait first: the BasicPiece image, then each
  Layer's (``emb2``) image of its current level; a masked piece shows its mask image. Other traits
  draw nothing here;
* an unexpanded stack is drawn as ``VASSAL.build.module.map.StackMetrics`` draws it: the bottom
  piece at the stack's position, each next piece moved by ``nextPosition`` with the main map's
  ``unexSepX`` (to the right when positive) and ``unexSepY`` (upwards when positive) — for pieces
  of one size, ``+unexSepX`` and ``-unexSepY`` per piece — every piece drawn in full, or as a blank
  square with a black outline when the metrics give a ``color``.

Same module, same bytes (Chromium's pictures are re-encoded; they depend on the fonts installed).
Exit codes: 0 done; 2 a path that cannot be read or written, or not a module (one line on stderr).
"""

from __future__ import annotations

import argparse
import io
import re
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

from lxml import etree
from PIL import Image

from sdbp_module.codec.commands import read_game
from sdbp_module.codec.pieces import (
    add_piece_fields,
    basic_state,
    basic_type,
    expand_prototypes,
    split_chain,
    trait_id,
)
from sdbp_module.codec.sequence import decode
from sdbp_module.codec.zipread import open_archive
from sdbp_module.errors import SdbpError
from sdbp_module.vassal.images import png_bytes

M = "VASSAL.build.module."
W = "VASSAL.build.widget."
MAX_ENTRY = 64 << 20
MAX_PAGE_H = 12000
PAGE_W = 1000
BOARD_SCALE = 0.5
SHEET_GAP = 8
SHEET_BACKGROUND = (190, 190, 190)
CROP_MIN_W, CROP_MIN_H = 900, 640
CROP_MARGIN = 60
CHROMIUMS = ("chromium", "chromium-browser", "google-chrome", "headless_shell")


class ToolError(Exception):
    """A path that cannot be read or written, or a file that is not a module: one line, exit 2."""


# --------------------------------------------------------------------------------------------
# Reading the module


@dataclass(frozen=True, slots=True)
class Module:
    path: Path
    entries: dict[str, bytes]
    root: etree._Element

    def image(self, name: str) -> Image.Image:
        """An image of the module's ``images/`` folder, as RGBA."""
        data = self.entries.get(f"images/{name}")
        if data is None:
            raise ToolError(f"{self.path}: no entry images/{name} (named in buildFile.xml)")
        with Image.open(io.BytesIO(data)) as raw:
            raw.load()
            return raw.convert("RGBA")


def read_module(path: Path) -> Module:
    """Every entry of a ``.vmod`` and its parsed build file."""
    if not path.is_file():
        raise ToolError(f"{path}: {'a folder, not a module' if path.is_dir() else 'no such module file'}")
    entries: dict[str, bytes] = {}
    with open_archive(path, kind="a .vmod is a zip archive", not_a_zip="not a VASSAL module") as archive:
        for entry in archive.entries:
            if entry.size > MAX_ENTRY:
                raise ToolError(f"{path}: entry {entry.name!r} is larger than {MAX_ENTRY >> 20} MiB")
            entries[entry.name] = archive.read(entry)
    build = entries.get("buildFile.xml")
    if build is None:
        raise ToolError(f"{path}: no buildFile.xml entry (not a VASSAL 3.x module)")
    parser = etree.XMLParser(resolve_entities=False, no_network=True, load_dtd=False)
    try:
        root = etree.fromstring(build, parser)
    except etree.XMLSyntaxError as exc:
        raise ToolError(f"{path}: buildFile.xml: {exc}") from None
    return Module(path, entries, root)


def main_map(module: Module) -> etree._Element:
    for el in module.root.iter(M + "Map"):
        return el
    raise ToolError(f"{module.path}: buildFile.xml has no Map")


def board_image(module: Module) -> Image.Image:
    """The main map's first board image, as RGB."""
    board = next(main_map(module).iter(M + "map.boardPicker.Board"), None)
    if board is None or not board.get("image"):
        raise ToolError(f"{module.path}: the main map has no board image")
    return module.image(board.get("image", "")).convert("RGB")


@dataclass(frozen=True, slots=True)
class Metrics:
    """The main map's StackMetrics (engine defaults when absent: unexSepX 2, unexSepY 4)."""

    sep_x: int
    sep_y: int
    blank: tuple[int, int, int] | None  # ``color``: lower pieces drawn as blank squares
    disabled: bool


def stack_metrics(module: Module) -> Metrics:
    el = next(main_map(module).iter(M + "map.StackMetrics"), None)
    attrs: dict[str, str] = {} if el is None else {str(k): str(v) for k, v in el.attrib.items()}
    colour = [int(c) for c in attrs.get("color", "").split(",")[:3] if c.strip().isdigit()]
    blank = (colour[0], colour[1], colour[2]) if len(colour) == 3 else None
    return Metrics(int(attrs.get("unexSepX", "2")), int(attrs.get("unexSepY", "4")), blank, attrs.get("disabled") == "true")


@dataclass(frozen=True, slots=True)
class Zone:
    name: str
    points: tuple[tuple[int, int], ...]

    def contains(self, x: float, y: float) -> bool:
        inside, pts = False, self.points
        j = len(pts) - 1
        for i in range(len(pts)):
            (xi, yi), (xj, yj) = pts[i], pts[j]
            if (yi > y) != (yj > y) and x < (xj - xi) * (y - yi) / (yj - yi) + xi:
                inside = not inside
            j = i
        return inside

    @property
    def box(self) -> tuple[int, int, int, int]:
        xs, ys = [p[0] for p in self.points], [p[1] for p in self.points]
        return min(xs), min(ys), max(xs), max(ys)


def zones(module: Module) -> tuple[Zone, ...]:
    out = []
    for el in main_map(module).iter(M + "map.boardPicker.board.mapgrid.Zone"):
        points = []
        for token in decode(el.get("path", ""), ";"):
            xy = decode(token, ",")
            if len(xy) == 2 and all(v.lstrip("-").isdigit() for v in xy):
                points.append((int(xy[0]), int(xy[1])))
        out.append(Zone(el.get("name", ""), tuple(points)))
    return tuple(out)


# --------------------------------------------------------------------------------------------
# Pieces


@dataclass(frozen=True, slots=True)
class Piece:
    """A piece of the set-up: its id, type and state strings, position, and the images it shows."""

    piece_id: str
    map: str | None
    x: int
    y: int
    images: tuple[str, ...]  # bottom first
    mask: str  # the mask (card back) image, "" when the piece has no mask trait


def _traits(piece_type: str, state: str) -> list[tuple[str, str]]:
    types, states = split_chain(piece_type), split_chain(state)
    if types is None or states is None or len(types) != len(states):
        raise ToolError(f"a piece whose traits cannot be read: {piece_type[:60]!r}")
    return list(zip(types, states, strict=True))


def piece_images(traits: Sequence[tuple[str, str]]) -> tuple[tuple[str, ...], str, bool]:
    """(images bottom first, mask image, masked?) of a piece: the BasicPiece image, then each Layer's
    current image from the innermost trait out (``Decorator.draw`` draws the inner piece first)."""
    images: list[str] = []
    basic = basic_type(traits[-1][0])
    if basic and basic[2]:
        images.append(basic[2])
    mask, masked = "", False
    for trait, state in reversed(traits[:-1]):
        kind = trait_id(trait)
        fields = decode(trait[len(kind) + 1 :], ";")
        if kind == "emb2" and len(fields) > 15:
            names = decode(fields[15], ",") if fields[15] else []
            level = int(state) if state.lstrip("-").isdigit() else 0
            if 0 < level <= len(names) and names[level - 1]:
                images.append(names[level - 1])
        elif kind == "obs" and len(fields) > 1:
            mask = fields[1]
            owner = decode(state, ";")[0] if state else "null"
            masked = owner not in ("", "null")
    return tuple(images), mask, masked


def _piece(piece_id: str, piece_type: str, state: str) -> Piece:
    traits = _traits(piece_type, state)
    basic = basic_state(traits[-1][1])
    if basic is None:
        raise ToolError(f"piece {piece_id}: unreadable BasicPiece state")
    images, mask, masked = piece_images(traits)
    return Piece(piece_id, basic.map, int(basic.x), int(basic.y), (mask,) if masked and mask else images, mask)


@dataclass(frozen=True, slots=True)
class Stack:
    """A stack or deck of the set-up: position and member ids bottom first."""

    map: str | None
    x: int
    y: int
    members: tuple[str, ...]
    deck_face_down: bool | None  # None for a plain stack


@dataclass(frozen=True, slots=True)
class Setup:
    pieces: dict[str, Piece]
    stacks: tuple[Stack, ...]

    def loose(self) -> Iterator[Piece]:
        """Pieces in no stack or deck, in save order."""
        held = {m for s in self.stacks for m in s.members}
        return (p for i, p in self.pieces.items() if i not in held)


def read_setup(module: Module) -> Setup:
    """The module's predefined set-up save, read with the codec."""
    setup_el = next((el for el in module.root.iter(M + "PredefinedSetup") if el.get("useFile") == "true"), None)
    if setup_el is None:
        raise ToolError(f"{module.path}: no predefined set-up file in buildFile.xml")
    name = setup_el.get("file", "")
    data = module.entries.get(name)
    if data is None:
        raise ToolError(f"{module.path}: no entry {name!r} (the predefined set-up)")
    with tempfile.TemporaryDirectory() as tmp:
        save = Path(tmp) / "setup.vsav"
        save.write_bytes(data)
        _, tree, _ = read_game(save)
    pieces: dict[str, Piece] = {}
    stacks: list[Stack] = []
    for node in tree.walk():
        fields = add_piece_fields(node.text)
        if fields is None:
            continue
        piece_id, piece_type, state = fields
        tokens = decode(state, ";")
        if piece_type == "stack" or piece_type.startswith("deck;"):
            map_name = None if tokens[0] == "null" else tokens[0]
            if piece_type == "stack":
                members = tuple(t for t in tokens[3:] if not t.startswith("@@"))
                stacks.append(Stack(map_name, int(tokens[1]), int(tokens[2]), members, None))
            else:
                members = tuple(decode(tokens[4], ",")) if len(tokens) > 4 and tokens[4] else ()
                stacks.append(Stack(map_name, int(tokens[1]), int(tokens[2]), members, tokens[3] == "true"))
        else:
            pieces[piece_id] = _piece(piece_id, piece_type, state)
    return Setup(pieces, tuple(stacks))


# --------------------------------------------------------------------------------------------
# Drawing the set-up


Rect = tuple[int, int, int, int]  # x, y, w, h


def _bounds(image: Image.Image) -> Rect:
    """A piece's shape bounds relative to its position (BasicPiece: the image centred, Java's ``-w/2``)."""
    w, h = image.size
    return (-(w // 2), -(h // 2), w, h)


def stack_positions(bounds: Sequence[Rect], x: int, y: int, metrics: Metrics) -> list[tuple[int, int]]:
    """Where each piece of an unexpanded stack is drawn, bottom first (``StackMetrics.getContents``
    with ``nextPosition``)."""
    dx, dy = metrics.sep_x, metrics.sep_y
    out: list[tuple[int, int]] = []
    current: tuple[int, int] | None = None
    cur_bounds: Rect = (0, 0, 0, 0)
    for bx, by, bw, bh in bounds:
        if current is None:
            current, cur_bounds = (x, y), (bx + x, by + y, bw, bh)
        else:
            cx, cy, cw, ch = cur_bounds
            if dx > 0:
                delta_x = cx + dx - bx
            elif dx < 0:
                delta_x = cx + cw - bw + dx - bx
            else:
                delta_x = current[0]
            if dy > 0:
                delta_y = cy + ch - bh - by - dy
            elif dy < 0:
                delta_y = cy - dy - by
            else:
                delta_y = current[1]
            current, cur_bounds = (delta_x, delta_y), (bx + delta_x, by + delta_y, bw, bh)
        out.append(current)
    return out


def _paste(board: Image.Image, image: Image.Image, x: int, y: int) -> None:
    bx, by, _, _ = _bounds(image)
    board.paste(image, (x + bx, y + by), image)


def _blank(board: Image.Image, image: Image.Image, x: int, y: int, colour: tuple[int, int, int]) -> None:
    bx, by, w, h = _bounds(image)
    square = Image.new("RGBA", (w, h), (*colour, 255))
    for i in range(w):
        square.putpixel((i, 0), (0, 0, 0, 255))
        square.putpixel((i, h - 1), (0, 0, 0, 255))
    for j in range(h):
        square.putpixel((0, j), (0, 0, 0, 255))
        square.putpixel((w - 1, j), (0, 0, 0, 255))
    board.paste(square, (x + bx, y + by))


@dataclass(frozen=True, slots=True)
class Drawn:
    """One piece as drawn on the set-up picture: where its image's top-left corner went."""

    piece_id: str
    zone_x: int  # the position the piece (or its stack) has in the save
    zone_y: int
    left: int
    top: int
    image: str


class Faces:
    """The module's piece images, decoded once and composed per piece."""

    def __init__(self, module: Module) -> None:
        self.module = module
        self.cache: dict[tuple[str, ...], Image.Image] = {}

    def of(self, names: tuple[str, ...]) -> Image.Image | None:
        if not names:
            return None
        found = self.cache.get(names)
        if found is None:
            layers = [self.module.image(n) for n in names]
            w, h = max(i.width for i in layers), max(i.height for i in layers)
            found = Image.new("RGBA", (w, h), (0, 0, 0, 0))
            for layer in layers:
                found.alpha_composite(layer, ((w - layer.width) // 2, (h - layer.height) // 2))
            self.cache[names] = found
        return found


def draw_setup(module: Module, setup: Setup, board: Image.Image | None = None) -> tuple[Image.Image, list[Drawn]]:
    """The board with every set-up piece of the main map, and where each piece went."""
    board = (board or board_image(module)).copy()
    map_name = main_map(module).get("mapName", "")
    metrics = stack_metrics(module)
    faces = Faces(module)
    drawn: list[Drawn] = []

    def put(piece: Piece, images: tuple[str, ...], x: int, y: int, origin: tuple[int, int], top: bool) -> None:
        image = faces.of(images)
        if image is None:
            return
        if top or metrics.blank is None:
            _paste(board, image, x, y)
        else:
            _blank(board, image, x, y, metrics.blank)
        bx, by, _, _ = _bounds(image)
        drawn.append(Drawn(piece.piece_id, origin[0], origin[1], x + bx, y + by, images[-1]))

    for piece in setup.loose():
        if piece.map == map_name:
            put(piece, piece.images, piece.x, piece.y, (piece.x, piece.y), True)
    for stack in setup.stacks:
        if stack.map != map_name or not stack.members:
            continue
        members = [setup.pieces[m] for m in stack.members if m in setup.pieces]
        if stack.deck_face_down is not None:  # a deck shows its top card, its back when face down
            top = members[-1]
            images = (top.mask,) if stack.deck_face_down and top.mask else top.images
            put(top, images, stack.x, stack.y, (stack.x, stack.y), True)
            continue
        shown = [(m, faces.of(m.images)) for m in members]
        bounds = [_bounds(i) for _, i in shown if i is not None]
        positions = stack_positions(bounds, stack.x, stack.y, metrics) if not metrics.disabled else [(m.x, m.y) for m, _ in shown]
        visible = [m for m, i in shown if i is not None]
        for index, (member, (x, y)) in enumerate(zip(visible, positions, strict=True)):
            put(member, member.images, x, y, (stack.x, stack.y), index == len(visible) - 1)
    return board, drawn


def crowded(zone_list: Sequence[Zone], setup: Setup, map_name: str, count: int) -> list[Zone]:
    """The ``count`` area zones (numeric names) holding the most set-up pieces, most first."""
    held: dict[str, int] = {}
    for stack in setup.stacks:
        if stack.map != map_name or stack.deck_face_down is not None:
            continue
        for zone in zone_list:
            if zone.name.isdigit() and zone.contains(stack.x, stack.y):
                held[zone.name] = held.get(zone.name, 0) + len(stack.members)
                break
    ranked = sorted(held, key=lambda name: (-held[name], int(name)))[:count]
    by_name = {z.name: z for z in zone_list}
    return [by_name[n] for n in ranked]


def crop_box(zone_list: Sequence[Zone], size: tuple[int, int]) -> tuple[int, int, int, int]:
    """A 100 % window around the zones: their bounding box plus a margin, at least
    ``CROP_MIN_W`` × ``CROP_MIN_H``, inside the board."""
    x0 = min(z.box[0] for z in zone_list) - CROP_MARGIN
    y0 = min(z.box[1] for z in zone_list) - CROP_MARGIN
    x1 = max(z.box[2] for z in zone_list) + CROP_MARGIN
    y1 = max(z.box[3] for z in zone_list) + CROP_MARGIN
    if x1 - x0 < CROP_MIN_W:
        x0, x1 = (x0 + x1 - CROP_MIN_W) // 2, (x0 + x1 + CROP_MIN_W) // 2
    if y1 - y0 < CROP_MIN_H:
        y0, y1 = (y0 + y1 - CROP_MIN_H) // 2, (y0 + y1 + CROP_MIN_H) // 2
    w, h = size
    return max(0, x0), max(0, y0), min(w, x1), min(h, y1)


def scaled(image: Image.Image, factor: float) -> Image.Image:
    return image.resize((round(image.width * factor), round(image.height * factor)), Image.Resampling.LANCZOS)


# --------------------------------------------------------------------------------------------
# Contact sheets


def _definition(el: etree._Element, module: Module) -> list[tuple[str, str]]:
    fields = add_piece_fields((el.text or "").strip())
    if fields is None:
        raise ToolError(f"{module.path}: {el.get('entryName', el.get('name', ''))!r} is not a piece definition")
    return _traits(fields[1], fields[2])


def _prototypes(module: Module) -> dict[str, list[tuple[str, str]]]:
    return {p.get("name", ""): _definition(p, module) for p in module.root.iter(M + "PrototypeDefinition")}


def _slot_images(el: etree._Element, module: Module, prototypes: dict[str, list[tuple[str, str]]]) -> tuple[list[str], str]:
    """Every image a palette or deck slot can show (its BasicPiece image and all its Layer levels),
    and its mask image, prototypes expanded."""
    try:
        traits = expand_prototypes(_definition(el, module), prototypes, lambda trait: trait[0])
    except ValueError as exc:
        raise ToolError(f"{module.path}: {exc} in buildFile.xml") from None
    names: list[str] = []
    basic = basic_type(traits[-1][0])
    if basic and basic[2]:
        names.append(basic[2])
    mask = ""
    for trait, _ in traits[:-1]:
        kind = trait_id(trait)
        values = decode(trait[len(kind) + 1 :], ";")
        if kind == "emb2" and len(values) > 15 and values[15]:
            names += [n for n in decode(values[15], ",") if n]
        elif kind == "obs" and len(values) > 1:
            mask = values[1]
    return names, mask


def contact_sheet(images: Sequence[Image.Image], columns: int) -> Image.Image:
    """Images on a grey sheet, ``columns`` to a row, each in a cell the size of the largest."""
    if not images:
        return Image.new("RGB", (1, 1), SHEET_BACKGROUND)
    cw, ch = max(i.width for i in images), max(i.height for i in images)
    rows = (len(images) + columns - 1) // columns
    sheet = Image.new("RGB", (SHEET_GAP + columns * (cw + SHEET_GAP), SHEET_GAP + rows * (ch + SHEET_GAP)), SHEET_BACKGROUND)
    for n, image in enumerate(images):
        x = SHEET_GAP + (n % columns) * (cw + SHEET_GAP) + (cw - image.width) // 2
        y = SHEET_GAP + (n // columns) * (ch + SHEET_GAP) + (ch - image.height) // 2
        sheet.paste(image, (x, y), image)
    return sheet


def counter_images(module: Module) -> list[str]:
    names: list[str] = []
    prototypes = _prototypes(module)
    for window in module.root.iter(M + "PieceWindow"):
        for slot in window.iter(W + "PieceSlot"):
            names += _slot_images(slot, module, prototypes)[0]
    return list(dict.fromkeys(names))


def card_images(module: Module) -> tuple[list[str], list[str]]:
    faces: list[str] = []
    backs: list[str] = []
    prototypes = _prototypes(module)
    for slot in module.root.iter(W + "CardSlot"):
        names, mask = _slot_images(slot, module, prototypes)
        faces += names
        if mask:
            backs.append(mask)
    return list(dict.fromkeys(faces)), list(dict.fromkeys(backs))


# --------------------------------------------------------------------------------------------
# HTML pages


def html_pages(module: Module) -> list[tuple[str, str]]:
    """(entry, picture name) of every HTML page: the help file(s), chart pages, any other page."""
    named: dict[str, str] = {}
    helps = [el.get("fileName", "") for el in module.root.iter(M + "documentation.HelpFile")]
    for n, entry in enumerate(helps):
        named.setdefault(entry, "help" if n == 0 else f"help-{Path(entry).stem}")
    for el in module.root.iter(W + "HtmlChart"):
        entry = el.get("fileName", "")
        named.setdefault(entry, f"player-aid-{_slug(Path(entry).stem)}")
    for entry in sorted(module.entries):
        if entry.lower().endswith((".html", ".htm")):
            named.setdefault(entry, f"page-{_slug(Path(entry).stem)}")
    return [(entry, name) for entry, name in named.items() if entry in module.entries]


def _slug(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9_-]+", "-", text).strip("-") or "page"


def find_chromium() -> str | None:
    for name in CHROMIUMS:
        found = shutil.which(name)
        if found:
            return found
    return None


def render_page(chromium: str, html_file: Path, work: Path) -> Image.Image:
    """The whole page as Chromium draws it at ``PAGE_W`` pixels wide (trailing blank rows cut)."""
    shot = work / "shot.png"
    command = [
        chromium, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", f"--user-data-dir={work / 'profile'}",
        f"--screenshot={shot}", f"--window-size={PAGE_W},{MAX_PAGE_H}", html_file.as_uri(),
    ]  # fmt: skip
    done = subprocess.run(command, capture_output=True, timeout=180, check=False)
    if not shot.is_file():
        raise ToolError(f"{html_file.name}: Chromium wrote no picture (exit {done.returncode})")
    with Image.open(shot) as raw:
        image = raw.convert("RGB")
    shot.unlink()
    background = image.getpixel((image.width - 1, image.height - 1))
    bottom = image.height
    while bottom > 1:
        row = image.crop((0, bottom - 1, image.width, bottom))
        if row.getcolors(1) is None or row.getcolors(1)[0][1] != background:  # type: ignore[index]
            break
        bottom -= 1
    return image.crop((0, 0, image.width, min(image.height, bottom + 16)))


def write_pages(module: Module, out: Path, chromium: str) -> list[str]:
    """Every HTML page of the module, each next to the images it names (VASSAL's HTML viewer
    finds a bare ``src="x.png"`` in the module's ``images/``)."""
    written: list[str] = []
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        for name, data in module.entries.items():
            target = work / "module" / name
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(data)
        for entry, picture in html_pages(module):
            page = work / "module" / entry
            for src in re.findall(r'src="([^"/]+)"', module.entries[entry].decode("utf-8", "replace")):
                image = f"images/{src}"
                if image in module.entries and not (page.parent / src).exists():
                    (page.parent / src).write_bytes(module.entries[image])
            write_png(out / f"{picture}.png", render_page(chromium, page, work))
            written.append(f"{picture}.png")
    return written


# --------------------------------------------------------------------------------------------
# The command


def write_png(path: Path, image: Image.Image) -> None:
    try:
        path.write_bytes(png_bytes(image))
    except OSError as exc:
        raise ToolError(f"{path}: cannot write ({exc.strerror or exc})") from None


def run(module_path: Path, out: Path, *, zones_named: Sequence[str], crowded_count: int, html: bool) -> list[str]:
    """Write every picture; returns the file names written, in order."""
    module = read_module(module_path)
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise ToolError(f"{out}: cannot use as output folder ({exc.strerror or exc})") from None
    written: list[str] = []

    def save(name: str, image: Image.Image) -> None:
        write_png(out / name, image)
        written.append(name)

    board = board_image(module)
    save("board.png", scaled(board, BOARD_SCALE))
    setup = read_setup(module)
    picture, _ = draw_setup(module, setup, board)
    save("board-setup.png", scaled(picture, BOARD_SCALE))
    zone_list = zones(module)
    by_name = {z.name: z for z in zone_list}
    turn_track = [z for z in zone_list if re.fullmatch(r"Turn \d+", z.name)]
    if turn_track:
        save("setup-turn-track.png", picture.crop(crop_box(turn_track, picture.size)))
    map_name = main_map(module).get("mapName", "")
    for zone in crowded(zone_list, setup, map_name, crowded_count):
        save(f"setup-crowded-{_slug(zone.name)}.png", picture.crop(crop_box([zone], picture.size)))
    for name in zones_named:
        if name not in by_name:
            raise ToolError(f"--zones: no zone named {name!r} on the main map")
        save(f"setup-zone-{_slug(name)}.png", picture.crop(crop_box([by_name[name]], picture.size)))
    save("counters.png", contact_sheet([module.image(n) for n in counter_images(module)], 20))
    faces, backs = card_images(module)
    save("cards.png", contact_sheet([module.image(n) for n in faces + backs], 10))
    if html:
        chromium = find_chromium()
        if chromium is None:
            print(f"screenshots: no Chromium found ({', '.join(CHROMIUMS)}): HTML pages skipped", file=sys.stderr)
        else:
            written += write_pages(module, out, chromium)
    return written


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Pictures of a built module (board, set-up, counters, cards, HTML pages).")
    parser.add_argument("module", type=Path, help="the .vmod file")
    parser.add_argument("-o", "--out", type=Path, required=True, help="output folder (made if missing)")
    parser.add_argument("--zones", default="", help="comma-separated zone names to crop at 100 %% as well")
    parser.add_argument("--crowded", type=int, default=4, help="how many of the most crowded areas to crop (default 4)")
    parser.add_argument("--no-html", action="store_true", help="skip the HTML pages (no Chromium run)")
    args = parser.parse_args(argv)
    try:
        names = run(args.module, args.out, zones_named=[z for z in args.zones.split(",") if z], crowded_count=args.crowded, html=not args.no_html)
    except (ToolError, SdbpError) as exc:
        message = exc.format_message() if isinstance(exc, SdbpError) else str(exc)
        print(f"screenshots: {message}", file=sys.stderr)
        return 2
    print(f"{args.out}: {len(names)} pictures: {', '.join(names)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
