"""Runs a piece of a test as an unprivileged user, because root may write and read anywhere.

CI runs the suite as root, so a test of "a folder the user cannot write" must give up root
to mean anything. `as_nobody` forks, drops to the user nobody in the child and runs the
function there. The interpreter's libraries and the checkout may lie where nobody cannot
read (/root, a clone in a private folder), so before forking the parent imports every
module of sos_print and typer (typer imports parts of itself only while a command runs);
they come along in the forked child, with the fonts and templates the parent has already
loaded, and a test gives the child copies of the files it reads. When the suite already
runs unprivileged, the function simply runs.
"""

from __future__ import annotations

import importlib
import os
import pickle
import pkgutil
import pwd
import shutil
import signal
import tempfile
import traceback
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from functools import cache
from pathlib import Path
from typing import TypeVar

T = TypeVar("T")


@cache
def load_every_module() -> None:
    """Imports every module of sos_print and typer, so that a child that gave up root never has to read one."""
    import typer

    import sos_print

    for package in (sos_print, typer):
        for module in pkgutil.walk_packages(package.__path__, package.__name__ + "."):
            if module.name == "typer.__main__":  # which would run typer's own command line at once
                continue
            with suppress(Exception):  # a module for another platform: typer's Windows console asserts it is on Windows
                importlib.import_module(module.name)


def as_nobody(function: Callable[[], T]) -> T:
    """Returns `function()` computed by a process that is not root (a forked child that dropped to nobody)."""
    if os.geteuid() != 0:
        return function()
    load_every_module()
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
def running_as_nobody(function: Callable[[], object]) -> Iterator[Callable[[], bool]]:
    """Runs `function()` in a child that dropped to nobody while the block runs; yields a way to ask whether the child
    is still running. The child is stopped, if it has not ended, and reaped when the block ends."""
    if os.geteuid() != 0:
        raise AssertionError("running as another user needs root")
    load_every_module()
    nobody = pwd.getpwnam("nobody")
    pid = os.fork()
    if pid == 0:  # the child: drop root for good, run, and leave without cleanup
        code = 1
        try:
            os.setgroups([])
            os.setgid(nobody.pw_gid)
            os.setuid(nobody.pw_uid)
            function()
            code = 0
        finally:
            os._exit(code)
    ended: list[int] = []

    def running() -> bool:
        if not ended and os.waitpid(pid, os.WNOHANG) != (0, 0):
            ended.append(pid)
        return not ended

    try:
        yield running
    finally:
        if running():
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)


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
