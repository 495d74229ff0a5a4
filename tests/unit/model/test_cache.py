"""model.cache: a cached game equals a fresh load; any change is a miss; a broken cache is only a miss."""

from __future__ import annotations

import os
import pickle
import shutil
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from sdbp_module import cachedir
from sdbp_module.errors import DataError, InputError
from sdbp_module.model import cache, from_data
from sdbp_module.model.from_data import load_game, load_game_uncached
from sdbp_module.model.game_data import GameData
from sdbp_module.paths import PROJECT_ROOT, default_data_dir

MINI = Path(__file__).parents[1] / "data" / "fixtures" / "mini"


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A copy of the mini game, with the working folder beside it (messages name ``mini/...``)."""
    shutil.copytree(MINI, tmp_path / "mini")
    monkeypatch.chdir(tmp_path)
    return Path("mini")


@pytest.fixture
def cache_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv(cachedir.ENVIRONMENT, str(tmp_path / "cache"))
    return tmp_path / "cache"


def _counted(monkeypatch: pytest.MonkeyPatch, owner: object, name: str) -> list[Path]:
    """The folders ``owner.name`` is called with from now on (it is wrapped to note them)."""
    done: list[Path] = []
    real: Callable[[Path], object] = getattr(owner, name)

    def counted(data_dir: Path) -> object:
        done.append(data_dir)
        return real(data_dir)

    monkeypatch.setattr(owner, name, counted)
    return done


@pytest.fixture
def builds(monkeypatch: pytest.MonkeyPatch) -> list[Path]:
    """The folders ``load_game`` really read (a cache hit reads none)."""
    return _counted(monkeypatch, from_data, "load_game_uncached")


def entries(folder: Path) -> list[Path]:
    return sorted(folder.glob("game-*.pickle"))


def assert_same_game(cached: GameData, fresh: GameData) -> None:
    assert cached == fresh
    for index in ("_areas", "_units", "_cards", "_borders", "_neighbours"):
        assert dict(getattr(cached, index)) == dict(getattr(fresh, index)), index
    assert type(cached._areas) is type(fresh._areas)  # still read-only
    assert type(cached.scenario.units) is type(fresh.scenario.units)
    assert type(cached.turn_track[0].cards) is type(fresh.turn_track[0].cards)


def test_a_hit_equals_a_fresh_load_and_reads_nothing(folder: Path, cache_folder: Path, builds: list[Path]) -> None:
    first = load_game(folder)
    assert builds == [folder] and len(entries(cache_folder)) == 1
    second = load_game(folder)
    assert builds == [folder]  # served from the cache
    assert second is not first
    assert_same_game(second, load_game_uncached(folder))
    assert list(cache_folder.glob(".*.tmp")) == []  # written atomically, nothing left over


def test_the_bundled_game_from_the_cache_equals_a_fresh_load(cache_folder: Path, builds: list[Path]) -> None:
    load_game(default_data_dir())
    hit = load_game(default_data_dir())
    assert len(builds) == 1
    assert_same_game(hit, load_game_uncached(default_data_dir()))


def test_editing_a_data_file_is_a_miss(folder: Path, cache_folder: Path, builds: list[Path]) -> None:
    assert load_game(folder).game.title == "Mini Game"
    game_file = folder / "game.yaml"
    game_file.write_text(game_file.read_text().replace("title: Mini Game", "title: Mini Game II"))
    assert load_game(folder).game.title == "Mini Game II"
    assert len(builds) == 2 and len(entries(cache_folder)) == 2
    (folder / "notes.txt").write_text("a new file in the folder\n")  # not data: not read, not a miss
    load_game(folder)
    assert len(builds) == 2
    (folder / "module.yaml").write_text("{}\n")  # an optional data file that was absent
    load_game(folder)
    assert len(builds) == 3


def test_the_key_covers_the_code_the_schemas_and_the_version(folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    names = {p.relative_to(cache._PACKAGE).as_posix() for p in cache._code_files()}
    assert {"data/sources.py", "data/validate.py", "model/from_data.py", "ids.py"} <= names
    assert {"schemas/areas.schema.json", "schemas/counters.schema.json"} <= names
    assert any(n.startswith("games/") and n.endswith("/checks.py") for n in names)
    key = cache.game_key(folder)
    assert cache.game_key(folder) == key
    cache._code_stamps.cache_clear()
    monkeypatch.setattr(cache, "__version__", "0.0.0-other")
    try:
        assert cache.game_key(folder) != key
    finally:
        cache._code_stamps.cache_clear()


@pytest.mark.parametrize(
    "damage",
    ["garbage", "truncated", "empty", "not a game", "another key", "another format"],
)
def test_a_damaged_entry_falls_back_to_a_fresh_load(
    folder: Path, cache_folder: Path, builds: list[Path], damage: str
) -> None:
    fresh = load_game(folder)
    (entry,) = entries(cache_folder)
    data = entry.read_bytes()
    key = cache.game_key(folder)
    entry.write_bytes(
        {
            "garbage": b"\x80\x05this is not a pickle",
            "truncated": data[: len(data) // 2],
            "empty": b"",
            "not a game": pickle.dumps((cache.FORMAT, key, "a string")),
            "another key": cache.dumps((cache.FORMAT, "0" * 64, fresh)),
            "another format": cache.dumps(("sdbp game cache 0", key, fresh)),
        }[damage]
    )
    assert_same_game(load_game(folder), fresh)
    assert len(builds) == 2
    assert entry.read_bytes() == data  # rewritten whole
    load_game(folder)
    assert len(builds) == 2


def test_an_unwritable_cache_folder_only_costs_time(
    folder: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, builds: list[Path]
) -> None:
    (tmp_path / "a-file").write_text("not a folder\n")
    monkeypatch.setenv(cachedir.ENVIRONMENT, str(tmp_path / "a-file" / "cache"))
    assert_same_game(load_game(folder), load_game_uncached(folder))
    load_game(folder)
    assert len(builds) == 2


def test_a_failed_write_leaves_no_entry(
    folder: Path, cache_folder: Path, monkeypatch: pytest.MonkeyPatch, builds: list[Path]
) -> None:
    def fail(path: Path, data: bytes) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(cache, "store", fail)
    assert load_game(folder).game.id == "mini"
    assert entries(cache_folder) == []


def test_off_turns_the_cache_off(
    folder: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, builds: list[Path]
) -> None:
    monkeypatch.setenv(cachedir.ENVIRONMENT, cachedir.OFF)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    load_game(folder)
    load_game(folder)
    assert len(builds) == 2
    assert not (tmp_path / "xdg").exists() and not (tmp_path / "home").exists()


def test_the_cache_folder_follows_the_environment(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(cachedir.ENVIRONMENT, raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert cachedir.cache_dir() == tmp_path / "xdg" / "sdbp"
    monkeypatch.setenv("XDG_CACHE_HOME", "relative/is/ignored")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert cachedir.cache_dir() == tmp_path / "home" / ".cache" / "sdbp"
    monkeypatch.setenv(cachedir.ENVIRONMENT, str(tmp_path / "mine"))
    assert cachedir.cache_dir() == tmp_path / "mine"


def test_a_data_error_is_never_served_from_the_cache(folder: Path, cache_folder: Path, builds: list[Path]) -> None:
    load_game(folder)
    areas, borders = folder / "areas.yaml", folder / "borders.yaml"
    good = areas.read_text()
    areas.write_text(good.replace("defense: 3,", "defense: 4,"))
    borders.write_text(borders.read_text().replace("[1, 3]", "[1, 5]"))
    for _ in range(2):
        with pytest.raises(DataError) as caught:
            load_game(folder)
        assert caught.value.message == (
            "mini/areas.yaml:8:40: areas[3].defense: 4 is out of range (expected an integer 0..3)\n"
            "mini/borders.yaml:3:17: borders[1].areas[1]: 5 is not a defined area (expected an area number from areas.yaml)\n"
            "Aborted: 2 problems in 2 files"
        )
    assert len(entries(cache_folder)) == 1  # only the good game was stored
    (folder / "cards.yaml").unlink()
    with pytest.raises(InputError, match=r"^mini/cards\.yaml: cannot be read: no such file$"):
        load_game(folder)


def test_the_newest_entries_are_kept(cache_folder: Path, folder: Path) -> None:
    game = load_game(folder)
    (first,) = entries(cache_folder)
    for n in range(cache.KEEP + 3):
        old = cache.entry_path(cache_folder, f"{n:064x}")
        old.write_bytes(b"old")
        os.utime(old, (1_000_000 + n, 1_000_000 + n))
    cache.write_entry(cache_folder, "f" * 64, game)
    kept = {p.name for p in entries(cache_folder)}
    assert len(kept) == cache.KEEP
    assert cache.entry_path(cache_folder, "f" * 64).name in kept and first.name in kept
    assert cache.entry_path(cache_folder, f"{0:064x}").name not in kept


@pytest.mark.skipif(not hasattr(os, "getuid") or os.getuid() != 0, reason="giving a file away needs root")
def test_an_entry_owned_by_someone_else_is_not_read(folder: Path, cache_folder: Path, builds: list[Path]) -> None:
    load_game(folder)
    (entry,) = entries(cache_folder)
    os.chown(entry, 4242, -1)
    load_game(folder)
    assert len(builds) == 2


# -- the index: the key of unchanged data files, without reading them


@pytest.fixture
def later(monkeypatch: pytest.MonkeyPatch) -> None:
    """The index's clock a minute ahead: the files written by the test are settled (``SETTLED_NS``)."""
    monkeypatch.setattr(cache, "time_ns", lambda: time.time_ns() + 60 * 10**9)


@pytest.fixture
def reads(monkeypatch: pytest.MonkeyPatch) -> list[Path]:
    """The folders whose data files the cache read and hashed (``game_key``)."""
    return _counted(monkeypatch, cache, "game_key")


def indexes(folder: Path) -> list[Path]:
    return sorted(folder.glob("index-*.txt"))


def test_settled_data_files_are_found_by_their_stamps_without_being_read(
    folder: Path, cache_folder: Path, builds: list[Path], reads: list[Path], later: None
) -> None:
    first = load_game(folder)
    assert len(reads) == 2 and len(indexes(cache_folder)) == 1  # read, built, read again (unchanged?), indexed
    hit = load_game(folder)
    assert len(reads) == 2 and builds == [folder]  # neither read nor built
    assert_same_game(hit, first)
    areas = folder / "areas.yaml"
    areas.write_text(areas.read_text().replace("defense: 3,", "defense: 2,"))  # the same size: the stamp says it
    edited = load_game(folder)
    assert len(reads) == 4 and len(builds) == 2 and edited != first
    assert len(indexes(cache_folder)) == 2


def test_files_changed_in_the_last_seconds_are_not_indexed(folder: Path, cache_folder: Path, reads: list[Path]) -> None:
    load_game(folder)
    load_game(folder)
    assert indexes(cache_folder) == [] and len(reads) == 3  # each load reads the files (the first twice)


def test_a_copy_of_the_folder_is_read_once_then_indexed(
    folder: Path, cache_folder: Path, builds: list[Path], reads: list[Path], later: None
) -> None:
    load_game(folder)
    copy = shutil.copytree(folder, folder.parent / "copy")
    load_game(copy)  # other stamps, the same bytes: read, and a hit
    load_game(copy)
    assert builds == [folder] and len(reads) == 3 and len(indexes(cache_folder)) == 2


@pytest.mark.parametrize("damage", ["garbage", "another key", "another folder's stamps", "no entry"])
def test_a_damaged_or_stale_index_entry_only_costs_a_read(
    folder: Path, cache_folder: Path, builds: list[Path], reads: list[Path], later: None, damage: str
) -> None:
    fresh = load_game(folder)
    (index,) = indexes(cache_folder)
    key, _, stamps = index.read_bytes().partition(b"\n")
    index.write_bytes(
        {
            "garbage": b"\x00\x01 not an index",
            "another key": b"f" * 64 + b"\n" + stamps,
            "another folder's stamps": key + b"\n" + stamps.replace(b"mini", b"mono"),
            "no entry": key + b"\n" + stamps,
        }[damage]
    )
    if damage == "no entry":
        (entry,) = entries(cache_folder)
        entry.unlink()
    assert_same_game(load_game(folder), fresh)
    read = 4 if damage == "no entry" else 3  # (a build reads twice: before and after)
    assert len(reads) == read and len(builds) == (2 if damage == "no entry" else 1)
    assert index.read_bytes() == key + b"\n" + stamps  # written again
    load_game(folder)
    assert len(reads) == read


def test_a_linked_data_file_is_read_each_time(folder: Path, cache_folder: Path, reads: list[Path], later: None) -> None:
    areas = folder / "areas.yaml"
    areas.rename(folder / "areas-real.yaml")
    areas.symlink_to("areas-real.yaml")
    load_game(folder)
    load_game(folder)
    assert indexes(cache_folder) == [] and len(reads) == 3


def test_code_that_cannot_be_stamped_is_built_without_the_cache(
    folder: Path, cache_folder: Path, builds: list[Path], monkeypatch: pytest.MonkeyPatch, later: None
) -> None:
    def vanished() -> bytes:
        raise FileNotFoundError(2, "No such file or directory")  # a source file removed under a running process

    monkeypatch.setattr(cache, "_code_stamps", vanished)
    assert load_game(folder).game.id == "mini"
    assert builds == [folder] and entries(cache_folder) == [] and indexes(cache_folder) == []


def test_a_package_reached_through_a_link_keys_its_games(tmp_path: Path) -> None:
    link = tmp_path / "project"
    link.symlink_to(PROJECT_ROOT, target_is_directory=True)
    env = {**os.environ, cachedir.ENVIRONMENT: str(tmp_path / "cache"), "PYTHONPATH": str(link)}
    code = (
        "import sdbp_module; from pathlib import Path; from sdbp_module.model.from_data import load_game; "
        f"print(sdbp_module.__file__); print(load_game(Path({str(MINI)!r})).game.id)"
    )
    for _ in range(2):  # stored, then read
        done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, cwd=tmp_path)
        assert done.returncode == 0, done.stderr
        assert done.stdout.split() == [str(link / "sdbp_module" / "__init__.py"), "mini"]
    assert len(entries(tmp_path / "cache")) == 1


def test_a_hit_imports_neither_yaml_nor_jsonschema(tmp_path: Path) -> None:
    env = {**os.environ, cachedir.ENVIRONMENT: str(tmp_path / "cache")}
    code = (
        "import sys; from pathlib import Path; from sdbp_module.model.from_data import load_game; "
        f"load_game(Path({str(MINI)!r})); print(sorted(m for m in ('yaml', 'jsonschema') if m in sys.modules))"
    )
    first, second = (
        subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True).stdout
        for _ in range(2)
    )
    # a miss reads the data (valid: data.quick_valid says so without jsonschema), a hit not
    assert (first.strip(), second.strip()) == ("['yaml']", "[]")


def _assert_deep_equal(a: object, b: object, path: str) -> None:
    """``a`` and ``b`` hold the same values of the same types all the way down, the fields a record's
    ``==`` leaves out (``compare=False``, its indexes) included."""
    import dataclasses

    assert type(a) is type(b), path
    if dataclasses.is_dataclass(a) and not isinstance(a, type):
        for f in dataclasses.fields(a):
            _assert_deep_equal(getattr(a, f.name), getattr(b, f.name), f"{path}.{f.name}")
    elif isinstance(a, (tuple, list)):
        assert isinstance(b, (tuple, list)) and len(a) == len(b), path
        for i, (x, y) in enumerate(zip(a, b)):
            _assert_deep_equal(x, y, f"{path}[{i}]")
    elif hasattr(a, "items") and hasattr(b, "items"):
        assert list(a.keys()) == list(b.keys()), path
        for key in a.keys():
            _assert_deep_equal(a[key], b[key], f"{path}[{key!r}]")
    else:
        assert a == b, path


@pytest.mark.parametrize("game_id", ["sodbp", "tonkin"])
def test_a_pickled_game_reads_back_field_by_field(game_id: str) -> None:
    """The cache writes the frozen records as calls of their class (``cache._Pickler``): an area game
    and a hex-map game read back the same, every field and every index."""
    fresh = load_game_uncached(default_data_dir().parent / game_id)
    _assert_deep_equal(pickle.loads(cache.dumps(fresh)), fresh, game_id)
