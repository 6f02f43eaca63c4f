"""``pip install .`` (not editable) gives a working ``jp-inspector`` on the bundled samples.

The repository's own files (pyproject.toml, setup.py, README.md, jpcore/,
inspector/, sample_data/, copied to a temporary folder so the checkout stays
clean) are built into a wheel with ``pip wheel --no-deps`` (the build
backend comes from the package registry) without a single setuptools
warning.  The wheel carries every file of ``sample_data/`` (licences and
SOURCE.md included) inside the package.  It is installed into a fresh
virtualenv that reuses the test environment's installed dependencies (a
``.pth`` line; the test environment's own editable install is not
processed, so ``jpcore`` and ``inspector`` come from the wheel), and from
another working directory: ``jp-inspector --help`` and ``--check`` (every
sample loaded, read from the installed package, exact figures) work, and
Streamlit's AppTest runs the installed app's entry (no browser, no server).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import sysconfig
import tomllib
import zipfile
from pathlib import Path

import pytest

from inspector.launch import STREAMLIT_SETTINGS, streamlit_arguments
from tests.conftest import ROOT

SOURCES = ("pyproject.toml", "setup.py", "README.md", "jpcore", "inspector", "sample_data", "docs/metric-cards")
#: pip's own notices about this machine's index configuration (not the build's).
PIP_INDEX_NOTICE = "is ignored: it is neither a file nor a directory"

APP_TEST = """
import json
from streamlit.testing.v1 import AppTest
import inspector.launch as launch
at = AppTest.from_file(str(launch.APP), default_timeout=120)
at.run()
overview = {m.label: m.value for m in at.metric}
at.switch_page("../pages/brackets.py")
at.run()
print(json.dumps({"app": str(launch.APP), "exceptions": [e.value for e in at.exception],
                  "overview": overview, "brackets": {m.label: m.value for m in at.metric}}))
"""


def _requirements(path: Path) -> set[str]:
    lines = (line.split("#", 1)[0].strip() for line in path.read_text("utf-8").splitlines())
    return {line for line in lines if line and not line.startswith("-")}


def test_the_package_declares_the_runtime_pins_and_an_spdx_licence() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))
    assert set(project["project"]["dependencies"]) == _requirements(ROOT / "requirements.txt")
    assert project["project"]["license"] == "MIT"  # SPDX string, not the deprecated table
    assert project["build-system"]["requires"] == ["setuptools>=77"]
    assert project["project"]["scripts"] == {"jpcore": "jpcore.cli:run_and_exit", "jp-inspector": "inspector.launch:main"}


def test_the_command_uses_the_projects_streamlit_settings() -> None:
    config = tomllib.loads((ROOT / ".streamlit" / "config.toml").read_text("utf-8"))
    flat = {f"{section}.{name}": value for section, values in config.items() for name, value in values.items()}
    flat.pop("server.headless")  # left to Streamlit: a desktop opens the browser
    assert flat == STREAMLIT_SETTINGS
    arguments = streamlit_arguments(["--server.port", "8600"])
    assert arguments[0] == "run" and arguments[1].endswith(str(Path("inspector", "main", "app.py")))
    assert arguments[-2:] == ["--server.port", "8600"] and "--client.toolbarMode" in arguments


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    """The wheel built from a copy of the repository's files, and the build's output."""
    work = tmp_path_factory.mktemp("build")
    source = work / "src"
    source.mkdir()
    for name in SOURCES:
        origin = ROOT / name
        if origin.is_dir():
            shutil.copytree(origin, source / name,
                            ignore=shutil.ignore_patterns("__pycache__", "*.pyc", "*.egg-info"))
        else:
            shutil.copy2(origin, source / name)
    done = subprocess.run([sys.executable, "-m", "pip", "wheel", str(source), "--no-deps", "-w", str(work / "dist")],
                          capture_output=True, text=True, check=False)
    output = done.stdout + done.stderr
    assert done.returncode == 0, output
    wheels = list((work / "dist").glob("jp_inspector-*.whl"))
    assert len(wheels) == 1, output
    return wheels[0], output


def test_the_build_prints_no_warning(wheel: tuple[Path, str]) -> None:
    _, output = wheel
    warnings = [line for line in output.splitlines()
                if ("warning" in line.lower() or "deprecat" in line.lower()) and PIP_INDEX_NOTICE not in line]
    assert warnings == []


def test_the_wheel_carries_the_app_and_every_sample_file_with_its_licence(wheel: tuple[Path, str]) -> None:
    path, _ = wheel
    names = set(zipfile.ZipFile(path).namelist())
    samples = sorted(p.relative_to(ROOT / "sample_data").as_posix()
                     for p in (ROOT / "sample_data").rglob("*") if p.is_file())
    assert len(samples) == 83
    assert {f"jpcore/sample_data/{name}" for name in samples} <= names
    folders = {name.rsplit("/", 1)[0] for name in samples if "/" in name}
    assert len(folders) == 11 and all(f"{folder}/SOURCE.md" in samples for folder in folders)
    licences = [name for name in samples if name.rsplit("/", 1)[-1].startswith("LICENSE")]
    assert len(licences) == 7 and all(f"jpcore/sample_data/{name}" in names for name in licences)
    for module in ("inspector/main/app.py", "inspector/launch.py", "inspector/pages/brackets.py",
                   "jpcore/cli.py", "jpcore/parseval/tree_svg.py", "jpcore/data/normalisation.json"):
        assert module in names
    # the metric cards the About page shows (inspector.about.cards reads them there)
    cards = sorted(p.name for p in (ROOT / "docs" / "metric-cards").glob("*.md"))
    assert cards == ["README.md", "gec.md", "parseval.md", "preprocess.md", "ud.md"]
    assert {f"inspector/metric_cards/{name}" for name in cards} <= names


@pytest.fixture(scope="module")
def installed(wheel: tuple[Path, str], tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh virtualenv with the wheel installed (dependencies: the test environment's)."""
    venv = tmp_path_factory.mktemp("venv") / "fresh"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    python = venv / "bin" / "python"
    purelib = subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                             capture_output=True, text=True, check=True).stdout.strip()
    # a path line only: the test environment's own .pth files (its editable install) are not run
    Path(purelib, "jp-test-dependencies.pth").write_text(sysconfig.get_paths()["purelib"] + "\n", "utf-8")
    done = subprocess.run([sys.executable, "-m", "pip", "--python", str(python), "install", "--no-deps",
                           "--no-index", str(wheel[0])], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    return venv


def _run(command: list[str], cwd: Path) -> subprocess.CompletedProcess:
    env = {key: value for key, value in os.environ.items() if key not in ("PYTHONPATH", "VIRTUAL_ENV")}
    return subprocess.run(command, cwd=cwd, capture_output=True, text=True, check=False, env=env, timeout=300)


def test_jp_inspector_help_and_check_from_another_directory(installed: Path, tmp_path: Path) -> None:
    command = installed / "bin" / "jp-inspector"
    helped = _run([str(command), "--help"], tmp_path)
    assert helped.returncode == 0 and "usage: jp-inspector" in helped.stdout and "--check" in helped.stdout
    checked = _run([str(command), "--check"], tmp_path)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    lines = checked.stdout.splitlines()
    site = Path(sysconfig.get_paths(vars={"base": str(installed), "platbase": str(installed)})["purelib"])
    assert lines[0] == f"jp-inspector 0.1.0: loading every bundled sample from {site / 'jpcore' / 'sample_data'}"
    assert lines[-1].startswith("30 of 30 samples loaded in ")
    found = {line.split()[2]: line for line in lines[1:-1]}
    assert len(found) == 30 and all(line.startswith("ok ") for line in found.values())
    assert found["ewt-words"].endswith("107 units · sentences F1 91.40 · words F1 97.83")
    assert found["harbour"].endswith("7 pairs · bracketing recall 84.62 · precision 88.00")
    assert found["toy-resegmented"].endswith("6 units · TP 11 FP 2 FN 3 · F0.5 0.8333")
    assert found["ewt-parsed"].endswith("49 units · UAS F1 85.92 · LAS F1 73.24")
    assert found["ewt-raw-text"].endswith("43 units · UAS F1 80.64 · LAS F1 68.56")
    assert found["uagec-44k"].endswith("36,520 units · TP 31240 FP 22880 FN 33440 · F0.5 0.5556")
    where = _run([str(installed / "bin" / "python"), "-c", "import jpcore, inspector; print(jpcore.__file__); "
                  "print(inspector.__file__)"], tmp_path)
    assert [Path(line).parent.parent for line in where.stdout.split()] == [site, site]
    cli = _run([str(installed / "bin" / "jpcore"), "--help"], tmp_path)
    assert cli.returncode == 0 and "preprocess" in cli.stdout


def test_apptest_runs_the_installed_app(installed: Path, tmp_path: Path) -> None:
    done = _run([str(installed / "bin" / "python"), "-c", APP_TEST], tmp_path)
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout.strip().splitlines()[-1])
    site = Path(sysconfig.get_paths(vars={"base": str(installed), "platbase": str(installed)})["purelib"])
    assert report["app"] == str(site / "inspector" / "main" / "app.py")
    assert report["exceptions"] == []
    assert report["overview"]["Words F1"] == "97.83%" and report["overview"]["Sentences F1"] == "91.40%"
    assert report["brackets"]["Bracketing F1"] == "86.27%" and report["brackets"]["Crossing brackets"] == "3"


def test_jp_inspector_serves_the_app(installed: Path, tmp_path: Path) -> None:
    """The command without --check starts Streamlit on the installed app (from another directory)."""
    import signal
    import socket
    import time
    import urllib.request

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    env = {key: value for key, value in os.environ.items() if key not in ("PYTHONPATH", "VIRTUAL_ENV")}
    log = tmp_path / "server.log"
    with log.open("w") as out:
        server = subprocess.Popen(
            [str(installed / "bin" / "jp-inspector"), "--server.headless", "true", "--server.port", str(port),
             "--server.address", "127.0.0.1"],
            cwd=tmp_path, env=env, stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
    try:
        deadline, healthy = time.monotonic() + 90, False
        while time.monotonic() < deadline and not healthy and server.poll() is None:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/_stcore/health", timeout=2) as answer:
                    healthy = answer.read().strip() == b"ok"
            except OSError:
                time.sleep(0.3)
        assert healthy, log.read_text()
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=10) as answer:
            assert b"<title>Streamlit</title>" in answer.read()  # the app's page
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(timeout=20)
    text = log.read_text()
    site = Path(sysconfig.get_paths(vars={"base": str(installed), "platbase": str(installed)})["purelib"])
    assert f"jp-inspector: starting Streamlit on {site / 'inspector' / 'main' / 'app.py'}" in text
    assert f"with the samples in {site / 'jpcore' / 'sample_data'}" in text
