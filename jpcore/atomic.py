"""Files written whole or not at all: every file the project writes goes through here.

Contract:

* :func:`write_atomic` writes ``data`` to a temporary file beside the target
  (same folder, so same file system), flushes and fsyncs it, then renames it
  onto the target (``os.replace``): a reader sees the old file or the whole
  new one, never a part.  :func:`open_atomic` is the same as a context
  manager, for a writer that writes piece by piece (the file appears when the
  block ends without an exception; the temporary file is created on entry, so
  an unwritable target fails before any work is done).
* :func:`write_atomic_set` writes several files that belong together (gec's
  ``--write-aligned`` pair): every temporary file first, then the renames;
  when a rename fails the targets already renamed are put back as they were
  (an old file restored, a new one removed).
* On any error (or an exception raised while writing, ``KeyboardInterrupt``
  and the exception :mod:`jpcore.cli` raises on SIGTERM included) no
  temporary file is left, the target is untouched, and an OS error becomes
  :class:`WriteError`, an ``OSError`` whose text names the target as it was
  given, with the OS's reason: ``report.html: No space left on device``.
* A target that exists and is not a regular file (``/dev/null``,
  ``/dev/stdout``, a FIFO) is written in place: nothing can be renamed onto a
  device.  A folder as target is refused before anything is written.  A
  symbolic link is followed: the file it points to is replaced.
* A new file gets the usual mode (``0o666`` less the umask); a replaced file
  keeps its mode.  Temporary files are named ``.NAME.RANDOM.part``
  (:data:`TEMP_SUFFIX`).  SIGINT and SIGTERM are held back (``pthread_sigmask``)
  only while a temporary file is created, renamed or removed, so an
  interrupted run never loses track of one.
"""

from __future__ import annotations

import errno as errno_codes
import io
import os
import signal
import stat
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import IO, BinaryIO

__all__ = ["TEMP_SUFFIX", "WriteError", "open_atomic", "temps_beside", "write_atomic", "write_atomic_set"]

#: How the temporary files beside a target end.
TEMP_SUFFIX = ".part"
#: At most this many characters of the target's name go into a temporary file's name.
_NAME_CHARS = 80
#: The signals held back while a temporary file is created, renamed or removed.
_HELD = {signal.SIGINT, signal.SIGTERM}

PathLike = str | os.PathLike[str]


class WriteError(OSError):
    """A file could not be written: ``str()`` is ``TARGET: REASON``.

    >>> str(WriteError(28, "No space left on device", "report.html"))
    'report.html: No space left on device'
    """

    def __str__(self) -> str:
        return f"{self.filename}: {self.strerror}"


def _failure(target: str, error: OSError, doing: str = "") -> WriteError:
    """``error`` (of any file involved) told as a failure to write ``target``."""
    reason = error.strerror or str(error)
    return WriteError(error.errno or errno_codes.EIO, f"{doing}{reason}", target)


@contextmanager
def _signals_held() -> Iterator[None]:
    """SIGINT and SIGTERM wait until the block is done (where the OS allows it)."""
    mask = getattr(signal, "pthread_sigmask", None)
    if mask is None:  # pragma: no cover - Windows
        yield
        return
    before = mask(signal.SIG_BLOCK, _HELD)
    try:
        yield
    finally:
        mask(signal.SIG_SETMASK, before)


def _remove(path: str) -> None:
    try:
        os.unlink(path)
    except FileNotFoundError:
        pass


def _temp_name(final: str) -> str:
    """A fresh name beside ``final`` for a temporary file (or a backup) of it."""
    folder, name = os.path.split(final)
    return os.path.join(folder, f".{name[:_NAME_CHARS]}.{os.urandom(6).hex()}{TEMP_SUFFIX}")


class _Pending:
    """One target being written: its temporary file (or the target itself, for a device)."""

    def __init__(self, path: PathLike) -> None:
        self.target = os.fsdecode(path)  # as given: what messages name
        self.temp: str | None = None
        self.file: IO | None = None
        self.existing: os.stat_result | None = None
        try:
            self.existing = os.stat(self.target)
        except FileNotFoundError:
            pass
        except OSError as error:
            raise _failure(self.target, error) from None
        if self.existing is not None and stat.S_ISDIR(self.existing.st_mode):
            raise WriteError(errno_codes.EISDIR, os.strerror(errno_codes.EISDIR), self.target)
        #: the file renamed onto: a symbolic link is followed (and left a link)
        self.final = os.path.realpath(self.target) if os.path.islink(self.target) else self.target

    @property
    def in_place(self) -> bool:
        """The target exists and is not a regular file (a device, a FIFO): written directly."""
        return self.existing is not None and not stat.S_ISREG(self.existing.st_mode)

    def open(self, text: bool = False, encoding: str = "utf-8") -> IO:
        """The file to write: a new temporary file beside the target (recorded before
        SIGINT or SIGTERM can interrupt), or the target itself when written in place."""
        if self.in_place:
            try:
                binary: BinaryIO = open(self.target, "wb")  # noqa: SIM115 - closed by finish/discard
            except OSError as error:
                raise _failure(self.target, error) from None
            self.file = binary
        else:
            flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_CLOEXEC", 0)
            while self.file is None:
                temp = _temp_name(self.final)
                with _signals_held():
                    try:
                        descriptor = os.open(temp, flags, 0o666)
                    except FileExistsError:
                        continue
                    except OSError as error:
                        folder = os.path.dirname(self.final) or "."
                        raise _failure(self.target, error, f"cannot create a file in {folder}: ") from None
                    self.temp = temp
                    self.file = binary = os.fdopen(descriptor, "wb")
            if self.existing is not None:  # a replaced file keeps its mode
                try:
                    os.chmod(binary.fileno(), stat.S_IMODE(self.existing.st_mode))
                except OSError as error:
                    raise _failure(self.target, error) from None
        if text:
            self.file = io.TextIOWrapper(binary, encoding=encoding, newline="")
        return self.file

    def finish(self) -> None:
        """Everything written reaches the disk: flush, fsync (not a device), close."""
        file = self.file
        assert file is not None
        try:
            file.flush()
            if not self.in_place:
                os.fsync(file.fileno())
            self.file = None
            file.close()
        except OSError as error:
            raise _failure(self.target, error) from None

    def rename(self) -> None:
        """The temporary file becomes the target (signals held)."""
        if self.temp is None:
            return
        with _signals_held():
            try:
                os.replace(self.temp, self.final)
            except OSError as error:
                raise _failure(self.target, error) from None
            self.temp = None
        _sync_folder(os.path.dirname(self.final))

    def discard(self) -> None:
        """Close and remove what was written (signals held); never raises an OS error."""
        with _signals_held():
            if self.file is not None:
                try:
                    self.file.close()  # closes the descriptor even when its flush fails
                except (OSError, ValueError):
                    pass
                self.file = None
            if self.temp is not None:
                try:
                    _remove(self.temp)
                except OSError:  # pragma: no cover - the folder became unwritable meanwhile
                    pass
                self.temp = None


def _sync_folder(folder: str) -> None:
    """The rename reaches the disk too (best effort: not every file system syncs a folder)."""
    try:
        descriptor = os.open(folder or ".", os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError:
        return
    try:
        os.fsync(descriptor)
    except OSError:
        pass
    finally:
        os.close(descriptor)


def _as_bytes(data: bytes | str) -> bytes:
    return data.encode("utf-8") if isinstance(data, str) else bytes(data)


def _write(pending: _Pending, data: bytes) -> None:
    """Write ``data`` to ``pending``'s temporary file and sync it (not renamed yet)."""
    file = pending.open()
    try:
        file.write(data)
    except OSError as error:
        raise _failure(pending.target, error) from None
    pending.finish()


@contextmanager
def open_atomic(path: PathLike, text: bool = True, encoding: str = "utf-8") -> Iterator[IO]:
    """A file to write ``path`` with (``str`` in ``encoding``, newlines as written; or
    ``bytes``), renamed into place when the block ends normally; on an exception
    nothing is left.  The temporary file is created on entry: a target that cannot be
    written fails before the block runs.

    OS errors while writing, syncing or renaming become :class:`WriteError` naming
    ``path`` (an ``OSError`` from the block that names a file is another file's, raised
    unchanged, as is any other exception).
    """
    pending = _Pending(path)
    try:
        file = pending.open(text, encoding)
        try:
            yield file
        except OSError as error:
            if error.filename is not None:  # another file's error (one the block opened): as it is
                raise
            raise _failure(pending.target, error) from None
        pending.finish()
        pending.rename()
    except BaseException:
        pending.discard()
        raise


def write_atomic(path: PathLike, data: bytes | str) -> None:
    """Write ``data`` (a ``str`` as UTF-8) to ``path`` whole or not at all (see the module doc);
    :class:`WriteError` naming ``path`` if it cannot be written."""
    pending = _Pending(path)
    try:
        _write(pending, _as_bytes(data))
        pending.rename()
    except BaseException:
        pending.discard()
        raise


def write_atomic_set(files: Mapping[PathLike, bytes | str]) -> None:
    """Write the files of ``files`` (``{path: data}``) so that they appear together or not at all.

    Every temporary file is written and synced first, then each is renamed
    onto its target in the mapping's order, SIGINT and SIGTERM held back.  If
    a rename fails, the targets already renamed are put back (an old file
    from a hard link made beside it just before, or a copy where the file
    system has no hard links; a new file removed) and :class:`WriteError`
    names the file that failed.
    """
    pendings: list[_Pending] = []
    try:
        for path, data in files.items():
            pending = _Pending(path)
            pendings.append(pending)
            _write(pending, _as_bytes(data))
        with _signals_held():
            _rename_all(pendings)
    finally:
        for pending in pendings:
            pending.discard()


def _rename_all(pendings: list[_Pending]) -> None:
    """Rename every temporary file onto its target; on a failure put back those renamed."""
    renamed: list[tuple[_Pending, str | None]] = []  # and the old file's backup
    try:
        for pending in pendings:
            backup = _backup(pending.final) if pending.existing is not None and not pending.in_place else None
            try:
                pending.rename()
            except BaseException:
                if backup is not None:
                    _remove(backup)
                raise
            renamed.append((pending, backup))
    except BaseException:
        for pending, backup in reversed(renamed):
            try:
                if backup is None:
                    _remove(pending.final)
                else:
                    os.replace(backup, pending.final)
            except OSError:  # pragma: no cover - the folder became unwritable meanwhile
                pass
        raise
    for _, backup in renamed:
        if backup is not None:
            _remove(backup)


def _backup(final: str, link: bool = True) -> str:
    """A second name for the file ``final`` now is, beside it: a hard link, else (or with
    ``link`` false) a copy; :class:`WriteError` naming ``final`` if neither can be made."""
    if link:
        backup = _temp_name(final)
        try:
            os.link(final, backup)
            return backup
        except OSError:
            pass  # a file system without hard links: copy
    try:
        with open(final, "rb") as old:
            data = old.read()
    except OSError as error:
        raise _failure(final, error, "cannot keep the old file: ") from None
    keep = _Pending(final)
    try:
        _write(keep, data)
    except BaseException:
        keep.discard()
        raise
    backup, keep.temp = keep.temp, None
    assert backup is not None
    return backup


def temps_beside(path: PathLike) -> list[Path]:
    """The temporary files of this module now in ``path``'s folder (an interrupted or failed
    write leaves none)."""
    folder = Path(os.fsdecode(path)).parent
    return sorted(p for p in folder.iterdir() if p.name.startswith(".") and p.name.endswith(TEMP_SUFFIX))
