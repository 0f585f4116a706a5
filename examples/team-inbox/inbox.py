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
from typing import Callable, Dict, List, Optional

from hado_client import Client, EventInput, NoticeInput, NoticeResult

BASE = os.environ.get("HADO_URL", "http://127.0.0.1:8080").rstrip("/")
hado = Client(BASE, os.environ["HADO_TOKEN"])
APP = "https://kumquat.example"

# record() logs on the "hado_client" logger; here the log goes to stdout beside the rest.
logging.basicConfig(stream=sys.stdout, level=logging.ERROR, format="log %(levelname)s %(name)s: %(message)s")


def sha(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()[:16]


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
                        "title": f"{author} commented on {task.title}", "body": text, "deep_link": task_link(task, f"#c{comment_id}"),
                        "data": {"task": task.id, "comment": comment_id}, "dedupe_key": DEDUPE.comment(comment_id, "comment", watcher)})
    for login in sorted({word[1:].rstrip(",.?!") for word in text.split() if word.startswith("@")}):
        notices.append({"recipients": [login], "topic": "mention", "source_ref": f"task:{task.id}", "actor": author,
                        "title": f"{author} mentioned you on {task.title}", "body": text, "deep_link": task_link(task, f"#c{comment_id}"),
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


def main() -> None:
    now = datetime.datetime.now(datetime.timezone.utc).replace(second=0, microsecond=0)
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


if __name__ == "__main__":
    main()
