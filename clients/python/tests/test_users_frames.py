"""Users, user tokens and frames (issues 24 and 25) against a real Hado:
put_users provisions a batch (a source with the provision capability; one
without it is refused), create_user_token mints the embedded inbox's token
(checked with PyJWT), and post_frames puts one frame or a batch on the
users' live streams."""
import asyncio
import time

import jwt
import pytest

from conftest import Hado
from hado_client import AsyncClient, Client, HadoApiError


def test_put_users(hado: Hado) -> None:
    client = Client(hado.url, hado.source("py-provision", can="provision"))
    users = [{"login": "py.olena", "name": "Olena K.", "timezone": "Europe/Kyiv", "locale": "uk"}, {"login": "py.ivan"}]
    first = client.put_users(users)  # type: ignore[arg-type]
    assert [u["login"] for u in first] == ["py.olena", "py.ivan"]
    assert all(isinstance(u["created"], bool) for u in first)
    # The same batch again writes the same: nobody is created twice.
    assert client.put_users(users) == [{"login": "py.olena", "created": False}, {"login": "py.ivan", "created": False}]  # type: ignore[arg-type]
    with pytest.raises(HadoApiError) as refused:
        client.put_users([{"login": "py.ok"}, {"login": "not a login"}])
    assert (refused.value.status, refused.value.index) == (422, 1)
    # Without the capability: refused.
    with pytest.raises(HadoApiError) as forbidden:
        Client(hado.url, hado.source("py-no-provision")).put_users([{"login": "py.olena"}])
    assert forbidden.value.status == 403


def test_create_user_token(hado: Hado) -> None:
    client = Client(hado.url, hado.source("py-tokens"))
    before = int(time.time())
    answer = client.create_user_token("py.ana", ttl_seconds=600)
    claims = jwt.decode(answer["token"], options={"verify_signature": False})
    assert (claims["sub"], claims["iss"], claims["aud"]) == ("py.ana", "py-tokens", "hado")
    assert before + 590 <= claims["exp"] <= int(time.time()) + 610
    assert answer["expires_at"].startswith(time.strftime("%Y-%m-%dT", time.gmtime(claims["exp"])))
    assert jwt.get_unverified_header(answer["token"])["alg"] == "HS256"
    default = jwt.decode(client.create_user_token("py.ana")["token"], options={"verify_signature": False})
    assert 3590 <= default["exp"] - int(time.time()) <= 3610
    with pytest.raises(HadoApiError) as refused:
        client.create_user_token("py.ana", ttl_seconds=24 * 3600 + 1)
    assert (refused.value.status, refused.value.field) == (422, "ttl_seconds")


def test_post_frames(hado: Hado) -> None:
    client = Client(hado.url, hado.source("py-frames"))
    assert client.post_frames({"type": "task_changed", "data": {"id": 7}, "recipients": ["py.ana"]}) == 1
    assert client.post_frames([{"type": "task_changed", "all": True}, {"type": "board.moved", "data": [1, 2], "recipients": ["py.ana", "py.ivan"]}]) == 2
    assert client.post_frames({"frames": [{"type": "ping", "all": True}]}) == 1
    with pytest.raises(HadoApiError) as too_big:
        client.post_frames({"type": "big", "data": "x" * 5000, "all": True})
    assert (too_big.value.status, too_big.value.field) == (422, "data")
    with pytest.raises(HadoApiError) as neither:
        client.post_frames([{"type": "ok", "all": True}, {"type": "nobody"}])
    assert (neither.value.status, neither.value.field, neither.value.index) == (422, "recipients", 1)


def test_async_users_tokens_frames(hado: Hado) -> None:
    client = AsyncClient(hado.url, hado.source("py-async-embed", can="provision"))

    async def run() -> None:
        assert [u["login"] for u in await client.put_users([{"login": "py.async"}])] == ["py.async"]
        token = (await client.create_user_token("py.async", 60))["token"]
        assert jwt.decode(token, options={"verify_signature": False})["iss"] == "py-async-embed"
        assert await client.post_frames({"type": "hello", "recipients": ["py.async"]}) == 1

    asyncio.run(run())
