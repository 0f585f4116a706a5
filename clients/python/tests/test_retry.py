"""The retry rules (the same as hado/client's), against a loopback server that
answers what a healthy Hado rarely does: 503, 429 with Retry-After, a dropped
connection, a slow answer, a redirect."""
import asyncio
import email.utils
import time
from typing import Any, Callable, Dict, List, Tuple

import pytest

from conftest import Script
from hado_client import AsyncClient, Client, HadoApiError, HadoConnectionError, retry_after_seconds
from hado_client._retry import RETRY_AFTER_MAX, Backoff

Scripted = Callable[[List[Any]], Tuple[str, Script]]
Answer = Tuple[int, Dict[str, str], Any]
OK_EVENTS: Answer = (200, {}, {"events": [{"source_ref": "a", "topic": "", "id": 1, "state": "scheduled"}]})
NOTICE = {"id": 5, "result": "created", "mode": "create", "source_ref": None, "topic": "", "title": "t", "count": 1, "recipients": ["a"]}
OK_NOTICE: Answer = (200, {}, {"notice": NOTICE})
UNAVAILABLE: Answer = (503, {}, {"error": {"code": "unavailable", "message": "The database is not reachable"}})
EVENT = {"user": "a", "source_ref": "a", "due_at": "2030-01-01", "payload": {"title": "t"}}


def fast(url: str, **kw: Any) -> Client:
    return Client(url, "hado_t", retry_delay=0.01, max_delay=0.05, **kw)


def test_5xx_is_retried_for_a_repeatable_call(scripted: Scripted) -> None:
    url, script = scripted([UNAVAILABLE, (500, {}, b"oops"), OK_EVENTS])
    assert fast(url).put_events([EVENT])[0]["id"] == 1  # type: ignore[list-item]
    assert [r[0] for r in script.received] == ["PUT"] * 3
    # The same request each time: method, path, token and body.
    assert len({(r[1], r[2]["authorization"], r[3]) for r in script.received}) == 1
    assert script.received[0][1] == "/api/events"


def test_gives_up_after_the_attempts_with_the_last_answer(scripted: Scripted) -> None:
    url, script = scripted([UNAVAILABLE] * 4)
    with pytest.raises(HadoApiError) as caught:
        fast(url).get_events("a")
    assert (caught.value.status, caught.value.code, str(caught.value)) == (503, "unavailable", "The database is not reachable")
    assert len(script.received) == 4
    url, script = scripted([UNAVAILABLE] * 2)
    with pytest.raises(HadoApiError):
        fast(url, attempts=2).delete_event("a", "t")
    assert len(script.received) == 2
    assert script.received[0][1] == "/api/events?source_ref=a&topic=t"


def test_a_4xx_is_final(scripted: Scripted) -> None:
    url, script = scripted([(422, {}, {"error": {"code": "invalid", "message": "events[0].user: bad", "index": 0, "field": "user"}})])
    with pytest.raises(HadoApiError) as caught:
        fast(url).put_events([EVENT])  # type: ignore[list-item]
    assert (caught.value.index, caught.value.field) == (0, "user")
    assert len(script.received) == 1


def test_a_plain_create_is_never_retried(scripted: Scripted) -> None:
    url, script = scripted([UNAVAILABLE, OK_NOTICE])
    with pytest.raises(HadoApiError):
        fast(url).post_notices({"recipients": ["a"], "title": "t"})
    assert len(script.received) == 1
    # A batch with one notice without a key is not repeatable either.
    url, script = scripted([UNAVAILABLE, OK_NOTICE])
    with pytest.raises(HadoApiError):
        fast(url).post_notices([{"recipients": ["a"], "title": "t", "dedupe_key": "k1"}, {"recipients": ["a"], "title": "t"}])
    assert len(script.received) == 1


def test_notices_that_all_have_a_key_are_retried(scripted: Scripted) -> None:
    url, script = scripted([UNAVAILABLE, OK_NOTICE])
    assert fast(url).post_notices({"recipients": ["a"], "title": "t", "dedupe_key": "k"})["id"] == 5
    assert len(script.received) == 2


def test_retry_after_is_honoured_on_429(scripted: Scripted) -> None:
    url, script = scripted([(429, {"retry-after": "1"}, {"error": {"code": "too_many_requests", "message": "slow down"}}), OK_EVENTS])
    # The backoff alone would wait at most 0.05 s: the second attempt comes a second later.
    fast(url).put_events([EVENT])  # type: ignore[list-item]
    assert script.received[1][4] - script.received[0][4] >= 0.95


def test_retry_after_is_not_read_on_5xx(scripted: Scripted) -> None:
    # As in hado/client: Retry-After is a 429's; a 503 takes the backoff.
    url, script = scripted([(503, {"retry-after": "30"}, {"error": {"code": "unavailable", "message": "x"}}), OK_EVENTS])
    started = time.monotonic()
    fast(url).put_events([EVENT])  # type: ignore[list-item]
    assert time.monotonic() - started < 5


def test_a_dropped_connection_is_retried(scripted: Scripted) -> None:
    url, script = scripted(["drop", OK_EVENTS])
    assert fast(url).put_events([EVENT])[0]["state"] == "scheduled"  # type: ignore[list-item]
    assert len(script.received) == 2
    url, script = scripted(["drop", OK_NOTICE])
    with pytest.raises(HadoConnectionError, match="tried once"):
        fast(url).post_notices({"recipients": ["a"], "title": "t"})
    assert len(script.received) == 1


def test_a_slow_answer_times_out_and_is_retried(scripted: Scripted) -> None:
    url, script = scripted([("sleep", 4.0, OK_EVENTS), OK_EVENTS])
    started = time.monotonic()
    fast(url, timeout=0.3).get_events("a")
    assert len(script.received) == 2
    # Had the first attempt waited for its answer, this would take 4 s.
    assert time.monotonic() - started < 3.0


def test_a_redirect_is_not_followed(scripted: Scripted) -> None:
    target, target_script = scripted([OK_EVENTS])
    url, script = scripted([(307, {"location": target + "/api/events"}, b"")])
    with pytest.raises(HadoApiError) as caught:
        fast(url).put_events([EVENT])  # type: ignore[list-item]
    assert caught.value.status == 307
    assert len(script.received) == 1 and target_script.received == []


def test_a_path_prefix_is_kept(scripted: Scripted) -> None:
    url, script = scripted([OK_EVENTS, OK_EVENTS])
    fast(url + "/hado").get_events("person:42", "birth day")
    fast(url + "/hado/").get_events("x")
    assert [r[1] for r in script.received] == ["/hado/api/events?source_ref=person%3A42&topic=birth+day", "/hado/api/events?source_ref=x"]
    headers = script.received[0][2]
    assert headers["authorization"] == "Bearer hado_t"
    assert headers["accept"] == "application/json"
    assert headers["user-agent"].startswith("hado-client-python/")


def test_a_non_json_error_body(scripted: Scripted) -> None:
    url, _ = scripted([(502, {}, b"<html>Bad gateway</html>")])
    with pytest.raises(HadoApiError) as caught:
        fast(url, attempts=1).get_events("a")
    assert (caught.value.status, caught.value.code, caught.value.body) == (502, "internal", "<html>Bad gateway</html>")
    assert str(caught.value) == "GET /api/events: HTTP 502"


def test_the_async_client_retries_alike(scripted: Scripted) -> None:
    url, script = scripted([UNAVAILABLE, "drop", OK_EVENTS, UNAVAILABLE, OK_NOTICE])
    client = AsyncClient(url, "hado_t", retry_delay=0.01, max_delay=0.05)

    async def run() -> None:
        assert (await client.put_events([EVENT]))[0]["id"] == 1  # type: ignore[list-item]
        with pytest.raises(HadoApiError):
            await client.post_notices({"recipients": ["a"], "title": "no key"})

    asyncio.run(run())
    assert len(script.received) == 4


def test_retry_after_values() -> None:
    now = 1_000_000.0
    assert retry_after_seconds(None) is None
    assert retry_after_seconds("") is None
    assert retry_after_seconds("7") == 7.0
    assert retry_after_seconds("100000") == RETRY_AFTER_MAX
    assert retry_after_seconds(email.utils.formatdate(now + 12, usegmt=True), now) == 12.0
    assert retry_after_seconds(email.utils.formatdate(now - 12, usegmt=True), now) == 0.0
    assert retry_after_seconds("soon") is None
    assert retry_after_seconds("-3") is None


def test_backoff_is_jittered_and_capped() -> None:
    backoff = Backoff(0.5, 30.0)
    waits = [backoff.delay(3) for _ in range(200)]
    assert all(0 <= w <= 4.0 for w in waits) and len(set(waits)) > 100
    assert all(backoff.delay(20) <= 30.0 for _ in range(50))
