"""verify_webhook: the Standard Webhooks check (https://www.standardwebhooks.com/)
that Hado's webhook deliveries pass. Hado signs each delivery with the
channel's secret ("whsec_" + base64 key, shown once when the channel is
made): webhook-id, webhook-timestamp (Unix seconds) and webhook-signature,
"v1,<base64 HMAC-SHA256 of '{id}.{timestamp}.{body}'>", several of them
separated by spaces while a secret is being rotated.
"""
import base64
import binascii
import hashlib
import hmac
import json
import time
from typing import Any, Iterable, Mapping, Protocol, Tuple, Union

from ._exceptions import WebhookVerificationError

SECRET_PREFIX = "whsec_"
#: Standard Webhooks' default: a delivery more than 5 minutes old (or ahead) is refused, against replays.
DEFAULT_TOLERANCE = 300


class HeadersLike(Protocol):
    """Anything with items(): a dict, http.server's self.headers, Django's or Starlette's request.headers."""

    def items(self) -> Iterable[Tuple[str, str]]: ...


def _key(secret: str) -> bytes:
    if not isinstance(secret, str) or secret == "":
        raise ValueError("secret is required: the whsec_... secret shown when the webhook channel was added")
    raw = secret[len(SECRET_PREFIX):] if secret.startswith(SECRET_PREFIX) else secret
    try:
        return base64.b64decode(raw, validate=True)
    except (binascii.Error, ValueError):
        raise ValueError("secret is not a webhook secret: expected whsec_ followed by base64") from None


def verify_webhook(
    secret: str,
    headers: Union[Mapping[str, str], HeadersLike],
    body: Union[bytes, str],
    *,
    tolerance: int = DEFAULT_TOLERANCE,
) -> Any:
    """Checks a webhook Hado delivered and returns its parsed JSON body.

    ``body`` must be the raw body as received (bytes, or the exact text): a
    body re-serialized from parsed JSON no longer matches. Raises
    WebhookVerificationError when a header is missing, the timestamp is more
    than ``tolerance`` seconds away from now, no v1 signature matches, or the
    body is not JSON; ValueError when ``secret`` is not a webhook secret.
    """
    key = _key(secret)
    found = {name.lower(): value for name, value in headers.items()}
    for name in ("webhook-id", "webhook-timestamp", "webhook-signature"):
        if not found.get(name):
            raise WebhookVerificationError(f"missing header {name}")
    msg_id, stamp, signatures = found["webhook-id"], found["webhook-timestamp"].strip(), found["webhook-signature"]
    if not stamp.isdigit():
        raise WebhookVerificationError(f"webhook-timestamp is not Unix seconds: {stamp!r}")
    timestamp = int(stamp)
    now = int(time.time())
    if timestamp < now - tolerance:
        raise WebhookVerificationError(f"webhook-timestamp is {now - timestamp} s old (at most {tolerance})")
    if timestamp > now + tolerance:
        raise WebhookVerificationError(f"webhook-timestamp is {timestamp - now} s ahead (at most {tolerance})")
    raw = body.encode("utf-8") if isinstance(body, str) else bytes(body)
    signed = msg_id.encode("utf-8") + b"." + stamp.encode("ascii") + b"." + raw
    expected = base64.b64encode(hmac.new(key, signed, hashlib.sha256).digest())
    matched = False
    for entry in signatures.split():
        version, _, value = entry.partition(",")
        # Every entry is compared (no early exit) so the time taken says nothing of which one matched.
        if version == "v1" and hmac.compare_digest(value.encode("ascii", errors="replace"), expected):
            matched = True
    if not matched:
        raise WebhookVerificationError("no v1 signature matches this body and secret")
    try:
        return json.loads(raw)
    except ValueError:
        raise WebhookVerificationError("the body is not JSON") from None
