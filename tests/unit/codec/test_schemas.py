"""The published JSON Schemas accept what ``sdbp convert`` writes (save/log JSON and log steps).

The validator used before writing accepts the same documents; test_json_validation.py checks that
the schema and the validator agree on documents they refuse.
"""

from __future__ import annotations

import functools
import json
from importlib import resources
from pathlib import Path

import jsonschema
import pytest

from sdbp_module.codec.commands import read_game
from sdbp_module.codec.json_form import dump_json, game_to_json
from sdbp_module.codec.json_validation import validate_document
from sdbp_module.codec.steps import log_steps
from tests.shared_corpus import corpus_files, needs_corpus

SMALL = corpus_files(".vsav", ".vlog", under=100_000)


@functools.cache
def schema(name: str) -> dict[str, object]:
    text = resources.files("sdbp_module").joinpath("schemas", name).read_text(encoding="utf-8")
    loaded: dict[str, object] = json.loads(text)
    jsonschema.Draft202012Validator.check_schema(loaded)
    return loaded


@functools.cache
def validator(name: str) -> jsonschema.Draft202012Validator:
    """A validator of the schema ``name`` (checked once by ``schema``), made once: ``jsonschema.validate``
    would check the schema against its meta-schema again at every call, as long as the validation itself."""
    return jsonschema.Draft202012Validator(schema(name))


@needs_corpus
@pytest.mark.parametrize("path", SMALL, ids=[p.name for p in SMALL])
def test_outputs_match_the_schemas(path: Path) -> None:
    env, tree, entries = read_game(path)
    doc = json.loads(dump_json(game_to_json(env, tree, entries)))
    validator("save-json.schema.json").validate(doc)
    validate_document(doc, str(path))
    steps = validator("log-steps.schema.json")
    for step in log_steps(tree):
        steps.validate(json.loads(json.dumps(step)))


def test_schema_rejects_an_unknown_command() -> None:
    doc = {
        "format": "sdbp-vassal-game",
        "format_version": 1,
        "envelope": {"kind": "plain", "key": None},
        "entries": [{"name": "savedGame"}],
        "commands": {"cmd": "teleport"},
    }
    with pytest.raises(jsonschema.ValidationError):
        validator("save-json.schema.json").validate(doc)
