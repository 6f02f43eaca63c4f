"""A real PostgreSQL server for the tests: Debian's ``postgresql`` (installed by
scripts/run-tests.sh), a cluster made with ``initdb`` in a temporary folder and
served on a unix socket there (no TCP port), stopped at the end.

PostgreSQL refuses to run as root: as root, every server command runs as the
``postgres`` system user (``runuser``) and the folder is given to that user.
"""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path


def server_binaries() -> Path:
    """The folder of ``initdb`` and ``pg_ctl`` (Debian keeps them off PATH)."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=lambda p: int(p.split("/")[4]))
    if found:
        return Path(found[-1]).parent
    initdb = shutil.which("initdb")
    if initdb is None:
        raise RuntimeError("PostgreSQL's initdb not found: run scripts/run-tests.sh (it installs Debian's postgresql)")
    return Path(initdb).resolve().parent


def _as_server_user(command: list[str]) -> list[str]:
    return ["runuser", "-u", "postgres", "--", *command] if os.geteuid() == 0 else command


@contextmanager
def postgres_server() -> Iterator[str]:
    """A running PostgreSQL server; yields the URL of its ``postgres`` database."""
    binaries = server_binaries()
    folder = Path(tempfile.mkdtemp(prefix="jp-review-pg-"))
    data, log = folder / "data", folder / "server.log"
    if os.geteuid() == 0:
        user = pwd.getpwnam("postgres")
        os.chown(folder, user.pw_uid, user.pw_gid)
    try:
        subprocess.run(_as_server_user([str(binaries / "initdb"), "-D", str(data), "-A", "trust", "-U", "postgres",
                                        "-N", "-E", "UTF8", "--locale=C"]),
                       check=True, capture_output=True)
        subprocess.run(_as_server_user([str(binaries / "pg_ctl"), "-D", str(data), "-l", str(log), "-w", "-o",
                                        f"-k {folder} -c listen_addresses= -F", "start"]),
                       check=True, capture_output=True)
        try:
            yield f"postgresql://postgres@/postgres?host={folder}"
        finally:
            subprocess.run(_as_server_user([str(binaries / "pg_ctl"), "-D", str(data), "-m", "fast", "-w", "stop"]),
                           check=True, capture_output=True)
    finally:
        shutil.rmtree(folder, ignore_errors=True)
