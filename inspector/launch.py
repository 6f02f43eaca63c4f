"""``jp-inspector``: the console command that opens the app on the bundled samples.

Contract: :func:`main` (the console script installed by ``pip install .``)

* without options runs ``streamlit run`` on the installed :data:`APP` with
  the project's Streamlit settings (:data:`STREAMLIT_SETTINGS`, the same as
  ``.streamlit/config.toml`` in the repository, which an installed copy does
  not carry), after saying on stderr what it starts and where the data is;
  any other argument goes to Streamlit (``--server.port 8502``);
* ``--review-db PATH`` (or a ``postgresql://`` URL) is where the verdicts of the
  review are kept (:mod:`inspector.common.review`): it sets ``$JP_REVIEW_DB``
  for the server, which else keeps them where that variable says or in the
  user's data directory;
* the server runs with :mod:`inspector.main.allocator`'s settings: when
  the environment lacks them, Python is started again (``os.execv``, same
  process id, same arguments) with them added;
* ``--check`` loads every bundled sample through jpcore without starting a
  server (:mod:`inspector.main.sample_check`), prints one line each, and returns
  0, or 2 when one failed;
* ``--help`` / ``--version`` say what it is.

It works from any working directory: the app and the data are found from
the package (:func:`jpcore.bundled.sample_data_root`).  ``jpcore`` stays the
command line of the evaluations.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Sequence
from importlib import metadata
from pathlib import Path

from jpcore.bundled import sample_data_root
from inspector.common.input_limits import APP_MAX_MB
from inspector.main.allocator import missing, server_environment

#: The app's entry script (``main/app.py`` beside this module: not beside ``pages/``).
APP = Path(__file__).resolve().parent / "main" / "app.py"

#: Streamlit settings of the project (as in ``.streamlit/config.toml``; ``server.headless``
#: is left to Streamlit: it opens a browser when the machine has a display).
STREAMLIT_SETTINGS: dict[str, object] = {
    "server.maxUploadSize": APP_MAX_MB,  # the uploader says the real limit
    "server.runOnSave": False,
    "browser.gatherUsageStats": False,
    "client.toolbarMode": "viewer",
    "server.disconnectedSessionTTL": 120,
    "server.fileWatcherType": "none",  # cost per session, for nothing a reader needs
    "runner.postScriptGC": False,  # a full collection after every run (jpcore.runtime's policy instead)
}


def _flag(value: object) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


def streamlit_arguments(extra: Sequence[str] = ()) -> list[str]:
    """``run APP --setting value ...`` then ``extra`` (later options win)."""
    arguments = ["run", str(APP)]
    for name, value in STREAMLIT_SETTINGS.items():
        arguments += [f"--{name}", _flag(value)]
    return arguments + list(extra)


def _version() -> str:
    try:
        return metadata.version("jp-inspector")
    except metadata.PackageNotFoundError:
        return "(not installed)"


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="jp-inspector",
        description="Open jp-inspector (a Streamlit app) on its bundled samples: the English Web "
                    "Treebank excerpt opens first; every page can load other files.",
        epilog="Any other argument is passed to `streamlit run` (e.g. --server.port 8502, "
               "--server.headless true). The command line of the evaluations is `jpcore`.",
    )
    parser.add_argument("--check", action="store_true",
                        help="load every bundled sample without starting a server, print one line "
                             "each and exit (status 2 if one fails)")
    parser.add_argument("--review-db", metavar="PATH",
                        help="where verdicts and notes are kept: an SQLite file or a postgresql:// URL "
                             "(default: $JP_REVIEW_DB, else the user's data directory)")
    parser.add_argument("--version", action="version", version=f"jp-inspector {_version()}")
    return parser


def _check() -> int:
    from inspector.main.sample_check import check_samples

    started = time.perf_counter()
    print(f"jp-inspector {_version()}: loading every bundled sample from {sample_data_root()}", flush=True)
    checks = check_samples()
    for check in checks:
        print(check.line(), flush=True)
    failed = [check for check in checks if not check.ok]
    print(f"{len(checks) - len(failed)} of {len(checks)} samples loaded in "
          f"{time.perf_counter() - started:.1f} s", flush=True)
    return 2 if failed else 0


def main(argv: Sequence[str] | None = None) -> int:
    """The console script (see the module doc)."""
    args, extra = _parser().parse_known_args(argv)
    if args.check:
        return _check()
    if not APP.is_file():
        print(f"jp-inspector: the app is missing: {APP} (reinstall the package)", file=sys.stderr)
        return 2
    if missing(os.environ):  # PYTHONMALLOC is read once, when Python starts: start it again
        arguments = list(sys.argv[1:] if argv is None else argv)
        os.execve(sys.executable, [sys.executable, "-m", "inspector.launch", *arguments],
                  server_environment(os.environ))
    if args.review_db:
        os.environ["JP_REVIEW_DB"] = args.review_db
    print(f"jp-inspector: starting Streamlit on {APP} with the samples in {sample_data_root()} "
          "(a few seconds; stop with Ctrl+C)", file=sys.stderr, flush=True)
    from streamlit.web import cli

    try:
        cli.main(args=streamlit_arguments(extra), prog_name="streamlit")
    except SystemExit as done:
        return done.code if isinstance(done.code, int) else (0 if done.code is None else 2)
    return 0


if __name__ == "__main__":
    sys.exit(main())
