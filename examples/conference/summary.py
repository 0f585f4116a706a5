#!/usr/bin/env python3
"""The conference service's session summary (seed 004, ADR-001 §6) mailed
through Hado, in Python with hado_client: when the AI pipeline has written
`conference_sessions.summary_data`, the job sends one notice to the
session's users and to its guests' emails (`guest_access.email`) with
`channels: ["email"]`. The users are provisioned with their emails first
(capability `provision`), so they are mailed without ever opening Hado; a
guest is an `{"email", "name"}` recipient (capability `address`): mailed
only, with a one-click unsubscribe, never a user. Its dedupe_key names the
session, so a retried job (Celery's at-least-once) mails nobody twice.

    HADO_URL=http://127.0.0.1:8080 HADO_TOKEN=hado_... python3 examples/conference/summary.py
"""
import os
from dataclasses import dataclass
from typing import List, Optional

from hado_client import Client, EmailRecipient, NoticeResult

hado = Client(os.environ.get("HADO_URL", "http://127.0.0.1:8080"), os.environ["HADO_TOKEN"])


@dataclass
class Participant:
    """A row of conference_participants: a user (user_id, users.email) or a guest (guest_id, guest_access)."""

    login: Optional[str] = None
    email: Optional[str] = None
    guest_name: Optional[str] = None


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


def provision_users(session: Session) -> List[str]:
    # The service knows its users' emails: Hado mails them without a confirmation (a vouched channel).
    users = {p.login: p.email for p in session.participants if p.login}
    answer = hado.put_users([{"login": login, "email": email} for login, email in sorted(users.items())])
    return [u["login"] for u in answer]


def send_summary(session: Session) -> NoticeResult:
    users = sorted({p.login for p in session.participants if p.login})
    # guest_access.email IS NOT NULL: each guest once, by address (Hado keys it lower-cased).
    guests: List[EmailRecipient] = []
    for p in session.participants:
        if p.login is None and p.email and p.email.lower() not in {g["email"].lower() for g in guests}:
            guests.append({"email": p.email, "name": p.guest_name or p.email})
    return hado.post_notices({
        "recipients": [*users, *guests], "topic": "summary", "source_ref": f"session:{session.id}", "channels": ["email"],
        "title": f"Summary: {session.title}", "body": summary_text(session),
        "deep_link": f"https://meet.example/sessions/{session.id}", "dedupe_key": f"summary:{session.id}",
    })


def main() -> None:
    session = Session(
        "5b2e", "Design review", "Zr8mW0pLq3e",
        "Decisions:\n- Ship the new onboarding on 15 Dec.\n- Drop the legacy colour tokens.\n"
        "Actions:\n- ana: update the Figma library.\n- host: book the launch review.",
        [
            Participant(login="host", email="host@example.org"),
            Participant(login="ana", email="ana@example.org"),
            Participant(login="ana", email="ana@example.org"),
            Participant(email="guest@example.org", guest_name="Guest"),
            Participant(email="Guest@Example.org", guest_name="Guest (rejoined)"),
            Participant(guest_name="Anonymous guest"),  # no email: nobody to mail
        ],
    )
    print(f"provisioned: {','.join(provision_users(session))}")
    for attempt in (1, 2):  # the job runs again (at least once): the second run mails nobody
        r = send_summary(session)
        print(f"summary (run {attempt}): {r['result']} notice {r['id']} to {','.join(r['recipients'])}"
              f" and 1 guest, {r.get('suppressed', 0)} suppressed")


if __name__ == "__main__":
    main()
