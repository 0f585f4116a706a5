"""The package as a user gets it: `python3 -m build` makes a wheel and an sdist
offline, and the wheel installs into a fresh venv with `pip install
--no-index` (no network, no dependency to fetch), imports, and is typed
(mypy reads its py.typed from the venv)."""
import os
import shutil
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

import pytest

from conftest import PACKAGE

OFFLINE = {"PIP_NO_INDEX": "1", "PIP_DISABLE_PIP_VERSION_CHECK": "1", "PIP_NO_INPUT": "1"}


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """dist/ with the wheel and the sdist, built from a copy (the build leaves egg-info and build/ behind)."""
    root = tmp_path_factory.mktemp("build")
    source = root / "hado-client"
    shutil.copytree(PACKAGE, source, ignore=shutil.ignore_patterns("__pycache__", "*.egg-info", "build", "dist", ".mypy_cache", ".pytest_cache"))
    done = subprocess.run(
        [sys.executable, "-m", "build", "--no-isolation", "--outdir", str(root / "dist"), str(source)],
        capture_output=True, text=True, timeout=600, env={**os.environ, **OFFLINE},
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return root / "dist"


def test_wheel_and_sdist(built: Path) -> None:
    wheels = list(built.glob("hado_client-*-py3-none-any.whl"))
    sdists = list(built.glob("hado[-_]client-*.tar.gz"))
    assert len(wheels) == 1 and len(sdists) == 1, list(built.iterdir())
    with zipfile.ZipFile(wheels[0]) as wheel:
        names = set(wheel.namelist())
        assert {"hado_client/__init__.py", "hado_client/py.typed", "hado_client/types.py", "hado_client/_client.py"} <= names
        assert not any(n.startswith(("tests/", "tools/")) for n in names)
        metadata = wheel.read(next(n for n in names if n.endswith(".dist-info/METADATA"))).decode()
    assert "Name: hado-client" in metadata
    assert "Requires-Python: >=3.9" in metadata
    assert "Requires-Dist" not in metadata  # no runtime dependency at all
    with tarfile.open(sdists[0]) as sdist:
        members = {m.name.split("/", 1)[1] for m in sdist.getmembers() if "/" in m.name}
    assert {"pyproject.toml", "README.md", "CHANGELOG.md", "src/hado_client/py.typed", "tools/generate_types.py"} <= members


def test_the_wheel_installs_offline_into_a_fresh_venv(built: Path, tmp_path: Path) -> None:
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, timeout=300)
    python = venv / "bin" / "python"
    wheel = next(built.glob("hado_client-*.whl"))
    env = {"PATH": os.environ.get("PATH", ""), "HOME": str(tmp_path), **OFFLINE}
    install = subprocess.run([str(python), "-m", "pip", "install", "--no-index", str(wheel)], capture_output=True, text=True, env=env, timeout=300)
    assert install.returncode == 0, install.stdout + install.stderr
    # Run from elsewhere, so that nothing is imported from this checkout.
    script = (
        "import hado_client, json\n"
        "from hado_client import Client, AsyncClient, sign_user_token, verify_webhook, HadoApiError\n"
        "from hado_client.types import EventInput, NoticeInput\n"
        "print(json.dumps([hado_client.__version__, hado_client.__file__, repr(Client('http://h', 't')),\n"
        "                  len(sign_user_token('hado_sk_x', source='s', login='ana').split('.'))]))\n"
    )
    run = subprocess.run([str(python), "-c", script], capture_output=True, text=True, env=env, cwd=tmp_path, timeout=120)
    assert run.returncode == 0, run.stderr
    assert str(venv) in run.stdout and '"0.1.0"' in run.stdout and ", 3]" in run.stdout


def test_the_installed_package_is_typed(built: Path, tmp_path: Path) -> None:
    """mypy, pointed at the venv, reads the installed package's types (PEP 561) and catches a misuse."""
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True, timeout=300)
    # Installed by unpacking: the same files pip puts in site-packages, without running pip twice.
    site = next((venv / "lib").glob("python3*/site-packages"))
    with zipfile.ZipFile(next(built.glob("hado_client-*.whl"))) as wheel:
        wheel.extractall(site)
    user = tmp_path / "user.py"
    user.write_text(
        "from hado_client import Client\n"
        "hado = Client('http://h', 't')\n"
        "hado.put_events([{'user': 'ana', 'source_ref': 'x', 'payload': {'title': 't'}, 'colour': 'red'}])\n"
        "n: int = hado.get_events('x')['payload']['title']\n"
    )
    check = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-incremental", "--python-executable", str(venv / "bin" / "python"), str(user)],
        capture_output=True, text=True, cwd=tmp_path, timeout=600,
    )
    assert check.returncode == 1, check.stdout + check.stderr
    assert '"colour"' in check.stdout  # an unknown key of EventInput
    assert 'Incompatible types in assignment (expression has type "str", variable has type "int")' in check.stdout
    assert "missing library stubs" not in check.stdout and "py.typed" not in check.stdout
