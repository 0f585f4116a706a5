"""Signed user tokens for the inbox embedded in a sibling web app: an HS256
JWT made with hmac alone (RFC 7519, RFC 7515), which Hado checks without a
round trip. Claims: sub = the user's login, iss = the source's name,
aud = "hado", iat and exp (Hado accepts at most 24 h ahead).
"""
import base64
import hashlib
import hmac
import json
import re
import time
from typing import Any, Dict

#: The audience Hado expects in every user token.
AUDIENCE = "hado"
#: Hado refuses a token whose exp is more than 24 h ahead.
MAX_TTL_SECONDS = 24 * 60 * 60

# The same rules as Hado's (src/core/sources.ts SOURCE_NAME, src/config.ts LOGIN_PATTERN).
_SOURCE_NAME = re.compile(r"^[a-z0-9._-]{1,64}$")
_LOGIN = re.compile(r"^[A-Za-z0-9._@+-]{1,128}$")


def signing_key_bytes(key: str) -> bytes:
    """The HMAC key of a source's signing key, exactly as `hado source:create`
    prints it (an opaque string such as ``hado_sk_...``): the UTF-8 bytes of
    the whole string, prefix included, not a decoding of it. This is the one
    place that says so."""
    return key.encode("utf-8")


def _b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def _json(value: Dict[str, Any]) -> bytes:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False).encode("utf-8")


def sign_user_token(key: str, *, source: str, login: str, ttl_seconds: int = 3600) -> str:
    """A user token for ``login``, signed with the source's signing key.

    ``key`` is the signing key exactly as ``hado source:create`` printed it,
    ``source`` the source's name (the token's ``iss``), ``ttl_seconds`` how
    long it is valid (1 s to 24 h; default 1 h). The page fetches a fresh one
    from its backend before this one expires.
    """
    if not isinstance(key, str) or key == "":
        raise ValueError("key is required: the signing key `hado source:create` printed")
    if key != key.strip():
        raise ValueError("key has leading or trailing whitespace: pass it exactly as printed")
    if not isinstance(source, str) or not _SOURCE_NAME.match(source):
        raise ValueError(f"source must be the source's name (1-64 lower-case letters, digits, '.', '_', '-'), got {source!r}")
    if not isinstance(login, str) or not _LOGIN.match(login):
        raise ValueError(f"login must be 1-128 letters, digits and ._@+-, got {login!r}")
    if isinstance(ttl_seconds, bool) or not isinstance(ttl_seconds, int) or not 1 <= ttl_seconds <= MAX_TTL_SECONDS:
        raise ValueError(f"ttl_seconds must be a whole number of seconds from 1 to {MAX_TTL_SECONDS}, got {ttl_seconds!r}")
    now = int(time.time())
    header = {"alg": "HS256", "typ": "JWT"}
    claims = {"sub": login, "iss": source, "aud": AUDIENCE, "iat": now, "exp": now + ttl_seconds}
    signing_input = _b64url(_json(header)) + "." + _b64url(_json(claims))
    signature = hmac.new(signing_key_bytes(key), signing_input.encode("ascii"), hashlib.sha256).digest()
    return signing_input + "." + _b64url(signature)
