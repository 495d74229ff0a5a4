"""Log steps (reference §5.6): one object per top-level LOG step, pieces named from the save part."""

from __future__ import annotations

from sdbp_module.codec import pieces
from sdbp_module.codec.steps import log_steps
from sdbp_module.codec.tree import decode_tree

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
