"""Reads the files a run is given (worked examples, game records, filled audits) without ever blocking or flooding.

Every problem is an ExampleFileError naming the path, marked `unread` when nothing could be read.
"""

from __future__ import annotations

import os
import stat

from sos_print.engine.errors import ExampleFileError

_KINDS = {
    stat.S_IFCHR: "a character device",
    stat.S_IFBLK: "a block device",
    stat.S_IFIFO: "a FIFO",
    stat.S_IFSOCK: "a socket",
    stat.S_IFLNK: "a symbolic link",
}


def read_bounded(path: str, limit: int, kind: str) -> bytes:
    """Returns the bytes of a regular file of at most `limit` bytes, without blocking on anything else.

    `kind` names the file in messages ("an example file", "a filled audit").

    A FIFO would block a plain open until a writer comes, and /dev/zero would be read until
    memory runs out: the path is looked at first, opened without blocking, looked at again
    through the open handle (the name could have changed meanwhile), and read up to the limit.
    """
    try:
        _refuse_unless_readable(path, os.stat(path), limit, kind)
        handle = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    except OSError as error:
        raise ExampleFileError(path, unreadable_reason(path, error), unread=True) from None
    try:
        _refuse_unless_readable(path, os.fstat(handle), limit, kind)
        chunks, size = [], 0
        while chunk := os.read(handle, 1 << 16):
            size += len(chunk)
            if size > limit:
                raise ExampleFileError(path, _too_large(size, limit, kind, growing=True), unread=True)
            chunks.append(chunk)
    except OSError as error:
        raise ExampleFileError(path, unreadable_reason(path, error), unread=True) from None
    finally:
        os.close(handle)
    return b"".join(chunks)


def _refuse_unless_readable(path: str, info: os.stat_result, limit: int, kind: str) -> None:
    if stat.S_ISDIR(info.st_mode):
        raise ExampleFileError(path, f"is a folder, not {kind}", unread=True)
    if not stat.S_ISREG(info.st_mode):
        raise ExampleFileError(path, f"is {file_kind(info.st_mode)}, not a regular file", unread=True)
    if info.st_size > limit:
        raise ExampleFileError(path, _too_large(info.st_size, limit, kind), unread=True)


def file_kind(mode: int) -> str:
    """Returns what a file that is not a regular file is, in words ("a FIFO")."""
    return _KINDS.get(stat.S_IFMT(mode), "a special file")


def _too_large(size: int, limit: int, kind: str, growing: bool = False) -> str:
    at_least = "at least " if growing else ""
    return f"is {at_least}{size:,} bytes; {kind} may hold at most {limit:,} bytes ({limit // 1_000_000} MB)"


def unreadable_reason(path: str, error: OSError) -> str:
    """Says in words why `path` could not be looked at, opened or read."""
    if isinstance(error, FileNotFoundError):
        return "a symbolic link to nothing" if os.path.islink(path) else "no such file or folder"
    if isinstance(error, PermissionError):
        return "permission denied"
    return f"cannot be read ({error.strerror or error})"
