#!/usr/bin/env python3
"""Generates hado_client/types.py, the TypedDicts of Hado's client API, from
the OpenAPI document Hado serves (GET /openapi.json), so that the Python
client's inputs and results cannot drift from the server.

    python3 clients/python/tools/generate_types.py --url http://127.0.0.1:8080/openapi.json
    python3 clients/python/tools/generate_types.py openapi.json           # a saved document
    npm run client:python-types                                           # the document of this checkout
    ... --check     exit 1, and write nothing, when types.py is not what the document makes

Only the client API is typed: every operation under /api/. Each gets
``<Op>Body`` (its JSON request body), ``<Op>Answer`` (its 2xx JSON answer),
``<Op>Query`` / ``<Op>PathParams`` (its parameters); a nested object is named
after its parent and field. NAMES below gives the types people import better
names, the same as hado/client's (EventInput, NoticeInput, ...). One shape
gets one name wherever it appears. A name in NAMES that names nothing in the
document is an error, so the table cannot rot.

Standard library only, Python >= 3.9; the output runs on Python >= 3.9
(``typing`` only: the two-class pattern stands in for NotRequired).
"""
import argparse
import json
import keyword
import re
import sys
import urllib.request
from pathlib import Path
from typing import Any, Dict, List, Optional, Set, Tuple

HERE = Path(__file__).resolve().parent
OUTPUT = HERE.parent / "src" / "hado_client" / "types.py"

# Where a shape is named: "<operationId>.<part>" then ".field", "[]" (an
# array's items) and "|i" (the i-th choice of an anyOf). A nullable
# (anyOf [X, null]) names X. Parts: body, answer, query, path, error.
NAMES: Dict[str, str] = {
    "error": "ErrorBody",
    "error.error": "ErrorDetail",
    "error.error.code": "ErrorCode",
    # PUT /api/events
    "putEvents.body": "PutEventsBody",
    "putEvents.body.events[]": "EventInput",
    "putEvents.body.events[].payload": "EventPayload",
    "putEvents.body.events[].recurrence": "RecurrenceRule",
    "putEvents.body.events[].after_due": "AfterDue",
    "putEvents.answer": "PutEventsAnswer",
    "putEvents.answer.events[]": "UpsertResult",
    "putEvents.answer.events[].state": "EventState",
    # GET and DELETE /api/events
    "getEvent.query": "EventIdentity",
    "getEvent.answer": "ApiEvent",
    "getEvent.answer.payload": "ApiEventPayload",
    # POST /api/notices
    "postNotices.body": "PostNoticesBody",
    "postNotices.body|0": "NoticeInput",
    "postNotices.body|0.mode": "NoticeMode",
    "postNotices.body|0.group": "GroupOptions",
    "postNotices.body|0.channels[]": "ChannelType",
    "postNotices.body|0.recipients[]|1": "EmailRecipient",
    "postNotices.body|0.recipients[]|2": "SlackChannelRecipient",
    "postNotices.body|1": "NoticeBatch",
    "postNotices.answer": "PostNoticesAnswer",
    "postNotices.answer|0": "NoticeAnswer",
    "postNotices.answer|0.notice": "NoticeResult",
    "postNotices.answer|0.notice.result": "NoticeResultKind",
    "postNotices.answer|1": "NoticesAnswer",
    # GET /api/notices, GET /api/notices/{id}, DELETE /api/notices (issue 24)
    "listNotices.query": "NoticeListQuery",
    "listNotices.answer": "SourceNoticePage",
    "listNotices.answer.notices[]": "SourceNotice",
    "getNotice.answer": "SourceNoticeDetail",
    "getNotice.answer.recipients[]": "NoticeRecipientState",
    "getNotice.answer.deliveries[]": "NoticeDeliveryState",
    "withdrawNotices.body": "WithdrawBody",
    "withdrawNotices.body|0": "WithdrawByIds",
    "withdrawNotices.body|1": "WithdrawByRef",
    "withdrawNotices.answer": "WithdrawResult",
    # PUT and GET /api/topics (issue 23)
    "putTopics.body": "PutTopicsBody",
    "putTopics.body.topics[]": "TopicInput",
    "putTopics.body.topics[].labels": "LocalizedText",
    "putTopics.body.topics[].defaults": "TopicDefaults",
    "putTopics.answer": "TopicsAnswer",
    "putTopics.answer.topics[]": "Topic",
    # PUT /api/users (issue 24)
    "putUsers.body": "PutUsersBody",
    "putUsers.body.users[]": "UserInput",
    "putUsers.answer": "PutUsersAnswer",
    "putUsers.answer.users[]": "ProvisionResult",
    # POST /api/user-tokens (issue 25)
    "postUserToken.body": "UserTokenInput",
    "postUserToken.answer": "UserToken",
    # POST /api/frames (issue 25)
    "postFrames.body": "PostFramesBody",
    "postFrames.body|0": "FrameInput",
    "postFrames.body|1": "FrameBatch",
    "postFrames.answer": "PostFramesAnswer",
    # /api/audiences/{name} (issue 24)
    "putAudience.path": "AudiencePath",
    "putAudience.body": "PutAudienceBody",
    "putAudience.answer": "AudienceWriteResult",
    "patchAudience.body": "AudienceChange",
    "getAudience.query": "AudiencePageQuery",
    "getAudience.answer": "AudiencePage",
}

HEADER = '''\
"""The TypedDicts of Hado's client API (/api/*), generated from its OpenAPI
document by clients/python/tools/generate_types.py. Do not edit: regenerate
(`npm run client:python-types`); the tests fail when this file is not what
the document served by Hado makes."""
# fmt: off
from typing import Any, Dict, List, Literal, Optional, TypedDict, Union'''

HTTP_METHODS = ("get", "put", "post", "patch", "delete")
IGNORED_KEYS = {"description", "example", "examples", "title", "default", "deprecated"}


def camel(text: str) -> str:
    """'every_n_days' -> 'EveryNDays', 'deep-link' -> 'DeepLink'."""
    return "".join(part[:1].upper() + part[1:] for part in re.split(r"[^A-Za-z0-9]+", text) if part)


def canonical(schema: Any) -> str:
    """A shape's identity: the schema without its words (descriptions, examples)."""

    def strip(node: Any) -> Any:
        if isinstance(node, list):
            return [strip(x) for x in node]
        if isinstance(node, dict):
            return {k: strip(v) for k, v in node.items() if k not in IGNORED_KEYS}
        return node

    return json.dumps(strip(schema), sort_keys=True)


def one_line(text: str) -> str:
    return " ".join(str(text).split())


class Generator:
    def __init__(self, doc: Dict[str, Any]) -> None:
        self.doc = doc
        self.definitions: List[str] = []  # emitted code, dependencies first
        self.by_shape: Dict[str, str] = {}  # canonical shape -> its name
        self.taken: Set[str] = set()
        self.hinted: Dict[str, str] = {}  # canonical shape -> the name NAMES gives it
        self.used_hints: Set[str] = set()

    # -- the document ----------------------------------------------------

    def resolve(self, schema: Any) -> Any:
        while isinstance(schema, dict) and "$ref" in schema:
            ref = schema["$ref"]
            if not ref.startswith("#/"):
                raise SystemExit(f"unsupported $ref {ref}")
            node: Any = self.doc
            for part in ref[2:].split("/"):
                node = node[part.replace("~1", "/").replace("~0", "~")]
            schema = node
        return schema

    def operations(self) -> List[Tuple[str, str, str, Dict[str, Any]]]:
        """(operationId, METHOD, path, operation) of every /api/ operation, by operationId."""
        ops = []
        for path, item in self.doc.get("paths", {}).items():
            if not path.startswith("/api/"):
                continue
            for method in HTTP_METHODS:
                op = item.get(method)
                if op is None:
                    continue
                if "operationId" not in op:
                    raise SystemExit(f"{method.upper()} {path} has no operationId")
                ops.append((op["operationId"], method.upper(), path, op))
        return sorted(ops)

    def parts(self, op_id: str, op: Dict[str, Any]) -> List[Tuple[str, Any, str]]:
        """(path in NAMES' terms, schema, default name) of the operation's body, answer and parameters."""
        out: List[Tuple[str, Any, str]] = []
        for where, suffix in (("query", "Query"), ("path", "PathParams")):
            params = [self.resolve(p) for p in op.get("parameters", []) if self.resolve(p).get("in") == where]
            if params:
                schema = {
                    "type": "object",
                    "properties": {p["name"]: dict(p.get("schema", {}), **{k: v for k, v in p.items() if k == "description"}) for p in params},
                    "required": [p["name"] for p in params if p.get("required")],
                    "additionalProperties": False,
                }
                out.append((f"{op_id}.{where}", schema, camel(op_id) + suffix))
        body = op.get("requestBody", {}).get("content", {}).get("application/json")
        if body is not None:
            out.append((f"{op_id}.body", body["schema"], camel(op_id) + "Body"))
        for status, answer in sorted(op.get("responses", {}).items()):
            content = self.resolve(answer).get("content", {}).get("application/json")
            if content is None:
                continue
            if status.startswith("2"):
                out.append((f"{op_id}.answer", content["schema"], camel(op_id) + "Answer"))
            elif status[:1] in ("4", "5"):
                # One shape for every status; each status's description is about that status, not the shape.
                schema = {k: v for k, v in self.resolve(content["schema"]).items() if k != "description"}
                out.append(("error", schema, "ErrorBody"))
        return out

    # -- naming ----------------------------------------------------------

    def collect_hints(self) -> None:
        """First pass: the shape each NAMES entry points at, so the name wins wherever the shape appears first."""
        for op_id, _method, _path, op in self.operations():
            for where, schema, _default in self.parts(op_id, op):
                self._hint_walk(schema, where)
        missing = sorted(set(NAMES) - self.used_hints)
        if missing:
            raise SystemExit("NAMES entries that name nothing in the document: " + ", ".join(missing))

    def _hint_walk(self, schema: Any, where: str) -> None:
        schema = self.resolve(schema)
        if not isinstance(schema, dict):
            return
        inner = self._non_null(schema)
        if inner is not None:
            schema = inner
        if where in NAMES:
            self.used_hints.add(where)
            shape = canonical(schema)
            name = NAMES[where]
            if self.hinted.get(shape, name) != name:
                raise SystemExit(f"one shape, two names: {self.hinted[shape]} and {name} ({where})")
            self.hinted[shape] = name
        for key, sub in schema.get("properties", {}).items():
            self._hint_walk(sub, f"{where}.{key}")
        if isinstance(schema.get("items"), dict):
            self._hint_walk(schema["items"], f"{where}[]")
        for i, sub in enumerate(schema.get("anyOf", schema.get("oneOf", []))):
            self._hint_walk(sub, f"{where}|{i}")

    def _non_null(self, schema: Dict[str, Any]) -> Optional[Any]:
        """X of anyOf [X, null] (or [null, X]), else None."""
        choices = schema.get("anyOf", schema.get("oneOf"))
        if not isinstance(choices, list) or len(choices) != 2:
            return None
        nulls = [c for c in choices if self.resolve(c).get("type") == "null"]
        if len(nulls) != 1:
            return None
        return self.resolve(next(c for c in choices if self.resolve(c).get("type") != "null"))

    def fresh_name(self, wanted: str) -> str:
        name, n = wanted, 2
        while name in self.taken:
            name, n = f"{wanted}{n}", n + 1
        self.taken.add(name)
        return name

    # -- types -----------------------------------------------------------

    def type_of(self, schema: Any, default_name: str, where: str) -> str:
        """The Python type expression of a schema, defining the TypedDicts and aliases it needs."""
        schema = self.resolve(schema)
        if schema is True or schema == {}:
            return "Any"
        inner = self._non_null(schema)
        if inner is not None:
            return f"Optional[{self.type_of(inner, default_name, where)}]"
        shape = canonical(schema)
        if shape in self.by_shape:
            return self.by_shape[shape]
        literal = self._literal_values(schema)
        if literal is not None:
            expr = "Literal[" + ", ".join(json.dumps(v) for v in literal) + "]"
            return self._alias(shape, expr, schema) if shape in self.hinted else expr
        choices = schema.get("anyOf", schema.get("oneOf"))
        if isinstance(choices, list):
            parent = self.hinted.get(shape, default_name)
            members = [self.type_of(c, self._choice_name(c, parent, i), f"{where}|{i}") for i, c in enumerate(choices)]
            members = list(dict.fromkeys(members))
            expr = members[0] if len(members) == 1 else "Union[" + ", ".join(members) + "]"
            if "None" in members and len(members) > 1:
                rest = [m for m in members if m != "None"]
                expr = "Optional[" + (rest[0] if len(rest) == 1 else "Union[" + ", ".join(rest) + "]") + "]"
            return self._alias(shape, expr, schema) if shape in self.hinted else expr
        kind = schema.get("type")
        if isinstance(kind, list):  # OpenAPI 3.1: "type": ["string", "null"]
            return self.type_of({"anyOf": [dict(schema, type=k) for k in kind]}, default_name, where)
        if kind == "string":
            return "str"
        if kind == "integer":
            return "int"
        if kind == "number":
            return "float"
        if kind == "boolean":
            return "bool"
        if kind == "null":
            return "None"
        if kind == "array":
            items = schema.get("items", {})
            return f"List[{self.type_of(items, default_name + 'Item', where + '[]')}]"
        if kind == "object" or "properties" in schema:
            props = schema.get("properties", {})
            extra = schema.get("additionalProperties", True)
            if not props:
                value = "Any" if extra in (True, None) or extra == {} else self.type_of(extra, default_name + "Value", where)
                return f"Dict[str, {value}]"
            return self._typed_dict(schema, shape, default_name, where)
        return "Any"

    def _literal_values(self, schema: Dict[str, Any]) -> Optional[List[Any]]:
        if "enum" in schema and all(isinstance(v, (str, int, bool)) for v in schema["enum"]):
            return list(schema["enum"])
        if "const" in schema:
            return [schema["const"]]
        choices = schema.get("anyOf", schema.get("oneOf"))
        if isinstance(choices, list) and choices:
            values: List[Any] = []
            for c in choices:
                sub = self._literal_values(self.resolve(c))
                if sub is None:
                    return None
                values.extend(sub)
            return list(dict.fromkeys(values))
        return None

    def _choice_name(self, choice: Any, parent: str, i: int) -> str:
        """WeeklyRecurrenceRule for the choice whose "type" is "weekly"; else Parent1, Parent2..."""
        choice = self.resolve(choice)
        tag = (choice.get("properties") or {}).get("type") if isinstance(choice, dict) else None
        values = self._literal_values(self.resolve(tag)) if isinstance(tag, dict) else None
        if values and len(values) == 1 and isinstance(values[0], str):
            return camel(values[0]) + parent
        return f"{parent}{i + 1}"

    def _alias(self, shape: str, expr: str, schema: Dict[str, Any]) -> str:
        name = self.fresh_name(self.hinted[shape])
        self.by_shape[shape] = name
        doc = schema.get("description")
        comment = f"#: {one_line(doc)}\n" if doc else ""
        self.definitions.append(f"{comment}{name} = {expr}")
        return name

    def _typed_dict(self, schema: Dict[str, Any], shape: str, default_name: str, where: str) -> str:
        name = self.fresh_name(self.hinted.get(shape, default_name))
        # Named before its fields are typed: a field of the same shape (no such schema today) would refer to it.
        self.by_shape[shape] = name
        required = set(schema.get("required", []))
        fields: List[Tuple[str, str, bool, Optional[str]]] = []
        for key, sub in schema.get("properties", {}).items():
            sub_resolved = self.resolve(sub)
            expr = self.type_of(sub, name + camel(key), f"{where}.{key}")
            fields.append((key, expr, key in required, sub_resolved.get("description") if isinstance(sub_resolved, dict) else None))
        self.definitions.append(self._emit_typed_dict(name, fields, schema.get("description")))
        return name

    @staticmethod
    def _emit_typed_dict(name: str, fields: List[Tuple[str, str, bool, Optional[str]]], doc: Optional[str]) -> str:
        def body(rows: List[Tuple[str, str, bool, Optional[str]]], docstring: Optional[str]) -> str:
            lines = [f'    """{one_line(docstring)}"""'] if docstring else []
            for key, expr, _req, desc in rows:
                if desc:
                    lines.append(f"    #: {one_line(desc)}")
                lines.append(f"    {key}: {expr}")
            return "\n".join(lines or ["    pass"])

        req = [f for f in fields if f[2]]
        opt = [f for f in fields if not f[2]]
        if not all(k.isidentifier() and not keyword.iskeyword(k) for k, _e, _r, _d in fields):
            # A key like "from" or "x-y": only the functional form can spell it, and it cannot mix required and optional keys.
            if req and opt:
                raise SystemExit(f"{name}: a key that is not an identifier beside both required and optional keys")
            items = ", ".join(f"{json.dumps(k)}: {e}" for k, e, _r, _d in fields)
            return f'{name} = TypedDict("{name}", {{{items}}}' + ("" if req else ", total=False") + ")"
        if req and opt:
            base = f"_{name}Required"
            return f"class {base}(TypedDict):\n{body(req, None)}\n\n\nclass {name}({base}, total=False):\n{body(opt, doc)}"
        total = "" if req or not fields else ", total=False"
        return f"class {name}(TypedDict{total}):\n{body(fields, doc)}"

    # -- the file ----------------------------------------------------------

    def generate(self) -> str:
        self.collect_hints()
        for op_id, _method, _path, op in self.operations():
            for where, schema, default in self.parts(op_id, op):
                self.type_of(schema, default, where)
        names = sorted(set(self.by_shape.values()))
        exports = "__all__ = [\n" + "".join(f'    "{n}",\n' for n in names) + "]"
        return HEADER + "\n\n\n" + "\n\n\n".join([*self.definitions, exports]) + "\n"


def load(args: argparse.Namespace) -> Dict[str, Any]:
    doc: Any
    if args.url:
        with urllib.request.urlopen(args.url, timeout=30) as res:
            doc = json.loads(res.read())
    elif args.document in (None, "-"):
        doc = json.load(sys.stdin)
    else:
        doc = json.loads(Path(args.document).read_text(encoding="utf-8"))
    if not isinstance(doc, dict) or "paths" not in doc:
        raise SystemExit("not an OpenAPI document: no paths")
    return doc


def types_source(doc: Dict[str, Any]) -> str:
    """The text of types.py for this document."""
    return Generator(doc).generate()


def main(argv: Optional[List[str]] = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("document", nargs="?", help="an openapi.json file, or - for stdin (the default)")
    parser.add_argument("--url", help="read the document from a running Hado, e.g. http://127.0.0.1:8080/openapi.json")
    parser.add_argument("--output", default=str(OUTPUT), help=f"default {OUTPUT}")
    parser.add_argument("--check", action="store_true", help="exit 1 when the file is not current; write nothing")
    args = parser.parse_args(argv)
    text = types_source(load(args))
    target = Path(args.output)
    if args.check:
        if not target.exists() or target.read_text(encoding="utf-8") != text:
            print(f"{target} is out of date: run `npm run client:python-types` and commit it", file=sys.stderr)
            return 1
        return 0
    target.write_text(text, encoding="utf-8")
    print(f"wrote {target}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
