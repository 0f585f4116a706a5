"""verify_webhook: a webhook that a real Hado delivered to a loopback receiver
passes, and the same body with one byte changed fails; then the Standard
Webhooks rules one by one (several signatures, the tolerance, the headers)."""
import base64
import hashlib
import hmac
import json
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Dict, Iterator, List, Tuple

import pytest

from conftest import Hado
from hado_client import Client, WebhookVerificationError, verify_webhook


class Receiver:
    """A Home-Assistant-like receiver: says the user is home, keeps what Hado posts."""

    def __init__(self) -> None:
        self.deliveries: List[Tuple[Any, bytes]] = []  # (headers as received, raw body)
        self.arrived = threading.Event()
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, format: str, *args: Any) -> None:
                pass

            def do_GET(self) -> None:  # presence
                self._send(200, b'{"present": true}')

            def do_POST(self) -> None:  # a delivery
                raw = self.rfile.read(int(self.headers.get("content-length") or 0))
                receiver.deliveries.append((self.headers, raw))
                receiver.arrived.set()
                self._send(200, b"{}")

            def _send(self, status: int, body: bytes) -> None:
                self.send_response(status)
                self.send_header("content-type", "application/json")
                self.send_header("content-length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        threading.Thread(target=self.server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True).start()

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture(scope="module")
def delivered(hado: Hado, token: str) -> Iterator[Tuple[str, Any, bytes]]:
    """(the channel's secret, the headers and the raw body of one delivery Hado made)."""
    receiver = Receiver()
    try:
        config = {"deliver_url": receiver.url + "/deliver", "presence_url": receiver.url + "/presence"}
        status, added = hado.me("py.hook", "POST", "/me/channels", {"type": "webhook", "config": config})
        assert status == 201, added
        secret = added["secret"]
        assert secret.startswith("whsec_")
        Client(hado.url, token).post_notices({"recipients": ["py.hook"], "title": "Door left open", "body": "Since 10:02", "urgent": True,
                                              "channels": ["webhook"], "dedupe_key": "door:1"})
        # Hado's notice loop looks every 5 s, asks the receiver's presence, and the worker posts.
        assert receiver.arrived.wait(90), f"no webhook delivery within 90 s; log:\n{hado.log.read_text(errors='replace')[-3000:]}"
        headers, raw = receiver.deliveries[0]
        yield secret, headers, raw
    finally:
        receiver.close()


def test_a_real_delivery_passes(delivered: Tuple[str, Any, bytes]) -> None:
    secret, headers, raw = delivered
    # http.server's headers object as it is (anything with items() will do), the raw bytes.
    body = verify_webhook(secret, headers, raw)
    assert json.dumps(body, ensure_ascii=False).find("Door left open") >= 0
    # A dict of headers with other casing, and the body as text, pass too.
    assert verify_webhook(secret, {k.upper(): v for k, v in headers.items()}, raw.decode("utf-8")) == body


def test_one_byte_changed_fails(delivered: Tuple[str, Any, bytes]) -> None:
    secret, headers, raw = delivered
    at = raw.index(b"Door")
    changed = raw[:at] + b"D" + b"x" + raw[at + 2:]
    assert len(changed) == len(raw) and changed != raw
    with pytest.raises(WebhookVerificationError, match="no v1 signature"):
        verify_webhook(secret, headers, changed)
    # Each single byte, anywhere in the body.
    for i in range(0, len(raw), max(1, len(raw) // 40)):
        flipped = raw[:i] + bytes([raw[i] ^ 0x01]) + raw[i + 1:]
        with pytest.raises(WebhookVerificationError):
            verify_webhook(secret, headers, flipped)


def test_another_secret_fails(delivered: Tuple[str, Any, bytes]) -> None:
    _secret, headers, raw = delivered
    other = "whsec_" + base64.b64encode(b"k" * 32).decode()
    with pytest.raises(WebhookVerificationError):
        verify_webhook(other, headers, raw)


# -- the rules, on messages signed here ------------------------------------------------------------

KEY = b"0123456789abcdef0123456789abcdef"
SECRET = "whsec_" + base64.b64encode(KEY).decode()


def sign(key: bytes, msg_id: str, stamp: int, body: bytes) -> str:
    return "v1," + base64.b64encode(hmac.new(key, f"{msg_id}.{stamp}.".encode() + body, hashlib.sha256).digest()).decode()


def message(stamp: int = 0, signatures: str = "", body: bytes = b'{"a":1}') -> Tuple[Dict[str, str], bytes]:
    stamp = stamp or int(time.time())
    return {"webhook-id": "msg_1", "webhook-timestamp": str(stamp), "webhook-signature": signatures or sign(KEY, "msg_1", stamp, body)}, body


def test_several_signatures_during_a_rotation() -> None:
    stamp = int(time.time())
    body = b'{"a":1}'
    old = sign(b"x" * 32, "msg_1", stamp, body)
    new = sign(KEY, "msg_1", stamp, body)
    for both in (f"{old} {new}", f"{new} {old}", f"v2,abc {new}"):
        headers, _ = message(stamp, both, body)
        assert verify_webhook(SECRET, headers, body) == {"a": 1}
    headers, _ = message(stamp, f"{old} v2,{new[3:]}", body)
    with pytest.raises(WebhookVerificationError):
        verify_webhook(SECRET, headers, body)


def test_the_tolerance() -> None:
    now = int(time.time())
    for offset in (-290, 290):
        headers, body = message(now + offset)
        assert verify_webhook(SECRET, headers, body) == {"a": 1}
    for offset, word in ((-400, "old"), (400, "ahead")):
        headers, body = message(now + offset)
        with pytest.raises(WebhookVerificationError, match=word):
            verify_webhook(SECRET, headers, body)
    headers, body = message(now - 400)
    assert verify_webhook(SECRET, headers, body, tolerance=600) == {"a": 1}


def test_missing_or_bad_headers() -> None:
    for name in ("webhook-id", "webhook-timestamp", "webhook-signature"):
        headers, body = message()
        del headers[name]
        with pytest.raises(WebhookVerificationError, match=name):
            verify_webhook(SECRET, headers, body)
    headers, body = message()
    headers["webhook-timestamp"] = "yesterday"
    with pytest.raises(WebhookVerificationError, match="Unix seconds"):
        verify_webhook(SECRET, headers, body)


def test_the_secret_with_or_without_its_prefix() -> None:
    headers, body = message()
    assert verify_webhook(SECRET[len("whsec_"):], headers, body) == {"a": 1}
    with pytest.raises(ValueError, match="whsec_"):
        verify_webhook("whsec_not base64!", headers, body)
    with pytest.raises(ValueError):
        verify_webhook("", headers, body)


def test_a_signed_body_that_is_not_json() -> None:
    headers, body = message(body=b"not json")
    with pytest.raises(WebhookVerificationError, match="not JSON"):
        verify_webhook(SECRET, headers, body)
