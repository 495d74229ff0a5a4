"""Hostile game data, artwork and module images: one line naming the file (and position), the right exit
code, nothing written, and never a hang.

A maintainer builds from a data folder and artwork someone else wrote, and publishes the module; an
umpire draws boards from a module someone sent. So nothing is read through a link out of the data or
artwork folder, nothing that is not a regular file (a FIFO would never end), nothing over the stated
limits (file sizes, values, alias expansion, image pixels), and no damaged image goes into a module.
Exit 2: the input could not be read or was refused; exit 1: it was read but is wrong. Each class has a
legal neighbour that passes. The limits are in README.md ("Limits") and docs/data-format.md.
"""

from __future__ import annotations

import contextlib
import io
import os
import shutil
import struct
import warnings
import zipfile
import zlib
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner
from PIL import Image

from sdbp_module.cli import main
from sdbp_module.data.files import MAX_FILE_BYTES
from sdbp_module.data.sources import MAX_ALIAS_CHARS, MAX_FOLDER_VALUES, MAX_VALUES
from sdbp_module.data.validate import MAX_PROBLEMS
from sdbp_module.paths import PROJECT_ROOT, default_images_dir
from tests.built_modules import built_module

BUNDLED = PROJECT_ROOT / "source_data" / "sodbp"
MINI = PROJECT_ROOT / "tests" / "unit" / "data" / "fixtures" / "mini"


def invoke(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args))
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    return result.exit_code, result.stdout, result.stderr


@pytest.fixture
def work(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The working folder, holding a copy of the mini game as ``mini/`` (messages name ``mini/...``)."""
    monkeypatch.chdir(tmp_path)
    shutil.copytree(MINI, tmp_path / "mini")
    return tmp_path


# -- the data folder ------------------------------------------------------------------------------


def test_a_link_out_of_the_data_folder_is_refused(work: Path) -> None:
    secret = work / "secret.txt"
    secret.write_text("root:x:0:0\n")
    (work / "mini" / "module.yaml").symlink_to(secret)
    assert invoke("validate", "mini") == (2, "", f"Error: mini/module.yaml: refused: it links to {secret}, outside the data folder mini\n")
    (work / "mini" / "module.yaml").unlink()
    (work / "mini" / "markers.yaml").unlink()
    (work / "mini" / "markers.yaml").symlink_to("/dev/zero")
    assert invoke("validate", "mini") == (2, "", "Error: mini/markers.yaml: refused: it links to /dev/zero, outside the data folder mini\n")


def test_a_link_inside_the_data_folder_is_read(work: Path) -> None:
    (work / "mini" / "parts").mkdir()
    (work / "mini" / "markers.yaml").rename(work / "mini" / "parts" / "markers.yaml")
    (work / "mini" / "markers.yaml").symlink_to(Path("parts") / "markers.yaml")
    code, out, err = invoke("validate", "mini")
    assert (code, err) == (0, "") and out.startswith("OK: Mini Game")


def test_a_linked_data_folder_is_the_folder_it_leads_to(work: Path) -> None:
    """Only links *inside* the folder are judged: the folder named on the command line may itself be a link."""
    (work / "alias").symlink_to(work / "mini")
    code, out, _ = invoke("validate", "alias")
    assert code == 0 and out.startswith("OK: Mini Game")


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs on this system")
def test_a_fifo_is_refused_without_waiting(work: Path) -> None:
    (work / "mini" / "markers.yaml").unlink()
    os.mkfifo(work / "mini" / "markers.yaml")  # opened to read, it would wait for a writer for ever
    assert invoke("validate", "mini") == (2, "", "Error: mini/markers.yaml: refused: a FIFO (named pipe), not a regular file\n")
    (work / "mini" / "markers.yaml").unlink()
    os.mkfifo(work / "mini" / "module.yaml")  # an optional file too: never taken for an absent one
    (work / "mini" / "markers.yaml").write_bytes((MINI / "markers.yaml").read_bytes())
    assert invoke("validate", "mini") == (2, "", "Error: mini/module.yaml: refused: a FIFO (named pipe), not a regular file\n")


def test_a_folder_where_a_data_file_should_be_is_refused(work: Path) -> None:
    (work / "mini" / "module.yaml").mkdir()
    assert invoke("validate", "mini") == (2, "", "Error: mini/module.yaml: refused: a folder, not a regular file\n")


def test_a_data_file_over_the_size_limit_is_refused_unread(work: Path) -> None:
    text = (MINI / "markers.yaml").read_text(encoding="utf-8")
    padded = text + "#" * (MAX_FILE_BYTES - len(text) - 1) + "\n"
    (work / "mini" / "markers.yaml").write_text(padded, encoding="utf-8")
    assert invoke("validate", "mini")[0] == 0  # at the limit: read
    (work / "mini" / "markers.yaml").write_text(padded + "#\n", encoding="utf-8")
    assert invoke("validate", "mini") == (
        2,
        "",
        f"Error: mini/markers.yaml: refused: {MAX_FILE_BYTES + 2:,} bytes, more than the {MAX_FILE_BYTES:,} bytes a game data file may have\n",
    )


@pytest.mark.parametrize("force_pure", [False, True], ids=["libyaml", "pure"])
def test_a_scalar_alias_bomb_is_refused(work: Path, force_pure: bool) -> None:
    """A long text repeated by aliases costs what the text written out would: bounded in characters, the
    same message from either loader (a tab in a comment sends a text to the pure loader)."""
    long = "x" * 100_000
    text = f'markers: [&a "{long}", ' + ", ".join(["*a"] * 20) + "]\n" + ("#\t\n" if force_pure else "")
    (work / "mini" / "markers.yaml").write_text(text, encoding="utf-8")
    assert invoke("validate", "mini") == (
        2,
        "",
        f"Error: mini/markers.yaml:1:11: cannot be read: aliases repeat the text anchored here into more than "
        f"{MAX_ALIAS_CHARS} characters of text (an alias bomb?)\n",
    )
    (work / "mini" / "markers.yaml").write_text(text.replace(", *a" * 11, ""), encoding="utf-8")  # 9 repeats: read
    assert invoke("validate", "mini")[0] == 1  # read; wrong (a list of texts is not a marker list)


@pytest.mark.parametrize("force_pure", [False, True], ids=["libyaml", "pure"])
def test_a_file_of_too_many_values_is_refused(work: Path, force_pure: bool) -> None:
    text = "markers: [" + ", ".join(["1"] * MAX_VALUES) + "]\n" + ("#\t\n" if force_pure else "")
    (work / "mini" / "markers.yaml").write_text(text, encoding="utf-8")
    message = f"Error: mini/markers.yaml: cannot be read: more than {MAX_VALUES} values (a game data file holds a few thousand)\n"
    assert invoke("validate", "mini") == (2, "", message)
    (work / "mini" / "markers.yaml").write_text(text.replace("1, ", "", 2), encoding="utf-8")  # the mapping and the list count
    code, out, err = invoke("validate", "mini")
    assert code == 1 and err.endswith(f"the first {MAX_PROBLEMS} of a file are listed; mini/markers.yaml has more)\n")
    assert len(out.splitlines()) == MAX_PROBLEMS


def test_a_folder_of_too_many_values_is_refused(work: Path) -> None:
    share = MAX_FOLDER_VALUES // 3
    for kind in ("areas", "borders", "counters"):
        (work / "mini" / f"{kind}.yaml").write_text(f"{kind}: [" + ", ".join(["1"] * share) + "]\n", encoding="utf-8")
    assert invoke("validate", "mini") == (
        2,
        "",
        f"Error: mini/counters.yaml: cannot be read: the data files read so far hold more than {MAX_FOLDER_VALUES} values "
        "together (a game's data holds a few thousand)\n",
    )


def test_a_piece_name_starting_with_a_chat_colour_code_is_wrong(work: Path) -> None:
    """VASSAL shows a report starting with ``| ! ? ~ ` `` as HTML whatever the module says; move reports start
    with the piece's name."""
    path = work / "mini" / "cards.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("name: Air Strike,", "name: \"!<img src='http://example.invalid/x'>\","))
    code, out, err = invoke("validate", "mini")
    assert (code, err) == (1, "Aborted: 1 problem in 1 file\n")
    assert out.startswith("mini/cards.yaml:2:48: cards[0].name: card name '!<img src='http://example.invalid/x'>' starts with '!'")


def test_a_board_larger_than_an_image_may_be_is_wrong_data(tmp_path: Path) -> None:
    """The board is drawn from the data's map size: one over the pixel limit is refused before drawing (exit 1)."""
    data = tmp_path / "data"
    shutil.copytree(BUNDLED, data)
    game = data / "game.yaml"
    game.write_text(game.read_text(encoding="utf-8").replace("  width: 1880\n  height: 2205\n", "  width: 20000\n  height: 20000\n"))
    code, out, err = invoke("build", str(data), "-o", str(tmp_path / "out"))
    assert (code, out, err) == (
        1,
        "",
        "Error: game.yaml: map: the board (the map, 20000 x 20000, and its box panel) would be 21078 x 20000 pixels "
        "(421,560,000), more than the 25,000,000 pixels the board image may have\n",
    )
    assert not (tmp_path / "out").exists()


# -- artwork --------------------------------------------------------------------------------------


def png(width: int, height: int, colour: tuple[int, int, int] = (90, 120, 40)) -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (width, height), colour).save(out, "PNG")
    return out.getvalue()


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def png_header(width: int, height: int) -> bytes:
    """A small PNG file that declares ``width`` x ``height`` pixels (a decompression bomb's header)."""
    ihdr = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + _chunk(b"IHDR", ihdr) + _chunk(b"IDAT", zlib.compress(b"")) + _chunk(b"IEND", b"")


def damaged(how: str) -> bytes:
    data = bytearray(png(60, 60))
    start = data.find(b"IDAT") + 4
    if how == "checksum":
        data[start + 5] ^= 0xFF
    elif how == "stream":  # the pixel data garbled, its checksum made right again: only decoding finds it
        length = struct.unpack(">I", data[start - 8 : start - 4])[0]
        data[start + 2 : start + length] = b"\x00" * (length - 2)
        struct.pack_into(">I", data, start + length, zlib.crc32(bytes(data[start - 4 : start + length])))
    elif how == "cut":
        data = data[: start + 20]
    return bytes(data)


UNIT = "unit_FR-III13DBLE-9_fresh.png"


@contextlib.contextmanager
def no_warnings() -> Iterator[None]:
    """Fails when a warning (Pillow's DecompressionBombWarning above all) is issued inside."""
    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter("always")
        yield
    assert [str(w.message) for w in seen] == []


def build(tmp_path: Path, art: Path) -> tuple[int, str, str]:
    return invoke("build", str(BUNDLED), "-o", str(tmp_path / "out"), "--images", str(art))


@pytest.fixture
def art(tmp_path: Path) -> Path:
    (tmp_path / "art").mkdir()
    return tmp_path / "art"


def test_artwork_linking_out_of_its_folder_is_refused(tmp_path: Path, art: Path) -> None:
    """A link to /etc/passwd named as a counter would put that file into a published module."""
    (art / UNIT).symlink_to("/etc/passwd")
    assert build(tmp_path, art) == (2, "", f"Error: {art / UNIT}: refused: it links to /etc/passwd, outside the artwork folder {art}\n")
    assert not (tmp_path / "out").exists()


def test_artwork_linked_inside_its_folder_is_used(tmp_path: Path, art: Path) -> None:
    (art / "faces").mkdir()
    (art / "faces" / "face.png").write_bytes(png(60, 60))
    (art / UNIT).symlink_to(Path("faces") / "face.png")
    code, out, _ = build(tmp_path, art)
    assert code == 0 and "1 supplied" in out
    with zipfile.ZipFile(next((tmp_path / "out").glob("*.vmod"))) as module:
        assert module.read(f"images/{UNIT}") == png(60, 60)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs on this system")
def test_artwork_that_is_a_fifo_is_refused(tmp_path: Path, art: Path) -> None:
    os.mkfifo(art / "map.png")
    assert build(tmp_path, art) == (2, "", f"Error: {art / 'map.png'}: refused: a FIFO (named pipe), not a regular file\n")


@pytest.mark.parametrize(
    ("name", "data", "message"),
    [
        ("map.png", png_header(9500, 9500), "refused: 90,250,000 pixels, more than the 25,000,000 pixels the board image may have"),
        ("map.png", png_header(5000, 5001), "refused: 5000 x 5001 pixels (25,005,000), more than the 25,000,000 pixels the board image may have"),
        (UNIT, png_header(12000, 12000), "refused: 144,000,000 pixels, more than the 1,000,000 pixels a counter, marker or card image may have"),
        (UNIT, png_header(1001, 1000), "refused: 1001 x 1000 pixels (1,001,000), more than the 1,000,000 pixels a counter, marker or card image may have"),
        ("map.png", png_header(16385, 100), "refused: 16385 x 100 pixels, a side longer than 16,384 pixels"),
        ("card_back_french.png", b"GIF89a not a png", "cannot be read: not a PNG image"),
        ("card_back_french.png", b"", "cannot be read: not a PNG image"),
    ],
    ids=["map-90Mpx", "map-25Mpx", "face-144Mpx", "face-1Mpx", "side", "not-png", "empty"],
)
def test_artwork_over_a_limit_or_not_a_png_is_refused_from_its_header(tmp_path: Path, art: Path, name: str, data: bytes, message: str) -> None:
    """Refused from the header, before a pixel is decoded: one line, no Pillow warning."""
    (art / name).write_bytes(data)
    with no_warnings():
        assert build(tmp_path, art) == (2, "", f"Error: {art / name}: {message}\n")
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize("how", ["checksum", "stream", "cut"])
def test_damaged_artwork_is_refused_at_build_time(tmp_path: Path, art: Path, how: str) -> None:
    """A damaged PNG is not published in a module: every chunk's checksum is checked and the pixels decoded."""
    (art / UNIT).write_bytes(damaged(how))
    code, out, err = build(tmp_path, art)
    assert (code, out) == (2, "")
    assert err.startswith(f"Error: {art / UNIT}: cannot be read: a damaged PNG image (") and err.count("\n") == 1
    assert not (tmp_path / "out").exists()


def test_artwork_at_the_limits_is_used(tmp_path: Path, art: Path) -> None:
    (art / UNIT).write_bytes(png(1000, 1000))
    code, out, _ = build(tmp_path, art)
    assert code == 0 and "1 supplied" in out


def test_an_artwork_file_over_its_byte_limit_is_refused_unread(tmp_path: Path, art: Path) -> None:
    (art / UNIT).write_bytes(png(60, 60) + b"\0" * (4 << 20))
    assert build(tmp_path, art) == (
        2,
        "",
        f"Error: {art / UNIT}: refused: {len(png(60, 60)) + (4 << 20):,} bytes, more than the 4,194,304 bytes a counter, marker or card image may have\n",
    )


# -- the images of a module someone sent ----------------------------------------------------------


@pytest.fixture(scope="module")
def module(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """The bundled module and its set-up save (what ``sdbp show`` draws): what ``sdbp build`` writes (with the
    game's artwork folder), the session's read-only build of it (``tests/built_modules.py``)."""
    out = tmp_path_factory.mktemp("module")
    images = default_images_dir(BUNDLED.name)
    vmod = built_module(BUNDLED, out, images if images.is_dir() else None)
    save = out / "setup.vsav"
    with zipfile.ZipFile(vmod) as archive:
        save.write_bytes(archive.read(next(n for n in archive.namelist() if n.endswith(".vsav"))))
    return vmod, save


def _with_image(vmod: Path, target: Path, name: str, data: bytes) -> Path:
    with zipfile.ZipFile(vmod) as source, zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as out:
        for info in source.infolist():
            out.writestr(info, data if info.filename == f"images/{name}" else source.read(info))
    return target


@pytest.mark.parametrize(
    ("name", "data", "message"),
    [
        ("map.png", png_header(9500, 9500), "refused: 90,250,000 pixels, more than the 25,000,000 pixels the board image may have"),
        (UNIT, png_header(12000, 12000), "refused: 144,000,000 pixels, more than the 1,000,000 pixels a counter, marker or card image may have"),
        ("map.png", b"<html>not an image</html>", "cannot be read: not a PNG, JPEG or GIF image"),
    ],
    ids=["map-bomb", "face-bomb", "not-an-image"],
)
def test_a_modules_image_over_a_limit_is_refused_when_drawn(module: tuple[Path, Path], tmp_path: Path, name: str, data: bytes, message: str) -> None:
    vmod, save = module
    bad = _with_image(vmod, tmp_path / "bad.vmod", name, data)
    with no_warnings():
        code, out, err = invoke("show", str(save), "--module", str(bad), "-o", str(tmp_path / "board.png"))
    assert (code, out, err) == (2, "", f"Error: {bad}: entry 'images/{name}': {message}\n")
    assert not (tmp_path / "board.png").exists()


def test_a_modules_damaged_face_is_refused_when_drawn(module: tuple[Path, Path], tmp_path: Path) -> None:
    vmod, save = module
    bad = _with_image(vmod, tmp_path / "bad.vmod", UNIT, damaged("stream"))
    code, out, err = invoke("show", str(save), "--module", str(bad), "-o", str(tmp_path / "board.png"))
    assert (code, out) == (2, "")
    assert err.startswith(f"Error: {bad}: entry 'images/{UNIT}': cannot be read: a damaged PNG image (") and err.count("\n") == 1


def test_a_modules_large_faces_are_kept_small_once_decoded(module: tuple[Path, Path], tmp_path: Path) -> None:
    """A face at the limit (1,000,000 pixels, 4 MB decoded) is kept at most ``FACE_KEPT`` pixels wide: a
    board shows it at 60, and a module of 400 such faces would otherwise hold gigabytes."""
    from sdbp_module.board import draw

    vmod, save = module
    big = _with_image(vmod, tmp_path / "big.vmod", UNIT, png(1000, 1000, (200, 30, 30)))
    draw._DECODED.clear()
    assert invoke("show", str(save), "--module", str(big), "-o", str(tmp_path / "big.png"))[0] == 0
    faces = [image.size for image in draw._DECODED.values() if image.size != (2958, 2205)]
    assert (draw.FACE_KEPT, draw.FACE_KEPT) in faces and max(max(size) for size in faces) == draw.FACE_KEPT


# -- a transcript's own positions ------------------------------------------------------------------


SQ1 = PROJECT_ROOT / "tests" / "cli" / "data" / "check_sq1.jsonl"


def test_a_transcripts_where_does_not_relabel_its_findings(tmp_path: Path) -> None:
    """Lines that claim to come from another file, from the end of the log or from nowhere are reported,
    pictured and shown at their own lines, exactly as the same lines without a ``where``."""
    import json

    import lxml.html

    plain, claimed = tmp_path / "plain.jsonl", tmp_path / "claimed.jsonl"
    lines = SQ1.read_text(encoding="utf-8").splitlines()
    plain.write_text("\n".join(lines) + "\n", encoding="utf-8")
    lies = {2: {"file": "other.vlog", "index": 99}, 7: {"file": "<end of log>", "index": 1 << 30}, 11: {"file": "<memory>", "index": 0}}
    claimed.write_text("\n".join(line[:-1] + f',"where":{json.dumps(lies[i])}}}' if i in lies else line for i, line in enumerate(lines)) + "\n", encoding="utf-8")

    def findings(path: Path) -> list[tuple[str, str, object]]:
        code, out, _ = invoke("check", str(path), "--format", "json")
        assert code == 1
        return [(f["rule_id"], f["severity"], f["where"]) for f in json.loads(out)["findings"]]

    got = findings(claimed)
    assert got == [(rule, sev, {**where, "file": str(claimed)} if where["file"] == str(plain) else where) for rule, sev, where in findings(plain)]
    assert ("SEQ-VM-FIRST", "illegal", {"file": str(claimed), "index": 2, "line": 3}) in got
    assert ("FIRE-FLIP-SPENT", "illegal", {"file": str(claimed), "index": 7, "line": 8}) in got
    report = tmp_path / "claimed.html"
    assert invoke("check", str(claimed), "--format", "html", "--pictures", "none", "-o", str(report))[0] == 1
    positions = lxml.html.fromstring(report.read_bytes()).xpath("//a[@class='pos']/text()")
    assert {"claimed.jsonl:3", "claimed.jsonl:8"} <= set(positions)
    assert not any("other.vlog" in p or p == "start of log" for p in positions)
