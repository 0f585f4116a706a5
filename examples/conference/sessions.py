#!/usr/bin/env python3
"""The conference service's pinned conferences (seed 004) on Hado, in Python
with hado_client: each conference's recurrence, as its `conferences.recurrence`
JSONB column stores it (the Pydantic RecurrenceRule of ADR-001), is sent to
Hado unchanged, once per member. Hado computes the current session, reminds
`fire_days_before` days ahead, and rolls on to the next one when it is over:
no beat task re-pushes "the next session".

    HADO_URL=http://127.0.0.1:8080 HADO_TOKEN=hado_... python3 examples/conference/sessions.py
"""
import json
import os
import sys
from dataclasses import dataclass
from typing import Any, List

from hado_client import Client, EventInput, HadoApiError

hado = Client(os.environ.get("HADO_URL", "http://127.0.0.1:8080"), os.environ["HADO_TOKEN"])


@dataclass
class Conference:
    """A row of `conferences` with is_pinned = true, and the logins of its members."""

    id: str
    slug: str
    title: str
    recurrence: str  # the JSONB column's text, exactly as stored
    members: List[str]
    lead_days: int


CONFERENCES = [
    Conference("3f0c", "kQ2v9xTzA1c", "Team stand-up", members=["host", "ana"], lead_days=0,
               recurrence='{"type": "weekly", "weekdays": [0, 2, 4], "anchor_date": "2026-11-30", "time_local": "10:00", "timezone": "Europe/Kyiv", "duration_minutes": 15}'),
    Conference("9a41", "Zr8mW0pLq3e", "Design review", members=["host", "speaker.ny"], lead_days=1,
               recurrence='{"type": "biweekly", "weekdays": [3], "anchor_date": "2026-11-26", "time_local": "15:00", "timezone": "Europe/Madrid", "duration_minutes": 60}'),
    Conference("c7d2", "Hx5nB7sVe2k", "All hands", members=["host"], lead_days=3,
               recurrence='{"type": "monthly", "day_of_month": 31, "anchor_date": "2026-11-30", "time_local": "17:00", "timezone": "Europe/Kyiv", "duration_minutes": 45}'),
    Conference("e18b", "Pw4cY6dRt9m", "Retro", members=["host", "ana"], lead_days=1,
               recurrence='{"type": "every_n_days", "interval_days": 10, "anchor_date": "2026-12-01", "time_local": "16:00", "timezone": "Europe/Kyiv", "duration_minutes": 30}'),
]


def events(conference: Conference) -> List[EventInput]:
    rule: Any = json.loads(conference.recurrence)  # sent as stored: no mapping between the two models
    return [{"user": login, "source_ref": f"conference:{conference.id}/{login}", "topic": "session", "recurrence": rule,
             "fire_days_before": conference.lead_days,
             "payload": {"title": conference.title, "deep_link": f"https://meet.example/j/{conference.slug}", "done_label": "Joined"}}
            for login in conference.members]


def main() -> int:
    batch = [e for c in CONFERENCES for e in events(c)]
    try:
        hado.put_events(batch)
    except HadoApiError as e:
        print(f"refused: {e.status} {e.code} index={e.index} field={e.field}: {e}", file=sys.stderr)
        return 1
    for event in batch:
        s = hado.get_events(event["source_ref"], "session")
        print(f"{event['user']} {event['payload']['title']}: {s['rule_text']}; next {s['due_at']}, then {s['next_occurrence']}; {s['state']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
