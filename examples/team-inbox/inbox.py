#!/usr/bin/env python3
"""The team inbox (the Kumquat case, seed 002) on Hado, in Python with
hado_client: what its Celery jobs and its deadline DAG become.

- `Inbox.record` is `hado.record()`: it never raises (the comment is saved,
  the job has committed), and logs instead.
- The dedupe keys of `dedupe.py` stay in one place (DEDUPE below), so a job
  and its redelivery cannot disagree: a redelivered job (task_acks_late) is
  harmless, each notice comes back as "duplicate".
- The hourly `notify-deadlines` sweep is gone: a deadline is a dated event,
  upserted where the task is saved and withdrawn when it closes; Hado
  reminds the day before and marks it overdue.
- NOTIFICATION_KINDS / KIND_SECTIONS, SLACK_KINDS and TOASTED_KINDS become the
  source's topics (PUT /api/topics): labels and sections for the grid, Slack
  allowed only where there is a Slack transport (a dash elsewhere), a toast
  only for the toasted kinds, and "both channels on for every kind" as
  delivery "all". A kind nobody declared is refused (the test that failed
  when a kind was forgotten).

    HADO_URL=http://127.0.0.1:8080 HADO_TOKEN=hado_... python3 examples/team-inbox/inbox.py
"""
import datetime
import hashlib
import json
import logging
import os
import sys
import urllib.request
from dataclasses import dataclass, field
from typing import Callable, Dict, List, Optional, Tuple

from hado_client import Client, EventInput, HadoApiError, NoticeInput, NoticeResult, TopicInput
from hado_client.types import LocalizedText

BASE = os.environ.get("HADO_URL", "http://127.0.0.1:8080").rstrip("/")
hado = Client(BASE, os.environ["HADO_TOKEN"])
#: The source's name in Hado (`hado source:create kumquat`): the grid's rows of this source.
SOURCE = os.environ.get("HADO_SOURCE", "kumquat")
APP = "https://kumquat.example"

# record() logs on the "hado_client" logger; here the log goes to stdout beside the rest.
logging.basicConfig(stream=sys.stdout, level=logging.ERROR, format="log %(levelname)s %(name)s: %(message)s")


def sha(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()[:16]


# -- the kinds (enums.py, model/notification-kinds.ts): declared once, as the source's topics -------------

KIND_SECTIONS: Dict[str, LocalizedText] = {
    "comments": {"en": "Comments", "uk": "Коментарі"},
    "tasks": {"en": "Tasks", "uk": "Задачі"},
    "runs": {"en": "Runs", "uk": "Ранни"},
    "exports": {"en": "Exports", "uk": "Експорти"},
    "deadlines": {"en": "Deadlines", "uk": "Дедлайни"},
}
#: kind -> (section, English label, Ukrainian label)
NOTIFICATION_KINDS: Dict[str, Tuple[str, str, str]] = {
    "mention": ("comments", "Mentions", "Згадки"),
    "comment": ("comments", "Comments on my tasks", "Коментарі до моїх задач"),
    "comment_reply": ("comments", "Replies in my threads", "Відповіді в моїх тредах"),
    "task_assigned": ("tasks", "Assigned to me", "Призначено мені"),
    "task_status_changed": ("tasks", "Status changes", "Зміни статусу"),
    "automation_failed": ("tasks", "Automation failed", "Автоматизація впала"),
    "run_awaiting_input": ("runs", "A run waits for me", "Ранн чекає на мене"),
    "run_failed": ("runs", "Run failed", "Ранн впав"),
    "export_ready": ("exports", "Export ready", "Експорт готовий"),
    "export_failed": ("exports", "Export failed", "Експорт не вдався"),
    # The deadline is a dated event now (sync_deadline), not the sweep's task_due_soon / task_overdue.
    "deadline": ("deadlines", "Deadlines", "Дедлайни"),
}
#: The kinds with a Slack transport behind them (enums.py; the seed names the list, not its members:
#: these are an example): the others show a dash, not a switch.
SLACK_KINDS = {"mention", "comment", "comment_reply", "task_assigned", "task_status_changed", "automation_failed"}
#: The kinds that raise a toast: a mention, a run waiting, and the three failures.
TOASTED_KINDS = {"mention", "run_awaiting_input", "automation_failed", "run_failed", "export_failed"}


def topics() -> List[TopicInput]:
    """The whole set, as PUT /api/topics takes it. "By default both channels are on for every kind":
    delivery "all" (the inbox and Slack at once, not presence-first), no defaults (missing = on)."""
    return [
        {"topic": kind, "labels": {"en": en, "uk": uk}, "section": KIND_SECTIONS[section],
         "channels": ["web", "slack"] if kind in SLACK_KINDS else ["web"],
         "delivery": "all", "toast": kind in TOASTED_KINDS}
        for kind, (section, en, uk) in NOTIFICATION_KINDS.items()
    ]


class DEDUPE:
    """kumquat_notifications/dedupe.py: what counts as the same event, per kind, in one place."""

    @staticmethod
    def comment(comment_id: int, kind: str, recipient: str) -> str:
        return f"comment:{comment_id}:{kind}:{recipient}"

    @staticmethod
    def task_change(task_id: int, kind: str, updated_at: str) -> str:
        # Assignment, status change, automation success: a redelivery is the same event,
        # assigning the same person again a month later is a new one.
        return f"task:{task_id}:{kind}:{updated_at}"

    @staticmethod
    def automation_failed(task_id: int, started_at: str, text: str) -> str:
        # The same run failing the same way is a redelivery; a new run with the same error is new.
        return f"automation:{task_id}:{started_at}:{sha(text)}"

    @staticmethod
    def run(run_id: str, kind: str, attempt_started_at: str, node_id: str = "", item_index: int = -1) -> str:
        return f"run:{run_id}:{kind}:{attempt_started_at}:{node_id}:{item_index}"

    @staticmethod
    def export(export_id: str, kind: str) -> str:
        return f"export:{export_id}:{kind}"


@dataclass
class Task:
    id: int
    title: str
    owner: str
    assignee: Optional[str]
    watchers: List[str]
    updated_at: str
    status: str = "In Progress"
    deadline: Optional[datetime.datetime] = None


def task_link(task: Task, anchor: str = "") -> str:
    return f"{APP}/tasks/{task.id}{anchor}"


# -- the row builders (kumquat_tasks/inbox.py, worker/notifications.py) ---------------------------


def comment_notices(task: Task, comment_id: int, author: str, text: str) -> List[NoticeInput]:
    """A comment notifies its watchers but the author; a mention, the person named."""
    notices: List[NoticeInput] = []
    for watcher in (w for w in task.watchers if w != author):
        notices.append({"recipients": [watcher], "topic": "comment", "source_ref": f"task:{task.id}", "actor": author,
                        "title": f"{author} commented on {task.title}", "entity_label": task.title, "body": text, "deep_link": task_link(task, f"#c{comment_id}"),
                        "data": {"task": task.id, "comment": comment_id}, "dedupe_key": DEDUPE.comment(comment_id, "comment", watcher)})
    for login in sorted({word[1:].rstrip(",.?!") for word in text.split() if word.startswith("@")}):
        notices.append({"recipients": [login], "topic": "mention", "source_ref": f"task:{task.id}", "actor": author,
                        "title": f"{author} mentioned you on {task.title}", "entity_label": task.title, "body": text, "deep_link": task_link(task, f"#c{comment_id}"),
                        "dedupe_key": DEDUPE.comment(comment_id, "mention", login)})
    return notices


def assigned_notice(task: Task, by: str) -> NoticeInput:
    assert task.assignee is not None
    return {"recipients": [task.assignee], "topic": "task_assigned", "source_ref": f"task:{task.id}", "actor": by,
            "title": f"{by} assigned you {task.title}", "deep_link": task_link(task),
            "dedupe_key": DEDUPE.task_change(task.id, "task_assigned", task.updated_at)}


def automation_failed_notice(task: Task, started_at: str, error: str) -> NoticeInput:
    return {"recipients": [task.owner], "topic": "automation_failed", "source_ref": f"task:{task.id}",
            "title": f"Automation failed on {task.title}", "body": error, "deep_link": task_link(task), "urgent": True,
            "dedupe_key": DEDUPE.automation_failed(task.id, started_at, error)}


def export_ready_notice(export_id: str, recipient: str, name: str) -> NoticeInput:
    return {"recipients": [recipient], "topic": "export_ready", "source_ref": f"export:{export_id}",
            "title": f"Your export {name} is ready", "deep_link": f"{APP}/exports/{export_id}",
            "dedupe_key": DEDUPE.export(export_id, "export_ready")}


# -- a Celery-style queue: task_acks_late, so a worker that dies before its ack gets the job again ------


@dataclass
class Job:
    name: str
    build: Callable[[], List[NoticeInput]]
    dies_before_ack: bool = False
    deliveries: int = field(default=0)


def work(job: Job, inbox: Client) -> None:
    """One delivery of a job: its own work is done (the comment is saved); then Inbox.record."""
    job.deliveries += 1
    results: Optional[List[NoticeResult]] = inbox.record(job.build())  # never raises
    said = "; ".join(f"{r['result']} {r['topic']} for {','.join(r['recipients'])}" for r in results) if results else "nothing recorded"
    print(f"job {job.name} (delivery {job.deliveries}): {said}")


def drain(jobs: List[Job], inbox: Client) -> None:
    for job in jobs:
        work(job, inbox)
        if job.dies_before_ack:  # the broker hands the job out again
            work(job, inbox)


# -- deadlines: dated events instead of the hourly sweep ------------------------------------------------


def sync_deadline(task: Task) -> None:
    """Called where the task is saved (not by a cron): the deadline is one event per task, reminded
    the day before (task_due_soon) and marked overdue after (task_overdue), withdrawn when it closes."""
    open_task = task.status not in ("Done", "Cancelled") and task.assignee is not None and task.deadline is not None
    if not open_task:
        hado.delete_event(f"task:{task.id}", "deadline")
        return
    assert task.deadline is not None and task.assignee is not None
    due = task.deadline.astimezone(datetime.timezone.utc)
    event: EventInput = {"user": task.assignee, "source_ref": f"task:{task.id}", "topic": "deadline",
                         "due_at": due.strftime("%Y-%m-%dT%H:%M+00:00"), "fire_at": (due.date() - datetime.timedelta(days=1)).isoformat(),
                         "after_due": "keep", "payload": {"title": f"{task.title} is due", "deep_link": task_link(task), "done_label": "Done"}}
    hado.put_events([event])


def deadline_state(task: Task) -> str:
    e = hado.get_events(f"task:{task.id}", "deadline")
    return f"{e['user']}, due {e['due_at']}, {e['state']}"


def unread(login: str) -> str:
    """The badge, as the inbox reads it (GET /me/notices; X-Remote-User stands in for the hub's proxy)."""
    req = urllib.request.Request(f"{BASE}/me/notices?limit=1", headers={"X-Remote-User": login})
    with urllib.request.urlopen(req, timeout=15) as res:
        label: str = json.loads(res.read())["unread_label"]
        return label


def declare_kinds() -> None:
    """Once at deploy (the same set again is a no-op), before any job records."""
    declared = hado.put_topics(topics())
    slack = sum(1 for t in declared if "slack" in t["channels"])
    toasted = sum(1 for t in declared if t["toast"])
    print(f"topics: {len(declared)} declared, {slack} with Slack, {toasted} toasted")


def forgot_a_kind() -> None:
    """What notification-kinds.test.ts guarded: a kind nobody declared is refused, by name."""
    try:
        hado.post_notices([{"recipients": ["ana"], "topic": "task_archived", "title": "Launch checklist was archived"}])
    except HadoApiError as e:
        print(f"undeclared kind: {e.status} {str(e).split('; ')[0]}")


def grid(login: str) -> List[str]:
    """The preferences grid as the person sees it (GET /me/preferences; X-Remote-User stands in for the
    hub's proxy): every kind of a source that wrote to them, labelled, by section; "-" where Slack is a dash."""
    req = urllib.request.Request(f"{BASE}/me/preferences", headers={"X-Remote-User": login})
    with urllib.request.urlopen(req, timeout=15) as res:
        rows = [r for r in json.loads(res.read())["rows"] if r["source"] == SOURCE]
    return [f"{r['section']} / {r['label']}: {' '.join(t if t in r['channels'] else '-' for t in ('web', 'slack'))}" for r in rows]


def main() -> None:
    now = datetime.datetime.now(datetime.timezone.utc).replace(second=0, microsecond=0)
    declare_kinds()
    forgot_a_kind()
    task = Task(12, "Launch checklist", owner="boris", assignee="vera", watchers=["ana", "boris", "vera"], updated_at="2026-12-01T09:30:00Z")
    jobs = [
        # The queue delivered this one twice: its notices are written once.
        Job("comment.created 981", lambda: comment_notices(task, 981, "boris", "Ready on my side, @ana can you sign off?"), dies_before_ack=True),
        Job("task.assigned 12", lambda: [assigned_notice(task, "boris")]),
        Job("automation.failed 12", lambda: [automation_failed_notice(task, "2026-12-01T09:31:00Z", "Figma export timed out")], dies_before_ack=True),
        Job("export.ready e-3", lambda: [export_ready_notice("e-3", "ana", "Q4 report")]),
    ]
    drain(jobs, hado)

    # Hado is down: record() retries, logs one line, returns None; the job still acks (no redelivery loop).
    down = Client("http://127.0.0.1:9", "hado_unreachable", attempts=2, retry_delay=0.05)
    drain([Job("comment.created 982", lambda: comment_notices(task, 982, "ana", "Signed off."))], down)

    # Deadlines: set, moved, closed, as the task is saved.
    task.deadline = now + datetime.timedelta(days=3)
    sync_deadline(task)
    print(f"deadline task:{task.id}: {deadline_state(task)}")
    task.deadline = now + datetime.timedelta(hours=2)
    sync_deadline(task)
    print(f"deadline moved: {deadline_state(task)}")
    task.status = "Done"
    sync_deadline(task)
    print(f"task done: {hado.get_events(f'task:{task.id}', 'deadline')['state']}")

    print(f"ana's badge: {unread('ana')}")
    for row in grid("ana"):
        print(f"ana's grid: {row}")


if __name__ == "__main__":
    main()
