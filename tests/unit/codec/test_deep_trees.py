"""Deep command trees (issue 11): any depth decodes and encodes byte-identically, without recursion.

A valid save may nest its commands hundreds or thousands of levels deep: every level adds one
backslash before each ESC below it, so a chain ``n`` deep is about ``n²/2`` characters. The codec
and the walkers of a tree (``Command.walk``/``==``, the integrity check behind ``read_game``, log
steps, the JSON annotation) are iterative; these tests go well past Python's recursion limit and
compare with the recursive oracle of ``test_tree.py`` where it can still run.
"""

from __future__ import annotations

import zipfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from sdbp_module.codec.commands import read_game
from sdbp_module.codec.envelope import Envelope, EnvelopeKind, encode_envelope
from sdbp_module.codec.integrity import truncated_command
from sdbp_module.codec.module_info import ModuleInfo
from sdbp_module.codec.resolution import annotate
from sdbp_module.codec.steps import log_steps
from sdbp_module.codec.tree import Command, decode_tree, encode_tree
from tests.unit.codec.test_tree import reference_decode, reference_encode

E = "\x1b"
# texts that survive encode → decode: quotes at the ends, a leading backslash, delimiters of other layers
TRICKY = ["", "'", "''", "'q'", "\\w", "a;b", "x'", "'y", "LOG\tCHAT hi"]


def chain(depth: int, text: Callable[[int], str] = "n{}".format) -> Command:
    """``depth`` nodes, node ``i`` (text ``text(i)``) holding node ``i + 1`` as its only child."""
    node = Command(text(depth - 1))
    for level in range(depth - 2, -1, -1):
        node = Command(text(level), (node,))
    return node


def comb(depth: int) -> Command:
    """``depth`` levels of three children: a side leaf, a counter leaf and the next level, in turn
    first, middle or last; tricky texts throughout and an opaque side leaf every seventh level."""
    node = Command("x'")
    for level in range(depth - 2, -1, -1):
        side = Command(TRICKY[(5 * level + 3) % len(TRICKY)])
        if level % 7 == 3:
            side = Command(f"o{level}" + E + "'z'", (), True)  # needless quotes: kept raw, read back raw
        children = [side, Command(f"k{level}")]
        children.insert(level % 3, node)
        node = Command(TRICKY[level % len(TRICKY)], tuple(children))
    return node


def spine(tree: Command) -> list[Command]:
    """The nodes from the root down, always into the only (or the deepest-reaching) child."""
    path = [tree]
    while path[-1].children:
        path.append(max(path[-1].children, key=lambda c: len(c.children)))
    return path


def test_a_chain_300_deep_is_what_the_oracle_writes_and_reads() -> None:
    tree = chain(300)
    text = encode_tree(tree)
    assert text == reference_encode(tree)
    assert text.startswith("n0" + E + "n1\\" + E + "n2\\\\" + E + "n3")
    assert text.endswith("n298" + "\\" * 298 + E + "n299")
    assert text.count(E) == 299 and "\\" * 299 not in text
    decoded = decode_tree(text)
    assert decoded == reference_decode(text) == tree
    assert encode_tree(decoded) == text


def test_a_chain_5000_deep_round_trips() -> None:
    tree = chain(5000)
    text = encode_tree(tree)
    assert len(text) == sum(len(f"n{i}") for i in range(5000)) + sum(range(5000))  # ESC + i-1 backslashes at i
    assert text.endswith("n4998" + "\\" * 4998 + E + "n4999")
    decoded = decode_tree(text)
    assert [node.text for node in decoded.walk()] == [f"n{i}" for i in range(5000)]
    assert len(spine(decoded)) == 5000 and not any(node.opaque for node in decoded.walk())
    assert decoded == tree
    assert encode_tree(decoded) == text


def test_a_wide_and_deep_tree_is_what_the_oracle_writes_and_reads() -> None:
    tree = comb(200)
    text = encode_tree(tree)
    assert text == reference_encode(tree)
    assert decode_tree(text) == reference_decode(text) == tree


def test_a_wide_and_deep_tree_2000_deep_round_trips() -> None:
    tree = comb(2000)
    text = encode_tree(tree)
    decoded = decode_tree(text)
    assert decoded == tree
    assert [node.text for node in spine(decoded)[:4]] == TRICKY[:4]
    assert len(spine(decoded)) == 2000
    assert sum(node.opaque for node in decoded.walk()) == len(range(3, 1999, 7))
    assert encode_tree(decoded) == text


def test_a_text_the_engine_cannot_write_stays_raw_3998_deep() -> None:
    """A node whose token ``'a'`` has needless quotes is kept raw, as it reads at its depth."""
    raw = Command("n3998" + E + "'a'", (), True)
    tree = raw
    for level in range(3997, -1, -1):
        tree = Command(f"n{level}", (tree,))
    text = encode_tree(tree)
    assert text.endswith("n3997" + "\\" * 3997 + E + "n3998" + "\\" * 3998 + E + "'a'")
    decoded = decode_tree(text)
    path = spine(decoded)
    assert [node.text for node in path[:-1]] == [f"n{i}" for i in range(3998)]
    assert path[-1] == raw
    assert encode_tree(decoded) == text


def test_read_game_reads_a_save_3000_deep(tmp_path: Path) -> None:
    tree = chain(3000, lambda i: f"CHAT {i}")
    path = tmp_path / "deep.vsav"
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("savedGame", encode_envelope(Envelope(EnvelopeKind.PLAIN, None, encode_tree(tree))))
    _, read, _ = read_game(path)
    assert read == tree


def test_the_integrity_check_walks_any_depth() -> None:
    tree = chain(5000, lambda i: "LOG\t+/1" if i == 4999 else f"CHAT {i}")
    assert truncated_command(decode_tree(encode_tree(tree))) == (5000, "+/1")


def test_a_log_step_5000_deep_is_one_step() -> None:
    step = chain(5000, lambda i: f"LOG\tCHAT {i}")
    steps = log_steps(decode_tree(encode_tree(Command("end_save", (step,)))))
    assert len(steps) == 1
    assert steps[0]["actions"][-1] == {"action": "chat", "text": " 4999"}
    assert len(steps[0]["actions"]) == 5000


def test_annotation_reaches_any_depth() -> None:
    move: dict[str, Any] = {"cmd": "move_piece", "id": "7", "new_map": "null", "new_x": "0", "new_y": "0",
            "old_map": "null", "old_x": "0", "old_y": "0"}
    doc: dict[str, Any] = move
    for level in range(5000):
        doc = {"cmd": "other", "text": f"x{level}", "children": [doc]}
    annotate(doc, ModuleInfo("SoDBP"), {"7": "Éliane 1"})
    assert move["resolved"] == {"name": "Éliane 1", "new_zone": None, "old_zone": None}


def test_any_number_of_log_prefixes_is_read_past() -> None:
    assert truncated_command(Command("LOG\t" * 100_000 + "+/1")) == (1, "+/1")
    assert truncated_command(Command("LOG\t" * 100_000 + "+/1/piece;;;;x/null;0;0;1;0")) is None


def test_a_stack_inside_a_stack_is_named_by_its_id_not_its_members() -> None:
    """A crafted save where each stack holds the one before twice must not double the name each time."""
    piece = {"cmd": "add_piece", "id": "p", "traits": [{"trait": "piece", "name": "Éliane 1", "map": "null", "x": "0", "y": "0"}]}
    stacks = [
        {"cmd": "add_piece", "id": f"s{i}", "traits": [{"trait": "stack", "type": "stack", "state": f"null;0;0;{'p' if i == 0 else f's{i - 1}'};{'p' if i == 0 else f's{i - 1}'};@@-1"}]}
        for i in range(64)
    ]
    move = {"cmd": "move_piece", "id": "s63", "new_map": "null", "new_x": "0", "new_y": "0",
            "old_map": "null", "old_x": "0", "old_y": "0"}
    first = {"cmd": "move_piece", "id": "s0", "new_map": "null", "new_x": "0", "new_y": "0",
             "old_map": "null", "old_x": "0", "old_y": "0"}
    annotate({"cmd": "begin_save", "children": [piece, *stacks, first, move]}, ModuleInfo("SoDBP"))
    assert first["resolved"]["name"] == "Éliane 1 + Éliane 1"
    assert move["resolved"]["name"] == "s62 + s62"
