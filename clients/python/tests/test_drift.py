"""The client cannot drift from the server: these tests read the /openapi.json
that a real Hado serves and fail when

- an /api/* operation has no route in hado_client's ROUTES, or its method is
  missing from Client or AsyncClient (a new route without a method fails here);
- a request field or parameter of the document is missing from the client's
  types, or the client's types have one the document lacks;
- the client put on the wire a field or parameter the document lacks, or a
  route was never exercised against the real Hado (the last test, which reads
  what every other test sent).
"""
import copy
import inspect
import re
import typing
import urllib.parse
from typing import Any, Dict, List, Optional, Tuple

import pytest

from conftest import RECORDED, Hado
from hado_client import AsyncClient, Client
from hado_client._api import ROUTES

METHODS = ("get", "put", "post", "patch", "delete")


def api_operations(doc: Dict[str, Any]) -> List[Tuple[str, str, str, Dict[str, Any]]]:
    """(operationId, METHOD, path, operation) of every /api/* operation."""
    return [
        (op["operationId"], method.upper(), path, op)
        for path, item in doc["paths"].items()
        if path.startswith("/api/")
        for method in METHODS
        if (op := item.get(method)) is not None
    ]


def resolve(doc: Dict[str, Any], schema: Any) -> Any:
    while isinstance(schema, dict) and "$ref" in schema:
        node: Any = doc
        for part in schema["$ref"][2:].split("/"):
            node = node[part]
        schema = node
    return schema


def non_null_choices(doc: Dict[str, Any], schema: Dict[str, Any]) -> Optional[List[Any]]:
    choices = schema.get("anyOf", schema.get("oneOf"))
    if not isinstance(choices, list):
        return None
    return [c for c in (resolve(doc, c) for c in choices) if c.get("type") != "null"]


def is_typed_dict(tp: Any) -> bool:
    return isinstance(tp, type) and hasattr(tp, "__required_keys__")


def strip_optional(tp: Any) -> List[Any]:
    """The members of a Union (Optional) but None; [tp] for anything else."""
    if typing.get_origin(tp) is typing.Union:
        return [a for a in typing.get_args(tp) if a is not type(None)]
    return [tp]


def field_problems(doc: Dict[str, Any], tp: Any, schema: Any, where: str) -> List[str]:
    """Fields the document has and the type lacks, or the other way round, at any depth."""
    schema = resolve(doc, schema)
    members = strip_optional(tp)
    choices = non_null_choices(doc, schema)
    if choices is not None:
        objects = [c for c in choices if c.get("type") == "object" or "properties" in c]
        if not objects:
            return []
        if len(choices) == 1:
            return field_problems(doc, tp, choices[0], where)
        dicts = [m for m in members if is_typed_dict(m)]
        problems = []
        for i, choice in enumerate(objects):
            # The client's type for this choice: the one sharing most fields (then compared field by field).
            keys = set(choice.get("properties", {}))
            best = max(dicts, key=lambda d: len(keys & (d.__required_keys__ | d.__optional_keys__)), default=None)
            if best is None or not keys & (best.__required_keys__ | best.__optional_keys__):
                problems.append(f"{where}: no client type for the document's choice {i + 1} (fields {sorted(keys)})")
            else:
                problems += field_problems(doc, best, choice, f"{where}|{i + 1}")
        return problems
    if schema.get("type") == "array" and "items" in schema:
        args = [typing.get_args(m) for m in members if typing.get_origin(m) in (list, typing.List)]
        return field_problems(doc, args[0][0], schema["items"], where + "[]") if args else [f"{where}: the document has a list, the client {tp!r}"]
    props = schema.get("properties")
    if not props:
        return []
    dicts = [m for m in members if is_typed_dict(m)]
    if not dicts:
        return [f"{where}: the document has an object with fields {sorted(props)}, the client {tp!r}"]
    td = dicts[0]
    hints = typing.get_type_hints(td)
    required = set(schema.get("required", []))
    problems = []
    for key in props:
        if key not in hints:
            problems.append(f"{where}.{key}: in the document, missing from the client ({td.__name__})")
    for key in hints:
        if key not in props:
            problems.append(f"{where}.{key}: the client has it ({td.__name__}), the document does not")
    for key in props:
        if key in hints:
            if (key in required) != (key in td.__required_keys__):
                problems.append(f"{where}.{key}: required in {'the document' if key in required else td.__name__} only")
            problems += field_problems(doc, hints[key], props[key], f"{where}.{key}")
    return problems


def route_problems(doc: Dict[str, Any]) -> List[str]:
    """Every /api/* operation has a route and a method in both clients; every route is served."""
    problems = []
    served = set()
    for op_id, method, path, _op in api_operations(doc):
        served.add(op_id)
        route = ROUTES.get(op_id)
        if route is None:
            problems.append(f"{method} {path} ({op_id}) has no route in hado_client/_api.py ROUTES, and no method")
            continue
        if (route.method, route.path) != (method, path):
            problems.append(f"{op_id}: the client sends {route.method} {route.path}, the document says {method} {path}")
        for cls in (Client, AsyncClient):
            if not callable(getattr(cls, route.client_method, None)):
                problems.append(f"{op_id} ({method} {path}): {cls.__name__}.{route.client_method} is missing")
    for op_id, route in ROUTES.items():
        if op_id not in served:
            problems.append(f"{op_id}: the client calls {route.method} {route.path}, which Hado does not serve")
    return problems


def parameter_problems(doc: Dict[str, Any]) -> List[str]:
    """The query and path parameters of each route: the same names, the same required ones, each an argument of its method."""
    problems = []
    for op_id, _method, _path, op in api_operations(doc):
        route = ROUTES.get(op_id)
        client_method = getattr(Client, route.client_method, None) if route is not None else None
        if route is None or client_method is None:
            continue  # route_problems names it
        signature = inspect.signature(client_method)
        for where, declared in (("query", route.query), ("path", route.path_params)):
            params = [resolve(doc, p) for p in op.get("parameters", []) if resolve(doc, p).get("in") == where]
            doc_keys = {p["name"]: bool(p.get("required")) for p in params}
            keys = set() if declared is None else declared.__required_keys__ | declared.__optional_keys__
            client_keys = {k: k in declared.__required_keys__ for k in keys}
            if doc_keys != client_keys:
                problems.append(f"{op_id}: {where} parameters {doc_keys} in the document, {client_keys} in the client")
            for name in doc_keys:
                if name not in signature.parameters:
                    problems.append(f"{op_id}: Client.{route.client_method} has no argument for the {where} parameter {name}")
    return problems


def body_problems(doc: Dict[str, Any]) -> List[str]:
    """Each route's body type against the document's request schema, field by field, at any depth."""
    problems = []
    for op_id, method, path, op in api_operations(doc):
        route = ROUTES.get(op_id)
        if route is None:
            continue
        body = op.get("requestBody", {}).get("content", {}).get("application/json")
        if body is None:
            if route.body is not None:
                problems.append(f"{op_id}: the client sends a body; {method} {path} takes none")
            continue
        if route.body is None:
            problems.append(f"{op_id}: {method} {path} takes a body; the client sends none")
            continue
        problems += field_problems(doc, route.body, body["schema"], op_id)
    return problems


def test_every_api_route_has_a_method_in_both_clients(openapi: Dict[str, Any]) -> None:
    problems = route_problems(openapi)
    assert not problems, "\n".join(problems)


def test_the_clients_have_the_same_methods() -> None:
    def public(cls: type) -> Dict[str, inspect.Signature]:
        return {n: inspect.signature(f) for n, f in vars(cls).items() if callable(f) and not n.startswith("_")}

    sync, asynchronous = public(Client), public(AsyncClient)
    assert sorted(sync) == sorted(asynchronous)
    for name, signature in sync.items():
        assert str(signature) == str(asynchronous[name]), name
        assert inspect.iscoroutinefunction(getattr(AsyncClient, name)), name


def test_parameters_match(openapi: Dict[str, Any]) -> None:
    problems = parameter_problems(openapi)
    assert not problems, "\n".join(problems)


def test_request_bodies_match(openapi: Dict[str, Any]) -> None:
    problems = body_problems(openapi)
    assert not problems, "\n".join(problems)


def test_the_checks_fail_on_drift(openapi: Dict[str, Any]) -> None:
    """The checks above can fail: a document that moved on from the client is caught by each."""
    doc = copy.deepcopy(openapi)
    # A new route with no method.
    doc["paths"]["/api/labels"] = {"put": {"operationId": "putLabels", "requestBody": {"content": {"application/json": {"schema": {
        "type": "object", "required": ["labels"], "properties": {"labels": {"type": "array", "items": {"type": "object"}}}}}}}}}
    assert route_problems(doc) == ["PUT /api/labels (putLabels) has no route in hado_client/_api.py ROUTES, and no method"]
    # A new field in a notice, and a field of an event the document no longer has.
    notices = doc["paths"]["/api/notices"]["post"]["requestBody"]["content"]["application/json"]["schema"]
    for choice in (notices["anyOf"][0], notices["anyOf"][1]["properties"]["notices"]["items"]):
        choice["properties"]["colour"] = {"type": "string", "maxLength": 200}
    events = doc["paths"]["/api/events"]["put"]["requestBody"]["content"]["application/json"]["schema"]
    del events["properties"]["events"]["items"]["properties"]["fire_at"]
    problems = body_problems(doc)
    assert "postNotices|1.colour: in the document, missing from the client (NoticeInput)" in problems
    assert "postNotices|2.notices[].colour: in the document, missing from the client (NoticeInput)" in problems
    assert "putEvents.events[].fire_at: the client has it (EventInput), the document does not" in problems
    # A new query parameter.
    doc["paths"]["/api/events"]["get"]["parameters"].append({"in": "query", "name": "cursor", "schema": {"type": "string"}})
    assert any(p.startswith("getEvent: query parameters") for p in parameter_problems(doc))
    assert "getEvent: Client.get_events has no argument for the query parameter cursor" in parameter_problems(doc)
    # A sent field the document lacks.
    assert unknown_fields(openapi, {"events": [{"user": "a", "source_ref": "b", "payload": {"title": "t", "colour": 1}}]}, events, "body") == [
        "body.events[0].payload.colour"
    ]


# -- what the client really sent, during this whole session ------------------------------------------


def fits(doc: Dict[str, Any], value: Any, schema: Any) -> bool:
    schema = resolve(doc, schema)
    choices = schema.get("anyOf", schema.get("oneOf"))
    if isinstance(choices, list):
        return any(fits(doc, value, c) for c in choices)
    if "enum" in schema:
        return value in schema["enum"]
    kind = schema.get("type")
    return {
        "object": isinstance(value, dict),
        "array": isinstance(value, list),
        "string": isinstance(value, str),
        "integer": isinstance(value, int) and not isinstance(value, bool),
        "number": isinstance(value, (int, float)) and not isinstance(value, bool),
        "boolean": isinstance(value, bool),
        "null": value is None,
    }.get(kind, True)


def unknown_fields(doc: Dict[str, Any], value: Any, schema: Any, where: str) -> List[str]:
    """The fields of a sent value that the document does not have."""
    schema = resolve(doc, schema)
    choices = schema.get("anyOf", schema.get("oneOf"))
    if isinstance(choices, list):
        candidates = [unknown_fields(doc, value, c, where) for c in choices if fits(doc, value, c)]
        return min(candidates, key=len) if candidates else [f"{where}: fits none of the document's shapes"]
    if isinstance(value, dict):
        props = schema.get("properties", {})
        extra = schema.get("additionalProperties", True)
        out = []
        for key, sub in value.items():
            if key in props:
                out += unknown_fields(doc, sub, props[key], f"{where}.{key}")
            elif extra is False:
                out.append(f"{where}.{key}")
            elif isinstance(extra, dict):
                out += unknown_fields(doc, sub, extra, f"{where}.{key}")
        return out
    if isinstance(value, list) and isinstance(schema.get("items"), dict):
        return [p for i, item in enumerate(value) for p in unknown_fields(doc, item, schema["items"], f"{where}[{i}]")]
    return []


def template(path: str) -> "re.Pattern[str]":
    return re.compile("^" + re.sub(r"\\\{[^}]+\\\}", "[^/]+", re.escape(path)) + "$")


@pytest.mark.after_all
def test_what_the_client_sent(openapi: Dict[str, Any], hado: Hado) -> None:
    import json

    operations = api_operations(openapi)
    problems = []
    answered: Dict[str, int] = {}
    for request, status in RECORDED:
        url = urllib.parse.urlsplit(request.url)
        at = url.path.find("/api/")
        if at < 0:
            continue
        path = url.path[at:]
        match = [(op_id, op) for op_id, method, p, op in operations if method == request.method and template(p).match(path)]
        if not match:
            problems.append(f"sent {request.method} {path}: no such operation in the document")
            continue
        op_id, op = match[0]
        if status is not None and 200 <= status <= 299 and request.url.startswith(hado.url + "/"):
            answered[op_id] = answered.get(op_id, 0) + 1
        names = {resolve(openapi, p)["name"] for p in op.get("parameters", []) if resolve(openapi, p).get("in") == "query"}
        for key in urllib.parse.parse_qs(url.query, keep_blank_values=True):
            if key not in names:
                problems.append(f"sent {request.method} {path} with the query parameter {key}, which the document lacks")
        if request.body is not None:
            schema = op.get("requestBody", {}).get("content", {}).get("application/json", {}).get("schema")
            if schema is None:
                problems.append(f"sent a body to {request.method} {path}, which takes none")
            else:
                for field in unknown_fields(openapi, json.loads(request.body), schema, "body"):
                    problems.append(f"sent {request.method} {path} with {field}, which the document lacks")
    for op_id, method, path, _op in operations:
        if op_id not in answered:
            problems.append(f"{method} {path} ({op_id}) was never answered 2xx by the test Hado: no test exercises its method")
    assert RECORDED, "nothing recorded: run the whole test directory (this test reads what the others sent)"
    assert not problems, "\n".join(sorted(set(problems)))
