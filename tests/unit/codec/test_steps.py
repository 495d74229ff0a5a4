"""Log steps (reference §5.6): one object per top-level LOG step, pieces named from the save part."""

from __future__ import annotations

from sdbp_module.codec import pieces
from sdbp_module.codec.steps import PieceRegistry, log_steps
from sdbp_module.codec.tree import Command, decode_tree

E = "\x1b"
LAYER = "emb2;" + ";" * 18 + "Spent" + ";" * 14
TYPES = [LAYER, "mark;sdbp_id", "piece;;;;Éliane 1"]


def state(level: str) -> str:
    return pieces.join_chain([level, "FR-1", "Main Map;1;2;3;0"])


def test_flip_add_remove_property_undo() -> None:
    add = pieces.add_piece_text("11", pieces.join_chain(TYPES), state("1"))
    text = E.join(
        [
            "begin_save",
            "\\" + E + add,
            "end_save",
            "LOG\tD/11/" + state("2") + "/" + state("1") + "\\" + E + "LOG\tCHAT* Éliane 1 is spent *",
            "LOG\t-/11",
            "LOG\tMutableProperty\tVP\t0\t1\tModule",
            "LOG\tUNDO\ttrue" + "\\" + E + "LOG\tUNDO\tfalse",
            "LOG\tSDBP custom",
        ]
    )
    steps = log_steps(decode_tree(text))
    assert steps == [
        {"step": 1, "actions": [
            {"action": "change", "piece": "11", "name": "Éliane 1", "sdbp_id": "FR-1",
             "changes": [{"trait": "layer Spent", "from": "1", "to": "2"}]},
            {"action": "chat", "text": "* Éliane 1 is spent *"},
        ]},
        {"step": 2, "actions": [{"action": "remove", "piece": "11", "name": "Éliane 1", "sdbp_id": "FR-1"}]},
        {"step": 3, "actions": [{"action": "property", "name": "VP", "from": "0", "to": "1", "container": "Module"}]},
        {"step": 4, "actions": [{"action": "undo", "value": "true"}, {"action": "undo", "value": "false"}]},
        {"step": 5, "actions": [{"action": "other", "text": "SDBP custom"}]},
    ]


def test_a_save_has_no_steps() -> None:
    assert log_steps(decode_tree("begin_save" + E + "end_save")) == []


def test_a_log_step_3000_deep_lists_its_commands_depth_first() -> None:
    step = Command("LOG\tCHAT 0")
    for level in range(2999, 0, -1):
        step = Command(f"LOG\tCHAT {level}", (step,))
    steps = log_steps(Command("end_save", (Command("LOG\tCHAT -", (step,)),)))
    assert [a["text"] for a in steps[0]["actions"]] == [" -"] + [f" {i}" for i in range(1, 3000)] + [" 0"]


def test_stacks_in_stacks_are_named_once_each_and_cycles_end() -> None:
    """Damaged saves: a stack holding itself, two holding each other, one holding another twice."""
    reg = PieceRegistry()
    reg.add("11", pieces.join_chain(TYPES), state("1"))
    reg.add("S", "stack", "null;0;0;S;11")
    reg.add("A", "stack", "Main Map;1;2;B")
    reg.add("B", "stack", "Main Map;1;2;A;11")
    reg.add("R1", "stack", "null;0;0;11;@@-1;11")
    reg.add("R2", "stack", "null;0;0;R1;R1;nobody")
    for level in range(3, 200):
        reg.add(f"R{level}", "stack", f"null;0;0;R{level - 1};R{level - 1}")
    assert reg.name("S") == "S + Éliane 1"
    assert reg.name("A") == "A + Éliane 1"
    assert reg.name("R1") == "Éliane 1 + Éliane 1"
    assert reg.name("R2") == "Éliane 1 + Éliane 1 + R1 + "
    assert reg.name("R199") == " + ".join(["Éliane 1 + Éliane 1 + R1 + "] + [f"R{level}" for level in range(2, 199)])
