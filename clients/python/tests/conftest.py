"""A real Hado for the tests: `node bin/hado.js start` from this checkout, on
embedded PGlite in a temporary HADO_DATA_DIR (or the DATABASE_URL you give,
which should name an empty database), on a free loopback port, with the
source tokens `hado source:create` prints. One per test session.

Every request any hado_client makes in this process is recorded (RECORDED),
so that test_drift.py can check what the client really put on the wire
against the document Hado serves; tests marked `after_all` run last.
"""
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any, Callable, Dict, Iterator, List, Optional, Tuple

import pytest

PACKAGE = Path(__file__).resolve().parents[1]
ROOT = PACKAGE.parents[1]
sys.path.insert(0, str(PACKAGE / "src"))

from hado_client import _http  # noqa: E402

#: Every request sent by a hado_client in this process: (request, answer status or None).
RECORDED: List[Tuple[_http.Request, Optional[int]]] = []
_original_attempt = _http.attempt


def _recording_attempt(request: _http.Request, timeout: float) -> _http.Answer:
    try:
        answer = _original_attempt(request, timeout)
    except _http.NoAnswer:
        RECORDED.append((request, None))
        raise
    RECORDED.append((request, answer.status))
    return answer


_http.attempt = _recording_attempt

START_TIMEOUT = 180.0


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "after_all: runs after every other test (it reads what they recorded)")


def pytest_collection_modifyitems(items: List[pytest.Item]) -> None:
    items.sort(key=lambda item: item.get_closest_marker("after_all") is not None)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@dataclass
class Hado:
    url: str
    data_dir: Path
    env: Dict[str, str]
    log: Path
    process: "subprocess.Popen[bytes]"
    tokens: Dict[str, str] = field(default_factory=dict)

    def cli(self, *args: str, timeout: float = 120.0) -> str:
        """Runs `hado <args>` against this Hado's storage (through its admin socket while it runs)."""
        done = subprocess.run(
            ["node", str(ROOT / "bin" / "hado.js"), *args], cwd=ROOT, env=self.env, capture_output=True, text=True, timeout=timeout
        )
        if done.returncode != 0:
            raise RuntimeError(f"hado {' '.join(args)} failed ({done.returncode}):\n{done.stdout}\n{done.stderr}")
        return done.stdout

    def source(self, name: str, can: Optional[str] = None) -> str:
        """The token of the source `name`, created with `hado source:create` the first time
        (with `--can <can>`, e.g. "provision", when given)."""
        if name not in self.tokens:
            self.tokens[name] = parse_token(self.cli("source:create", name, *(["--can", can] if can else [])))
        return self.tokens[name]

    def me(self, login: str, method: str, path: str, body: Any = None) -> Tuple[int, Any]:
        """A user's request to /me/*, as the hub's forward-auth proxy makes it (X-Remote-User from loopback)."""
        data = None if body is None else json.dumps(body).encode()
        headers = {"X-Remote-User": login, "Accept": "application/json"}
        if data is not None:
            headers["Content-Type"] = "application/json"
        req = urllib.request.Request(self.url + path, data=data, method=method, headers=headers)
        try:
            with urllib.request.urlopen(req, timeout=30) as res:
                raw = res.read()
                return res.status, json.loads(raw) if raw else None
        except urllib.error.HTTPError as e:
            raw = e.read()
            return e.code, json.loads(raw) if raw else None

    def get_json(self, path: str) -> Any:
        with urllib.request.urlopen(self.url + path, timeout=30) as res:
            return json.loads(res.read())


def parse_token(output: str) -> str:
    match = re.search(r"^\s+(hado_\S+)\s*$", output, re.M)
    if not match:
        raise RuntimeError(f"no token in the output of hado source:create:\n{output}")
    return match.group(1)


def _wait_ready(url: str, process: "subprocess.Popen[bytes]", log: Path) -> None:
    deadline = time.monotonic() + START_TIMEOUT
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"hado start exited with {process.returncode}:\n{log.read_text(errors='replace')[-4000:]}")
        try:
            with urllib.request.urlopen(url + "/readyz", timeout=5) as res:
                if res.status == 200:
                    return
        except (OSError, urllib.error.URLError):
            pass
        time.sleep(0.3)
    raise RuntimeError(f"hado did not get ready within {START_TIMEOUT} s:\n{log.read_text(errors='replace')[-4000:]}")


@pytest.fixture(scope="session")
def hado() -> Iterator[Hado]:
    if shutil.which("node") is None:
        pytest.fail("node is not on PATH: the tests start a real Hado (node bin/hado.js start)")
    data_dir = Path(tempfile.mkdtemp(prefix="hado-pytest-"))
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    env = {
        "PATH": os.environ.get("PATH", ""),
        "HOME": os.environ.get("HOME", str(data_dir)),
        "HADO_DATA_DIR": str(data_dir / "data"),
        "PORT": str(port),
        "HOST": "127.0.0.1",
        "APP_URL": url,
        "HADO_DEFAULT_TZ": "UTC",
        # The webhook test's receiver is on loopback, which the outbound policy refuses by default.
        "HADO_OUTBOUND_ALLOWED_NETWORKS": "127.0.0.0/8",
        "LOG_LEVEL": "warn",
    }
    if os.environ.get("DATABASE_URL"):
        env["DATABASE_URL"] = os.environ["DATABASE_URL"]
    log = data_dir / "hado.log"
    # The first source before the start: the command then opens the storage itself (and migrates it).
    first = subprocess.run(
        ["node", str(ROOT / "bin" / "hado.js"), "source:create", "pytest"], cwd=ROOT, env=env, capture_output=True, text=True, timeout=300
    )
    if first.returncode != 0:
        pytest.fail(f"hado source:create failed:\n{first.stdout}\n{first.stderr}")
    with open(log, "wb") as out:
        process = subprocess.Popen(["node", str(ROOT / "bin" / "hado.js"), "start"], cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT)
    instance = Hado(url, data_dir, env, log, process, {"pytest": parse_token(first.stdout)})
    try:
        _wait_ready(url, process, log)
        yield instance
    finally:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        shutil.rmtree(data_dir, ignore_errors=True)


@pytest.fixture(scope="session")
def token(hado: Hado) -> str:
    return hado.tokens["pytest"]


@pytest.fixture(scope="session")
def openapi(hado: Hado) -> Dict[str, Any]:
    """The OpenAPI document this Hado serves."""
    doc: Dict[str, Any] = hado.get_json("/openapi.json")
    return doc


# -- a scripted loopback server, for what a healthy Hado never answers (503, 429, a dropped connection) --


@dataclass
class Script:
    """What the fake answers, in turn: (status, headers, body) or "drop" (close without answering) or ("sleep", s)."""

    answers: List[Any]
    received: List[Tuple[str, str, Dict[str, str], bytes, float]] = field(default_factory=list)


class _ScriptedHandler(BaseHTTPRequestHandler):
    script: Script
    lock = threading.Lock()

    def log_message(self, format: str, *args: Any) -> None:
        pass

    def _answer(self) -> None:
        length = int(self.headers.get("content-length") or 0)
        body = self.rfile.read(length) if length else b""
        with self.lock:
            self.script.received.append((self.command, self.path, {k.lower(): v for k, v in self.headers.items()}, body, time.monotonic()))
            answer = self.script.answers.pop(0) if self.script.answers else (500, {}, b'{"error":{"code":"internal","message":"script exhausted"}}')
        if answer == "drop":
            self.close_connection = True
            self.connection.shutdown(socket.SHUT_RDWR)
            return
        if isinstance(answer, tuple) and answer[0] == "sleep":
            time.sleep(answer[1])
            answer = answer[2]
        status, headers, payload = answer
        data = payload if isinstance(payload, bytes) else json.dumps(payload).encode()
        self.send_response(status)
        for k, v in headers.items():
            self.send_header(k, v)
        self.send_header("content-type", "application/json")
        self.send_header("content-length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    do_GET = do_PUT = do_POST = do_DELETE = _answer


@pytest.fixture
def scripted() -> Iterator[Callable[[List[Any]], Tuple[str, Script]]]:
    """scripted([answers...]) -> (base URL, script): a loopback HTTP server answering in turn."""
    servers: List[ThreadingHTTPServer] = []

    def start(answers: List[Any]) -> Tuple[str, Script]:
        script = Script(list(answers))
        handler = type("Handler", (_ScriptedHandler,), {"script": script})
        server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
        server.daemon_threads = True
        threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True).start()
        servers.append(server)
        return f"http://127.0.0.1:{server.server_address[1]}", script

    yield start
    for s in servers:
        s.shutdown()
        s.server_close()
