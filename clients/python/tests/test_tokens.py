"""sign_user_token, checked by PyJWT (Debian's python3-jwt), a JWT library that knows nothing of this one."""
import base64
import time
from typing import Any, Dict

import jwt
import pytest

from hado_client import sign_user_token, signing_key_bytes

KEY = "hado_sk_3q2-7wEXAMPLEexampleEXAMPLEexample0123456789"


def test_pyjwt_accepts_it() -> None:
    token = sign_user_token(KEY, source="kumquat", login="ana", ttl_seconds=600)
    claims = jwt.decode(token, KEY, algorithms=["HS256"], audience="hado", issuer="kumquat",
                        options={"require": ["sub", "iss", "aud", "exp", "iat"]})
    assert claims["sub"] == "ana"
    assert claims["exp"] - claims["iat"] == 600
    assert abs(claims["iat"] - time.time()) < 5
    assert jwt.get_unverified_header(token) == {"alg": "HS256", "typ": "JWT"}


def test_the_key_is_the_whole_string_as_printed() -> None:
    token = sign_user_token(KEY, source="kumquat", login="ana")
    assert signing_key_bytes(KEY) == KEY.encode("utf-8")
    # PyJWT turns a str key into its UTF-8 bytes, as signing_key_bytes does: the same key.
    assert jwt.decode(token, KEY, algorithms=["HS256"], audience="hado")["sub"] == "ana"
    # Not the part after the prefix, nor anything else.
    for wrong in (KEY[len("hado_sk_"):], "hado_sk_", KEY.upper()):
        with pytest.raises(jwt.InvalidSignatureError):
            jwt.decode(token, wrong, algorithms=["HS256"], audience="hado")


def test_default_ttl_is_an_hour_and_expired_tokens_fail() -> None:
    claims = jwt.decode(sign_user_token(KEY, source="s", login="bob"), KEY, algorithms=["HS256"], audience="hado")
    assert claims["exp"] - claims["iat"] == 3600
    short = sign_user_token(KEY, source="s", login="bob", ttl_seconds=1)
    time.sleep(2.1)
    with pytest.raises(jwt.ExpiredSignatureError):
        jwt.decode(short, KEY, algorithms=["HS256"], audience="hado")


def test_a_changed_claim_breaks_the_signature() -> None:
    header, payload, signature = sign_user_token(KEY, source="s", login="ana").split(".")
    forged = base64.urlsafe_b64encode(b'{"sub":"bob","iss":"s","aud":"hado","iat":1,"exp":9999999999}').rstrip(b"=").decode()
    with pytest.raises(jwt.InvalidSignatureError):
        jwt.decode(f"{header}.{forged}.{signature}", KEY, algorithms=["HS256"], audience="hado")


@pytest.mark.parametrize(
    "kwargs, message",
    [
        ({"key": ""}, "key is required"),
        ({"key": KEY + "\n"}, "whitespace"),
        ({"source": "Kumquat"}, "source"),
        ({"login": "ana smith"}, "login"),
        ({"ttl_seconds": 0}, "ttl_seconds"),
        ({"ttl_seconds": 86401}, "ttl_seconds"),
        ({"ttl_seconds": True}, "ttl_seconds"),
    ],
)
def test_arguments_are_checked(kwargs: Dict[str, Any], message: str) -> None:
    args: Dict[str, Any] = {"key": KEY, "source": "kumquat", "login": "ana", "ttl_seconds": 60, **kwargs}
    with pytest.raises(ValueError, match=message):
        sign_user_token(args["key"], source=args["source"], login=args["login"], ttl_seconds=args["ttl_seconds"])
    assert sign_user_token(KEY, source="kumquat", login="ana", ttl_seconds=86400)
