"""Limits on the images sdbp reads: the maintainer's artwork and the images of a module.

An image is checked from its header before anything is decoded: its format, and its size against a
stated limit, so that a 90-megapixel map is refused in a millisecond instead of taking a gigabyte
(and printing Pillow's multi-line DecompressionBombWarning). Artwork that goes into a module is
then decoded once in full, so that a damaged file is refused at build time rather than published.
Every refusal is one ``InputError`` line (exit 2) naming the file (and the module entry).

- The board (``map.png``): at most ``MAP_PIXELS`` pixels and ``MAP_BYTES`` bytes.
- Every other image (counters, markers, cards, card backs): at most ``PIECE_PIXELS`` pixels and
  ``PIECE_BYTES`` bytes.
- No side longer than ``MAX_SIDE`` pixels.
"""

from __future__ import annotations

import io
import os
import re
import warnings
from pathlib import Path

from PIL import Image, UnidentifiedImageError

from sdbp_module import limits
from sdbp_module.errors import InputError
from sdbp_module.fileio import read_inside

MAP_NAME = "map.png"
MAP_PIXELS = limits.MAX_MAP_PIXELS
"""Largest board image (``sdbp_module.limits``, as the four below; the drawn one has 6.5 million pixels)."""
PIECE_PIXELS = limits.MAX_PIECE_PIXELS
MAX_SIDE = limits.MAX_IMAGE_SIDE
MAP_BYTES = limits.MAX_MAP_IMAGE_BYTES
PIECE_BYTES = limits.MAX_PIECE_IMAGE_BYTES
ARTWORK_FORMATS = ("PNG",)
"""What the artwork folder may hold: PNG files, used byte for byte."""
MODULE_FORMATS = ("PNG", "JPEG", "GIF")
"""What a module's images may be (the engine reads these; sdbp writes PNG)."""


def _is_map(name: str) -> bool:
    return name == MAP_NAME


def max_bytes(name: str) -> int:
    """The most bytes the image called ``name`` may have."""
    return MAP_BYTES if _is_map(name) else PIECE_BYTES


def _words(formats: tuple[str, ...]) -> str:
    return formats[0] if len(formats) == 1 else ", ".join(formats[:-1]) + " or " + formats[-1]


def _said(exc: BaseException) -> str:
    return " ".join(str(exc).split())[:200] or type(exc).__name__


def _limit(name: str) -> tuple[int, str]:
    return (MAP_PIXELS, "the board image") if _is_map(name) else (PIECE_PIXELS, "a counter, marker or card image")


def _open(data: bytes, origin: str, name: str, formats: tuple[str, ...]) -> Image.Image:
    """The image of ``data`` opened (its header read, nothing decoded) and its size checked."""
    limit, what = _limit(name)
    if len(data) > max_bytes(name):
        raise InputError(f"{origin}: refused: {len(data):,} bytes, more than the {max_bytes(name):,} bytes {what} may have")
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)  # Pillow's own limit, far above ours
            image = Image.open(io.BytesIO(data), formats=list(formats))
    except UnidentifiedImageError:
        raise InputError(f"{origin}: cannot be read: not a {_words(formats)} image") from None
    except (Image.DecompressionBombWarning, Image.DecompressionBombError) as exc:
        found = re.search(r"\((\d+) pixels\)", str(exc))
        size = f"{int(found.group(1)):,} pixels" if found else "its size"
        raise InputError(f"{origin}: refused: {size}, more than the {limit:,} pixels {what} may have") from None
    except (OSError, ValueError, SyntaxError, EOFError) as exc:
        raise InputError(f"{origin}: cannot be read: a damaged {_words(formats)} image ({_said(exc)})") from None
    w, h = image.size
    if w * h > limit or max(w, h) > MAX_SIDE:
        image.close()
        side = f", a side longer than {MAX_SIDE:,} pixels" if w * h <= limit else f" ({w * h:,}), more than the {limit:,} pixels {what} may have"
        raise InputError(f"{origin}: refused: {w} x {h} pixels{side}")
    return image


def decode(data: bytes, origin: str, name: str, formats: tuple[str, ...] = MODULE_FORMATS) -> Image.Image:
    """The image in ``data``, decoded, after its header passed the limits; ``InputError`` otherwise or
    when the data is damaged. ``origin`` names the file (and entry) in messages, ``name`` the image."""
    image = _open(data, origin, name, formats)
    try:
        image.load()
    except (OSError, ValueError, SyntaxError, EOFError) as exc:
        image.close()
        raise InputError(f"{origin}: cannot be read: a damaged {image.format or _words(formats)} image ({_said(exc)})") from None
    return image


def check_artwork(data: bytes, origin: str, name: str) -> None:
    """``InputError`` unless ``data`` is a whole, undamaged PNG within the limits of ``name``: every chunk's
    checksum (``verify``), then the pixels decoded once."""
    with _open(data, origin, name, ARTWORK_FORMATS) as image:
        try:
            image.verify()
        except (OSError, ValueError, SyntaxError, EOFError) as exc:
            raise InputError(f"{origin}: cannot be read: a damaged PNG image ({_said(exc)})") from None
    decode(data, origin, name, ARTWORK_FORMATS).close()


def read_artwork(images_dir: Path, name: str) -> bytes | None:
    """The bytes of the artwork file ``name`` of ``images_dir``, or ``None`` when there is none; read as
    ``fileio.read_inside`` reads (no link out of the folder, a regular file, at most ``max_bytes``) and
    its header checked (a PNG within the limits). Not decoded: see ``check_artwork``."""
    path = images_dir / name
    if not os.path.lexists(path):
        return None
    origin = str(path)
    _, what = _limit(name)
    data = read_inside(path, images_dir, shown=origin, limit=max_bytes(name), what=what, folder_words="artwork folder")
    _open(data, origin, name, ARTWORK_FORMATS).close()
    return data
