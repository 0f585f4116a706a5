"""AsyncClient against a real Hado: every method, concurrently."""
import asyncio
import datetime
import logging

import pytest

from conftest import Hado, free_port
from hado_client import AsyncClient, HadoApiError


def test_every_method(hado: Hado, token: str) -> None:
    hado_async = AsyncClient(hado.url, token)
    due = (datetime.datetime.now(datetime.timezone.utc).date() + datetime.timedelta(days=10)).isoformat()

    async def run() -> None:
        # Ten workers at once, each with its own event: the calls overlap on worker threads.
        results = await asyncio.gather(
            *(hado_async.put_events([{"user": "py.async", "source_ref": f"async:{i}", "topic": "t", "due_at": due, "payload": {"title": f"#{i}"}}])
              for i in range(10))
        )
        assert sorted(r[0]["source_ref"] for r in results) == sorted(f"async:{i}" for i in range(10))
        event = await hado_async.get_events("async:3", "t")
        assert (event["payload"]["title"], event["state"], event["due_at"]) == ("#3", "scheduled", due)
        await hado_async.delete_event("async:3", "t")
        assert (await hado_async.get_events("async:3", "t"))["state"] == "withdrawn"
        with pytest.raises(HadoApiError) as caught:
            await hado_async.get_events("async:none", "t")
        assert caught.value.status == 404

        one = await hado_async.post_notices({"recipients": ["py.async"], "title": "Hello", "dedupe_key": "async:hello"})
        assert one["result"] == "created"
        many = await hado_async.post_notices([{"recipients": ["py.async"], "title": "Hello", "dedupe_key": "async:hello"}])
        assert many[0]["result"] == "duplicate" and many[0]["id"] == one["id"]
        recorded = await hado_async.record({"recipients": ["py.async"], "title": "Recorded", "dedupe_key": "async:rec"})
        assert recorded is not None and recorded["result"] == "created"

    asyncio.run(run())


def test_record_never_raises(caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.ERROR, logger="hado_client")
    dead = AsyncClient(f"http://127.0.0.1:{free_port()}", "hado_x", attempts=2, retry_delay=0.01)
    assert asyncio.run(dead.record({"recipients": ["a"], "title": "Lost", "dedupe_key": "async:lost"})) is None
    assert "async:lost" in caplog.text


def test_cancelling_stops_the_retries() -> None:
    # A long backoff between attempts: cancelling the task ends it at once, holding no thread.
    dead = AsyncClient(f"http://127.0.0.1:{free_port()}", "hado_x", attempts=10, retry_delay=30, max_delay=30)

    async def run() -> float:
        task = asyncio.ensure_future(dead.get_events("x"))
        await asyncio.sleep(0.3)
        started = asyncio.get_running_loop().time()
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task
        return asyncio.get_running_loop().time() - started

    assert asyncio.run(run()) < 1.0
