"""The signature (:mod:`jpcore.signature`) of what a loader shows: the line ``jpcore TASK``
prints for the same files and options, built in one place from the app's settings.

Contract: a view's :attr:`~inspector.common.loader.LoaderSpec.cli_flags` turns its
options and settings into the command-line options they mean (``["--level",
"tokens"]``); :func:`cli_namespace` parses them with the command's own parser
(the task's CLI module's ``configure``, as ``python -m jpcore`` declares it) and applies the command's ``signed_options`` where
it has one, so the Namespace is the one the command line would sign.
:func:`current_signature` is then the signature of that run on the loaded files
(their hashes kept when loaded, or read from a saved result's own signature).
:func:`shown_signature` writes it under the loader; a saved JSON result shows its
own signature, and a warning when the current settings would give another one for
the same files.  Every value is escaped with :func:`inspector.common.markup.md_text`.
"""

from __future__ import annotations

import argparse
from collections.abc import Mapping, Sequence

import streamlit as st

from inspector.common.markup import md_text
from jpcore.signature import file_hashes, with_hashes
from jpcore.task import TASKS

#: How each command names its two files when they are not ``GOLD SYSTEM`` (the names
#: never go in a signature; the files' hashes do).
FILE_ARGS: Mapping[str, tuple[str, ...]] = {"gec": ("-hyp", "SYSTEM", "-ref", "GOLD")}


def cli_namespace(task: str, flags: Sequence[str]) -> argparse.Namespace:
    """The options ``jpcore task GOLD SYSTEM *flags`` signs (see the module doc)."""
    files = FILE_ARGS.get(task, ("GOLD", "SYSTEM"))
    command = TASKS[task].load("cli")
    parser = argparse.ArgumentParser(prog=f"jpcore {task}")
    command.configure(parser)
    args = parser.parse_args([*files, *flags])
    signed = getattr(command, "signed_options", None)
    return signed(args) if signed is not None else args


def current_signature(task: str, flags: Sequence[str], hashes: Mapping[str, str]) -> str:
    """The signature of ``jpcore task`` with ``flags`` on the files of ``hashes``
    (role -> ``sha256:...``)."""
    return with_hashes(task, cli_namespace(task, flags), hashes)


def shown_signature(task: str, flags: Sequence[str], hashes: Mapping[str, str] | None,
                    saved: str | None) -> None:
    """Show the loaded input's signature: ``saved`` (a saved result's own; compared with
    what ``flags`` give for its files when it is a plain gold/system run of ``task``) or,
    for files, the one the command line prints for them (``hashes``)."""
    if saved is not None:
        st.caption(f"Signature of this saved result: {md_text(saved)}")
        saved_hashes = file_hashes(saved)
        # knowable only for a plain gold/system run: --compare, --oracle or -orig/-cor name
        # more files, whose options the app's settings do not hold
        if list(saved_hashes) == ["gold", "sys"] and saved.split(" | ")[1:2] == [task]:
            current = current_signature(task, flags, saved_hashes)
            if current != saved:
                st.warning(f"This result was scored with other settings than the current ones. "
                           f"The current settings give, for the same files: {md_text(current)}",
                           icon=":material/warning:")
        return
    if hashes:
        st.caption(f"Signature: {md_text(current_signature(task, flags, hashes))}")
