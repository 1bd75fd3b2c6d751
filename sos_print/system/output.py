"""Writes the finished files of a run as one set: every file whole, or none; nothing replaced without --force.

`check_targets` runs before rendering, so that a refused run costs nothing. `write_files`
then does the work in three steps, each chosen for what can go wrong at that moment:

1. Each file is written to a temporary sibling (`.sos-print-XXXXXXXX.part`: short, so a
   target name up to the file system's limit still works), created exclusively with mode
   0o666 (the umask applies, as for any new file) and flushed to disk. A full disk or an
   interruption here leaves the targets as they were.
2. The temporary files take their names. Without --force each is *linked* to its name:
   link(2) fails if the name exists in any form (a file, a symbolic link, even a dangling
   one), so of two runs racing for the same name exactly one creates it. With --force an
   old file is first kept under a second name (a hard link), then replaced in one rename.
   Only regular files are ever replaced: never a folder, a device, a FIFO or a link.
3. If the second file of a kit cannot take its name, the first is rolled back (its old
   file put back, or the new one removed). Signals are held off from the first rename
   to the end of the rollback, so a kit is never left half replaced.

On any failure or interruption the temporary files, the kept old files and the folders
this run created are removed again.
"""

from __future__ import annotations

import errno
import os
import stat
from collections.abc import Iterator, Sequence
from contextlib import contextmanager, suppress
from pathlib import Path

from sos_print.engine.errors import SosError, shown
from sos_print.system import interrupts

PREFIX = ".sos-print-"
PART, OLD = ".part", ".old"
# link(2) is refused by some file systems (FAT, some network and FUSE mounts): claim the name another way.
_NO_LINKS = {errno.EPERM, errno.ENOTSUP, errno.EOPNOTSUPP, errno.EMLINK, errno.ENOSYS}
# Where a flag does not exist (O_NOFOLLOW off POSIX), leaving it out only loses a safeguard.
_NEW = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0)
_ATTEMPTS = 100  # random names that clash this often mean something else is wrong


class OutputError(SosError):
    """Signals an output file or folder that cannot be written."""


_KINDS = {
    stat.S_IFLNK: "a symbolic link",
    stat.S_IFCHR: "a character device",
    stat.S_IFBLK: "a block device",
    stat.S_IFIFO: "a FIFO",
    stat.S_IFSOCK: "a socket",
}


def without_missing_steps(path: Path) -> Path:
    """Returns `path` with each "folder/.." step taken out where the folder does not exist ("out/new/../b.pdf" is
    "out/b.pdf"): the system would need the folder made only to step out of it, and it would be left behind empty.
    A folder that exists stays, as ".." after a link to a folder leads out of the folder linked to, not back."""
    parts: list[str] = []
    for part in path.parts:
        if part == ".." and parts and parts[-1] not in ("..", path.anchor) and not os.path.lexists(Path(*parts)):
            parts.pop()
        else:
            parts.append(part)
    return Path(*parts) if parts else Path(".")


def check_targets(paths: list[Path], force: bool, inputs: Sequence[str | Path] = (), names_given: bool = True) -> bool:
    """Makes sure each path can be written; returns whether any of them exists (and would be replaced).

    No path may be one of the `inputs` the run reads. `names_given` is false when the user gave only the folder
    (`--out DIR`) and the run names its files: a message then says what name the run needs.

    Nothing is created or changed: the folders are made only when the files are written.
    """
    existing = False
    for path in paths:
        folder = _check_folder(path.parent)
        _check_name(path, folder)
        existing |= _check_target(path, force, inputs, names_given)
    return existing


def _check_target(path: Path, force: bool, inputs: Sequence[str | Path], names_given: bool) -> bool:
    try:
        info = os.lstat(path)
    except (FileNotFoundError, NotADirectoryError):
        return False
    except OSError as error:
        raise OutputError(f"cannot look at {shown(path)}: {error.strerror}") from None
    if stat.S_ISDIR(info.st_mode) and names_given:
        raise OutputError(f"{shown(path)} is a folder; give a file name ending in .pdf")
    if stat.S_ISDIR(info.st_mode):
        raise OutputError(
            f"{shown(path)} is a folder, but this run writes a file of that name: "
            "rename that folder, or give --out another folder"
        )
    _refuse_unless_regular(path, info.st_mode)
    if any(_same_file(path, source) for source in inputs):
        # --force replaces what the user made, never what the run reads: a group's only filled audit, say.
        raise OutputError(f"{shown(path)} is the file this run reads; write to another file")
    if not force:
        raise OutputError(f"{shown(path)} already exists; use --force to replace it")
    return True


def _same_file(path: Path, source: str | Path) -> bool:
    try:
        return os.path.samefile(path, source)
    except (OSError, ValueError):
        return False  # an input that cannot be looked at is refused where it is read, not here


def _refuse_unless_regular(path: Path, mode: int) -> None:
    if not stat.S_ISREG(mode):
        kind = _KINDS.get(stat.S_IFMT(mode), "not a regular file")
        raise OutputError(f"{shown(path)} is {kind}, not a regular file: sos-print replaces only regular files")


def _refuse_planted_links(folder: Path) -> None:
    """Refuses a symbolic link on the way to `folder` that lies in a sticky folder anyone may write in (/tmp) and
    belongs neither to the user nor to that folder's owner: another user may have planted it there to lead the
    run's files over the user's own. It is the kernel's protected_symlinks rule, kept even where it is turned off.

    The path is walked as the kernel resolves it, one name at a time, each link followed to its target before the
    names after it: "lnk/.." is the folder above where the link leads, not the folder holding the link, so a path
    made plain by its text first ("S/lnk/../kit" read as "S/kit") never looked at the link (sweep 40, F5)."""
    if not hasattr(os, "geteuid"):  # no owners to compare where there are no user ids
        return
    try:
        current = Path(os.getcwd() if not os.path.isabs(folder) else os.sep)  # getcwd gives the folder with no link
    except OSError:
        return  # a working folder removed: the kernel finds no relative path either
    pending = list(reversed(Path(folder).parts[1:] if os.path.isabs(folder) else Path(folder).parts))
    followed = 0
    while pending:
        name = pending.pop()
        if name in ("", "."):
            continue
        if name == "..":
            current = current.parent  # `current` holds no link: its parent is the kernel's ".."
            continue
        step = current / name
        try:
            info = os.lstat(step)
            if not stat.S_ISLNK(info.st_mode):
                current = step
                continue
            shared = os.stat(current)
            target = os.readlink(step)
        except OSError:
            return  # a step that does not exist yet: the folders below it are made by this run
        sticky = shared.st_mode & stat.S_ISVTX and shared.st_mode & stat.S_IWOTH
        if sticky and info.st_uid not in (os.geteuid(), shared.st_uid):
            raise OutputError(
                f"cannot use the folder {shown(folder)}: {shown(step)} is a symbolic link another user left in the "
                f"shared folder {shown(current)}; give the folder it leads to, if it is yours"
            )
        followed += 1
        if followed > _MOST_LINKS:
            return  # a loop of links: the kernel refuses the path itself, where the folder is made
        if os.path.isabs(target):
            current = Path(os.sep)
        pending += reversed(Path(target).parts[1:] if os.path.isabs(target) else Path(target).parts)


_MOST_LINKS = 40  # the links Linux follows in one path before it gives up (ELOOP)


def _check_folder(folder: Path) -> Path:
    """Returns the nearest folder that exists on the way to `folder`, if files can be made there."""
    _refuse_planted_links(folder)
    current = folder
    while True:
        try:
            info = os.stat(current)
            break
        except (FileNotFoundError, NotADirectoryError):
            if current.parent == current:
                raise OutputError(f"cannot create the folder {shown(folder)}") from None
            current = current.parent
        except OSError as error:
            raise OutputError(f"cannot use the folder {shown(folder)}: {error.strerror}") from None
    verb = "write in" if current == folder else "create"
    if not stat.S_ISDIR(info.st_mode):
        raise OutputError(f"cannot create the folder {shown(folder)}: {shown(current)} is not a folder")
    if hasattr(os, "ST_RDONLY") and os.statvfs(current).f_flag & os.ST_RDONLY:
        raise OutputError(f"cannot {verb} the folder {shown(folder)}: read-only file system")
    if not os.access(current, os.W_OK | os.X_OK):
        where = "" if current == folder else f" (in {shown(current)})"
        raise OutputError(f"cannot {verb} the folder {shown(folder)}: permission denied{where}")
    return current


def _check_name(path: Path, folder: Path) -> None:
    """Refuses a file name longer than the file system allows, with the figures, before any work."""
    try:
        limit = os.pathconf(folder, "PC_NAME_MAX")
    except (AttributeError, OSError, ValueError):  # no pathconf (Windows), or no answer
        limit = 255
    length = len(os.fsencode(path.name))
    if length > limit:
        raise OutputError(f"{shown(path)}: the file name is {length} bytes long; this file system allows {limit}")


def write_files(files: list[tuple[Path, bytes]], force: bool) -> None:
    """Writes every (path, data) as one set: all of them whole, or none and the old files untouched.

    Without `force`, a path that exists by the time the file takes its name stops everything.
    Signals are held off throughout and acted on only where nothing would be left half done.
    """
    with interrupts.deferred():
        work = _Work()
        try:
            for folder in dict.fromkeys(path.parent for path, _ in files):
                _refuse_planted_links(folder)  # again: the link may have been planted while the files were drawn
                work.make_folder(folder)
            interrupts.checkpoint()
            for path, data in files:
                work.write_temporary(path, data)
                interrupts.checkpoint()
            work.commit(force)
        except BaseException:
            work.undo()
            raise
        finally:
            work.tidy()
        interrupts.set_outcome(interrupts.ALL_WRITTEN)


class _Work:
    """Keeps what a run has made so far, so that a failure can take all of it back."""

    def __init__(self) -> None:
        self.folders: list[Path] = []  # created by this run, outermost first
        self.temporaries: list[tuple[Path, Path, tuple[int, int]]] = []  # (target, temporary, identity)
        self.placed: list[tuple[Path, Path | None, tuple[int, int]]] = []  # (target, kept old file, identity)
        self.kept: list[Path] = []

    def make_folder(self, folder: Path) -> None:
        missing = []
        for candidate in (folder, *folder.parents):
            if candidate.is_dir():
                break
            missing.append(candidate)
        for candidate in reversed(missing):
            with _naming(candidate, "cannot create the folder"):
                try:
                    os.mkdir(candidate)
                except FileExistsError:
                    if not candidate.is_dir():
                        raise
                    continue  # made by someone else meanwhile: not ours to remove
            self.folders.append(candidate)

    def write_temporary(self, target: Path, data: bytes) -> None:
        with _naming(target, "cannot write"):
            temporary, handle = _exclusive(target.parent, PART)
            try:
                self.temporaries.append((target, temporary, _identity_of(handle)))
                _write_all(handle, data)
                os.fsync(handle)
            finally:
                os.close(handle)

    def commit(self, force: bool) -> None:
        for target, temporary, identity in self.temporaries:
            kept = None
            if force:
                kept = _replace(target, temporary)
            else:
                _create(target, temporary)
            self.placed.append((target, kept, identity))
            if kept is not None:
                self.kept.append(kept)
        _sync_folders({target.parent for target, _, _ in self.temporaries})

    def undo(self) -> None:
        """Puts back every old file and removes every new one; best effort, as the run is failing anyway."""
        for target, kept, identity in reversed(self.placed):
            if kept is not None:
                if not _put_back(kept, target):
                    self.kept.remove(kept)  # the only copy of the old file now: never delete it
            elif _identity(target) == identity:
                with suppress(OSError):
                    os.unlink(target)
        self.placed.clear()
        self.tidy()
        for folder in reversed(self.folders):
            with suppress(OSError):
                os.rmdir(folder)  # fails, as it should, if anything else is in it now
        self.folders.clear()

    def tidy(self) -> None:
        """Removes the temporary names and the second names of old files (after success or a rollback)."""
        for _, temporary, _ in self.temporaries:
            with suppress(OSError):
                os.unlink(temporary)
        for kept in self.kept:
            with suppress(OSError):
                os.unlink(kept)
        self.temporaries.clear()
        self.kept.clear()


def _create(target: Path, temporary: Path) -> None:
    """Gives `temporary` the name `target`, which must not exist: atomically, so one racing run wins."""
    with _naming(target, "cannot write"):
        try:
            os.link(temporary, target, follow_symlinks=False)
            return
        except FileExistsError:
            raise _exists(target) from None
        except OSError as error:
            if error.errno not in _NO_LINKS:
                raise
        # No links here: claim the name with an exclusive create, then rename over that empty file of ours.
        try:
            handle = os.open(target, _NEW, 0o666)
        except FileExistsError:
            raise _exists(target) from None
        placeholder = _identity_of(handle)
        os.close(handle)
        try:
            os.replace(temporary, target)
        except BaseException:
            if _identity(target) == placeholder:
                with suppress(OSError):
                    os.unlink(target)
            raise


def _exists(target: Path) -> OutputError:
    return OutputError(f"{shown(target)} already exists; use --force to replace it")


def _replace(target: Path, temporary: Path) -> Path | None:
    """Renames `temporary` over `target` (a regular file, or absent); returns the second name of the old file."""
    with _naming(target, "cannot replace"):
        try:
            mode = os.lstat(target).st_mode
        except FileNotFoundError:
            os.replace(temporary, target)
            return None
        _refuse_unless_regular(target, mode)
        kept = _keep(target)
        try:
            os.replace(temporary, target)
        except BaseException:
            _put_back(kept, target)
            raise
        return kept


def _keep(target: Path) -> Path:
    """Gives the old `target` a second name beside it: a hard link, or where links are refused, a move."""
    for _ in range(_ATTEMPTS):
        kept = target.parent / f"{PREFIX}{_token()}{OLD}"
        try:
            os.link(target, kept, follow_symlinks=False)
            return kept
        except FileExistsError:
            continue
        except OSError as error:
            if error.errno not in _NO_LINKS:
                raise
        if not kept.exists():
            os.rename(target, kept)
            return kept
    raise FileExistsError(errno.EEXIST, f"no free name to keep {target.name} under")


def _put_back(kept: Path, target: Path) -> bool:
    """Gives the old file its name again; returns False if that failed (then `kept` holds it)."""
    try:
        os.replace(kept, target)  # when both are still names of the old file, this changes nothing
    except OSError:
        return False
    with suppress(OSError):
        os.unlink(kept)
    return True


def _token() -> str:
    """Returns eight random hex digits for a temporary name."""
    return os.urandom(4).hex()


def _exclusive(folder: Path, suffix: str) -> tuple[Path, int]:
    """Creates a new file with a random short name in `folder`; returns its path and an open handle."""
    for _ in range(_ATTEMPTS):
        path = folder / f"{PREFIX}{_token()}{suffix}"
        try:
            return path, os.open(path, _NEW, 0o666)
        except FileExistsError:
            continue
    raise FileExistsError(errno.EEXIST, f"no free temporary name in {folder}")


def _write_all(handle: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        done = os.write(handle, view)
        if done <= 0:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        view = view[done:]


def _identity(path: Path) -> tuple[int, int] | None:
    try:
        info = os.lstat(path)
    except OSError:
        return None
    return info.st_dev, info.st_ino


def _identity_of(handle: int) -> tuple[int, int]:
    info = os.fstat(handle)
    return info.st_dev, info.st_ino


def _sync_folders(folders: set[Path]) -> None:
    """Flushes the folders' entries to disk, so that the new names survive a power cut (best effort)."""
    for folder in folders:
        with suppress(OSError):
            handle = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0) | getattr(os, "O_CLOEXEC", 0))
            try:
                os.fsync(handle)
            finally:
                os.close(handle)


@contextmanager
def _naming(path: Path, doing: str) -> Iterator[None]:
    """Turns an OSError into an OutputError naming `path` and saying what could not be done."""
    try:
        yield
    except OSError as error:
        reason = error.strerror or str(error)
        raise OutputError(f"{doing} {shown(path)}: {reason}") from None
