#!/usr/bin/env python3
"""The job system's notices addressed as the job system addresses them (the
Yume case, seed 003): to *a company's staff*, optionally narrowed by an
explicit list — in Python with hado_client, on Hado's audiences (issue 24).

What it replaces in the original system: the access-matrix query that each
job ran before writing ("the company's staff with the topic switched on,
narrowed to the explicit recipients when there are some"). Here the staff
list is an audience the system keeps in step (PUT when a company is
synchronised, PATCH when someone joins or leaves); each notice names it, and
Hado takes the members at write time, intersects them with `recipients`, and
lets each person's preference cells pick the channels. Membership ×
preference cells is the access matrix.

- create  -> every call one notice, to the staff narrowed by the list;
- upsert  -> one live notice per object; the audience is read again at each write;
- group   -> a counter in a 30-minute window; a non-empty list replaces the recipients;
- claim   -> a one-time task to the staff: the first to take it wins.

Needs a source with the provision capability (`hado source:create yume --can provision`).

    HADO_URL=http://127.0.0.1:8080 HADO_TOKEN=hado_... python3 examples/tasks/audiences.py
"""
import json
import os
import urllib.error
import urllib.request
from typing import Any, Dict, List, Optional, Tuple

from hado_client import ChannelType, Client, NoticeInput, NoticeResult

BASE = os.environ.get("HADO_URL", "http://127.0.0.1:8080").rstrip("/")
hado = Client(BASE, os.environ["HADO_TOKEN"])
CHANNELS: List[ChannelType] = ["web", "mobile", "telegram"]


def staff_of(company: int) -> str:
    """The audience of a company's staff: one per company, named by the job system."""
    return f"company-{company}/staff"


def sync_staff(company: int, logins: List[str]) -> str:
    """The company's whole staff list (run when the company is synchronised): replaces the set."""
    r = hado.put_audience(staff_of(company), logins)
    return f"audience {r['name']}: {r['count']} members ({'created' if r['created'] else 'replaced'})"


def notice(company: int, object_type: str, object_id: int, topic: str, text: str, recipients: Optional[List[str]]) -> NoticeInput:
    n: NoticeInput = {"audience": staff_of(company), "source_ref": f"company-{company}/{object_type}:{object_id}",
                      "topic": topic, "title": text, "channels": CHANNELS}
    if recipients:
        n["recipients"] = list(recipients)  # narrows the staff: the intersection
    return n


def create(company: int, object_type: str, object_id: int, topic: str, text: str, recipients: Optional[List[str]] = None,
           claim: bool = False, dedupe_key: Optional[str] = None) -> Optional[NoticeResult]:
    if not text:
        return None
    n = notice(company, object_type, object_id, topic, text, recipients)
    if claim:
        n["claim"] = True
    if dedupe_key is not None:
        n["dedupe_key"] = dedupe_key
    return hado.post_notices(n)


def upsert(company: int, object_type: str, object_id: int, topic: str, text: str, recipients: Optional[List[str]] = None) -> Optional[NoticeResult]:
    if not text:
        return None
    n = notice(company, object_type, object_id, topic, text, recipients)
    n["mode"] = "upsert"
    return hado.post_notices(n)


def group(company: int, object_type: str, object_id: int, topic: str, text: str, message: str, dedupe_key: str,
          recipients: Optional[List[str]] = None) -> Optional[NoticeResult]:
    if not text:
        return None
    n = notice(company, object_type, object_id, topic, text, recipients)
    n["mode"] = "group"
    n["group"] = {"window_minutes": 30, "template": "New requests", "messages": [message]}
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


def show(what: str, r: Optional[NoticeResult]) -> None:
    assert r is not None
    print(f"{what}: {r['result']}, count {r['count']}: {r['title']} -> {','.join(r['recipients']) or '(nobody)'}")


def main() -> None:
    company = 5
    print(sync_staff(company, ["ana", "boris", "dmytro", "vera"]))

    # Create, narrowed: of the three named, only the company's staff get it (the outsider is not even made a user).
    show("create", create(company, "order", 7, "orders", "Order 7 needs a refund", ["ana", "vera", "outsider"]))

    # Upsert: the whole staff, then narrowed to two; one live notice, its recipients replaced.
    show("upsert", upsert(company, "order", 8, "orders", "Order 8 paid"))
    show("upsert", upsert(company, "order", 8, "orders", "Order 8 shipped", ["ana", "boris"]))

    # Group: requests for shop 5 to two of the staff; request 102's job is redelivered (same key: counted once).
    for n in (101, 102, 102):
        show(f"group #{n}", group(company, "shop", 5, "requests", f"New request #{n}", f"request #{n}", f"request:{n}", ["boris", "vera"]))

    # Dmytro leaves the company: the next notice to the staff no longer reaches him.
    left = hado.patch_audience(staff_of(company), remove=["dmytro"])
    print(f"dmytro left: {left['count']} members")
    show("create", create(company, "system", 1, "system", "Maintenance tonight at 23:00"))

    # A one-time task to the staff, narrowed to the two operators: the first to claim it wins.
    task = create(company, "task", 7, "tasks", "Call back the customer of order 7", ["ana", "boris"], claim=True, dedupe_key="task:call-back-7")
    show("task", task)
    assert task is not None
    for login in ("ana", "boris"):
        status, body = claim(login, task["id"])
        print(f"{login}: claimed" if status == 200 else f"{login}: {status} {body['error']['message']}")

    # Staff of another company: an unknown audience is refused by name, nothing written.
    try:
        create(6, "order", 1, "orders", "Order 1 paid")
    except Exception as e:  # noqa: BLE001 - shown, not handled
        print(f"company 6: {e}")


if __name__ == "__main__":
    main()
