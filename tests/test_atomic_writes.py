"""Every file the project writes is written whole or not at all (issue 26 item 1, :mod:`jpcore.atomic`).

Each writer of ``python -m jpcore`` runs as a real process on bundled
sample_data: ``--html`` of the four evaluations, gec's ``--write-aligned``
pair and ``--write-hyp``.  Each first writes its file(s) once unhindered
(what a whole file is: the HTML report byte for byte what
:func:`jpcore.reports.render_html` makes of the same result, the aligned
pair byte for byte the bundled oracle files, the extracted M2 what
:func:`jpcore.gec.m2_from_text` gives), then fails in every way a disk can
make it fail:

* a size limit one byte short of the largest file (``RLIMIT_FSIZE`` set in
  the child, SIGXFSZ ignored so that ``write`` answers EFBIG): a writer
  that wrote in place would leave all but the last byte;
* ``/dev/full`` as the target (for the pair: its second file a link to it);
* a folder as the target;
* a target nobody can write, root included: ``/proc/version`` (nothing can
  be created in ``/proc``), a file in ``/sys``, a file in a folder that
  does not exist.

Every failure is status 2 and ONE line on stderr naming the file with the
OS's reason (``jpcore preprocess: error: OUT: File too large``); no file of
the set appears, no temporary file is left beside it, and a target that
existed before is left byte for byte as it was.  SIGINT and SIGTERM sent
while the report is being written (its temporary file exists) end the run
with status 130 / 143, nothing on stderr, no file.  The in-process tests
hold the set's rollback on a real failing rename (a name longer than the
file system allows), the file modes, links and devices; the last test
holds that nothing in jpcore/, inspector/ or bench/ writes a file except
through :mod:`jpcore.atomic`.
"""

from __future__ import annotations

import ast
import errno
import os
import resource
import signal
import stat
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest

from jpcore import atomic
from jpcore.atomic import TEMP_SUFFIX, WriteError, open_atomic, temps_beside, write_atomic, write_atomic_set
from jpcore.formats.m2 import dumps_m2, read_m2, write_m2
from jpcore.gec import m2_from_text
from tests.conftest import ROOT, SAMPLE_DATA
from tests.test_gec_from_text_scoring import as_text

EWT_FULL = SAMPLE_DATA / "ud" / "UD_English-EWT-full"
EWT_PARSED = SAMPLE_DATA / "ud" / "UD_English-EWT-parsed"
JP_TREES = SAMPLE_DATA / "parseval" / "jp-trees"
UAGEC = SAMPLE_DATA / "m2" / "uagec"
TOY = SAMPLE_DATA / "m2" / "toy-en"
OLD = b"the file as it was before the run\n"


def run_jpcore(args: list[str | Path], limit: int | None = None,
               timeout: float = 300) -> subprocess.CompletedProcess[bytes]:
    """``python -m jpcore ARGS`` as a process; ``limit``: its files at most that many bytes."""

    def limited() -> None:
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))

    return subprocess.run([sys.executable, "-m", "jpcore", *map(str, args)], cwd=ROOT, capture_output=True,
                          timeout=timeout, preexec_fn=None if limit is None else limited)


@dataclass(frozen=True)
class Writer:
    """A command that writes files: its arguments for a target, the files that target
    names, the task the error line names, and what each whole file must be."""

    name: str
    task: str
    args: Callable[[Path, Path], list[str | Path]]  # (target, scratch folder)
    files: Callable[[Path], list[Path]]  # the files written for a target, in writing order
    expected: Callable[[Path], list[bytes]]  # each whole file (scratch folder)


def _html_report(task: str, gold: Path, system: Path) -> Writer:
    def expected(scratch: Path) -> list[bytes]:
        from jpcore.reports import inputs_from_paths, render_html
        from jpcore.task import named

        result = named(task).load("evaluate")(gold.read_bytes(), system.read_bytes(), gold_name=str(gold),
                                              sys_name=str(system))
        sides = [("gold", str(gold)), ("system", str(system))]
        if task == "gec":  # errant's command line names the system first: so does its report
            sides.reverse()
        # the report carries the run's signature: what --signature-only prints for the same command
        command = args(scratch / "report.html", scratch)[:-2]
        signature = run_jpcore([*command, "--signature-only"]).stdout.decode("utf-8").strip()
        assert signature.startswith(f"jpcore 0.1.0 | {task} | ")
        return [render_html(result, inputs_from_paths(*sides), signature=signature).encode("utf-8")]

    if task == "gec":
        def args(target: Path, scratch: Path) -> list[str | Path]:
            return ["gec", "-hyp", system, "-ref", gold, "--html", target]
    else:
        def args(target: Path, scratch: Path) -> list[str | Path]:
            return [task, gold, system, "--html", target]
    return Writer(f"{task} --html", task, args, lambda target: [target], expected)


def _orig_cor(scratch: Path) -> tuple[Path, Path]:
    """The toy-en system's text (coder 0's edits applied), one sentence a line."""
    orig, cor = as_text(read_m2(TOY / "sys.m2"))
    orig_path, cor_path = scratch / "sys.orig.txt", scratch / "sys.cor.txt"
    if not orig_path.exists():
        orig_path.write_bytes(orig)
        cor_path.write_bytes(cor)
    return orig_path, cor_path


WRITERS = [
    _html_report("preprocess", EWT_FULL / "en_ewt-ud-test.gold.words.txt", EWT_FULL / "en_ewt-ud-test.nltk.tok.txt"),
    _html_report("parseval", JP_TREES / "harbour.gold.mrg", JP_TREES / "harbour.sys.mrg"),
    _html_report("gec", UAGEC / "ann1.first100.m2", UAGEC / "ann0.first100.resegmented.m2"),
    _html_report("ud", EWT_PARSED / "en_ewt-ud-test.first49.conllu", EWT_PARSED / "en_ewt-ud-test.first49.parsed.conllu"),
    Writer("gec --write-aligned", "gec",
           lambda target, scratch: ["gec", "-hyp", UAGEC / "ann0.first100.resegmented.m2",
                                    "-ref", UAGEC / "ann1.first100.m2", "--write-aligned", target],
           lambda target: [Path(f"{target}.hyp.m2"), Path(f"{target}.ref.m2")],
           # the aligned files are the oracle files (blocks 0-82, sample_data/m2/uagec/SOURCE.md)
           lambda scratch: [(UAGEC / "oracle-jp.ann0.first100.m2").read_bytes(),
                            (UAGEC / "oracle-jp.ann1.first100.m2").read_bytes()]),
    Writer("gec --write-hyp", "gec",
           lambda target, scratch: ["gec", "-ref", TOY / "gold.m2", "-orig", _orig_cor(scratch)[0],
                                    "-cor", _orig_cor(scratch)[1], "--write-hyp", target],
           lambda target: [target],
           lambda scratch: [dumps_m2(m2_from_text(*(p.read_bytes() for p in _orig_cor(scratch)),
                                                  *map(str, _orig_cor(scratch)))).encode("utf-8")]),
]
WRITER_IDS = [writer.name for writer in WRITERS]


@pytest.fixture(scope="module")
def whole(tmp_path_factory) -> dict[str, list[bytes]]:
    """Each writer's files written unhindered: equal to what they must be."""
    files = {}
    for writer in WRITERS:
        scratch = tmp_path_factory.mktemp("whole")
        target = scratch / "out"
        done = run_jpcore(writer.args(target, scratch))
        assert done.returncode == 0, done.stderr
        written = [path.read_bytes() for path in writer.files(target)]
        assert written == writer.expected(scratch), writer.name
        assert temps_beside(target) == []
        files[writer.name] = written
    return files


def _error_line(writer: Writer, path: Path | str, reason: str) -> bytes:
    return f"jpcore {writer.task}: error: {path}: {reason}\n".encode()


def _nothing_written(writer: Writer, target: Path, before: dict[Path, bytes] | None = None) -> None:
    """No file of the set changed (absent, or as it was), no temporary file beside any."""
    for path in writer.files(target):
        if before is not None and path in before:
            assert path.read_bytes() == before[path], path
        else:
            assert not path.exists() and not path.is_symlink(), path
        assert temps_beside(path) == []


@pytest.mark.parametrize("existing", [False, True], ids=["new", "existing"])
@pytest.mark.parametrize("writer", WRITERS, ids=WRITER_IDS)
def test_a_size_limit_leaves_no_part_of_a_file(writer, existing, whole, tmp_path):
    target = tmp_path / "out"
    sizes = [len(data) for data in whole[writer.name]]
    limit = max(sizes) - 1  # the largest file lacks its last byte; every other one fits
    before = {}
    if existing:
        for path in writer.files(target):
            path.write_bytes(OLD)
            before[path] = OLD
    done = run_jpcore(writer.args(target, tmp_path), limit=limit)
    failing = writer.files(target)[sizes.index(max(sizes))]
    assert (done.returncode, done.stderr) == (2, _error_line(writer, failing, "File too large"))
    _nothing_written(writer, target, before)
    if existing:
        return
    # the same command with room for the largest file writes them all, whole
    done = run_jpcore(writer.args(target, tmp_path), limit=max(sizes))
    assert done.returncode == 0, done.stderr
    assert [path.read_bytes() for path in writer.files(target)] == whole[writer.name]
    assert temps_beside(target) == []


@pytest.mark.parametrize("writer", WRITERS, ids=WRITER_IDS)
def test_a_full_device(writer, tmp_path):
    target = tmp_path / "out"
    files = writer.files(target)
    if len(files) == 1:
        done = run_jpcore(writer.args(Path("/dev/full"), tmp_path))
        assert (done.returncode, done.stderr) == (2, _error_line(writer, "/dev/full", "No space left on device"))
        return
    # the pair: its second file a link to the full device; the first must not appear either
    files[-1].symlink_to("/dev/full")
    done = run_jpcore(writer.args(target, tmp_path))
    assert (done.returncode, done.stderr) == (2, _error_line(writer, files[-1], "No space left on device"))
    assert os.readlink(files[-1]) == "/dev/full"
    assert not files[0].exists() and temps_beside(files[0]) == []


@pytest.mark.parametrize("writer", WRITERS, ids=WRITER_IDS)
def test_a_folder_as_target(writer, tmp_path):
    target = tmp_path / "out"
    files = writer.files(target)
    files[-1].mkdir()
    done = run_jpcore(writer.args(target, tmp_path))
    assert (done.returncode, done.stderr) == (2, _error_line(writer, files[-1], "Is a directory"))
    assert files[-1].is_dir() and list(files[-1].iterdir()) == []
    for path in files[:-1]:
        assert not path.exists()
        assert temps_beside(path) == []


def _create_error(folder: str) -> str:
    """What the OS answers, for whoever runs the tests, when a file is created in ``folder``."""
    probe = os.path.join(folder, f".jp-probe-{os.getpid()}")
    try:
        os.close(os.open(probe, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666))
    except OSError as error:
        return error.strerror
    os.unlink(probe)
    raise AssertionError(f"{folder} is writable here")


@pytest.mark.parametrize("writer", WRITERS, ids=WRITER_IDS)
def test_a_target_nobody_can_write(writer, tmp_path):
    target = tmp_path / "out"
    files = writer.files(target)
    if len(files) == 1:
        cases = [("/proc/version", "/proc"), ("/sys/jp-report", "/sys"), (str(tmp_path / "no-such-folder" / "out"),
                                                                          str(tmp_path / "no-such-folder"))]
        for path, folder in cases:
            done = run_jpcore(writer.args(Path(path), tmp_path))
            reason = f"cannot create a file in {folder}: {_create_error(folder)}"
            assert (done.returncode, done.stderr) == (2, _error_line(writer, path, reason)), path
        assert not (tmp_path / "no-such-folder").exists()
        return
    # the pair: its second file a link into /sys (where nothing can be created)
    files[-1].symlink_to("/sys/jp-aligned.ref.m2")
    done = run_jpcore(writer.args(target, tmp_path))
    reason = f"cannot create a file in /sys: {_create_error('/sys')}"
    assert (done.returncode, done.stderr) == (2, _error_line(writer, files[-1], reason))
    assert not files[0].exists()
    assert temps_beside(files[0]) == []
    assert not Path("/sys/jp-aligned.ref.m2").exists()


@pytest.mark.parametrize(("sent", "status"), [(signal.SIGINT, 130), (signal.SIGTERM, 143)], ids=["SIGINT", "SIGTERM"])
def test_a_signal_while_writing_leaves_no_file(sent, status, tmp_path):
    """The preprocess report of the whole EWT test set (its temporary file exists from before
    the report is rendered until it is complete, about half a second): interrupted there."""
    target = tmp_path / "report.html"
    if sent == signal.SIGTERM:
        target.write_bytes(OLD)
    args = [sys.executable, "-m", "jpcore", *WRITERS[0].args(target, tmp_path)]
    process = subprocess.Popen(args, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        deadline = time.monotonic() + 120
        while not temps_beside(target):
            assert process.poll() is None, "the run ended before its report was written"
            assert time.monotonic() < deadline
            time.sleep(0.0005)
        process.send_signal(sent)
        out, err = process.communicate(timeout=120)
    finally:
        if process.poll() is None:
            process.kill()
    assert (process.returncode, out, err) == (status, b"", b"")
    assert temps_beside(target) == []
    if sent == signal.SIGTERM:
        assert target.read_bytes() == OLD
    else:
        assert not target.exists()


def test_write_m2_to_a_size_limited_file(tmp_path):
    """The library's M2 writer, in a process of its own (the size limit is per process)."""
    source = UAGEC / "ann1.first100.m2"
    target = tmp_path / "copy.m2"
    code = ("import sys\nfrom jpcore.atomic import WriteError\nfrom jpcore.formats.m2 import read_m2, write_m2\n"
            "try:\n    write_m2(read_m2(sys.argv[1]), sys.argv[2])\n"
            "except WriteError as error:\n    sys.exit(str(error))\n")
    size = source.stat().st_size

    def limited(limit: int) -> Callable[[], None]:
        def apply() -> None:
            signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
            resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))
        return apply

    done = subprocess.run([sys.executable, "-c", code, str(source), str(target)], cwd=ROOT, capture_output=True,
                          timeout=120, preexec_fn=limited(size - 1))
    assert (done.returncode, done.stderr) == (1, f"{target}: File too large\n".encode())
    assert not target.exists() and temps_beside(target) == []
    done = subprocess.run([sys.executable, "-c", code, str(source), str(target)], cwd=ROOT, capture_output=True,
                          timeout=120, preexec_fn=limited(size))
    assert done.returncode == 0 and target.read_bytes() == source.read_bytes()  # byte for byte
    with pytest.raises(WriteError, match=r"^/dev/full: No space left on device$"):
        write_m2(read_m2(source), "/dev/full")


# ---- in process: the set's rollback, modes, links, devices ----------------------------------------

def _too_long(folder: Path) -> Path:
    """A name one byte longer than the file system allows: its temporary file can be made
    (its name is cut), the rename onto it fails."""
    return folder / ("x" * (os.pathconf(folder, "PC_NAME_MAX") + 1))


def test_a_set_whose_second_rename_fails_puts_the_first_back(tmp_path):
    first, second = tmp_path / "al.hyp.m2", _too_long(tmp_path)
    with pytest.raises(WriteError) as raised:
        write_atomic_set({first: b"new hyp\n", second: b"new ref\n"})
    assert raised.value.errno == errno.ENAMETOOLONG
    assert str(raised.value) == f"{second}: File name too long"
    assert list(tmp_path.iterdir()) == []  # the new first file removed, no temporary file
    first.write_bytes(OLD)
    first.chmod(0o640)
    before = os.stat(first)
    with pytest.raises(WriteError):
        write_atomic_set({first: b"new hyp\n", second: b"new ref\n"})
    assert first.read_bytes() == OLD  # the old file put back: the same file, its mode
    assert (os.stat(first).st_ino, stat.S_IMODE(os.stat(first).st_mode)) == (before.st_ino, 0o640)
    assert list(tmp_path.iterdir()) == [first]


def test_a_set_written_replaces_every_file_and_leaves_no_backup(tmp_path):
    first, second = tmp_path / "al.hyp.m2", tmp_path / "al.ref.m2"
    first.write_bytes(OLD)
    write_atomic_set({first: "hyp é\n", second: b"ref\n"})
    assert (first.read_bytes(), second.read_bytes()) == ("hyp é\n".encode(), b"ref\n")
    assert sorted(tmp_path.iterdir()) == [first, second]


def test_the_backup_is_a_copy_where_there_are_no_hard_links(tmp_path):
    old = tmp_path / "old.m2"
    old.write_bytes(OLD)
    old.chmod(0o604)
    backup = Path(atomic._backup(str(old), link=False))
    assert backup.parent == tmp_path and backup.name.startswith(".old.m2.") and backup.name.endswith(TEMP_SUFFIX)
    assert backup.read_bytes() == OLD and os.stat(backup).st_ino != os.stat(old).st_ino
    assert stat.S_IMODE(os.stat(backup).st_mode) == 0o604


def test_modes_links_and_devices(tmp_path):
    umask = os.umask(0o022)
    try:
        new = tmp_path / "new.html"
        write_atomic(new, "<p>é</p>\n")
        assert new.read_bytes() == "<p>é</p>\n".encode() and stat.S_IMODE(os.stat(new).st_mode) == 0o644
    finally:
        os.umask(umask)
    new.chmod(0o600)
    write_atomic(new, b"again\n")
    assert stat.S_IMODE(os.stat(new).st_mode) == 0o600  # a replaced file keeps its mode
    link = tmp_path / "link.html"
    link.symlink_to(new)
    write_atomic(link, b"through the link\n")
    assert link.is_symlink() and new.read_bytes() == b"through the link\n"
    write_atomic("/dev/null", b"a device is written in place\n")
    assert stat.S_ISCHR(os.stat("/dev/null").st_mode)
    assert sorted(tmp_path.iterdir()) == [link, new]


def test_open_atomic_writes_nothing_when_its_block_fails(tmp_path):
    target = tmp_path / "report.html"
    target.write_bytes(OLD)
    with pytest.raises(KeyboardInterrupt), open_atomic(target) as file:
        file.write("<html>" * 100_000)
        assert temps_beside(target) != []
        raise KeyboardInterrupt
    assert target.read_bytes() == OLD and temps_beside(target) == []
    # an error another file raised inside the block is that file's, unchanged
    with pytest.raises(FileNotFoundError) as raised, open_atomic(target):
        (tmp_path / "missing.txt").read_bytes()
    assert raised.value.filename == str(tmp_path / "missing.txt") and not isinstance(raised.value, WriteError)
    with open_atomic(target, text=False) as file:
        file.write(b"\x00bytes\r\n")
    assert target.read_bytes() == b"\x00bytes\r\n" and temps_beside(target) == []


# ---- nothing writes a file but through jpcore.atomic --------------------------------------------------

#: Calls that are not files the project writes: (file, source text of the call's function).
NOT_FILES = {
    ("jpcore/cli.py", "os.open"): "os.devnull dup'ed onto a closed stdout",
    ("jpcore/preprocess/stream_report.py", "tempfile.TemporaryFile"): "an anonymous spool, gone when closed",
    ("jpcore/preprocess/stream_report.py", "shutil.copyfileobj"): "that spool copied to stdout",
    ("bench/app_memory.py", "open"): "/proc/PID/clear_refs and /proc/PID/status: the kernel's control files",
    ("bench/process.py", "open"): "os.devnull as a child's output",
    ("bench/profiles.py", "open"): "os.devnull as stdout",
    ("bench/measure.py", "os.fdopen"): "a pipe to the parent",
}
WRITING = {"write_text", "write_bytes", "copy", "copy2", "copyfile", "copyfileobj", "copytree", "dump",
           "TemporaryFile", "NamedTemporaryFile", "mkstemp", "fdopen"}


def _writes(tree: ast.AST) -> list[tuple[int, str]]:
    """Each call that may write a file: ``open``/``os.open`` with a writing mode or flag, or a
    method of :data:`WRITING` (``pickle.dump``, ``Path.write_text``, ``shutil.copy`` ...; the
    bare ``write_bytes`` is :func:`jpcore.output.write_bytes`, stdout's)."""
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        name = ast.unparse(node.func)
        last = name.rsplit(".", 1)[-1]
        if last == "open" or name == "io.open":
            mode = node.args[1] if len(node.args) > 1 else next((k.value for k in node.keywords if k.arg == "mode"),
                                                                 None)
            text = ast.unparse(mode) if mode is not None else ""
            if name == "os.open" or any(c in text for c in "wax+"):
                found.append((node.lineno, name))
        elif last in WRITING and isinstance(node.func, ast.Attribute):  # a bare write_bytes is stdout's
            found.append((node.lineno, name))
    return found


def test_nothing_writes_a_file_but_through_jpcore_atomic():
    unexpected = []
    for folder in ("jpcore", "inspector", "bench", "scripts"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            relative = path.relative_to(ROOT).as_posix()
            if relative == "jpcore/atomic.py":
                continue
            for line, name in _writes(ast.parse(path.read_text("utf-8"))):
                if (relative, name) not in NOT_FILES:
                    unexpected.append(f"{relative}:{line}: {name}(...) writes a file: use jpcore.atomic")
    assert unexpected == []
