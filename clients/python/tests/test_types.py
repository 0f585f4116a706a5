"""hado_client/types.py is what tools/generate_types.py makes of the document
the real Hado serves: a schema changed and the types were not regenerated fails."""
import importlib.util
import sys
from typing import Any, Dict

from conftest import PACKAGE


def generator() -> Any:
    spec = importlib.util.spec_from_file_location("generate_types", PACKAGE / "tools" / "generate_types.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["generate_types"] = module
    spec.loader.exec_module(module)
    return module


def test_types_are_current(openapi: Dict[str, Any]) -> None:
    current = (PACKAGE / "src" / "hado_client" / "types.py").read_text(encoding="utf-8")
    fresh = generator().types_source(openapi)
    # A message that says what to do rather than a 300-line diff.
    assert current == fresh, "clients/python/src/hado_client/types.py is out of date: run `npm run client:python-types` and commit it"


def test_a_new_field_changes_the_types(openapi: Dict[str, Any]) -> None:
    # The check above can fail: a field added to the document shows in the generated text.
    import copy

    doc = copy.deepcopy(openapi)
    notice = doc["paths"]["/api/notices"]["post"]["requestBody"]["content"]["application/json"]["schema"]["anyOf"][0]
    notice["properties"]["entity_label"] = {"type": "string", "maxLength": 200}
    text = generator().types_source(doc)
    assert "    entity_label: str\n" in text
