"""``errors.one_line``: a message on one line that cannot drive a terminal."""

from __future__ import annotations

import sys

from sdbp_module import errors
from sdbp_module.errors import one_line


def test_each_break_and_control_character_is_written_as_its_escape() -> None:
    assert one_line("a\nb\r\tc") == "a\\nb\\r\\tc"
    assert one_line("x\x1b[31m\x7f\x85\x9f") == "x\\x1b[31m\\x7f\\x85\\x9f"
    assert one_line("one\u2028two\u2029three") == "one\\u2028two\\u2029three"
    assert one_line("é · ü, plain text") == "é · ü, plain text"
    assert one_line("no\u00a0break\u200bspace") == "no\u00a0break\u200bspace"  # not printable, yet nothing to escape


def test_a_printable_text_is_returned_as_it_is_because_no_escaped_character_is_printable() -> None:
    # one_line returns a printable text without looking for the characters it escapes: exact only while every one
    # of them is unprintable, which this checks over all of Unicode
    escaped = errors._breaks()
    assert not [c for c in map(chr, range(sys.maxunicode + 1)) if c.isprintable() and escaped.search(c)]
