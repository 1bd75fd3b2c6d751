"""Runs a piece of a test as an unprivileged user, because root may write and read anywhere.

CI runs the suite as root, so a test of "a folder the user cannot write" must give up root
to mean anything. `as_nobody` forks, drops to the user nobody in the child and runs the
function there; modules and caches already loaded in the parent (fonts, templates) come
along, so the child needs no access to the interpreter's or the repository's files. When
the suite already runs unprivileged, the function simply runs.
"""

from __future__ import annotations

import os
import pickle
import pwd
import shutil
import tempfile
import traceback
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TypeVar

T = TypeVar("T")


def as_nobody(function: Callable[[], T]) -> T:
    """Returns `function()` computed by a process that is not root (a forked child that dropped to nobody)."""
    if os.geteuid() != 0:
        return function()
    nobody = pwd.getpwnam("nobody")
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: drop root for good, run, send the result back, and leave without cleanup
        try:
            os.close(read)
            os.setgroups([])
            os.setgid(nobody.pw_gid)
            os.setuid(nobody.pw_uid)
            assert os.geteuid() == nobody.pw_uid
            outcome = ("ok", function())
        except BaseException:
            outcome = ("error", traceback.format_exc())
        with os.fdopen(write, "wb") as pipe:
            pipe.write(pickle.dumps(outcome))
        os._exit(0)
    os.close(write)
    with os.fdopen(read, "rb") as pipe:
        data = pipe.read()
    os.waitpid(pid, 0)
    kind, value = pickle.loads(data)
    if kind == "error":
        raise AssertionError(f"the unprivileged child failed:\n{value}")
    return value


@contextmanager
def shared_folder() -> Iterator[Path]:
    """Yields a new folder that nobody may enter and write (pytest's tmp_path is root's alone)."""
    folder = Path(tempfile.mkdtemp(prefix="sos-print-test-"))
    folder.chmod(0o777)
    try:
        yield folder
    finally:
        for path in folder.rglob("*"):  # give back what a test locked, so that it can be removed
            if path.is_dir() and not path.is_symlink():
                path.chmod(0o700)
        shutil.rmtree(folder)
