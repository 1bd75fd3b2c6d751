"""Makes the per-user folder that compiled templates are kept in, in the temporary folder, or finds it unsafe.

The temporary folder is shared by every user of the machine, so its entries cannot be trusted: a
name there may be a symbolic link another user planted, pointing anywhere. The folder is made
here with mode 0700, then looked at without following links, and used only if it is a real
folder owned by this user that nobody else can enter. Nothing is ever changed on a path this
run did not just create: no chmod, no removal. jinja2 then reads and writes the cache files by
their path, so the temporary folder itself must let no other user rename or replace the cache
folder meanwhile: it and every folder above it are the user's or root's, and sticky where others
may write in them (as /tmp), and no link on the way is another user's.
Elsewhere the run goes without the cache (sweep ad81, 1: a folder swapped for a link between the
check and the reads had root load another user's compiled templates).
"""

from __future__ import annotations

import os
import stat
import tempfile
from pathlib import Path

NAME = "sos-print-cache"


def private_folder() -> Path | None:
    """Returns this user's cache folder in the temporary folder (made if missing), or None if it is not safe."""
    uid = getattr(os, "getuid", None)
    if uid is None:  # no user ids (Windows): the temporary folder is the user's own there
        return Path(tempfile.gettempdir())
    shared = Path(tempfile.gettempdir())
    if not is_guarded(shared, uid()):
        return None
    folder = shared / f"{NAME}-{uid()}"
    try:
        os.mkdir(folder, stat.S_IRWXU)  # a link or anything else already there makes this fail: never followed
    except FileExistsError:
        pass
    except OSError:
        return None  # a temporary folder we cannot write in: run without the cache
    return folder if is_private(folder, uid()) else None


def is_private(folder: Path, uid: int) -> bool:
    """Tells whether `folder` itself (not what a link there points to) is a folder of `uid` closed to others."""
    try:
        info = os.lstat(folder)
    except OSError:
        return False
    return stat.S_ISDIR(info.st_mode) and info.st_uid == uid and not info.st_mode & (stat.S_IRWXG | stat.S_IRWXO)


def is_guarded(folder: Path, uid: int) -> bool:
    """Tells whether no user but `uid` and root may rename or replace `folder`, or what `uid` makes in it: every
    folder on its way from the root, as written and as its links lead, belongs to one of them and is sticky where
    others may write in it, and every link on the way belongs to one of them. Looking at the temporary folder alone
    (and through a link) let another user swap a folder above it, or re-point a link of theirs (sweep ad82, 1)."""
    for path in (Path(os.path.abspath(folder)), Path(os.path.realpath(folder))):
        for step in (*reversed(path.parents), path):
            try:
                info = os.lstat(step)
            except OSError:
                return False
            if info.st_uid not in (uid, 0):
                return False
            if stat.S_ISLNK(info.st_mode):
                continue  # one of theirs: where it leads is looked at as the second path
            shared = info.st_mode & (stat.S_IWGRP | stat.S_IWOTH)
            if not stat.S_ISDIR(info.st_mode) or (shared and not info.st_mode & stat.S_ISVTX):
                return False
    return True
