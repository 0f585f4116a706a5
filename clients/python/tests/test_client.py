"""Client against a real Hado: every method, the error body, record()."""
import datetime
import logging
from typing import List

import pytest

from conftest import Hado, free_port
from hado_client import Client, HadoApiError, HadoConnectionError, NoticeInput


def day(days: int = 0) -> str:
    return (datetime.datetime.now(datetime.timezone.utc).date() + datetime.timedelta(days=days)).isoformat()


@pytest.fixture(scope="module")
def client(hado: Hado, token: str) -> Client:
    return Client(hado.url, token)


def test_put_get_delete_events(client: Client) -> None:
    results = client.put_events(
        [
            {"user": "py.ana", "source_ref": "person:42", "topic": "birthday", "recurrence": {"type": "yearly", "month": 8, "day": 14},
             "fire_days_before": 7, "payload": {"title": "Vasya's birthday", "done_label": "Congratulated"}},
            {"user": "py.ana", "source_ref": "document:7", "topic": "expiry", "due_at": day(60), "fire_at": day(0),
             "after_due": "keep", "payload": {"title": "Passport expires"}},
            {"user": "py.ana", "source_ref": "no-topic", "due_at": day(3), "payload": {"title": "No topic"}},
        ]
    )
    assert [(r["source_ref"], r["topic"], r["state"]) for r in results] == [
        ("person:42", "birthday", "scheduled"),
        ("document:7", "expiry", "preparing"),
        ("no-topic", "", "scheduled"),
    ]
    assert all(isinstance(r["id"], int) for r in results)

    birthday = client.get_events("person:42", "birthday")
    assert birthday["recurrence"] == {"type": "yearly", "month": 8, "day": 14}
    assert birthday["due_at"][5:] == "08-14"
    assert birthday["rule_text"] and "14" in birthday["rule_text"]
    assert birthday["payload"]["done_label"] == "Congratulated"
    # The topic omitted means "".
    assert client.get_events("no-topic")["payload"]["title"] == "No topic"

    client.delete_event("document:7", "expiry")
    assert client.get_events("document:7", "expiry")["state"] == "withdrawn"
    # Withdrawing twice is the same: no error.
    client.delete_event("document:7", "expiry")
    client.delete_event("no-topic")
    assert client.get_events("no-topic")["state"] == "withdrawn"


def test_an_upsert_is_the_same_event(client: Client) -> None:
    event = {"user": "py.ana", "source_ref": "flight:IB3170", "topic": "departure", "due_at": day(3) + "T08:15+02:00",
             "fire_at": day(2), "payload": {"title": "Flight IB3170"}}
    first = client.put_events([event])  # type: ignore[list-item]
    again = client.put_events([event])  # type: ignore[list-item]
    assert first[0]["id"] == again[0]["id"]


def test_the_error_body_names_the_field_and_index(client: Client) -> None:
    with pytest.raises(HadoApiError) as caught:
        client.put_events(
            [
                {"user": "py.ana", "source_ref": "ok", "due_at": day(5), "payload": {"title": "fine"}},
                {"user": "py.ana", "source_ref": "bad", "due_at": day(5), "fire_at": day(90), "payload": {"title": "late"}},
            ]
        )
    e = caught.value
    assert (e.status, e.code, e.index, e.field) == (422, "invalid", 1, "fire_at")
    assert str(e).startswith("events[1].fire_at:")
    assert e.body["error"]["message"] == str(e)
    # All or nothing: the good one was not written either.
    with pytest.raises(HadoApiError) as missing:
        client.get_events("ok")
    assert (missing.value.status, missing.value.code) == (404, "not_found")


def test_a_wrong_token_is_401(hado: Hado) -> None:
    with pytest.raises(HadoApiError) as caught:
        Client(hado.url, "hado_not-a-token").get_events("person:42", "birthday")
    assert (caught.value.status, caught.value.code) == (401, "unauthorized")


def test_post_notices_one_a_list_and_a_batch(client: Client, hado: Hado) -> None:
    one = client.post_notices({"recipients": ["py.vera"], "topic": "comment", "title": "Boris commented", "source_ref": "task:1",
                               "dedupe_key": "comment:1:py.vera", "data": {"task": 1}, "actor": "boris", "deep_link": "https://x.example/t/1"})
    assert (one["result"], one["recipients"], one["count"], one["mode"]) == ("created", ["py.vera"], 1, "create")
    again = client.post_notices({"recipients": ["py.vera"], "topic": "comment", "title": "Boris commented", "source_ref": "task:1",
                                 "dedupe_key": "comment:1:py.vera"})
    assert (again["result"], again["id"]) == ("duplicate", one["id"])

    batch: List[NoticeInput] = [
        {"recipients": ["py.vera", "py.ana"], "mode": "group", "source_ref": "shop:5", "topic": "requests", "title": "New request #1",
         "group": {"template": "New requests", "messages": ["request #1"]}, "dedupe_key": "request:1"},
        {"recipients": ["py.ana"], "mode": "upsert", "source_ref": "status:9", "topic": "status", "title": "Build running", "urgent": True,
         "channels": ["web"], "body": "step 1 of 3"},
    ]
    results = client.post_notices(batch)
    assert [r["result"] for r in results] == ["created", "created"]
    grouped = client.post_notices({"notices": [
        {"recipients": ["py.vera", "py.ana"], "mode": "group", "source_ref": "shop:5", "topic": "requests", "title": "New request #2",
         "group": {"template": "New requests", "messages": ["request #2"]}, "dedupe_key": "request:2"},
    ]})
    assert (grouped[0]["result"], grouped[0]["count"], grouped[0]["title"]) == ("grouped", 2, "New requests (2): request #2")

    status, feed = hado.me("py.vera", "GET", "/me/notices")
    assert status == 200
    assert {n["title"] for n in feed["notices"]} >= {"Boris commented", "New requests (2): request #2"}


def test_post_notices_refused_names_the_notice(client: Client) -> None:
    with pytest.raises(HadoApiError) as caught:
        client.post_notices([{"recipients": ["py.vera"], "title": "fine"}, {"recipients": ["py.vera"], "title": ""}])
    assert (caught.value.status, caught.value.index, caught.value.field) == (422, 1, "title")
    with pytest.raises(TypeError):
        client.post_notices("not a notice")  # type: ignore[arg-type]


def test_record_returns_the_result(client: Client) -> None:
    result = client.record({"recipients": ["py.vera"], "topic": "mention", "title": "Ana mentioned you", "dedupe_key": "mention:77"})
    assert result is not None and result["result"] == "created"
    results = client.record([{"recipients": ["py.vera"], "topic": "mention", "title": "Ana mentioned you", "dedupe_key": "mention:77"}])
    assert results is not None and results[0]["result"] == "duplicate"


def test_record_never_raises(client: Client, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.ERROR, logger="hado_client")
    # Refused by Hado (an empty title): logged, None.
    assert client.record({"recipients": ["py.vera"], "title": "", "dedupe_key": "bad:1"}) is None
    assert "bad:1" in caplog.text and "title" in caplog.text
    caplog.clear()
    # Hado unreachable: retried (every notice has a key), then logged, None.
    dead = Client(f"http://127.0.0.1:{free_port()}", "hado_x", attempts=3, retry_delay=0.01)
    assert dead.record([{"recipients": ["py.vera"], "title": "Lost", "dedupe_key": "lost:1"}]) is None
    assert "lost:1" in caplog.text and "tried 3 times" in caplog.text
    # Not even a notice: still nothing raised.
    assert dead.record(42) is None  # type: ignore[call-overload]


def test_no_answer_is_a_connection_error() -> None:
    dead = Client(f"http://127.0.0.1:{free_port()}", "hado_x", attempts=2, retry_delay=0.01)
    with pytest.raises(HadoConnectionError, match="tried 2 times"):
        dead.get_events("x")
    with pytest.raises(HadoConnectionError, match="tried once"):
        dead.post_notices({"recipients": ["a"], "title": "no key: never repeated"})


def test_constructor_checks() -> None:
    with pytest.raises(ValueError, match="base_url"):
        Client("", "t")
    with pytest.raises(ValueError, match="token"):
        Client("http://h", "")
    with pytest.raises(ValueError, match="http"):
        Client("ftp://h", "t")
    assert "hado_secret" not in repr(Client("http://h", "hado_secret"))
