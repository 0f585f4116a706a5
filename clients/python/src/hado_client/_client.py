"""Client and AsyncClient: the same methods, the same retry rules, one transport.

AsyncClient runs each HTTP attempt of the synchronous transport on a worker
thread (asyncio.to_thread) and waits between attempts with asyncio.sleep. Why
not an async HTTP library behind an optional extra: the package's promise is
no runtime dependency at all (a Celery worker and a FastAPI app import the
same thing), and a second transport would bring its own timeouts, redirects,
proxies and errors to keep in step with the first. A call to Hado is one
short request, so a thread per request in flight costs little; the waits
between retries hold no thread, and cancelling the awaiting task stops the
retries (an attempt already sent finishes on its thread, like any request
cancelled after it left).
"""
import asyncio
import json
import logging
import time
import urllib.parse
from typing import Any, List, Optional, Sequence, TypeVar, Union, overload

from . import _api, _http
from ._exceptions import HadoApiError, HadoConnectionError
from ._retry import Backoff, retry_after_seconds, retryable
from ._version import __version__
from .types import (
    ApiEvent,
    AudiencePage,
    AudienceWriteResult,
    EventInput,
    NoticeBatch,
    NoticeInput,
    NoticeResult,
    ProvisionResult,
    SourceNoticeDetail,
    SourceNoticePage,
    Topic,
    TopicInput,
    UpsertResult,
    UserInput,
    UserToken,
    WithdrawResult,
)

T = TypeVar("T")

logger = logging.getLogger("hado_client")


class _Wait:
    """The verdict on an attempt that is to be tried again after ``seconds``."""

    __slots__ = ("seconds",)

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds


class _Core:
    """What both clients share: the configuration, building a request, and judging each attempt."""

    def __init__(
        self,
        base_url: str,
        token: str,
        *,
        attempts: int = 4,
        retry_delay: float = 0.5,
        max_delay: float = 30.0,
        timeout: float = 15.0,
    ) -> None:
        if not base_url:
            raise ValueError("base_url is required, e.g. https://hado.example")
        if not token:
            raise ValueError("token is required: the source's token from `hado source:create <name>`")
        parts = urllib.parse.urlsplit(base_url)
        if parts.scheme not in ("http", "https") or not parts.netloc:
            raise ValueError(f"base_url must be an http(s) URL, got {base_url!r}")
        # A path prefix is kept (https://example.org/hado/ → https://example.org/hado/api/events).
        self.base_url = base_url if base_url.endswith("/") else base_url + "/"
        self._token = token
        self.attempts = max(1, int(attempts))
        self.timeout = float(timeout)
        self._backoff = Backoff(float(retry_delay), float(max_delay))

    def describe(self, name: str) -> str:
        return f"{name}({self.base_url!r}, token=<hidden>, attempts={self.attempts})"

    def _request(self, call: "_api.Call[Any]") -> _http.Request:
        route = call.route
        path = route.path
        for name, value in call.path_params.items():
            path = path.replace("{" + name + "}", urllib.parse.quote(value, safe=""))
        url = urllib.parse.urljoin(self.base_url, path.lstrip("/"))
        if call.query:
            url += "?" + urllib.parse.urlencode(call.query)
        headers = {
            "Authorization": f"Bearer {self._token}",
            "Accept": "application/json",
            "User-Agent": f"hado-client-python/{__version__}",
        }
        body = None
        if call.body is not None:
            headers["Content-Type"] = "application/json"
            body = json.dumps(call.body, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
        return _http.Request(route.method, url, headers, body)

    def _tries(self, call: "_api.Call[Any]") -> int:
        return self.attempts if call.repeatable else 1

    def _after_answer(self, call: "_api.Call[T]", request: _http.Request, answer: _http.Answer, attempt: int) -> "Union[T, _Wait]":
        """The call's result, or how long to wait before the next attempt; raises HadoApiError when it is over."""
        if 200 <= answer.status <= 299:
            return call.result(answer.json)
        last = attempt + 1 >= self._tries(call)
        if not retryable(answer.status) or last:
            path = urllib.parse.urlsplit(request.url).path
            raise HadoApiError(answer.status, answer.json, f"{request.method} {path}: HTTP {answer.status}")
        wait = retry_after_seconds(answer.headers.get("retry-after")) if answer.status == 429 else None
        delay = self._backoff.delay(attempt) if wait is None else wait
        logger.info(
            "%s %s: HTTP %s, retrying in %.2f s (attempt %d of %d)",
            request.method, call.route.path, answer.status, delay, attempt + 2, self._tries(call),
        )
        return _Wait(delay)

    def _after_no_answer(self, call: "_api.Call[Any]", request: _http.Request, error: _http.NoAnswer, attempt: int) -> float:
        """How long to wait before the next attempt; raises HadoConnectionError when it is over."""
        if attempt + 1 >= self._tries(call):
            tried = "once (a call that may not be repeated)" if not call.repeatable else f"{attempt + 1} times"
            raise HadoConnectionError(f"{error} (tried {tried})") from error.__cause__ or error
        delay = self._backoff.delay(attempt)
        logger.info(
            "%s %s: no answer (%s), retrying in %.2f s (attempt %d of %d)",
            request.method, call.route.path, error, delay, attempt + 2, self._tries(call),
        )
        return delay


def _failed(what: str, notices: Any, error: Exception) -> None:
    """record()'s one line in the log when a notice could not be written."""
    if isinstance(notices, dict):
        batch = notices.get("notices") if "notices" in notices and "recipients" not in notices else [notices]
    else:
        batch = notices if isinstance(notices, (list, tuple)) else []
    keys = [n.get("dedupe_key") for n in (batch if isinstance(batch, (list, tuple)) else []) if isinstance(n, dict)]
    # One line: the reason is in the message (a traceback through urllib would say less).
    logger.error("hado: %s not recorded (dedupe_key %s): %s: %s", what, ", ".join(str(k) for k in keys) or "none", type(error).__name__, error)


class Client:
    """A client of Hado's client API (/api/*) for one source.

    >>> hado = Client("https://hado.example", os.environ["HADO_TOKEN"])
    >>> hado.put_events([{"user": "nikita", "source_ref": "person:42", "topic": "birthday",
    ...                   "recurrence": {"type": "yearly", "month": 8, "day": 14},
    ...                   "payload": {"title": "Vasya's birthday"}}])

    ``attempts`` is the number of attempts in all for a call that may be
    repeated (default 4: one and three retries); ``retry_delay`` the first
    retry's delay in seconds, doubled each time with jitter, at most
    ``max_delay``; ``timeout`` bounds each blocking step of one attempt.
    Safe to share between threads.
    """

    def __init__(
        self,
        base_url: str,
        token: str,
        *,
        attempts: int = 4,
        retry_delay: float = 0.5,
        max_delay: float = 30.0,
        timeout: float = 15.0,
    ) -> None:
        self._core = _Core(base_url, token, attempts=attempts, retry_delay=retry_delay, max_delay=max_delay, timeout=timeout)

    def __repr__(self) -> str:
        return self._core.describe(type(self).__name__)

    def _run(self, call: "_api.Call[T]") -> T:
        core = self._core
        request = core._request(call)
        attempt = 0
        while True:
            try:
                answer = _http.attempt(request, core.timeout)
            except _http.NoAnswer as e:
                time.sleep(core._after_no_answer(call, request, e, attempt))
            else:
                outcome = core._after_answer(call, request, answer, attempt)
                if not isinstance(outcome, _Wait):
                    return outcome
                time.sleep(outcome.seconds)
            attempt += 1

    def put_events(self, events: Sequence[EventInput]) -> List[UpsertResult]:
        """PUT /api/events: upsert a batch (at most 500, all or nothing); one result per event, in order.
        Retried: an upsert can be repeated."""
        return self._run(_api.put_events(events))

    def put_users(self, users: Sequence[UserInput]) -> List[ProvisionResult]:
        """PUT /api/users: provision a batch of users (capability provision; at most 500, all or nothing).
        Retried: the same batch writes the same."""
        return self._run(_api.put_users(users))

    def get_events(self, source_ref: str, topic: Optional[str] = None) -> ApiEvent:
        """GET /api/events: one event by its identity (topic omitted = ""). A 404 raises HadoApiError. Retried."""
        return self._run(_api.get_events(source_ref, topic))

    def delete_event(self, source_ref: str, topic: Optional[str] = None) -> None:
        """DELETE /api/events: withdraw the event (a whole series). Retried: withdrawing twice is the same."""
        self._run(_api.delete_event(source_ref, topic))

    def list_notices(
        self, source_ref: Optional[str] = None, topic: Optional[str] = None, cursor: Optional[str] = None, limit: Optional[int] = None
    ) -> SourceNoticePage:
        """GET /api/notices: the source's own notices, newest first ({"notices", "next_cursor"}); pass
        next_cursor back as cursor for the next page. Retried."""
        return self._run(_api.list_notices(source_ref, topic, cursor, limit))

    def get_notice(self, id: int) -> SourceNoticeDetail:  # noqa: A002 (the path parameter's name)
        """GET /api/notices/{id}: one of the source's notices, each recipient's read state and each
        delivery's state and reason. A 404 raises HadoApiError. Retried."""
        return self._run(_api.get_notice(id))

    def withdraw_notices(
        self, ids: Optional[Sequence[int]] = None, *, source_ref: Optional[str] = None, topic: Optional[str] = None
    ) -> WithdrawResult:
        """DELETE /api/notices: withdraw notices by ids, or every notice of (source_ref, topic). They
        leave the inboxes at once and pending deliveries are cancelled. Retried: the same twice is the same."""
        return self._run(_api.withdraw_notices(ids, source_ref, topic))

    def put_topics(self, topics: Sequence[TopicInput]) -> List[Topic]:
        """PUT /api/topics: declare the source's whole set of topics (replaces the earlier set). Retried."""
        return self._run(_api.put_topics(topics))

    def get_topics(self) -> List[Topic]:
        """GET /api/topics: the source's declared topics, every default filled in. Retried."""
        return self._run(_api.get_topics())

    def create_user_token(self, login: str, ttl_seconds: Optional[int] = None) -> UserToken:
        """POST /api/user-tokens: a user token for the embedded inbox ({"token", "expires_at"}), the one
        sign_user_token makes with the source's signing key; ttl_seconds defaults to 3600, at most 24 h.
        Retried: minting changes nothing."""
        return self._run(_api.create_user_token(login, ttl_seconds))

    def put_audience(self, name: str, members: Sequence[str]) -> AudienceWriteResult:
        """PUT /api/audiences/{name}: the whole set of members, by login (capability provision; at most
        100,000; unknown logins become users). The name may hold a slash ("company-42/staff"). Retried."""
        return self._run(_api.put_audience(name, members))

    def patch_audience(self, name: str, add: Optional[Sequence[str]] = None, remove: Optional[Sequence[str]] = None) -> AudienceWriteResult:
        """PATCH /api/audiences/{name}: add and remove members (a 404 for an audience never made). Retried."""
        return self._run(_api.patch_audience(name, add, remove))

    def get_audience(self, name: str, limit: Optional[int] = None, cursor: Optional[str] = None) -> AudiencePage:
        """GET /api/audiences/{name}: one page of members' logins with the count; pass next_cursor back
        as cursor for the next page (None on the last). Retried."""
        return self._run(_api.get_audience(name, limit, cursor))

    def delete_audience(self, name: str) -> None:
        """DELETE /api/audiences/{name}: the audience goes, its users stay. Retried."""
        self._run(_api.delete_audience(name))

    def post_frames(self, frames: "_api.FramesArg") -> int:
        """POST /api/frames: put the source's own frames on its users' live streams, never stored. One
        frame ({"type", "data", "recipients"} or "all": True; data at most 4 KB of JSON) or a batch
        (a list or {"frames": [...]}, at most 100); returns how many were accepted. Never retried:
        a repeated frame reaches the streams twice."""
        return self._run(_api.post_frames(frames))

    @overload
    def post_notices(self, notices: NoticeInput) -> NoticeResult: ...

    @overload
    def post_notices(self, notices: Union[Sequence[NoticeInput], NoticeBatch]) -> List[NoticeResult]: ...

    def post_notices(self, notices: "_api.NoticesArg") -> Union[NoticeResult, List[NoticeResult]]:
        """POST /api/notices: one notice (returns its result), or a batch (a list or {"notices": [...]},
        at most 500, all or nothing; returns the results in order). Retried only when every notice
        has a dedupe_key: a repeat is then a no-op that returns the existing notice ("duplicate")."""
        return self._run(_api.post_notices(notices))

    @overload
    def record(self, notices: NoticeInput) -> Optional[NoticeResult]: ...

    @overload
    def record(self, notices: Union[Sequence[NoticeInput], NoticeBatch]) -> Optional[List[NoticeResult]]: ...

    def record(self, notices: "_api.NoticesArg") -> Union[NoticeResult, List[NoticeResult], None]:
        """post_notices that never raises: for code whose own work is already done (the comment is
        saved, the job has committed), where a failed notification must not fail the caller.
        Retried as post_notices (give every notice a dedupe_key); on failure it logs an error on
        the "hado_client" logger and returns None."""
        try:
            return self._run(_api.post_notices(notices))
        except Exception as e:  # noqa: BLE001 - the point: nothing but KeyboardInterrupt/SystemExit escapes
            _failed("notice", notices, e)
            return None


class AsyncClient:
    """Client's methods as coroutines, for async services (FastAPI, aiohttp):
    each attempt runs on a worker thread (asyncio.to_thread), the waits between
    attempts are asyncio.sleep. Same arguments, rules and errors as Client."""

    def __init__(
        self,
        base_url: str,
        token: str,
        *,
        attempts: int = 4,
        retry_delay: float = 0.5,
        max_delay: float = 30.0,
        timeout: float = 15.0,
    ) -> None:
        self._core = _Core(base_url, token, attempts=attempts, retry_delay=retry_delay, max_delay=max_delay, timeout=timeout)

    def __repr__(self) -> str:
        return self._core.describe(type(self).__name__)

    async def _run(self, call: "_api.Call[T]") -> T:
        core = self._core
        request = core._request(call)
        attempt = 0
        while True:
            try:
                answer = await asyncio.to_thread(_http.attempt, request, core.timeout)
            except _http.NoAnswer as e:
                await asyncio.sleep(core._after_no_answer(call, request, e, attempt))
            else:
                outcome = core._after_answer(call, request, answer, attempt)
                if not isinstance(outcome, _Wait):
                    return outcome
                await asyncio.sleep(outcome.seconds)
            attempt += 1

    async def put_events(self, events: Sequence[EventInput]) -> List[UpsertResult]:
        """PUT /api/events (see Client.put_events)."""
        return await self._run(_api.put_events(events))

    async def put_users(self, users: Sequence[UserInput]) -> List[ProvisionResult]:
        """PUT /api/users (see Client.put_users)."""
        return await self._run(_api.put_users(users))

    async def get_events(self, source_ref: str, topic: Optional[str] = None) -> ApiEvent:
        """GET /api/events (see Client.get_events)."""
        return await self._run(_api.get_events(source_ref, topic))

    async def delete_event(self, source_ref: str, topic: Optional[str] = None) -> None:
        """DELETE /api/events (see Client.delete_event)."""
        await self._run(_api.delete_event(source_ref, topic))

    async def list_notices(
        self, source_ref: Optional[str] = None, topic: Optional[str] = None, cursor: Optional[str] = None, limit: Optional[int] = None
    ) -> SourceNoticePage:
        """GET /api/notices (see Client.list_notices)."""
        return await self._run(_api.list_notices(source_ref, topic, cursor, limit))

    async def get_notice(self, id: int) -> SourceNoticeDetail:  # noqa: A002 (the path parameter's name)
        """GET /api/notices/{id} (see Client.get_notice)."""
        return await self._run(_api.get_notice(id))

    async def withdraw_notices(
        self, ids: Optional[Sequence[int]] = None, *, source_ref: Optional[str] = None, topic: Optional[str] = None
    ) -> WithdrawResult:
        """DELETE /api/notices (see Client.withdraw_notices)."""
        return await self._run(_api.withdraw_notices(ids, source_ref, topic))

    async def put_topics(self, topics: Sequence[TopicInput]) -> List[Topic]:
        """PUT /api/topics (see Client.put_topics)."""
        return await self._run(_api.put_topics(topics))

    async def get_topics(self) -> List[Topic]:
        """GET /api/topics (see Client.get_topics)."""
        return await self._run(_api.get_topics())

    async def create_user_token(self, login: str, ttl_seconds: Optional[int] = None) -> UserToken:
        """POST /api/user-tokens (see Client.create_user_token)."""
        return await self._run(_api.create_user_token(login, ttl_seconds))

    async def put_audience(self, name: str, members: Sequence[str]) -> AudienceWriteResult:
        """PUT /api/audiences/{name} (see Client.put_audience)."""
        return await self._run(_api.put_audience(name, members))

    async def patch_audience(
        self, name: str, add: Optional[Sequence[str]] = None, remove: Optional[Sequence[str]] = None
    ) -> AudienceWriteResult:
        """PATCH /api/audiences/{name} (see Client.patch_audience)."""
        return await self._run(_api.patch_audience(name, add, remove))

    async def get_audience(self, name: str, limit: Optional[int] = None, cursor: Optional[str] = None) -> AudiencePage:
        """GET /api/audiences/{name} (see Client.get_audience)."""
        return await self._run(_api.get_audience(name, limit, cursor))

    async def delete_audience(self, name: str) -> None:
        """DELETE /api/audiences/{name} (see Client.delete_audience)."""
        await self._run(_api.delete_audience(name))

    async def post_frames(self, frames: "_api.FramesArg") -> int:
        """POST /api/frames (see Client.post_frames)."""
        return await self._run(_api.post_frames(frames))

    @overload
    async def post_notices(self, notices: NoticeInput) -> NoticeResult: ...

    @overload
    async def post_notices(self, notices: Union[Sequence[NoticeInput], NoticeBatch]) -> List[NoticeResult]: ...

    async def post_notices(self, notices: "_api.NoticesArg") -> Union[NoticeResult, List[NoticeResult]]:
        """POST /api/notices (see Client.post_notices)."""
        return await self._run(_api.post_notices(notices))

    @overload
    async def record(self, notices: NoticeInput) -> Optional[NoticeResult]: ...

    @overload
    async def record(self, notices: Union[Sequence[NoticeInput], NoticeBatch]) -> Optional[List[NoticeResult]]: ...

    async def record(self, notices: "_api.NoticesArg") -> Union[NoticeResult, List[NoticeResult], None]:
        """post_notices that never raises (see Client.record). Cancellation still propagates."""
        try:
            call = _api.post_notices(notices)
            result: Union[NoticeResult, List[NoticeResult]] = await self._run(call)
            return result
        except Exception as e:  # noqa: BLE001 - asyncio.CancelledError is a BaseException and passes
            _failed("notice", notices, e)
            return None
