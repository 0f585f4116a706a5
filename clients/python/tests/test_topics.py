"""Topics (issue 23) against a real Hado: put_topics declares the whole set,
get_topics answers it with the defaults filled in, a refused set names
topics[i].field, and a notice with an undeclared topic is refused by name.
A source of its own: declaring topics changes what its notices may say."""
import asyncio
from typing import List

import pytest

from conftest import Hado
from hado_client import AsyncClient, Client, HadoApiError, TopicInput

TOPICS: List[TopicInput] = [
    {"topic": "mention", "labels": {"en": "Mentions", "uk": "Згадки"}, "section": {"en": "Comments"},
     "channels": ["web", "slack", "telegram"], "defaults": {"telegram": False}, "delivery": "all", "toast": True, "regroup": "web"},
    {"topic": "export"},
]


def test_put_and_get_topics(hado: Hado) -> None:
    client = Client(hado.url, hado.source("py-topics"))
    declared = client.put_topics(TOPICS)
    assert [t["topic"] for t in declared] == ["mention", "export"]
    got = client.get_topics()
    assert got[0]["defaults"] == {"telegram": False}
    assert got[1] == {"topic": "export", "labels": {}, "section": {}, "channels": ["web", "telegram", "webhook", "push", "mobile", "email", "slack"],
                      "defaults": {}, "delivery": "presence", "toast": False, "regroup": "web"}
    with pytest.raises(HadoApiError) as caught:
        client.put_topics([{"topic": "a"}, {"topic": "a"}])
    assert (caught.value.status, caught.value.field, caught.value.index) == (422, "topic", 1)
    with pytest.raises(HadoApiError) as undeclared:
        client.post_notices({"recipients": ["py.vera"], "topic": "comment", "title": "x"})
    assert undeclared.value.status == 422
    assert "notices[0].topic" in str(undeclared.value)
    assert client.post_notices({"recipients": ["py.vera"], "topic": "mention", "title": "ok", "entity_label": "Budget"})["result"] == "created"


def test_async_topics(hado: Hado) -> None:
    client = AsyncClient(hado.url, hado.source("py-topics-async"))

    async def run() -> None:
        assert [t["topic"] for t in await client.put_topics(TOPICS[1:])] == ["export"]
        assert [t["topic"] for t in await client.get_topics()] == ["export"]

    asyncio.run(run())
