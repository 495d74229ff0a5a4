"""No module outside ``sdbp_module/games/`` names a game (issue 13: a game-neutral core).

A game is named by its id, its title, its module name, its sides' ids and labels, or the usual
abbreviations of those. The words come from every game's own data (``source_data/<game>/game.yaml``)
and package, so a new game is covered the day its folder appears: a game package with no data yet
(its rules catalogue first, its data later) is named by its id and abbreviations until then. Every Python token of the core
is read — names, strings, comments and docstrings — because a docstring that says "the Viet Minh
player" is as much a tie to one game as an ``if``.
"""

from __future__ import annotations

import functools
import io
import keyword
import re
import tokenize
from pathlib import Path

import pytest

from sdbp_module.paths import PROJECT_ROOT
from tests import yaml_io

PACKAGE = PROJECT_ROOT / "sdbp_module"
GAMES = PACKAGE / "games"
ABBREVIATIONS = {"sodbp": ("SoDBP", "DBP", "VM", "FR"), "sos": ("SoS",), "mortain": ("US",), "tonkin": ("CEF", "FEF")}
"""Short names the games' texts use for themselves and their sides (matched as whole words, with case)."""


def _bundled_packages() -> list[str]:
    """The ids of the game packages under ``sdbp_module/games/``, with data or not."""
    return sorted(p.name for p in GAMES.iterdir() if (p / "__init__.py").is_file())


@functools.cache
def _game_words() -> dict[str, tuple[str, ...]]:
    """Game id → the words that name it: id, title, module name, side ids and labels from its data; a
    package with no data folder yet, its id (and abbreviations). Read once per process (every
    parametrized case asks; none changes it)."""
    words: dict[str, tuple[str, ...]] = {}
    for game_yaml in sorted((PROJECT_ROOT / "source_data").glob("*/game.yaml")):
        g = yaml_io.load(game_yaml.read_text(encoding="utf-8"))
        sides = [s if isinstance(s, str) else s["id"] for s in g["sides"]]
        labels = [s["label"] for s in g["sides"] if isinstance(s, dict)]
        place = g["title"].split(" over ")[-1].split(" Over ")[-1]  # "Dien Bien Phu", "Stalingrad"
        words[g["id"]] = (g["id"], g["title"], g["module_name"], place, *sides, *labels, *ABBREVIATIONS.get(g["id"], ()))
    for game in _bundled_packages():
        words.setdefault(game, (game, *ABBREVIATIONS.get(game, ())))
    return words


def _core_modules() -> list[Path]:
    return sorted(p for p in PACKAGE.rglob("*.py") if GAMES not in p.parents)


def _tokens(path: Path) -> list[tuple[int, str]]:
    """(line, text) of every name, string and comment of the module."""
    out = []
    with io.open(path, encoding="utf-8") as handle:
        for tok in tokenize.generate_tokens(handle.readline):
            if tok.type in (tokenize.NAME, tokenize.STRING, tokenize.COMMENT) or tok.type == getattr(tokenize, "FSTRING_MIDDLE", -1):
                out.append((tok.start[0], tok.string))
    return out


def _patterns(words: dict[str, tuple[str, ...]]) -> list[tuple[str, tuple[re.Pattern[str] | None, ...]]]:
    """Game id → its words as whole words: the loose ones in any case, the abbreviations with case."""
    out: list[tuple[str, tuple[re.Pattern[str] | None, ...]]] = []
    for game, names in words.items():
        loose = [w for w in names if w not in ABBREVIATIONS.get(game, ())]
        loose_re = re.compile(r"(?<![A-Za-z0-9])(" + "|".join(re.escape(w).replace("\\ ", "[ _-]?") for w in loose) + r")(?![A-Za-z0-9])", re.IGNORECASE)
        exact = ABBREVIATIONS.get(game, ())
        exact_re = re.compile(r"(?<![A-Za-z0-9])(" + "|".join(map(re.escape, exact)) + r")(?![A-Za-z0-9])") if exact else None
        out.append((game, (loose_re, exact_re)))
    return out


def _mentions(path: Path, words: dict[str, tuple[str, ...]]) -> list[str]:
    patterns = _patterns(words)
    if not _may_mention(path.read_text(encoding="utf-8"), patterns, words):
        return []
    found = []
    tokens = _tokens(path)  # read once, searched for every game's words
    for game, (loose_re, exact_re) in patterns:
        for line, text in tokens:
            for rx in (loose_re, exact_re):
                m = rx.search(text) if rx is not None else None
                if m:
                    found.append(f"{path.name}:{line}: names {game} ({m.group(1)!r})")
    return found


_KEYWORDS = frozenset(k.lower() for k in (*keyword.kwlist, *keyword.softkwlist))


def _may_mention(text: str, patterns: list[tuple[str, tuple[re.Pattern[str] | None, ...]]], words: dict[str, tuple[str, ...]]) -> bool:
    """False when no token of the module ``text`` can hold a game's word, known without cutting it into tokens
    (the slow part): each token is a piece of the text, and in a module that compiles a name, string or comment
    is never glued to a letter or digit of the token beside it, but for a keyword right after a number (``1if``).
    So, unless a game's word is a keyword, a word a token holds is a whole word of the text too."""
    if not _KEYWORDS.isdisjoint(w.lower() for names in words.values() for w in names):
        return True
    return any(rx is not None and rx.search(text) for _, rxs in patterns for rx in rxs)


def test_the_words_come_from_every_bundled_game() -> None:
    words = _game_words()
    assert "sodbp" in words and "Viet Minh" in words["sodbp"] and "french" in words["sodbp"]
    assert set(_bundled_packages()) <= set(words)
    for game in _bundled_packages():  # a game is named by its id, whether its data exists yet or not
        assert game in words[game]
        if (PROJECT_ROOT / "source_data" / game / "game.yaml").is_file():
            assert len(words[game]) > 1 + len(ABBREVIATIONS.get(game, ())), game  # and by what its data says


def test_a_game_package_without_data_is_named_by_its_id(tmp_path: Path) -> None:
    module = tmp_path / "m.py"
    module.write_text('X = "no data for tonkin yet"\nY = "CEF units"\n', encoding="utf-8")
    found = _mentions(module, {"tonkin": ("tonkin", "CEF")})
    assert [f.split(": ", 1)[1] for f in found] == ["names tonkin ('tonkin')", "names tonkin ('CEF')"]


@pytest.mark.parametrize("path", _core_modules(), ids=lambda p: str(p.relative_to(PACKAGE)))
def test_no_core_module_names_a_game(path: Path) -> None:
    assert _mentions(path, _game_words()) == []


def test_the_check_finds_a_game_named_in_a_docstring_a_string_or_a_name(tmp_path: Path) -> None:
    module = tmp_path / "m.py"
    module.write_text('"""For the Viet Minh player."""\nX = "french"\nsodbp_rules = 1\nvm = "VMs"\n', encoding="utf-8")
    found = _mentions(module, _game_words())
    # Only Storm over Dien Bien Phu's words are asserted: another bundled game may share a word (Tonkin's
    # side is labelled "Viet Minh" too, its id is "vm"), and that game's own findings are its own.
    assert [f.split(": ", 1)[1] for f in found if "names sodbp " in f] == ["names sodbp ('Viet Minh')", "names sodbp ('french')", "names sodbp ('sodbp')"]
