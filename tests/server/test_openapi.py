"""Schemathesis against the OpenAPI schema: no 5xx, every response matches its documented schema."""

from __future__ import annotations

from typing import Any

import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.checks import (
    content_type_conformance,
    not_a_server_error,
    response_schema_conformance,
    status_code_conformance,
)

from loveletter.server import ServerConfig
from loveletter.server.app import create_app

from .harness import Client, ServerThread

schema = schemathesis.openapi.from_dict(create_app(ServerConfig(database_url="sqlite:///unused.db")).openapi())
CHECKS = [not_a_server_error, status_code_conformance, content_type_conformance, response_schema_conformance]

_people: dict[str, Client] = {}


@schema.parametrize()
@settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))
def test_the_api_keeps_to_its_schema(case: Any, server: ServerThread) -> None:
    if case.path == "/metrics":  # Prometheus text, not JSON
        case.call_and_validate(base_url=server.url, checks=[not_a_server_error])
        return
    person = _people.get(server.url)
    if person is None:
        person = _people[server.url] = Client(server.url, "Schema")
        person.post("/api/tables", {"players": 2})  # something to find
    case.call_and_validate(base_url=server.url, headers={"authorization": f"Bearer {person.token}"}, checks=CHECKS)
