"""The compiled tests of ``replay.vocabulary`` (``_all_known``) and ``replay.bounds`` (``_within``) stand for
the walks that word a refusal: each says "nothing to find" exactly when its walk finds nothing (and, for
the bounds, counts no id the game does not have), for every event class, on events of a real game and on
each of them damaged in one place (an id the game does not have, a long text, a number out of range, a
list past its bound, a file name too long)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from functools import cache
from typing import Any

from sdbp_module.limits import MAX_TEXT_CHARS
from sdbp_module.model.from_data import load_game
from sdbp_module.model.game_data import GameData
from sdbp_module.paths import default_data_dir
from sdbp_module.replay import events as ev
from sdbp_module.replay.bounds import MAX_FILE_CHARS, EventBounds, _checker, _within
from sdbp_module.replay.jsonl import decode_event, event_to_json
from sdbp_module.replay.vocabulary import Vocabulary, _all_known, _walk
from tests.bench_check import bench_check

W = ev.Where("t.jsonl", 4, 5)
MORE = [
    '{"type":"end-step","step":"supply"}',
    '{"type":"end-step","step":"nap"}',
    '{"type":"reshuffle","side":"french"}',
    '{"type":"card-play","side":"viet_minh","card":"VM-16","mode":"counter-battery","targets":[12]}',
    '{"type":"card-play","side":"french","card":"FR-13"}',
    '{"type":"card-remove","side":"french","cards":["FR-13"]}',
    '{"type":"control","area":12,"side":"french","was":"viet_minh","by":"french"}',
    '{"type":"no-replacements","present":true}',
    '{"type":"trench","area":12,"level":0}',
]
"""Lines of the event kinds the synthetic game has none of."""
HOSTILE: tuple[Any, ...] = ("X-1", "", "x" * (MAX_TEXT_CHARS + 1), 0, 99, -1, 10**30, True, None, [], "turn:9", "turn:3", "12")


@cache
def game() -> GameData:
    return load_game(default_data_dir())


def samples() -> list[dict[str, Any]]:
    """A few events of each kind of the synthetic game, and the kinds it has none of, as JSON."""
    kept: dict[str, int] = {}
    out: list[dict[str, Any]] = []
    for event in bench_check().synthetic_game(game()):
        if kept.get(event.kind, 0) < 4:
            kept[event.kind] = kept.get(event.kind, 0) + 1
            out.append(event_to_json(event))
    return out + [json.loads(line) for line in MORE]


def _places(value: Any, prefix: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    if isinstance(value, dict):
        for k, v in value.items():
            if k not in ("type", "where"):
                yield (*prefix, k)
                yield from _places(v, (*prefix, k))
    elif isinstance(value, list):
        for i, v in enumerate(value[:3]):
            yield (*prefix, i)
            yield from _places(v, (*prefix, i))


def _replaced(data: Any, place: tuple[Any, ...], new: Any) -> Any:
    copy = json.loads(json.dumps(data))
    target = copy
    for key in place[:-1]:
        target = target[key]
    target[place[-1]] = new
    return copy


@cache
def events() -> tuple[ev.Event, ...]:
    """Each sample, then each one damaged in one place, as far as the events' schema takes it: made once
    for both tests (~0.65 s), which only read them."""
    return tuple(_events())


def _events() -> Iterator[ev.Event]:
    for data in samples():
        variants = [data]
        for place in _places(data):
            old = json.loads(json.dumps(data))
            for key in place:
                old = old[key]
            news = list(HOSTILE)
            if isinstance(old, list) and old:
                news += [old[:1] * 600, old + old]
            variants += [_replaced(data, place, new) for new in news]
        for variant in variants:
            event = decode_event(variant, W)
            if event is not None:
                yield event
        event = decode_event(data, ev.Where("f" * (MAX_FILE_CHARS + 1), 0))
        assert event is not None
        yield event


def test_the_vocabularys_compiled_test_is_its_walk() -> None:
    vocabulary = Vocabulary.of(game())
    seen, refused = set(), 0
    for event in events():
        found = next(_walk(vocabulary, event, ""), None) or vocabulary._special(event)
        assert _all_known(type(event))(vocabulary, event) is (found is None), (event, found)
        seen.add(type(event))
        refused += found is not None
    assert seen == set(ev.EVENT_TYPES) and refused > 100


def test_the_bounds_compiled_test_is_its_checker() -> None:
    seen, refused = set(), 0
    for event in events():
        bounds = EventBounds(game())
        problem = _checker(type(event))(bounds, event)
        assert _within(type(event))(EventBounds(game()), event) is (problem is None and not bounds.unknown), (event, problem)
        seen.add(type(event))
        refused += problem is not None or bool(bounds.unknown)
    assert seen == set(ev.EVENT_TYPES) and refused > 100
