#!/usr/bin/env python3
"""The documents service of documents.js in Python, with nothing but the
standard library (urllib): many client services are not in JavaScript.

    HADO_URL=http://127.0.0.1:8080 HADO_TOKEN=hado_... HADO_USER=me python3 documents.py
"""
import datetime
import json
import os
import time
import urllib.error
import urllib.parse
import urllib.request

BASE = os.environ.get("HADO_URL", "http://127.0.0.1:8080").rstrip("/")
TOKEN = os.environ["HADO_TOKEN"]
USER = os.environ.get("HADO_USER", "me")


class HadoError(Exception):
    """A 4xx/5xx from Hado: status, and the error catalogue's code, field and index."""

    def __init__(self, status, body):
        err = (body or {}).get("error", {}) if isinstance(body, dict) else {}
        super().__init__(err.get("message", f"HTTP {status}"))
        self.status, self.code = status, err.get("code")
        self.field, self.index = err.get("field"), err.get("index")


def call(method, path, body=None, attempts=4):
    """One call to /api/*. PUT, GET and DELETE can be repeated safely: retried on 429 (Retry-After), 5xx and network errors."""
    data = None if body is None else json.dumps(body).encode()
    headers = {"Authorization": f"Bearer {TOKEN}", "Accept": "application/json"}
    if data is not None:
        headers["Content-Type"] = "application/json"
    for attempt in range(attempts):
        req = urllib.request.Request(BASE + path, data=data, method=method, headers=headers)
        try:
            with urllib.request.urlopen(req, timeout=15) as res:
                raw = res.read()
                return json.loads(raw) if raw else None
        except urllib.error.HTTPError as e:
            raw = e.read()
            try:
                answer = json.loads(raw) if raw else None
            except ValueError:
                answer = None
            if (e.code != 429 and e.code < 500) or attempt == attempts - 1:
                raise HadoError(e.code, answer) from None
            wait = e.headers.get("Retry-After") if e.code == 429 else None
            time.sleep(int(wait) if wait and wait.isdigit() else 0.5 * 2**attempt)
        except urllib.error.URLError:
            if attempt == attempts - 1:
                raise
            time.sleep(0.5 * 2**attempt)


def put_events(events):
    return call("PUT", "/api/events", {"events": events})["events"]


def get_event(source_ref, topic=""):
    return call("GET", "/api/events?" + urllib.parse.urlencode({"source_ref": source_ref, "topic": topic}))


def delete_event(source_ref, topic=""):
    call("DELETE", "/api/events?" + urllib.parse.urlencode({"source_ref": source_ref, "topic": topic}))


def day(days=0):
    return (datetime.datetime.now(datetime.timezone.utc).date() + datetime.timedelta(days=days)).isoformat()


events = [
    # A birthday: a yearly rule, sent once; Hado rolls it forward.
    {"user": USER, "source_ref": "person:42", "topic": "birthday",
     "recurrence": {"type": "yearly", "month": 8, "day": 14}, "fire_days_before": 7,
     "payload": {"title": "Vasya's birthday", "deep_link": "/people/42", "done_label": "Congratulated"}},
    # A document expiry: a plain date (it travels with the user), preparation from fire_at.
    {"user": USER, "source_ref": "document:7", "topic": "expiry", "due_at": day(60), "fire_at": day(0),
     "after_due": "keep", "payload": {"title": "Passport expires", "done_label": "Renewed"}},
    # A flight: bound to a place, so its due carries an offset.
    {"user": USER, "source_ref": "flight:IB3170", "topic": "departure", "due_at": day(3) + "T08:15+02:00",
     "fire_at": day(2), "payload": {"title": "Flight IB3170 from Madrid"}},
]

for r in put_events(events):
    print(f"pushed {r['source_ref']} {r['topic']}: {r['state']}")
vasya = get_event("person:42", "birthday")
print(f"person:42 birthday: {vasya['rule_text']}; current {vasya['due_at']}, next {vasya['next_occurrence']}")

# The re-push trap: a client re-pushing next year on the birthday itself resets today's reminder.
today = day()
lena = {"user": USER, "source_ref": "person:99", "topic": "birthday", "payload": {"title": "Lena's birthday"}}
put_events([dict(lena, due_at=today)])
print(f"trap: pushed today's birthday → {get_event('person:99', 'birthday')['state']}")
put_events([dict(lena, due_at=str(int(today[:4]) + 1) + today[4:])])
print(f"trap: re-pushed next year on the day → {get_event('person:99', 'birthday')['state']} (the reminder is gone)")
rule = {"type": "yearly", "month": int(today[5:7]), "day": int(today[8:10])}
put_events([dict(lena, source_ref="person:100", recurrence=rule)])
put_events([dict(lena, source_ref="person:100", recurrence=rule)])
print(f"rule: pushed twice on the day → {get_event('person:100', 'birthday')['state']}")

delete_event("document:7", "expiry")
print(f"document:7 expiry: {get_event('document:7', 'expiry')['state']}")
try:
    put_events([dict(events[2], fire_at=day(90))])
except HadoError as e:
    print(f"refused: {e.status} {e.code} index={e.index} field={e.field}: {e}")
