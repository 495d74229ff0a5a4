"""Text meant for a terminal, made safe to print: what a log brought in cannot drive the terminal.

A file name, a unit id of an events file or a chat line of a log can hold control characters; ESC and
CSI start terminal commands (colours, the window title, moving the cursor). ``printable`` writes each
control character but tab and line break as its ``\\xNN`` escape. No dependencies: every command that
prints text from a log uses it.
"""

from __future__ import annotations

import re

_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f]")
"""Control characters but tab and line break (C0, DEL and C1)."""


def printable(text: str) -> str:
    """``text`` with each control character but tab and line break written as its ``\\xNN`` escape.

    >>> printable("U-1\\x1b[31m\\tok\\n")
    'U-1\\\\x1b[31m\\tok\\n'
    """
    return _CONTROL.sub(lambda m: f"\\x{ord(m.group()):02x}", text)
