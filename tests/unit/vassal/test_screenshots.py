"""tools/screenshots.py: the set-up picture puts every piece where the module's set-up save says,
stacked as VASSAL draws an unexpanded stack; a bad path is one line and exit 2."""

from __future__ import annotations

import importlib.util
import io
import sys
from pathlib import Path
from types import ModuleType

import pytest
from PIL import Image

from sdbp_module.paths import PROJECT_ROOT
from sdbp_module.vassal import setup as setup_save

from .conftest import Built

TOOL = PROJECT_ROOT / "tools" / "screenshots.py"
WHITE = (255, 255, 255)


@pytest.fixture(scope="module")
def tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location("screenshots_tool", TOOL)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up while the class is made
    spec.loader.exec_module(module)
    return module


def test_the_tool_reads_the_save_as_the_build_wrote_it(tool: ModuleType, built: Built) -> None:
    module = tool.read_module(built.path)
    setup = tool.read_setup(module)
    stack_of = {member: stack for stack in setup.stacks for member in stack.members}
    placed = setup_save.build_setup(built.game, built.layout).placed
    assert placed
    for p in placed:
        stack = stack_of[p.piece_id]
        assert (stack.map, stack.x, stack.y) == ("Main Map", p.x, p.y), p
    assert all(setup.pieces[p.piece_id].images for p in placed)


def face(built: Built, name: str) -> Image.Image:
    with Image.open(io.BytesIO(built.entries[f"images/{name}"])) as raw:
        raw.load()
        image = raw.convert("RGBA")
    flat = Image.new("RGBA", image.size, (*WHITE, 255))
    flat.alpha_composite(image)
    return flat.convert("RGB")


def test_a_stack_is_drawn_where_the_save_puts_it_with_the_engine_offsets(tool: ModuleType, built: Built) -> None:
    module = tool.read_module(built.path)
    setup = tool.read_setup(module)
    sep_x, sep_y = (int(built.root.find(".//VASSAL.build.module.map.StackMetrics").get(a)) for a in ("unexSepX", "unexSepY"))
    board_size = Image.open(io.BytesIO(built.entries["images/map.png"])).size
    stacks = [s for s in setup.stacks if s.deck_face_down is None]
    biggest = max(stacks, key=lambda s: (len(s.members), s.x, s.y))
    single = min((s for s in stacks if len(s.members) == 1), key=lambda s: (s.x, s.y))
    assert len(biggest.members) > 2
    for stack in (biggest, single):
        alone = tool.Setup({m: setup.pieces[m] for m in stack.members}, (stack,))
        picture, drawn = tool.draw_setup(module, alone, Image.new("RGB", board_size, WHITE))
        assert [d.piece_id for d in drawn] == list(stack.members)
        n = len(stack.members)
        top = setup.pieces[stack.members[-1]]
        image = face(built, top.images[-1])
        w, h = image.size
        # VASSAL (StackMetrics.nextPosition): each piece up the stack moves unexSepX right, unexSepY up
        left, upper = stack.x + (n - 1) * sep_x - w // 2, stack.y - (n - 1) * sep_y - h // 2
        assert picture.crop((left, upper, left + w, upper + h)).tobytes() == image.tobytes()
        if n > 1:  # the bottom piece shows below and left of the others: its bottom-left corner
            bottom = face(built, setup.pieces[stack.members[0]].images[-1])
            corner = (stack.x - w // 2, stack.y + h // 2 - 1)
            assert picture.getpixel(corner) == bottom.getpixel((0, h - 1))
        assert picture.getpixel((left - 2 - (n - 1) * sep_x, upper + h // 2)) == WHITE


def test_a_bad_path_is_one_line_and_exit_2(tool: ModuleType, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert tool.main([str(tmp_path / "missing.vmod"), "-o", str(tmp_path / "out")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "missing.vmod: no such module file" in err
    junk = tmp_path / "junk.vmod"
    junk.write_bytes(b"not a zip")
    assert tool.main([str(junk), "-o", str(tmp_path / "out")]) == 2
    assert capsys.readouterr().err.count("\n") == 1
