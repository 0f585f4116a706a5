"""The Python ports of the three client systems (examples/), run as a user
runs them (`python3 examples/...py`, hado_client on PYTHONPATH) against the
real Hado, each with a source of its own."""
import os
import re
import subprocess
import sys
from typing import Any, Dict

import pytest

from conftest import PACKAGE, ROOT, Hado

T = r"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}"


def run(hado: Hado, source: str, script: str, can: str = "") -> "subprocess.CompletedProcess[str]":
    token = hado.source(source, can) if can else hado.source(source)
    env = {"PATH": os.environ.get("PATH", ""), "PYTHONPATH": str(PACKAGE / "src"), "HADO_URL": hado.url, "HADO_TOKEN": token}
    return subprocess.run([sys.executable, str(ROOT / "examples" / script)], cwd=ROOT, env=env, capture_output=True, text=True, timeout=180)


def test_team_inbox(hado: Hado) -> None:
    done = run(hado, "kumquat", "team-inbox/inbox.py")
    assert done.returncode == 0 and done.stderr == "", done.stderr
    out = done.stdout
    # The kinds as topics (issue 23): declared once, and a kind nobody declared is refused by name.
    assert out.startswith("topics: 11 declared, 6 with Slack, 5 toasted\n"), out
    assert "undeclared kind: 422 notices[0].topic: \"task_archived\" is not one of this source's topics\n" in out
    # Inbox.record with the dedupe keys; the redelivered jobs write nothing.
    assert "job comment.created 981 (delivery 1): created comment for ana; created comment for vera; created mention for ana\n" in out
    assert "job comment.created 981 (delivery 2): duplicate comment for ana; duplicate comment for vera; duplicate mention for ana\n" in out
    assert "job task.assigned 12 (delivery 1): created task_assigned for vera\n" in out
    assert "job automation.failed 12 (delivery 2): duplicate automation_failed for boris\n" in out
    assert "job export.ready e-3 (delivery 1): created export_ready for ana\n" in out
    # record() with Hado down: one log line, None, and the job goes on.
    logged = r"^log ERROR hado_client: hado: notice not recorded \(dedupe_key comment:982:comment:boris, comment:982:comment:vera\): "
    assert re.search(logged + r"HadoConnectionError: .*\(tried 2 times\)$", out, re.M)
    assert "job comment.created 982 (delivery 1): nothing recorded\n" in out
    # The deadline as a dated event: set, moved (reminded now: due within a day), closed.
    assert re.search(rf"^deadline task:12: vera, due {T}\+00:00, scheduled$", out, re.M)
    assert re.search(rf"^deadline moved: vera, due {T}\+00:00, (today|preparing)$", out, re.M)
    assert "task done: withdrawn\n" in out
    assert re.search(r"^ana's badge: [3-9]$", out, re.M)
    # Her grid: every kind of the source, by section; Slack a dash outside SLACK_KINDS.
    assert "ana's grid: Comments / Mentions: web slack\n" in out
    assert "ana's grid: Exports / Export ready: web -\n" in out
    status, feed = hado.me("vera", "GET", "/me/notices")
    assert status == 200
    titles = [n["title"] for n in feed["notices"] if n["source"] == "kumquat"]
    assert sorted(titles) == ["boris assigned you Launch checklist", "boris commented on Launch checklist"]


def test_job_system(hado: Hado) -> None:
    done = run(hado, "yume", "tasks/tasks.py")
    assert done.returncode == 0 and done.stderr == "", done.stderr
    lines = done.stdout.splitlines()
    assert lines[:2] == ["empty text: None", "no company: None"]
    assert re.fullmatch(r"create \(delivery 1\): created notice (\d+)", lines[2])
    assert lines[3] == lines[2].replace("delivery 1", "delivery 2").replace("created", "duplicate")
    assert [re.sub(r"notice \d+", "notice N", x) for x in lines[4:7]] == [
        "upsert: created notice N: Order 7 paid",
        "upsert: updated notice N: Order 7 packed",
        "upsert: updated notice N: Order 7 shipped",
    ]
    assert lines[7:11] == [
        "group: created, count 1: New request #101 -> ana,boris",
        "group: grouped, count 2: New requests (2): request #102 -> ana,boris",
        "group: duplicate, count 2: New requests (2): request #102 -> ana,boris",
        "group: grouped, count 3: New requests (3): request #103 -> ana,boris",
    ]
    assert lines[11] == "ana: claimed"
    assert re.fullmatch(r"boris: 409 Notice \d+ is already claimed by ana", lines[12])
    # One notice per order in the inbox, with its last text.
    status, feed = hado.me("boris", "GET", "/me/notices")
    orders = [n for n in feed["notices"] if n["source"] == "yume" and n["topic"] == "orders"]
    assert [(n["title"], n["source_ref"]) for n in orders] == [("Order 7 shipped", "company-5/order:7")]


def seed_rule_accepted(openapi: Dict[str, Any]) -> bool:
    """Whether this Hado takes the seed's stored rule: anchor_date on a weekly rule, and duration_minutes (issue 24)."""
    events = openapi["paths"]["/api/events"]["put"]["requestBody"]["content"]["application/json"]["schema"]["properties"]["events"]["items"]
    rules = [c for choice in events["properties"]["recurrence"]["anyOf"] for c in choice.get("anyOf", [choice]) if c.get("type") == "object"]
    weekly = next(r for r in rules if r["properties"]["type"].get("enum") == ["weekly"])
    return {"anchor_date", "duration_minutes"} <= set(weekly["properties"])


def test_conference_sessions_the_stored_rule_as_it_is(hado: Hado, openapi: Dict[str, Any]) -> None:
    hado.me("speaker.ny", "PATCH", "/me", {"tz": "America/New_York"})
    done = run(hado, "conference", "conference/sessions.py")
    if not seed_rule_accepted(openapi):
        # Expected to pass once issue 24 lands (the document then has both fields, and this branch is not taken).
        assert done.returncode == 1
        assert re.search(r"^refused: 422 invalid index=0 field=recurrence\.(anchor_date|duration_minutes): ", done.stderr, re.M), done.stderr
        pytest.xfail("issue 24: Hado refuses anchor_date on a weekly rule and duration_minutes with 422; the example sends the stored rule unchanged")
    assert done.returncode == 0 and done.stderr == "", done.stderr
    lines = done.stdout.splitlines()
    assert len(lines) == 7
    assert re.fullmatch(rf"host Team stand-up: .*; next {T}\+0[23]:00, then {T}\+0[23]:00; (scheduled|today)", lines[0])
    assert re.fullmatch(rf"speaker.ny Design review: .*Europe/Madrid.*; next {T}\+0[12]:00, then {T}\+0[12]:00; \w+", lines[3])
    assert re.fullmatch(r"host All hands: .*; next \d{4}-\d{2}-(28|29|30|31)T17:00\+0[23]:00, then .*", lines[4])


def test_conference_summary(hado: Hado) -> None:
    # Users provisioned with their emails (provision), guests as email recipients (address): issue 24.
    done = run(hado, "conference-summary", "conference/summary.py", can="provision,address")
    assert done.returncode == 0 and done.stderr == "", done.stderr
    lines = done.stdout.splitlines()
    assert lines[0] == "provisioned: ana,host", lines
    first = re.fullmatch(r"summary \(run 1\): created notice (\d+) to ana,host and 1 guest, 0 suppressed", lines[1])
    assert first, lines
    assert lines[2] == f"summary (run 2): duplicate notice {first.group(1)} to ana,host and 1 guest, 0 suppressed"
    status, feed = hado.me("host", "GET", "/me/notices")
    summary = [n for n in feed["notices"] if n["source"] == "conference-summary"]
    assert len(summary) == 1 and summary[0]["title"] == "Summary: Design review" and "Ship the new onboarding" in summary[0]["body"]
