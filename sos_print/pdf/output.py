"""Writes finished PDFs safely: never a partial file, never an existing file without --force."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from sos_print.engine.errors import OutputError


def check_targets(paths: list[Path], force: bool) -> None:
    """Makes sure each path can be written: its folder exists or can be made, and it is new unless `force`.

    Called before any rendering, so that a refused run costs nothing and changes nothing.
    """
    for path in paths:
        if path.is_dir():
            raise OutputError(f"{path} is a folder; give a file name ending in .pdf")
        if path.exists() and not force:
            raise OutputError(f"{path} already exists; use --force to replace it")
        folder = path.parent
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise OutputError(f"cannot create the folder {folder}: {error.strerror}") from None
        if not os.access(folder, os.W_OK | os.X_OK):
            raise OutputError(f"cannot write in the folder {folder}: permission denied")


def write_atomic(path: Path, data: bytes) -> None:
    """Writes `data` to a temporary file beside `path`, then renames it over `path` in one step."""
    folder = path.parent
    try:
        handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".part", dir=folder)
    except OSError as error:
        raise OutputError(f"cannot write in the folder {folder}: {error.strerror}") from None
    try:
        with os.fdopen(handle, "wb") as file:
            file.write(data)
            file.flush()
            os.fsync(file.fileno())
        os.chmod(temporary, 0o666 & ~_umask())
        os.replace(temporary, path)
    except BaseException as error:
        Path(temporary).unlink(missing_ok=True)
        if isinstance(error, OSError):
            raise OutputError(f"cannot write {path}: {error.strerror}") from None
        raise


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask
