"""The retry rules, the same as hado/client's (src/client/index.ts):

- only a call that may be repeated is retried (an upsert, a read, a withdrawal,
  notices that all carry a dedupe_key); never a plain create, which could be
  written twice;
- 429 and 5xx answers, and no answer at all (refused, reset, timed out), are
  retried; other answers are final;
- the wait is exponential backoff with full jitter (so many workers do not
  retry in step): random(0, min(max_delay, retry_delay * 2 ** attempt));
- on a 429, Retry-After (seconds or an HTTP date, at most 5 minutes) replaces it.
"""
import email.utils
import random
import time
from typing import Optional

#: A Retry-After longer than this is capped (as in hado/client).
RETRY_AFTER_MAX = 300.0


def retry_after_seconds(value: Optional[str], now: Optional[float] = None) -> Optional[float]:
    """Retry-After in seconds: delta-seconds or an HTTP date (RFC 9110 §10.2.3); None when absent or unreadable."""
    if value is None or value.strip() == "":
        return None
    text = value.strip()
    if text.isdigit():
        return min(float(text), RETRY_AFTER_MAX)
    try:
        at = email.utils.parsedate_to_datetime(text)
    except (TypeError, ValueError, IndexError):
        return None
    if at is None or at.tzinfo is None:
        return None
    current = time.time() if now is None else now
    return min(max(0.0, at.timestamp() - current), RETRY_AFTER_MAX)


def retryable(status: int) -> bool:
    """Answers worth another attempt of a repeatable call: rate limited, or the server failed."""
    return status == 429 or status >= 500


class Backoff:
    """The waits of one client: the first retry's delay, doubled each time with jitter, capped."""

    def __init__(self, retry_delay: float, max_delay: float) -> None:
        self.retry_delay = retry_delay
        self.max_delay = max_delay

    def delay(self, attempt: int) -> float:
        """The wait after attempt number ``attempt`` (0 = the first) failed."""
        return random.random() * min(self.max_delay, self.retry_delay * 2.0**attempt)
