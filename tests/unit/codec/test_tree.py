"""Command tree layer (format reference §5.3, §5.5, §5.8): nesting by escaped ESC, exact round trips."""

from __future__ import annotations

from sdbp_module.codec.tree import Command, decode_tree, encode_tree, split_exact

E = "\x1b"
# Reference §5.8 (constructed log part), lines joined; {ESC} = E.
LOG_PART = "".join(
    [
        "end_save" + E,
        "LOG\tCHAT&lt;Alice&gt; - Ready?" + E,
        "LOG\tM/1700000000102/Main Map/450/140/null/Main Map/150/120/null/secretA\\" + E,
        "LOG\tCHAT* 1st Corps (Fresh) moves Alpha &rarr; Bravo *" + E,
        "LOG\tCHAT*** 2d6 = 3,5 *** &lt;Alice&gt;\\" + E,
        "LOG\tMutableProperty\t2d6_result\t1\t3,5\tModule\\" + E,
        "LOG\tMutableProperty\t2d6_total\t0\t8\tModule" + E,
        "LOG\tUNDO\ttrue\\" + E,
        "LOG\tMutableProperty\t2d6_total\t8\t0\tModule\\\\" + E,
        "LOG\tCHAT* UNDO: *** 2d6 = 3,5 *** &lt;Alice&gt;\\" + E,
        "LOG\tUNDO\tfalse",
    ]
)


def test_log_steps_and_sub_steps() -> None:
    tree = decode_tree(LOG_PART)
    assert tree.text == "end_save"
    steps = tree.children
    assert [s.text[:12] for s in steps] == ["LOG\tCHAT&lt;", "LOG\tM/170000", "LOG\tCHAT*** ", "LOG\tUNDO\ttru"]
    assert [c.text for c in steps[1].children] == ["LOG\tCHAT* 1st Corps (Fresh) moves Alpha &rarr; Bravo *"]
    assert len(steps[2].children) == 2
    undo = steps[3]
    assert [c.text for c in undo.children] == [
        "LOG\tMutableProperty\t2d6_total\t8\t0\tModule",
        "LOG\tUNDO\tfalse",
    ]
    assert [c.text for c in undo.children[0].children] == ["LOG\tCHAT* UNDO: *** 2d6 = 3,5 *** &lt;Alice&gt;"]
    assert encode_tree(tree) == LOG_PART


def test_save_group_starts_with_an_empty_token() -> None:
    text = "begin_save" + E + E + "\\" + E + "+/1/a" + "\\" + E + "+/2/b" + E + "end_save"
    tree = decode_tree(text)
    assert tree == Command(
        "begin_save", (Command(""), Command("", (Command("+/1/a"), Command("+/2/b"))), Command("end_save"))
    )
    assert encode_tree(tree) == text


def test_text_the_engine_could_not_write_is_kept_opaque() -> None:
    for text in ("'a'" + E + "b", "a\\" + E + "b"):
        tree = decode_tree(text)
        assert tree.opaque and tree.text == text and encode_tree(tree) == text


def test_split_exact_refuses_needless_quotes() -> None:
    assert split_exact("''hi'';x", ";") == ["'hi'", "x"]
    assert split_exact("'hi';x", ";") is None
    assert split_exact("\\x;y", ";") is None
    assert split_exact("'\\x';y", ";") == ["\\x", "y"]


def test_walk_is_depth_first_pre_order() -> None:
    tree = Command("a", (Command("b", (Command("c"),)), Command("d")))
    assert [n.text for n in tree.walk()] == ["a", "b", "c", "d"]
