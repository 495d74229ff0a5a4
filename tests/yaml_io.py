"""PyYAML's safe load and dump for the tests, by libyaml's parser and emitter where PyYAML has it.

``load(text)`` is ``yaml.safe_load(text)`` and ``dump(value, **options)`` is ``yaml.safe_dump(value, **options)``:
libyaml hands its events to the same Python constructor and takes them from the same representer, so a test gets
the same values, eight times faster on the bundled data (its 29 files: 0.69 s pure,
0.08 s by libyaml). libyaml is laxer than the pure parser in a few corners (``sdbp_module/data/sources.py`` lists
them) that none of the files these tests read has: loaded both ways, every file of ``source_data/``, the mini game,
``small_map.yaml`` and the YAML blocks of ``docs/`` give the same values, and every bundled file dumped both ways,
with and without ``sort_keys``, the same text (2026-11-30). Where PyYAML was built without libyaml, these are the
pure-Python ones. The tests that compare our own reader with PyYAML's pure one keep calling it.
"""

from __future__ import annotations

from typing import IO, Any

import yaml

_LOADER = yaml.CSafeLoader if yaml.__with_libyaml__ else yaml.SafeLoader
_DUMPER = yaml.CSafeDumper if yaml.__with_libyaml__ else yaml.SafeDumper


def load(text: str | IO[str]) -> Any:
    """``yaml.safe_load(text)``."""
    return yaml.load(text, Loader=_LOADER)


def dump(value: Any, **options: Any) -> str:
    """``yaml.safe_dump(value, **options)``."""
    text: str = yaml.dump(value, Dumper=_DUMPER, **options)
    return text
