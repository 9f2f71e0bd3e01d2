"""Fuzzing the running server from its OpenAPI description (schemathesis): no request is
answered 500, every answer is one the description allows, and no refused request changes
anything (tables, seats, versions, stored rows). Bounded: a fixed number of examples per
operation, each request with a read timeout that only a hang reaches (no time limit per
example: a busy machine is not a failure)."""

from __future__ import annotations

import hashlib
from collections.abc import Iterator
from typing import Any

import pytest
import requests
import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_headers_conformance,
    response_schema_conformance,
    status_code_conformance,
)
from sqlalchemy import func, select

from leafpile.server.api import openapi
from leafpile.server.store.schema import (
    actions,
    profile_keys,
    profiles,
    rating_history,
    ratings,
    seats,
    tables,
)
from tests.patience import READ
from tests.server.helpers import SEED, two_humans
from tests.server.live import ThreadServer

EXAMPLES = 40  # per operation and generation mode
SCHEMA = schemathesis.openapi.from_dict(openapi.describe())
# valid requests (which may change things) and invalid ones (which must be refused)
SCHEMA.config.generation.update(
    modes=[schemathesis.GenerationMode.POSITIVE, schemathesis.GenerationMode.NEGATIVE]
)
FUZZED: list[int] = []  # requests sent, for the report at the end
SESSION = requests.Session()


@pytest.fixture(scope="module")
def target(tmp_path_factory) -> Iterator[tuple[ThreadServer, list[str], list[str]]]:
    """A server with a few real tables and tokens, so the fuzzer reaches past "not found"."""
    db = tmp_path_factory.mktemp("fuzz") / "fuzz.db"
    # bots wait an hour: tables the fuzzer opens with bot seats stay still while it checks
    srv = ThreadServer(f"sqlite:///{db}", bot_delay=3600.0).start()
    ids, tokens = [], []
    for _ in range(2):
        table, tok_a, tok_b = two_humans(srv)
        ids.append(table)
        tokens += [tok_a, tok_b]
    yield srv, ids, tokens
    srv.stop()
    print(f"\nfuzzing: {sum(FUZZED)} requests")


def fingerprint(srv: ThreadServer) -> Any:
    """Everything a request could change: each table in memory and the stored rows."""
    memory = sorted(
        (
            t.id,
            t.status,
            t.version,
            tuple(t.actions),
            tuple((s.name, s.token_hash) for s in t.seats),
        )
        for t in srv.manager.tables.values()
    )
    with srv.manager.db.engine.connect() as conn:
        stored = tuple(
            conn.execute(select(func.count()).select_from(table)).scalar_one()
            for table in (tables, seats, actions, profiles, profile_keys, ratings, rating_history)
        )
    return memory, stored


def _steer(case: schemathesis.Case, ids: list[str], tokens: list[str]) -> None:
    """Point about half the generated requests at a real table and seat token (chosen by a
    hash of what was generated, so Hypothesis still drives the choice)."""
    seed = int(hashlib.sha256(repr((case.path_parameters, case.body)).encode()).hexdigest(), 16)
    if case.path_parameters and "table_id" in case.path_parameters and seed % 2:
        case.path_parameters["table_id"] = ids[seed // 2 % len(ids)]
    if case.headers is not None and "Authorization" in case.headers and seed % 3:
        case.headers["Authorization"] = f"Bearer {tokens[seed // 3 % len(tokens)]}"
    if isinstance(case.body, dict) and "table" in case.body and seed % 2 and case.path_parameters:
        case.body["table"] = case.path_parameters.get("table_id")


@SCHEMA.parametrize()
@settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=list(HealthCheck),
    derandomize=True,
)
def test_fuzzed_requests_get_no_500_and_refusals_change_nothing(case, target):
    srv, ids, tokens = target
    _steer(case, ids, tokens)
    before = fingerprint(srv)
    response = case.call(base_url=srv.base, session=SESSION, timeout=READ)
    FUZZED.append(1)
    assert response.status_code < 500, (case.method, case.path, response.text[:300])
    assert str(SEED) not in response.text  # the real tables' seed (every card) never leaks
    case.validate_response(
        response,
        checks=[
            status_code_conformance,
            content_type_conformance,
            response_schema_conformance,
            response_headers_conformance,
        ],
    )
    if response.status_code >= 400:
        assert fingerprint(srv) == before, (case.method, case.path, response.text[:300])
