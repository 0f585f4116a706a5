#!/usr/bin/env python3
"""The conference service's session summary (seed 004, ADR-001 §6) mailed
through Hado, in Python with hado_client: when the AI pipeline has written
`conference_sessions.summary_data`, the job sends one notice to the
session's users with `channels: ["email"]`. Its dedupe_key names the
session, so a retried job (Celery's at-least-once) mails nobody twice.

    HADO_URL=http://127.0.0.1:8080 HADO_TOKEN=hado_... python3 examples/conference/summary.py
"""
import os
from dataclasses import dataclass
from typing import List, Optional

from hado_client import Client, NoticeResult

hado = Client(os.environ.get("HADO_URL", "http://127.0.0.1:8080"), os.environ["HADO_TOKEN"])


@dataclass
class Participant:
    """A row of conference_participants: a user (user_id) or a guest (guest_id, guest_access.email)."""

    login: Optional[str] = None
    guest_email: Optional[str] = None


@dataclass
class Session:
    id: str
    title: str
    slug: str
    summary: str
    participants: List[Participant]


def summary_text(session: Session) -> str:
    # Plain text (at most 4,000 characters): Hado mails it as it is.
    return session.summary[:4000]


def send_summary(session: Session) -> NoticeResult:
    users = sorted({p.login for p in session.participants if p.login})
    return hado.post_notices({
        "recipients": users, "topic": "summary", "source_ref": f"session:{session.id}", "channels": ["email"],
        "title": f"Summary: {session.title}", "body": summary_text(session),
        "deep_link": f"https://meet.example/sessions/{session.id}", "dedupe_key": f"summary:{session.id}",
    })


def main() -> None:
    session = Session(
        "5b2e", "Design review", "Zr8mW0pLq3e",
        "Decisions:\n- Ship the new onboarding on 15 Dec.\n- Drop the legacy colour tokens.\n"
        "Actions:\n- ana: update the Figma library.\n- host: book the launch review.",
        [Participant(login="host"), Participant(login="ana"), Participant(login="ana"), Participant(guest_email="guest@example.org")],
    )
    for attempt in (1, 2):  # the job runs again (at least once): the second run mails nobody
        r = send_summary(session)
        print(f"summary (run {attempt}): {r['result']} notice {r['id']} to {','.join(r['recipients'])}")
    guests = [p.guest_email for p in session.participants if p.guest_email]
    print(f"guests with an email: {len(guests)} (addresses as recipients come with Hado's issue 24)")


if __name__ == "__main__":
    main()
