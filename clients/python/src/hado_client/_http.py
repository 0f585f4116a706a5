"""One HTTP attempt with urllib, and nothing else: no retries, no waiting.
Both clients use it (AsyncClient on a worker thread), so they behave alike."""
import http.client
import json
import urllib.error
import urllib.request
from dataclasses import dataclass
from typing import Any, Mapping, Optional


@dataclass(frozen=True)
class Request:
    method: str
    url: str
    headers: Mapping[str, str]
    body: Optional[bytes]


@dataclass(frozen=True)
class Answer:
    status: int
    #: Header names in lower case.
    headers: Mapping[str, str]
    #: The body parsed as JSON; its text when it is not JSON; None when empty.
    json: Any


class NoAnswer(Exception):
    """The attempt got no HTTP answer (refused, reset, timed out): the call may or may not have happened."""


class _NoRedirects(urllib.request.HTTPRedirectHandler):
    """A redirect is not followed: urllib would resend the bearer token to the
    new location (and turn a POST into a GET). The 3xx is answered as it is,
    and the client raises it as a HadoApiError."""

    def redirect_request(self, req: Any, fp: Any, code: Any, msg: Any, headers: Any, newurl: Any) -> None:
        return None


_opener = urllib.request.build_opener(_NoRedirects())


def _parse(raw: bytes) -> Any:
    if not raw:
        return None
    text = raw.decode("utf-8", errors="replace")
    try:
        return json.loads(text)
    except ValueError:
        return text


def attempt(request: Request, timeout: float) -> Answer:
    """Sends the request once. An HTTP answer of any status is returned; no answer raises NoAnswer.
    ``timeout`` bounds each blocking step (connecting, each read), as urllib does."""
    req = urllib.request.Request(request.url, data=request.body, method=request.method, headers=dict(request.headers))
    try:
        with _opener.open(req, timeout=timeout) as res:
            return Answer(res.status, {k.lower(): v for k, v in res.headers.items()}, _parse(res.read()))
    except urllib.error.HTTPError as e:
        try:
            raw = e.read()
        except (OSError, http.client.HTTPException) as cut:
            raise NoAnswer(f"{request.method} {request.url}: the answer was cut off: {cut}") from cut
        finally:
            e.close()
        return Answer(e.code, {k.lower(): v for k, v in (e.headers or {}).items()}, _parse(raw))
    except urllib.error.URLError as e:
        raise NoAnswer(f"{request.method} {request.url}: {e.reason}") from e
    except (OSError, http.client.HTTPException) as e:
        # A timeout (socket.timeout), a reset, a connection closed before the status line.
        raise NoAnswer(f"{request.method} {request.url}: {e!r}") from e
