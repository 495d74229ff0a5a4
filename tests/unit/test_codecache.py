"""``codecache.compiled``: what ``compile`` gives, kept in the cache folder; every fault a miss."""

from __future__ import annotations

import builtins
import os
import subprocess
import sys
from pathlib import Path

import pytest

from sdbp_module import cachedir, codecache
from sdbp_module.cachedir import ENVIRONMENT, OFF
from sdbp_module.paths import PROJECT_ROOT

SOURCE = "def __create_fn__(x):\n def double(self):\n  return 2 * x\n return double"


def _compiled_here(source: str) -> object:
    return compile(source, "<string>", "exec", dont_inherit=True)


def _files(cache: Path) -> list[Path]:
    return sorted(cache.glob("code-*/*.marshal"))


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv(ENVIRONMENT, str(tmp_path / "cache"))
    return tmp_path / "cache"


def _without_compile(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*args: object, **kwargs: object) -> object:
        raise AssertionError("compiled, where the cache held the code")

    monkeypatch.setattr(builtins, "compile", refuse)


def test_the_code_is_compiled_once_then_read_back_from_the_cache(cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    first = codecache.compiled(SOURCE)
    assert first == _compiled_here(SOURCE)
    (stored,) = _files(cache)
    assert stored.parent.name == f"code-{sys.implementation.cache_tag}"
    _without_compile(monkeypatch)
    again = codecache.compiled(SOURCE)
    assert again == first and again is not first
    namespace: dict[str, object] = {}
    exec(again, {}, namespace)
    double = namespace["__create_fn__"](21)  # type: ignore[operator]
    assert double(None) == 42


def test_another_process_reads_what_one_stored(cache: Path) -> None:
    program = (
        "import builtins, sys\n"
        "from sdbp_module import codecache\n"
        "if sys.argv[1] == 'read':\n"
        "    builtins.compile = None  # a miss would fail\n"
        f"print(codecache.compiled({SOURCE!r}).co_name)\n"
    )
    env = {**os.environ, ENVIRONMENT: str(cache), "PYTHONPATH": str(PROJECT_ROOT)}
    for mode in ("write", "read"):
        done = subprocess.run([sys.executable, "-c", program, mode], capture_output=True, text=True, env=env, check=False)
        assert (done.returncode, done.stdout, done.stderr) == (0, "<module>\n", "")


@pytest.mark.parametrize(
    "damage",
    [
        lambda data: b"",
        lambda data: data[:4],  # the magic number only
        lambda data: data[: len(data) // 2],  # truncated
        lambda data: b"\0\0\0\0" + data[4:],  # another interpreter's
        lambda data: data[:4] + b"\xff" * (len(data) - 4),  # not marshal
    ],
    ids=["empty", "magic-only", "truncated", "other-magic", "garbage"],
)
def test_a_damaged_file_is_a_miss_and_is_written_again(cache: Path, damage: object) -> None:
    codecache.compiled(SOURCE)
    (stored,) = _files(cache)
    good = stored.read_bytes()
    stored.write_bytes(damage(good))  # type: ignore[operator]
    assert codecache.compiled(SOURCE) == _compiled_here(SOURCE)
    assert stored.read_bytes() == good


def test_a_file_of_another_text_under_the_same_name_is_a_miss(cache: Path) -> None:
    other = SOURCE.replace("2 * x", "3 * x")
    codecache.compiled(other)
    (stored,) = _files(cache)
    stored.rename(stored.with_name(codecache._name(SOURCE)))  # as if two texts had the same CRC and length
    code = codecache.compiled(SOURCE)
    assert code == _compiled_here(SOURCE) and code != _compiled_here(other)


def test_a_file_of_another_user_is_not_run(cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    codecache.compiled(SOURCE)
    monkeypatch.setattr(cachedir, "is_ours", lambda fd: False)  # as another user's file answers
    calls: list[object] = []
    real = builtins.compile

    def counted(*args: object, **kwargs: object) -> object:
        calls.append(args[0])
        return real(*args, **kwargs)  # type: ignore[call-overload]

    monkeypatch.setattr(builtins, "compile", counted)
    assert codecache.compiled(SOURCE) == _compiled_here(SOURCE)
    assert calls and calls[0] == SOURCE


def test_with_the_cache_off_nothing_is_written(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(ENVIRONMENT, OFF)
    monkeypatch.chdir(tmp_path)
    assert codecache.compiled(SOURCE) == _compiled_here(SOURCE)
    assert list(tmp_path.iterdir()) == []


def test_a_cache_that_cannot_be_written_costs_only_the_compilation(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "a-file").write_text("not a folder")
    monkeypatch.setenv(ENVIRONMENT, str(tmp_path / "a-file" / "cache"))
    assert codecache.compiled(SOURCE) == _compiled_here(SOURCE)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a-file"]


def test_the_folder_keeps_the_newest(cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(codecache, "KEEP", 3)
    monkeypatch.setattr(codecache, "_PRUNED", [])
    sources = [SOURCE.replace("2 * x", f"{n} * x") for n in range(5)]
    for n, source in enumerate(sources):
        codecache._PRUNED.clear()  # a process prunes at its first write: each write here is a new process's
        codecache.compiled(source)
        os.utime(cache / f"code-{sys.implementation.cache_tag}" / codecache._name(source), ns=(n * 10**9, n * 10**9))
    kept = {p.name for p in _files(cache)}
    assert kept == {codecache._name(s) for s in sources[-3:]}
    assert not [p for p in (cache / f"code-{sys.implementation.cache_tag}").iterdir() if p.name.endswith(".tmp")]
    codecache.compiled(SOURCE.replace("2 * x", "9 * x"))  # the same process's second write: no pruning
    assert len(_files(cache)) == 4
