#!/usr/bin/env python3
"""Checks Hado's webhook signature before Home Assistant sees a reminder.

Home Assistant's webhook trigger authenticates by its URL alone (the
webhook id is the secret) and does not show an automation the request's
headers, so it cannot check Hado's Standard Webhooks signature itself. This
relay, run beside HA (an add-on, a container, a systemd service), checks it
and forwards only verified, fresh, first-seen reminders to HA's webhook:

    Hado --signed POST--> hado_relay.py --verified body--> HA /api/webhook/<id>

    HADO_WEBHOOK_SECRET=whsec_... HA_WEBHOOK_URL=http://127.0.0.1:8123/api/webhook/hado_reminder \
    PORT=8124 python3 hado_relay.py

Standard library only. Point the channel's deliver_url at http://<relay>:8124/.
"""
import base64
import hashlib
import hmac
import http.server
import os
import sys
import time
import urllib.request

TOLERANCE_SECONDS = 300


def verify(secret: str, headers, raw_body: bytes, now: float | None = None) -> None:
    """Raises ValueError unless the request is signed with the channel's secret (Standard Webhooks)."""
    key = base64.b64decode(secret.removeprefix("whsec_"))
    msg_id, ts, sigs = headers.get("webhook-id"), headers.get("webhook-timestamp"), headers.get("webhook-signature")
    if not msg_id or not ts or not sigs or not ts.isdigit():
        raise ValueError("missing webhook headers")
    if abs((time.time() if now is None else now) - int(ts)) > TOLERANCE_SECONDS:
        raise ValueError("stale timestamp")
    mac = hmac.new(key, f"{msg_id}.{ts}.".encode() + raw_body, hashlib.sha256).digest()
    expected = base64.b64encode(mac).decode()
    if not any(s.startswith("v1,") and hmac.compare_digest(expected, s[3:]) for s in sigs.split()):
        raise ValueError("bad signature")


class Relay(http.server.BaseHTTPRequestHandler):
    seen: dict[str, float] = {}

    def do_POST(self):  # noqa: N802 (http.server's naming)
        raw = self.rfile.read(int(self.headers.get("content-length") or 0))
        try:
            verify(os.environ["HADO_WEBHOOK_SECRET"], self.headers, raw)
        except ValueError as e:
            self.send_response(401)
            self.end_headers()
            self.wfile.write(str(e).encode())
            return
        msg_id = self.headers["webhook-id"]
        # A retry of a delivery HA already got (same webhook-id): acknowledge, do not speak twice.
        if msg_id not in self.seen:
            req = urllib.request.Request(os.environ["HA_WEBHOOK_URL"], data=raw, method="POST",
                                         headers={"content-type": "application/json"})
            try:
                with urllib.request.urlopen(req, timeout=10) as res:
                    res.read()
            except OSError:
                self.send_response(502)  # Hado retries a 5xx later
                self.end_headers()
                return
            self.seen[msg_id] = time.time()
        self.send_response(204)
        self.end_headers()

    def log_message(self, fmt, *args):
        sys.stderr.write("relay: " + fmt % args + "\n")


if __name__ == "__main__":
    server = http.server.ThreadingHTTPServer(("127.0.0.1", int(os.environ.get("PORT", "8124"))), Relay)
    print(f"listening on http://127.0.0.1:{server.server_address[1]}/", flush=True)
    server.serve_forever()
