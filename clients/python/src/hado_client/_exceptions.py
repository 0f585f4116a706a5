"""Every error the client raises, in one place (httpx's habit): the class name
says what went wrong, and all of them are HadoError."""
from typing import Any, Optional


class HadoError(Exception):
    """The base of every error this package raises."""


class HadoApiError(HadoError):
    """An error answer from Hado: its status, and the error catalogue's code,
    field and (in a batch) index. The message is the body's ``error.message``,
    which names the field, e.g. ``events[0].fire_at: 2026-12-20 is after the due day``.
    """

    status: int
    #: A stable code (Hado's src/errors.ts): "invalid", "not_found", "too_many_requests", ...
    code: str
    #: The dotted path of the offending field (e.g. "payload.title"), when Hado names one.
    field: Optional[str]
    #: Which record of a batch is wrong.
    index: Optional[int]
    #: The answer's body as Hado sent it: parsed when it was JSON, else its text (None when empty).
    body: Any

    def __init__(self, status: int, body: Any, fallback: str) -> None:
        error = body.get("error") if isinstance(body, dict) else None
        if not isinstance(error, dict):
            error = {}
        message = error.get("message")
        super().__init__(message if isinstance(message, str) and message else fallback)
        self.status = status
        code = error.get("code")
        self.code = code if isinstance(code, str) else ("internal" if status >= 500 else "bad_request")
        field = error.get("field")
        self.field = field if isinstance(field, str) else None
        index = error.get("index")
        self.index = index if isinstance(index, int) and not isinstance(index, bool) else None
        self.body = body

    def __repr__(self) -> str:
        return f"HadoApiError(status={self.status}, code={self.code!r}, field={self.field!r}, index={self.index!r}, message={str(self)!r})"


class HadoConnectionError(HadoError):
    """No answer from Hado (refused, reset, timed out) after every attempt the
    call was allowed. The call may or may not have happened. The last
    underlying error is ``__cause__``."""


class WebhookVerificationError(HadoError):
    """A webhook that did not pass verify_webhook: a missing header, a
    timestamp outside the tolerance, no matching signature, or a body that is
    not JSON. Answer such a request with 4xx and do not act on it."""
