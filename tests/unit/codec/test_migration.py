"""Migration rules (sdbp_module/codec/migration.py): match by sdbp_id, keep state, report changes."""

from __future__ import annotations

from sdbp_module.codec import pieces
from sdbp_module.codec.migration import migrate_tree
from sdbp_module.codec.module_info import Definition, ModuleInfo
from sdbp_module.codec.tree import Command, decode_tree, encode_tree

LAYER = "emb2;" + ";" * 18 + "Spent" + ";" * 14
OLD_TYPES = ["PROP;sdbp_target;false,0,100,false;;", LAYER, "hide;73,130;Invisible", "mark;sdbp_id,firepower", "piece;;;;I\\/2 REI 1"]
NEW_TYPES = ["PROP;sdbp_target;false,0,100,false;;", LAYER, "mark;sdbp_id,firepower", "piece;;;;I/2 REI 1"]
NEW = Definition("I/2 REI 1", "41", tuple(NEW_TYPES), ("", "1", "FR-I2REI-1,3", "null;0;0;41;0"))
MODULE = ModuleInfo("SoDBP", {}, {"FR-I2REI-1": NEW})


def chain(items: list[str]) -> str:
    return pieces.join_chain(items)


def test_state_is_carried_and_values_come_from_the_module() -> None:
    old_types = [t.replace("\\/", "/") for t in OLD_TYPES]
    old_state = ["15", "2", "", "FR-I2REI-1,2", "Main Map;150;120;7;1;UniqueID;101"]
    new_log_state = ["15", "1", "", "FR-I2REI-1,2", "Main Map;150;120;7;1;UniqueID;101"]
    add = pieces.add_piece_text("101", chain(old_types), chain(old_state))
    change = "D/101/" + chain(new_log_state).replace("/", "\\/") + "/" + chain(old_state).replace("/", "\\/")
    text = "begin_save\x1b\x1b\\\x1b" + add.replace("\x1b", "") + "\x1bend_save\x1bLOG\t" + change
    tree, report = migrate_tree(decode_tree(text), MODULE)
    assert report.changes == ["I/2 REI 1: firepower 2 → 3", "I/2 REI 1: trait hide removed"]
    assert report.unmatched == [] and report.lost == []
    assert report.migrated == 1
    new_add = pieces.add_piece_fields(tree.children[1].children[0].text)
    assert new_add is not None
    assert pieces.split_chain(new_add[1]) == NEW_TYPES
    assert pieces.split_chain(new_add[2]) == ["15", "2", "FR-I2REI-1,3", "Main Map;150;120;41;1;UniqueID;101"]
    new_change = tree.children[3].text
    assert new_change.startswith("LOG\tD/101/")
    assert "FR-I2REI-1,3" in new_change and "FR-I2REI-1,2" not in new_change
    assert encode_tree(tree).count("\x1b") == text.count("\x1b")


def test_a_dropped_trait_with_state_is_lost() -> None:
    old_types = [t.replace("\\/", "/") for t in OLD_TYPES]
    add = pieces.add_piece_text("5", chain(old_types), chain(["", "1", "playerA", "FR-I2REI-1,3", "null;0;0;7;0"]))
    _, report = migrate_tree(decode_tree(add), MODULE)
    assert report.lost == ["I/2 REI 1: state 'playerA' of trait hide dropped (not in the new definition)"]


def test_unknown_id_is_not_matched() -> None:
    add = pieces.add_piece_text("5", chain(["mark;sdbp_id", "piece;;;;Ghost"]), chain(["FR-NOPE", "null;0;0;7;0"]))
    tree, report = migrate_tree(decode_tree(add), MODULE)
    assert report.unmatched == ["Ghost [FR-NOPE]: not in the new module; kept unchanged"]
    assert tree.text == add


def _logged_save(add: str, change: str, depth: int) -> Command:
    """A save whose AddPiece sits ``depth`` levels down a chain, then a log step changing the piece."""
    node = Command(add)
    for level in range(depth - 1, 0, -1):
        node = Command(f"CHAT {level}", (node,))
    return Command("begin_save", (node, Command("end_save"), Command("LOG\t" + change)))


def test_a_tree_3000_deep_is_migrated_in_execution_order() -> None:
    """The AddPiece, 3000 deep, is read before the later ChangePiece, which is therefore re-mapped."""
    old_types = [t.replace("\\/", "/") for t in OLD_TYPES]
    old_state = ["15", "2", "", "FR-I2REI-1,2", "Main Map;150;120;7;1;UniqueID;101"]
    add = pieces.add_piece_text("101", chain(old_types), chain(old_state))
    change = "D/101/" + chain(old_state).replace("/", "\\/")
    shallow, shallow_report = migrate_tree(_logged_save(add, change, 1), MODULE)
    deep, report = migrate_tree(_logged_save(add, change, 3000), MODULE)
    assert report == shallow_report and report.migrated == 1
    assert deep.children[2] == shallow.children[2] != Command("LOG\t" + change)
    assert [node.text for node in deep.walk()][-3] == shallow.children[0].text != add


def test_any_number_of_log_prefixes_is_kept() -> None:
    add = pieces.add_piece_text("5", chain(["mark;sdbp_id,firepower", "piece;;;;I/2 REI 1"]), chain(["FR-I2REI-1,2", "null;0;0;7;0"]))
    plain, _ = migrate_tree(Command(add), MODULE)
    logged, report = migrate_tree(Command("LOG\t" * 5000 + add), MODULE)
    assert plain.text != add
    assert logged.text == "LOG\t" * 5000 + plain.text
    assert report.migrated == 1
