#!/usr/bin/env python3
"""The job system's three notification jobs (the Yume case, seed 003) on
Hado, in Python with hado_client. Each job keeps its two common rules (an
empty text is a silent exit; the company comes from an explicit id, else
from the connection, else the job exits) and then is one call:

- "create a notification"  -> a plain notice (mode create): every call writes one;
- "update or create"       -> mode upsert: one live notice per object, rewritten
                              in place and unread again for everyone;
- "create grouped"         -> mode group: a counter and the last 10 messages in a
                              30-minute sliding window, "template (count): last".
                              Hado serialises the writes: no cache lock, no retry loop.

A one-time task (claim) goes to the operators, and the first to take it wins.

    HADO_URL=http://127.0.0.1:8080 HADO_TOKEN=hado_... python3 examples/tasks/tasks.py
"""
import json
import os
import urllib.error
import urllib.request
from dataclasses import dataclass
from typing import Any, Dict, List, Optional, Tuple

from hado_client import ChannelType, Client, NoticeInput, NoticeResult

BASE = os.environ.get("HADO_URL", "http://127.0.0.1:8080").rstrip("/")
hado = Client(BASE, os.environ["HADO_TOKEN"])
# What the jobs' "delivery channels" were: web (Ably), mobile push (Expo), Telegram.
CHANNELS: List[ChannelType] = ["web", "mobile", "telegram"]


@dataclass
class Connection:
    """The job's database connection: bound to a real company, or to the placeholder without one."""

    company_id: Optional[int]


def company_of(explicit: Optional[int], connection: Connection) -> Optional[int]:
    """The explicit id (service code outside a company's context), else the connection's company."""
    return explicit if explicit is not None else connection.company_id


def notice(company: int, object_type: str, object_id: int, topic: str, text: str, data: Dict[str, Any], recipients: List[str]) -> NoticeInput:
    # The company is part of the object's identity: two companies' objects never meet in one notice.
    return {"recipients": list(recipients), "source_ref": f"company-{company}/{object_type}:{object_id}", "topic": topic,
            "title": text, "data": data, "channels": CHANNELS}


def create_notification(connection: Connection, object_type: str, object_id: int, text: str, data: Dict[str, Any],
                        recipients: List[str], topic: str, company_id: Optional[int] = None, claim: bool = False,
                        dedupe_key: Optional[str] = None) -> Optional[NoticeResult]:
    """A one-off event: each call is one notice. Sent once unless it has a dedupe_key (then a redelivery is harmless)."""
    company = company_of(company_id, connection)
    if not text or company is None:
        return None
    n = notice(company, object_type, object_id, topic, text, data, recipients)
    if claim:
        n["claim"] = True
    if dedupe_key is not None:
        n["dedupe_key"] = dedupe_key
    return hado.post_notices(n)


def update_or_create_notification(connection: Connection, object_type: str, object_id: int, text: str, data: Dict[str, Any],
                                  recipients: List[str], topic: str, company_id: Optional[int] = None) -> Optional[NoticeResult]:
    """Only the object's latest state matters: one notice per object, rewritten, unread again for all."""
    company = company_of(company_id, connection)
    if not text or company is None:
        return None
    n = notice(company, object_type, object_id, topic, text, data, recipients)
    n["mode"] = "upsert"
    return hado.post_notices(n)


def create_grouped_notification(connection: Connection, object_type: str, object_id: int, text: str, data: Dict[str, Any],
                                recipients: List[str], topic: str, messages: List[str], title_template: Optional[str] = None,
                                counter_step: int = 1, company_id: Optional[int] = None, dedupe_key: Optional[str] = None) -> Optional[NoticeResult]:
    """A stream about one object folds into one notice. An empty recipient list keeps the group's recipients."""
    company = company_of(company_id, connection)
    if not text or company is None:
        return None
    n = notice(company, object_type, object_id, topic, text, data, recipients)
    n["mode"] = "group"
    n["group"] = {"window_minutes": 30, "step": counter_step, "messages": messages}
    if title_template is not None:
        n["group"]["template"] = title_template
    if dedupe_key is not None:
        n["dedupe_key"] = dedupe_key
    return hado.post_notices(n)


def claim(login: str, notice_id: int) -> Tuple[int, Dict[str, Any]]:
    """An operator presses "Take it" (POST /me/notices/{id}/claim; X-Remote-User stands in for the hub's proxy)."""
    req = urllib.request.Request(f"{BASE}/me/notices/{notice_id}/claim", method="POST", headers={"X-Remote-User": login})
    try:
        with urllib.request.urlopen(req, timeout=15) as res:
            return res.status, json.loads(res.read())
    except urllib.error.HTTPError as e:
        return e.code, json.loads(e.read())


def main() -> None:
    staff = ["ana", "boris"]
    in_company = Connection(company_id=5)
    no_company = Connection(company_id=None)

    # The common rules: nothing is written.
    print(f"empty text: {create_notification(in_company, 'order', 7, '', {}, staff, 'orders')}")
    print(f"no company: {create_notification(no_company, 'order', 7, 'Order 7 paid', {}, staff, 'orders')}")

    # Create: a system message; with the queue's message id as dedupe_key, its redelivery writes nothing.
    for delivery in (1, 2):
        r = create_notification(no_company, "system", 1, "Maintenance tonight at 23:00", {}, staff, "system", company_id=5, dedupe_key="msg:8812")
        assert r is not None
        print(f"create (delivery {delivery}): {r['result']} notice {r['id']}")

    # Update or create: one notice per order, its text rewritten as the status moves.
    for state in ("paid", "packed", "shipped"):
        r = update_or_create_notification(in_company, "order", 7, f"Order 7 {state}", {"status": state}, staff, "orders")
        assert r is not None
        print(f"upsert: {r['result']} notice {r['id']}: {r['title']}")

    # Grouped: new requests for shop 5; request 102's job is redelivered (same key: counted once);
    # the last one comes with no recipients and keeps the group's.
    stream: List[Tuple[int, List[str]]] = [(101, staff), (102, staff), (102, staff), (103, [])]
    for n, recipients in stream:
        r = create_grouped_notification(in_company, "shop", 5, f"New request #{n}", {"last": n}, recipients, "requests",
                                        [f"request #{n}"], title_template="New requests", dedupe_key=f"request:{n}")
        assert r is not None
        print(f"group: {r['result']}, count {r['count']}: {r['title']} -> {','.join(r['recipients'])}")

    # A one-time task: the first operator to claim it takes it; the other is told who has it.
    task = create_notification(in_company, "task", 7, "Call back the customer of order 7", {}, staff, "tasks",
                               claim=True, dedupe_key="task:call-back-7")
    assert task is not None
    for login in staff:
        status, body = claim(login, task["id"])
        print(f"{login}: claimed" if status == 200 else f"{login}: {status} {body['error']['message']}")


if __name__ == "__main__":
    main()
