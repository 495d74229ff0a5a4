"""Paint a ``Scene`` on the board: the module's own map and counter images, outlines, rings, arrows.

``BoardPainter(game, module=..., images_dir=...)`` holds the base image and the counter images;
``painter.picture(snapshot, areas=..., units=...)`` gives a ``Picture`` (encoded bytes and their
size) of the board after that snapshot, cropped to what it is about (the areas and units named, the
step's arrows) and scaled to fit a report page, or the whole board at full size (``crop=False``,
``sdbp show``). The caption and the arrow colours sit in bars where no counter is (a free corner),
else in strips added above and below the board.

Images come from the module when one is given (``images/map.png``, ``images/unit_<id>_<face>.png``,
``images/marker_<kind>_<n>.png``: the names ``vassal.pieces`` gives them); otherwise, and for any
image the module lacks, from the maintainer artwork folder (``images/<game id>/``) when it holds the
file, else drawn as the build draws them (``vassal.artwork.jobs``). Decoded images are kept per
process (a report paints one picture per finding; an audit worker paints many reports), keyed by
what they depend on. Encoding uses fixed options, so the same snapshot gives the same bytes.
"""

from __future__ import annotations

import hashlib
import io
import math
from collections.abc import Callable, Iterable
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

from sdbp_module.board.scene import (
    ELSEWHERE,
    Arrow,
    ArrowKind,
    CardScene,
    Counter,
    Scene,
    card_alt,
    card_scene,
    scene,
)
from sdbp_module.codec.zipread import open_archive
from sdbp_module.errors import InputError
from sdbp_module.ids import AreaId, CardId, Side, UnitId
from sdbp_module.model.game_data import GameData
from sdbp_module.paths import default_images_dir
from sdbp_module.records import record
from sdbp_module.replay.hexes.snapshots import HexSnapshot
from sdbp_module.replay.snapshots import Snapshot
from sdbp_module.vassal import artwork, image_check, images, layout, pieces

RGB = tuple[int, int, int]
MAX_W, MAX_H = 1000, 900  # a cropped picture's largest output size (pixels)
MIN_CROP_W, MIN_CROP_H = 1000, 800  # the smallest board region a cropped picture shows
SCALE_STEPS = 20
JPEG_QUALITY = 80  # with 4:2:0 chroma: about 150 KB for a 1000 x 800 picture, text still sharp
HIGHLIGHT: RGB = (225, 0, 170)
ARROW_COLOUR: dict[ArrowKind, RGB] = {
    ArrowKind.MOVE: (0, 135, 55),
    ArrowKind.FIRE: (255, 130, 0),
    ArrowKind.ASSAULT: (125, 30, 200),
    ArrowKind.RETREAT: (30, 30, 30),
    ArrowKind.PLACE: (0, 150, 165),
}
ARROW_W = 9  # board pixels
HEAD_L, HEAD_W = 36, 20
MARK_R, MARK_TICK = 50, 24  # board pixels: the radius of the ring marking a target, and how far its ticks reach past it
TRIM = 34  # board pixels left free at each end of an arrow (the area's number circle)
MIME = {"jpeg": "image/jpeg", "png": "image/png"}
FACE_KEPT = 256  # board pixels: the largest a decoded counter face is kept (drawn: 60; a picture shows it smaller)


@record
class Picture:
    """An encoded picture of the board: bytes, their MIME type, pixel size and a text alternative."""

    data: bytes
    mime: str
    width: int
    height: int
    alt: str


# ------------------------------------------------------------------------------------------
# Image sources (decoded once per process)


Key = tuple[str, str]  # ("bytes" | "drawn", SHA-256 of the image's bytes or of what it is drawn from)
_MODULE_IMAGES: dict[tuple[str, int, int], dict[str, bytes]] = {}
_DECODED: dict[Key, Image.Image] = {}
_BASES: dict[tuple[Key, tuple[int, int]], Image.Image] = {}
_FACES: dict[tuple[Key, tuple[int, int]], Image.Image] = {}


def _module_images(module: Path) -> dict[str, bytes]:
    """The map, unit and marker images of a ``.vmod`` by name (``images/`` left off)."""
    try:
        st = module.stat()
        key = (str(module.resolve()), st.st_mtime_ns, st.st_size)
    except OSError as exc:
        raise InputError(f"{module}: cannot read the module ({exc.strerror or exc})") from None
    found = _MODULE_IMAGES.get(key)
    if found is not None:
        return found
    out: dict[str, bytes] = {}
    # the checked zip reader: any damage (an unsupported method, an encrypted entry, a name that is not
    # UTF-8, corrupt deflate data, sizes that lie) is one CodecError line naming the entry and the byte
    with open_archive(module, kind=".vmod is a zip archive", not_a_zip="not a readable module") as archive:
        for entry in archive.entries:
            name = entry.name
            if not name.startswith("images/") or "/" in name[7:]:
                continue
            short = name[7:]
            if short == "map.png" or short.startswith(("unit_", "marker_", "card_")):
                if entry.size > image_check.max_bytes(short):
                    raise InputError(f"{module}: entry {name!r}: refused: {entry.size:,} bytes, more than the {image_check.max_bytes(short):,} bytes this image may have")
                out.setdefault(short, archive.read(entry))
    if "map.png" not in out:
        raise InputError(f"{module}: no images/map.png entry: not a module built for this game")
    if len(_MODULE_IMAGES) >= 4:
        _MODULE_IMAGES.clear()
    _MODULE_IMAGES[key] = out
    return out


def _decode(key: Key, data: Callable[[], bytes], origin: str, name: str) -> Image.Image:
    """The image ``name`` decoded (``image_check.decode``: its header checked against the limits first);
    a counter face larger than ``FACE_KEPT`` is kept at that size (it is only ever drawn smaller)."""
    found = _DECODED.get(key)
    if found is None:
        with image_check.decode(data(), origin, name) as raw:
            alpha = "A" in raw.mode or "transparency" in raw.info
            found = raw.convert("RGBA" if alpha else "RGB")
        if name != image_check.MAP_NAME and max(found.size) > FACE_KEPT:
            found.thumbnail((FACE_KEPT, FACE_KEPT), Image.Resampling.LANCZOS)
        if len(_DECODED) >= 2048:
            _DECODED.clear()
        _DECODED[key] = found
    return found


class _Images:
    """Decoded images by name: the module's, else the maintainer's artwork, else drawn from the data."""

    def __init__(self, jobs: Iterable[artwork.ImageJob], module: Path | None, images_dir: Path | None) -> None:
        self.module = module
        self.own = _module_images(module) if module is not None else {}
        self.images_dir = images_dir
        self.jobs = {job.name: job for job in jobs}
        self.salt = f"{artwork.drawing_code()}|"

    def get(self, name: str) -> tuple[Key, Image.Image] | None:
        """The decoded image called ``name`` and its cache key (what it depends on), or None."""
        if name in self.own:
            data = self.own[name]
            key: Key = ("bytes", hashlib.sha256(data).hexdigest())
            return key, _decode(key, lambda: data, f"{self.module}: entry 'images/{name}'", name)
        supplied = images.source_override(self.images_dir, name)
        if supplied is not None:
            key = ("bytes", hashlib.sha256(supplied).hexdigest())
            return key, _decode(key, lambda: supplied, str((self.images_dir or Path()) / name), name)
        job = self.jobs.get(name)
        if job is None:
            return None
        key = ("drawn", hashlib.sha256((self.salt + job.inputs).encode("utf-8")).hexdigest())
        return key, _decode(key, job.draw, name, name)


def _scaled(key: Key, image: Image.Image, size: tuple[int, int], *, face: bool) -> Image.Image:
    """``image`` at ``size``, kept per process: a report paints many pictures at a few scales."""
    cache = _FACES if face else _BASES
    found = cache.get((key, size))
    if found is None:
        if face:  # small and full of text: the sharpest filter
            found = image.resize(size, Image.Resampling.LANCZOS)
        else:  # the whole board: box-reduce, then bilinear (a third of Lanczos's time)
            found = image.resize(size, Image.Resampling.BILINEAR, reducing_gap=2.0)
        if len(cache) >= (4096 if face else 8):
            cache.pop(next(iter(cache)))
        cache[(key, size)] = found
    return found


# ------------------------------------------------------------------------------------------
# The painter


class ScenePainter:
    """What every board painter shares: the decoded base image and counters, and the painting of a
    ``Scene`` on them (crop to what it is about, scale, counters, outlines, rings, arrows, legend)."""

    def __init__(self, images_source: _Images, size: tuple[int, int], module: Path | None) -> None:
        self._images = images_source
        found = self._images.get("map.png")
        assert found is not None  # drawn when nothing supplies it
        self._base_key, base = found
        if base.size != size:
            where = f"{module}: images/map.png" if module is not None and "map.png" in self._images.own else "map.png"
            raise InputError(
                f"{where} is {base.size[0]}x{base.size[1]} pixels; the game data's board is "
                f"{size[0]}x{size[1]} (a module of another version of the game?)"
            )
        self.base = base.convert("RGB") if base.mode != "RGB" else base
        self._counters: dict[tuple[str, int], Image.Image] = {}

    def encoded(self, sc: Scene, *, crop: bool, fmt: str) -> Picture:
        """``sc`` rendered (``render``) and encoded in ``fmt`` (jpeg or png, fixed options)."""
        if fmt not in MIME:
            raise ValueError(f"picture format {fmt!r}: expected jpeg or png")
        image = self.render(sc, crop=crop)
        return Picture(_encode(image, fmt), MIME[fmt], image.width, image.height, alt_text(sc))

    def region(self, sc: Scene, *, crop: bool = True) -> tuple[int, int, int, int]:
        """The board box a picture shows: around the scene's focus (at least ``MIN_CROP``), else all."""
        if not crop or sc.focus is None:
            return (0, 0, sc.width, sc.height)
        x0, y0, x1, y1 = sc.focus
        w = max(x1 - x0, MIN_CROP_W)
        h = max(y1 - y0, MIN_CROP_H)
        w, h = max(w, round(h * MIN_CROP_W / MAX_H)), max(h, round(w * MIN_CROP_H / MIN_CROP_W))  # no strips
        w, h = min(sc.width, w), min(sc.height, h)
        cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
        left = int(min(max(0, cx - w / 2), sc.width - w))
        top = int(min(max(0, cy - h / 2), sc.height - h))
        return (left, top, left + w, top + h)

    def scale_for(self, box: tuple[int, int, int, int], *, crop: bool = True) -> float:
        """Output pixels per board pixel: 1 for the full board, else the largest step of 1/20 that
        fits ``MAX_W`` x ``MAX_H`` (few steps, so the scaled base images are reused)."""
        w, h = box[2] - box[0], box[3] - box[1]
        fit = min(1.0, MAX_W / w, (MAX_H - 2 * STRIP_H) / h)
        return 1.0 if not crop or fit >= 1.0 else max(1, math.floor(fit * SCALE_STEPS)) / SCALE_STEPS

    def render(self, sc: Scene, *, crop: bool = True) -> Image.Image:
        """The picture of ``sc`` as an image (cropped and scaled down to ``MAX`` unless ``crop`` is off).

        Everything is drawn at output size on a scaled copy of the base (kept per scale), so a
        picture costs a crop, the counters it shows and the encoding, whatever the region."""
        box = self.region(sc, crop=crop)
        s = self.scale_for(box, crop=crop)
        base = self._scaled_base(s)
        ox, oy = round(box[0] * s), round(box[1] * s)  # the region's corner, output pixels
        w = min(base.width - ox, max(1, round((box[2] - box[0]) * s)))
        h = min(base.height - oy, max(1, round((box[3] - box[1]) * s)))
        img = base.crop((ox, oy, ox + w, oy + h))

        def at(p: tuple[float, float]) -> tuple[int, int]:
            return (round(p[0] * s) - ox, round(p[1] * s) - oy)

        under = ImageDraw.Draw(img)
        for arrow in sc.arrows:  # those on the map under the counters first: the counters stay readable
            if arrow.under:
                _arrow(under, arrow, [at(p) for p in arrow.points], s)
        rings = {(c.unit, c.x, c.y) for c in sc.rings}
        later: list[Counter] = []
        ringed: list[Counter] = []
        drawn: list[tuple[int, int, int, int]] = []  # what the counters cover, output pixels
        for c in sc.counters:
            x, y, size = *at((c.x, c.y)), max(8, round(c.size * s))
            half = size // 2
            if x + half < 0 or x - half > w or y + half < 0 or y - half > h:
                continue
            drawn.append((x - half, y - half, x - half + size, y - half + size))
            if (c.unit, c.x, c.y) in rings:
                ringed.append(c)
                if sc.lift_rings:
                    later.append(c)  # highlighted counters on top of any stack
                    continue
            self._paste(img, c, size, (x - half, y - half))
        for c in later:
            x, y, size = *at((c.x, c.y)), max(8, round(c.size * s))
            self._paste(img, c, size, (x - size // 2, y - size // 2))
        d = ImageDraw.Draw(img)
        for _, poly in sc.outlines:
            pts = [at(p) for p in poly]
            d.polygon(pts, outline=(255, 255, 255), width=max(5, round(13 * s)))
            d.polygon(pts, outline=HIGHLIGHT, width=max(3, round(8 * s)))
        for c in ringed:
            x, y = at((c.x, c.y))
            r = max(4, round(c.size * s)) // 2 + max(3, round(7 * s))
            d.rectangle((x - r, y - r, x + r, y + r), outline=(255, 255, 255), width=max(4, round(9 * s)))
            d.rectangle((x - r + 1, y - r + 1, x + r - 1, y + r - 1), outline=HIGHLIGHT, width=max(3, round(5 * s)))
        for arrow in sc.arrows:
            if not arrow.under:
                _arrow(d, arrow, [at(p) for p in arrow.points], s)
        for x0, y0, x1, y1 in sc.keep_clear:
            drawn.append((*at((x0, y0)), *at((x1, y1))))
        return _legend(img, sc, drawn)

    def _scaled_base(self, s: float) -> Image.Image:
        if s >= 1.0:
            return self.base
        size = (round(self.base.width * s), round(self.base.height * s))
        return _scaled(self._base_key, self.base, size, face=False)

    def _counter(self, c: Counter, size: int) -> Image.Image:
        memo = (c.image or "?" + c.label, size)
        found = self._counters.get(memo)
        if found is None:
            got = self._images.get(c.image) if c.image else None
            key, face = got if got is not None else (("placeholder", c.label), _placeholder(c.label))
            found = face if face.size == (size, size) else _scaled(key, face, (size, size), face=True)
            self._counters[memo] = found
        return found

    def _paste(self, img: Image.Image, c: Counter, size: int, at: tuple[int, int]) -> None:
        face = self._counter(c, size)
        if face.mode == "RGBA":
            img.paste(face, at, face)
        else:
            img.paste(face, at)



class BoardPainter(ScenePainter):
    """Paints pictures of one area game's board; holds the decoded base image and counters."""

    def __init__(self, game: GameData, *, module: Path | None = None, images_dir: Path | None = None) -> None:
        self.game = game
        self.layout = layout.make_layout(game)
        if module is None and images_dir is None:
            images_dir = default_images_dir(game.game.id)
        super().__init__(_Images(artwork.jobs(game, self.layout), module, images_dir), (self.layout.width, self.layout.height), module)

    # -- scene and picture ------------------------------------------------------------------

    def scene(self, snapshot: Snapshot, *, areas: Iterable[AreaId] = (), units: Iterable[UnitId] = ()) -> Scene:
        return scene(self.game, self.layout, snapshot, areas=areas, units=units)

    def picture(
        self,
        snapshot: Snapshot,
        *,
        areas: Iterable[AreaId] = (),
        units: Iterable[UnitId] = (),
        crop: bool = True,
        fmt: str = "jpeg",
    ) -> Picture:
        """The board after ``snapshot`` with ``areas`` outlined, ``units`` ringed and the step's arrows."""
        return self.encoded(self.scene(snapshot, areas=areas, units=units), crop=crop, fmt=fmt)

    def card_picture(
        self, snapshot: Snapshot, *, side: Side | None = None, cards: Iterable[CardId] = (), fmt: str = "jpeg"
    ) -> Picture:
        """The cards a finding is about (``scene.card_scene``): the piles of the sides concerned as
        the replay knows them after ``snapshot``, the cards ``cards`` (else the step's) framed."""
        if fmt not in MIME:
            raise ValueError(f"picture format {fmt!r}: expected jpeg or png")
        sc = card_scene(self.game, snapshot, side=side, cards=cards)
        image = self.render_cards(sc)
        return Picture(_encode(image, fmt), MIME[fmt], image.width, image.height, card_alt(self.game, sc))

    def render_cards(self, sc: CardScene) -> Image.Image:
        """The piles of ``sc`` in rows of card faces (the hand and the cards named large, the other
        piles smaller, a row wrapping at ``MAX_W``), the marked cards framed, under the caption and the
        step's card events."""
        title, head, small = images.font("bold", 16), images.font("bold", 15), images.font("condensed", 14)
        pad, gap = 12, 10
        big_w, little_w = 110, 78
        lines: list[tuple[int, str, ImageFont.FreeTypeFont]] = []  # (y, text, font)
        faces: list[tuple[int, int, int, CardId]] = []  # (x, y, width, card)
        y = pad
        lines.append((y, sc.caption, title))
        y += 26
        for text in sc.step:
            lines.append((y, "This step: " + text, small))
            y += 20
        if not sc.piles_known:
            lines.append((y, "The log did not show the decks: the piles are what it showed.", small))
            y += 20
        last_side: object = object()
        for p in sc.piles:
            if p.side is not last_side:
                last_side = p.side
                y += 8
                lines.append((y, "Named in the finding, in no pile shown" if p.side is None else p.side.label, title))
                y += 24
            if p.pile == ELSEWHERE:
                label = ""
            else:
                hidden = p.count - len(p.cards)
                label = f"{p.pile.capitalize()} ({p.count})" + (": empty" if not p.count else "") + (f", {hidden} not known" if hidden > 0 else "")
            if label:
                lines.append((y, label, head))
                y += 22
            if not p.cards:
                y += 4
                continue
            w = big_w if p.pile in (ELSEWHERE, "hand") or any(c in sc.marked for c in p.cards) else little_w
            h = round(w * layout.CARD_H / layout.CARD_W)
            x = pad
            for c in p.cards:
                if x + w > MAX_W - pad:
                    x, y = pad, y + h + gap
                faces.append((x + 6, y + 6, w, c))
                x += w + gap + 6
            y += h + gap + 12
        img = Image.new("RGB", (MAX_W, y + pad), (250, 249, 244))
        d = ImageDraw.Draw(img)
        for ly, text, font in lines:
            d.text((pad, ly), text, font=font, fill=(0, 0, 0))
        for x, fy, w, c in faces:
            h = round(w * layout.CARD_H / layout.CARD_W)
            face = self._card_face(c, (w, h))
            if face.mode == "RGBA":
                img.paste(face, (x, fy), face)
            else:
                img.paste(face, (x, fy))
            if c in sc.marked:
                d.rectangle((x - 6, fy - 6, x + w + 5, fy + h + 5), outline=(255, 255, 255), width=7)
                d.rectangle((x - 5, fy - 5, x + w + 4, fy + h + 4), outline=HIGHLIGHT, width=5)
        return img

    def _card_face(self, card: CardId, size: tuple[int, int]) -> Image.Image:
        found = self._images.get(pieces.card_image(self.game.card(card))) if self.game.has_card(card) else None
        key, face = found if found is not None else (("placeholder", card), _placeholder(card))
        return _scaled(key, face, size, face=True)


class HexBoardPainter(ScenePainter):
    """Paints pictures of one hex-map game's board (``board.hex_scene``): the board the module prints,
    its unit faces (full or flipped) and the turn marker."""

    def __init__(self, game: GameData, *, module: Path | None = None, images_dir: Path | None = None) -> None:
        from sdbp_module.board.hex_scene import board_layout

        self.game = game
        self.layout = board_layout(game)
        if module is None and images_dir is None:
            images_dir = default_images_dir(game.game.id)
        super().__init__(_Images(artwork.hex_jobs(game), module, images_dir), (self.layout.width, self.layout.height), module)

    def scene(self, snapshot: HexSnapshot, *, hexes: Iterable[str] = (), units: Iterable[str] = ()) -> Scene:
        from sdbp_module.board.hex_scene import hex_scene

        return hex_scene(self.game, self.layout, snapshot, hexes=hexes, units=units)

    def region(self, sc: Scene, *, crop: bool = True) -> tuple[int, int, int, int]:
        """``ScenePainter.region``, kept on the map when what the picture is about is on the map and
        the map is wide enough: no box of the panel cut in half at the picture's edge."""
        left, top, right, bottom = super().region(sc, crop=crop)
        if crop and sc.focus is not None and sc.focus[2] <= sc.map_width < right and right - left <= sc.map_width:
            shift = right - sc.map_width
            left, right = left - shift, right - shift
        return (left, top, right, bottom)

    def hex_picture(
        self,
        snapshot: HexSnapshot,
        *,
        hexes: Iterable[str] = (),
        units: Iterable[str] = (),
        crop: bool = True,
        fmt: str = "jpeg",
    ) -> Picture:
        """The board after ``snapshot`` with ``hexes`` outlined, ``units`` ringed, the step's moves and fire lines."""
        return self.encoded(self.scene(snapshot, hexes=hexes, units=units), crop=crop, fmt=fmt)


def _encode(image: Image.Image, fmt: str) -> bytes:
    """``image`` as JPEG or PNG bytes, with fixed options (the same image, the same bytes)."""
    out = io.BytesIO()
    if fmt == "jpeg":
        image.save(out, format="JPEG", quality=JPEG_QUALITY, subsampling="4:2:0", optimize=False, progressive=False)
    else:
        image.save(out, format="PNG", compress_level=6)
    return out.getvalue()


def _placeholder(label: str) -> Image.Image:
    """A grey counter naming a piece the game data and artwork have no image for."""
    s = layout.COUNTER
    img = Image.new("RGB", (s, s), (190, 190, 190))
    d = ImageDraw.Draw(img)
    d.rectangle((0, 0, s - 1, s - 1), outline=(0, 0, 0), width=2)
    d.text((s / 2, s / 2), label[:10], font=images.font("condensed", 10), fill=(0, 0, 0), anchor="mm")
    return img


def _arrow(d: ImageDraw.ImageDraw, arrow: Arrow, pts: list[tuple[int, int]], s: float) -> None:
    """An arrow along ``pts`` (output pixels) in its kind's colour, on a white casing; a single point
    (a target only: card fire) is a ring with four ticks around the area's number."""
    colour = ARROW_COLOUR[arrow.kind]
    width = max(4, round(ARROW_W * s))
    casing = width + max(4, round(6 * s))
    if len(pts) == 1:  # around the area's number, leaving it readable
        x, y = pts[0]
        ring = MARK_R if arrow.radius is None else arrow.radius
        r, arm = max(18, round(ring * s)), max(28, round((ring + MARK_TICK) * s))
        for w, fill in ((casing, (255, 255, 255)), (width, colour)):
            d.ellipse((x - r, y - r, x + r, y + r), outline=fill, width=w)
            for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                d.line((x + dx * (r - 2), y + dy * (r - 2), x + dx * arm, y + dy * arm), fill=fill, width=w)
        return
    head_l, head_w = max(14, HEAD_L * s), max(8, HEAD_W * s)
    pts = _trimmed(pts, (TRIM if arrow.trim is None else arrow.trim) * s)
    (ax, ay), (bx, by) = pts[-2], pts[-1]
    length = math.hypot(bx - ax, by - ay) or 1.0
    ux, uy = (bx - ax) / length, (by - ay) / length
    base = (bx - ux * head_l, by - uy * head_l)
    shaft = [*pts[:-1], base]
    head = [(bx, by), (base[0] - uy * head_w, base[1] + ux * head_w), (base[0] + uy * head_w, base[1] - ux * head_w)]
    d.line(shaft, fill=(255, 255, 255), width=casing, joint="curve")
    d.polygon(head, fill=(255, 255, 255), outline=(255, 255, 255), width=max(2, round(4 * s)))
    d.line(shaft, fill=colour, width=width, joint="curve")
    d.polygon(head, fill=colour)
    dot = max(4, round(9 * s))
    for x, y in pts[:-1] if arrow.dots else ():
        d.ellipse((x - dot, y - dot, x + dot, y + dot), fill=colour, outline=(255, 255, 255), width=2)


def _trimmed(pts: list[tuple[int, int]], trim: float) -> list[tuple[int, int]]:
    """``pts`` with the first and last segments shortened by ``trim`` (each keeps at least half its
    length), so an arrow leaves and reaches an area beside its printed number, not on it."""
    out = list(pts)
    for end, nxt in ((0, 1), (len(out) - 1, len(out) - 2)):
        (ax, ay), (bx, by) = out[end], out[nxt]
        length = math.hypot(bx - ax, by - ay)
        if length <= 0:
            continue
        cut = min(trim, length / 4)
        out[end] = (round(ax + (bx - ax) * cut / length), round(ay + (by - ay) * cut / length))
    return out


STRIP_H = 26  # a caption or legend bar of a cropped picture, output pixels (the full board's: 34)
Bar = list[tuple[RGB | None, str]]  # text items, each after a swatch of its colour (None: plain text)


def _bar_size(d: ImageDraw.ImageDraw, items: Bar, big: bool) -> tuple[int, int]:
    f = _bar_font(items, big)
    widths = [int(d.textlength(label, font=f)) + (0 if colour is None else 22) for colour, label in items]
    return sum(widths) + 12 * (len(items) - 1) + 10, (34 if big else STRIP_H) - 1


def _bar_font(items: Bar, big: bool) -> ImageFont.FreeTypeFont:
    caption = bool(items) and items[0][0] is None
    return images.font("bold", (20 if big else 14) if caption else (17 if big else 12))


def _draw_bar(d: ImageDraw.ImageDraw, items: Bar, big: bool, x0: int, y0: int) -> None:
    """A white bar of ``items`` with its top left corner at (x0, y0)."""
    f = _bar_font(items, big)
    width, height = _bar_size(d, items, big)
    d.rectangle((x0, y0, x0 + width, y0 + height), fill=(255, 255, 255), outline=(0, 0, 0))
    x, ty = x0 + 5, y0 + (height - f.size) // 2
    for colour, label in items:
        if colour is not None:
            cy = ty + f.size // 2 + 1
            d.line((x, cy, x + 18, cy), fill=colour, width=5)
            x += 22
        d.text((x, ty), label, font=f, fill=(0, 0, 0))
        x += int(d.textlength(label, font=f)) + 12


def _legend(img: Image.Image, sc: Scene, drawn: list[tuple[int, int, int, int]]) -> Image.Image:
    """The caption, and the colour of each arrow kind shown, each in a bar placed where it covers no
    counter (``drawn``: what the counters cover, output pixels): a free corner of the picture (the
    caption top left or top right, the colours bottom left or bottom right), else a strip added above
    (the caption) or below (the colours) the board, outside it."""
    big = img.width > 1200  # the full board of ``sdbp show``
    d = ImageDraw.Draw(img)
    bars: list[tuple[bool, Bar]] = [(True, [(None, sc.caption)])]
    items: Bar = [(ARROW_COLOUR[k], k.value) for k in ArrowKind if any(a.kind is k for a in sc.arrows)]
    if sc.outlines or sc.rings:
        items.append((HIGHLIGHT, "concerned"))
    if items:
        bars.append((False, items))
    placed: list[tuple[Bar, int, int]] = []
    strips: list[tuple[bool, Bar, int]] = []
    for top, bar in bars:
        bw, bh = _bar_size(d, bar, big)
        y = 0 if top else img.height - bh - 1
        for x in (0, img.width - bw - 1):
            if x >= 0 and not any(layout.overlaps((x, y, x + bw, y + bh), c) for c in drawn):
                placed.append((bar, x, y))
                break
        else:
            strips.append((top, bar, bh + 1))
    for bar, x, y in placed:
        _draw_bar(d, bar, big, x, y)
    if not strips:
        return img
    above = sum(h for top, _, h in strips if top)
    below = sum(h for top, _, h in strips if not top)
    out = Image.new("RGB", (img.width, img.height + above + below), (255, 255, 255))
    out.paste(img, (0, above))
    d = ImageDraw.Draw(out)
    for top, bar, h in strips:
        _draw_bar(d, bar, big, 0, 0 if top else out.height - h)
    return out


def alt_text(sc: Scene) -> str:
    """A text alternative: where, what is outlined and ringed, and the arrows."""
    bits = [f"Board {sc.caption}"]
    if sc.outlines:
        bits.append(f"{sc.outline_noun} " + ", ".join(str(a) for a, _ in sc.outlines) + " outlined")
    if sc.rings:
        bits.append("units " + ", ".join(c.label for c in sc.rings) + " ringed")
    if sc.arrows:
        bits.append("; ".join(a.label for a in sc.arrows))
    return "; ".join(bits)

