"""Audiences (issue 24) against a real Hado: put_audience, patch_audience,
get_audience (paged) and delete_audience, sync and async; a name with a
slash; a notice to the audience narrowed by recipients; the 403 without the
provision capability and the 422 naming members[i]."""
import asyncio

import pytest

from conftest import Hado
from hado_client import AsyncClient, Client, HadoApiError


def test_audiences(hado: Hado) -> None:
    client = Client(hado.url, hado.source("py-audiences", can="provision"))
    made = client.put_audience("company-42/staff", ["py.a1", "py.a2", "py.a3"])
    assert made == {"name": "company-42/staff", "created": True, "count": 3, "added": 3, "removed": 0}
    changed = client.patch_audience("company-42/staff", add=["py.a4"], remove=["py.a1"])
    assert (changed["count"], changed["added"], changed["removed"]) == (3, 1, 1)
    first = client.get_audience("company-42/staff", limit=2)
    assert first["count"] == 3 and len(first["members"]) == 2 and first["next_cursor"] is not None
    rest = client.get_audience("company-42/staff", limit=2, cursor=first["next_cursor"])
    assert rest["next_cursor"] is None
    assert sorted(first["members"] + rest["members"]) == ["py.a2", "py.a3", "py.a4"]
    notice = client.post_notices({"audience": "company-42/staff", "recipients": ["py.a2", "py.a1"], "title": "Shift swap"})
    assert notice["recipients"] == ["py.a2"]
    client.delete_audience("company-42/staff")
    with pytest.raises(HadoApiError) as gone:
        client.get_audience("company-42/staff")
    assert gone.value.status == 404
    with pytest.raises(HadoApiError) as bad:
        client.put_audience("x", ["py.ok", "not a login"])
    assert (bad.value.status, bad.value.field, bad.value.index) == (422, "members[1]", 1)
    with pytest.raises(HadoApiError) as forbidden:
        Client(hado.url, hado.source("py-no-audiences")).put_audience("x", ["py.a1"])
    assert (forbidden.value.status, forbidden.value.code) == (403, "forbidden")


def test_audiences_async(hado: Hado) -> None:
    client = AsyncClient(hado.url, hado.source("py-audiences-async", can="provision"))

    async def run() -> None:
        assert (await client.put_audience("team/a", ["py.b1", "py.b2"]))["created"] is True
        assert (await client.patch_audience("team/a", remove=["py.b2"]))["count"] == 1
        assert (await client.get_audience("team/a"))["members"] == ["py.b1"]
        await client.delete_audience("team/a")

    asyncio.run(run())
