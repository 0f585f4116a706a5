"""A source's view of its notices (issue 24) against a real Hado: list_notices
pages the source's own notices, get_notice reads one with each recipient's
read state, and withdraw_notices removes them by ids or by (source_ref,
topic) — with Client and with AsyncClient."""
import asyncio

import pytest

from conftest import Hado
from hado_client import AsyncClient, Client, HadoApiError


def test_list_get_withdraw(hado: Hado) -> None:
    client = Client(hado.url, hado.source("py-view"))
    a = client.post_notices({"recipients": ["py.ana", "py.bob"], "title": "Job 7", "mode": "upsert", "source_ref": "job:7", "topic": "request"})
    b = client.post_notices({"recipients": ["py.ana"], "title": "Job 8", "mode": "upsert", "source_ref": "job:8", "topic": "request"})
    # Another source's notice is not in this source's view.
    Client(hado.url, hado.source("py-view-other")).post_notices({"recipients": ["py.ana"], "title": "Not mine", "topic": "request"})
    first = client.list_notices(topic="request", limit=1)
    assert [n["id"] for n in first["notices"]] == [b["id"]]
    assert first["next_cursor"] is not None
    second = client.list_notices(topic="request", limit=1, cursor=first["next_cursor"])
    assert [n["id"] for n in second["notices"]] == [a["id"]]
    assert second["next_cursor"] is None
    assert [n["id"] for n in client.list_notices(source_ref="job:7")["notices"]] == [a["id"]]
    detail = client.get_notice(a["id"])
    assert detail["notice"]["recipient_count"] == 2
    assert detail["notice"]["body_format"] == "plain"
    assert [(r["login"], r["read_at"]) for r in detail["recipients"]] == [("py.ana", None), ("py.bob", None)]
    assert detail["deliveries"] == []
    withdrawn = client.withdraw_notices(source_ref="job:7", topic="request")
    assert withdrawn["withdrawn"] == [a["id"]]
    assert client.withdraw_notices([b["id"]])["withdrawn"] == [b["id"]]
    # Withdrawing twice is the same: nothing left.
    assert client.withdraw_notices([b["id"]]) == {"withdrawn": [], "cancelled_deliveries": 0, "edited_messages": 0}
    with pytest.raises(HadoApiError) as gone:
        client.get_notice(a["id"])
    assert (gone.value.status, gone.value.code) == (404, "not_found")
    with pytest.raises(TypeError):
        client.withdraw_notices()
    with pytest.raises(TypeError):
        client.withdraw_notices([1], source_ref="x")


def test_async_list_get_withdraw(hado: Hado) -> None:
    async def run() -> None:
        client = AsyncClient(hado.url, hado.source("py-view-async"))
        n = await client.post_notices({"recipients": ["py.ana"], "title": "Async", "source_ref": "doc:1", "topic": "mention"})
        page = await client.list_notices(source_ref="doc:1", topic="mention")
        assert [x["id"] for x in page["notices"]] == [n["id"]]
        assert (await client.get_notice(n["id"]))["notice"]["title"] == "Async"
        assert (await client.withdraw_notices([n["id"]]))["withdrawn"] == [n["id"]]
        assert (await client.list_notices(source_ref="doc:1"))["notices"] == []

    asyncio.run(run())
