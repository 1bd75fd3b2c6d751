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

Each output folder is opened once, one name at a time from `/` (or the working folder) as the
kernel resolves a path, and every later step names its files from that open folder, never by
the folder's path again: a folder swapped for a link once it was checked cannot lead the files,
or their clean-up, anywhere else (issue 20, sweep 41, A4).
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
_NOFOLLOW, _CLOEXEC, _DIRECTORY = (getattr(os, name, 0) for name in ("O_NOFOLLOW", "O_CLOEXEC", "O_DIRECTORY"))
_NEW = os.O_WRONLY | os.O_CREAT | os.O_EXCL | _NOFOLLOW | _CLOEXEC
# O_PATH (Linux) opens a folder only to look names up in it, so a folder the user may enter but not list is walked
# through as the kernel walks it, and opens a link itself, so that its owner and its target are read from one link.
_PATH = getattr(os, "O_PATH", 0)
_FOLDER = (_PATH or os.O_RDONLY) | _DIRECTORY | _NOFOLLOW | _CLOEXEC
# Windows finds names only by their paths: there the folders are used by path, as no link rule applies anyway.
_BY_FOLDER = {os.open, os.mkdir, os.stat, os.link, os.rename, os.unlink, os.rmdir, os.readlink} <= os.supports_dir_fd
_ATTEMPTS = 100  # random names that clash this often mean something else is wrong
_MOST_LINKS = 40  # the links Linux follows in one path before it gives up (ELOOP)
_LONGEST_PATH = 4096  # PATH_MAX on Linux, the bytes of the longest path the kernel looks up


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


class _Folder:
    """Holds a folder open: every name in it is found from the folder itself, so that its path leading elsewhere
    meanwhile (a folder on the way swapped for a link) changes nothing. Where names can only be found by their
    paths (Windows), it holds the path."""

    def __init__(self, path: Path, handle: int | None) -> None:
        self.path = path
        self.handle = handle

    def at(self, name: str) -> str:
        """Returns how `name` is given to a call that also gets `dir_fd=self.handle`."""
        return name if self.handle is not None else os.path.join(self.path, name)

    def lstat(self, name: str) -> os.stat_result:
        return os.stat(self.at(name), dir_fd=self.handle, follow_symlinks=False)

    def identity(self, name: str) -> tuple[int, int] | None:
        try:
            info = self.lstat(name)
        except OSError:
            return None
        return info.st_dev, info.st_ino

    def create(self, name: str) -> int:
        return os.open(self.at(name), _NEW, 0o666, dir_fd=self.handle)

    def link(self, source: str, name: str) -> None:
        os.link(self.at(source), self.at(name), src_dir_fd=self.handle, dst_dir_fd=self.handle, follow_symlinks=False)

    def rename(self, source: str, name: str) -> None:
        os.rename(self.at(source), self.at(name), src_dir_fd=self.handle, dst_dir_fd=self.handle)

    def replace(self, source: str, name: str) -> None:
        os.replace(self.at(source), self.at(name), src_dir_fd=self.handle, dst_dir_fd=self.handle)

    def unlink(self, name: str) -> None:
        os.unlink(self.at(name), dir_fd=self.handle)

    def rmdir(self, name: str) -> None:
        os.rmdir(self.at(name), dir_fd=self.handle)

    def may_write(self) -> bool:
        return os.access(self.at("."), os.W_OK | os.X_OK, dir_fd=self.handle)

    def read_only(self) -> bool:
        if not hasattr(os, "ST_RDONLY"):
            return False
        info = os.fstatvfs(self.handle) if self.handle is not None else os.statvfs(self.path)
        return bool(info.f_flag & os.ST_RDONLY)

    def longest_name(self) -> int:
        try:
            if self.handle is not None:
                return os.fpathconf(self.handle, "PC_NAME_MAX")
            return os.pathconf(self.path, "PC_NAME_MAX")
        except (AttributeError, OSError, ValueError):  # no pathconf (Windows), or no answer
            return 255

    def sync(self) -> None:
        """Flushes the folder's entries to disk, so that the new names survive a power cut (best effort)."""
        with suppress(OSError):
            handle = os.open(self.at("."), os.O_RDONLY | _DIRECTORY | _CLOEXEC, dir_fd=self.handle)
            try:
                os.fsync(handle)
            finally:
                os.close(handle)

    def close(self) -> None:
        handle, self.handle = self.handle, -1  # a closed folder finds nothing more (EBADF), never a path
        if handle is not None and handle >= 0:
            os.close(handle)


def check_targets(paths: list[Path], force: bool, inputs: Sequence[str | Path] = (), names_given: bool = True) -> bool:
    """Makes sure each path can be written; returns whether any of them exists (and would be replaced).

    No path may be one of the `inputs` the run reads. `names_given` is false when the user gave only the folder
    (`--out DIR`) and the run names its files: a message then says what name the run needs.

    Nothing is created or changed: the folders are made only when the files are written.
    """
    existing = False
    for path in paths:
        with interrupts.deferred():  # a signal is acted on once the folders opened are closed again
            folder, nearest, missing = _open(path.parent, None)
            try:
                _check_folder(path.parent, folder, nearest, missing)
                _check_name(path, folder)
                if not missing:
                    existing |= _check_target(path, folder, force, inputs, names_given)
            finally:
                folder.close()
    return existing


def _check_target(path: Path, folder: _Folder, force: bool, inputs: Sequence[str | Path], names_given: bool) -> bool:
    try:
        info = folder.lstat(path.name)
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
    if any(_same_file(folder, path.name, source) for source in inputs):
        # --force replaces what the user made, never what the run reads: a group's only filled audit, say.
        raise OutputError(f"{shown(path)} is the file this run reads; write to another file")
    if not force:
        raise OutputError(f"{shown(path)} already exists; use --force to replace it")
    return True


def _same_file(folder: _Folder, name: str, source: str | Path) -> bool:
    try:
        one, other = os.stat(folder.at(name), dir_fd=folder.handle), os.stat(source)
    except (OSError, ValueError):
        return False  # an input that cannot be looked at is refused where it is read, not here
    return (one.st_dev, one.st_ino) == (other.st_dev, other.st_ino)


def _refuse_unless_regular(path: Path, mode: int) -> None:
    if not stat.S_ISREG(mode):
        kind = _KINDS.get(stat.S_IFMT(mode), "not a regular file")
        raise OutputError(f"{shown(path)} is {kind}, not a regular file: sos-print replaces only regular files")


def _check_folder(folder: Path, opened: _Folder, nearest: Path, missing: list[str]) -> None:
    """Makes sure files can be made in `folder`, or the folders still `missing` below `nearest`, opened."""
    verb = "create" if missing else "write in"
    if opened.read_only():
        raise OutputError(f"cannot {verb} the folder {shown(folder)}: read-only file system")
    if not opened.may_write():
        where = f" (in {shown(nearest)})" if missing else ""
        raise OutputError(f"cannot {verb} the folder {shown(folder)}: permission denied{where}")


def _check_name(path: Path, folder: _Folder) -> None:
    """Refuses a file name longer than the file system allows, with the figures, before any work."""
    limit = folder.longest_name()
    length = len(os.fsencode(path.name))
    if length > limit:
        # A replay's name is made from its record's: "this file system allows 255" left no way on (sweep ad94, 4).
        raise OutputError(
            f"{shown(path)}: the file name is {length} bytes long; this file system allows {limit}: give a shorter one "
            "with --out"
        )


_Made = list[tuple[_Folder, str, tuple[int, int]]]  # each folder a run made: the open folder holding it, its name


def _open(folder: Path, made: _Made | None) -> tuple[_Folder, Path, list[str]]:
    """Opens `folder`, or the deepest folder on the way to it that exists; returns it, that folder's path as the user
    wrote it, and the names still missing below it. With `made`, the missing folders are made (each recorded there)
    and `folder` itself is returned.

    The path is walked as the kernel resolves it, one name at a time from the folder opened before: each link is read
    once and followed to its target before the names after it, unless another user may have planted it (see
    `_Walk.refuse_planted`), and ".." is the parent of the folder reached, so "lnk/.." is the folder above where the
    link leads, not the folder holding the link (sweep 40, F5)."""
    if not _BY_FOLDER:
        return _open_by_path(folder, made)
    walk = None
    try:
        walk = _Walk(folder, made)
        return walk.run()
    except OSError as error:
        raise OutputError(f"cannot use the folder {shown(folder)}: {error.strerror or error}") from None
    finally:
        if walk is not None:
            walk.close()


class _Walk:
    """Walks a folder's path one name at a time, holding open the folder reached."""

    def __init__(self, folder: Path, made: _Made | None) -> None:
        if len(os.fsencode(folder)) >= _LONGEST_PATH:  # as the kernel refuses it, though each name would be found
            raise OSError(errno.ENAMETOOLONG, os.strerror(errno.ENAMETOOLONG))
        self.folder, self.made = folder, made
        absolute = folder.is_absolute()
        self.names = list(folder.parts[1:] if absolute else folder.parts)
        try:
            self.current = Path(os.sep if absolute else os.getcwd())  # the folder reached, with no link in its path
        except OSError:
            self.current = Path(".")  # a working folder removed: nothing can be made in it anyway
        self.handle: int | None = None
        self.handle = os.open(os.sep if absolute else ".", _FOLDER)
        self.followed = 0

    def close(self) -> None:
        handle, self.handle = self.handle, None
        if handle is not None:
            os.close(handle)

    def written(self, count: int) -> Path:
        """Returns the first `count` names of the path as the user wrote it."""
        return Path(self.folder.anchor, *self.names[:count])

    def run(self) -> tuple[_Folder, Path, list[str]]:
        for index, name in enumerate(self.names):
            assert self.handle is not None
            before = os.dup(self.handle)  # to come back to where the name is missing
            try:
                found = self.take(name, index)
            except BaseException:
                os.close(before)
                raise
            if found:
                os.close(before)
                continue
            self.close()
            nearest = self.written(index)
            return _Folder(nearest, before), nearest, self.names[index:]
        handle, self.handle = self.handle, None
        return _Folder(self.folder, handle), self.folder, []

    def move(self, handle: int, current: Path) -> None:
        self.close()
        self.handle, self.current = handle, current

    def take(self, written: str, index: int) -> bool:
        """Goes to the folder the name `written` leads to; returns False where nothing has that name (and no
        folder is to be made)."""
        pending, through_link, making = [written], False, 0
        while pending:
            name = pending.pop()
            if name in ("", "."):
                continue
            if name == "..":
                self.move(os.open("..", _FOLDER, dir_fd=self.handle), self.current.parent)
                continue
            found = self.open(name, index)
            if isinstance(found, int):
                self.move(found, self.current / name)
            elif isinstance(found, str):
                self.followed += 1
                if self.followed > _MOST_LINKS:
                    raise OSError(errno.ELOOP, os.strerror(errno.ELOOP))
                if os.path.isabs(found):
                    self.move(os.open(os.sep, _FOLDER), Path(os.sep))
                pending += reversed(Path(found).parts[1:] if os.path.isabs(found) else Path(found).parts)
                through_link = True
            elif self.made is None:
                return False
            elif through_link:  # as mkdir does, a link is never made to lead somewhere by making its target
                # "File exists" named no file: the name is a link to nothing (sweep ad74, 12).
                raise OutputError(
                    f"cannot create the folder {shown(self.written(index + 1))}: a link of that name leads to "
                    "nothing: remove it or name another folder"
                )
            else:
                making += 1
                if making > _ATTEMPTS:
                    raise OSError(errno.ENOENT, os.strerror(errno.ENOENT))
                self.make(name, index)
                pending.append(name)  # then opened as any folder: it may have been swapped for a link already
        return True

    def open(self, name: str, index: int) -> int | str | None:
        """Opens the folder `name` in the folder reached; returns its handle, the target of a link that may be
        followed, or None where nothing has that name."""
        for _ in range(_ATTEMPTS):
            try:
                return os.open(name, _FOLDER, dir_fd=self.handle)
            except FileNotFoundError:
                return None
            except OSError as error:
                if error.errno not in (errno.ENOTDIR, errno.ELOOP):
                    raise
            link = _read_link(self.handle, name)
            if link is not None:
                self.refuse_planted(name, link[0])
                return link[1]
            try:
                mode = os.stat(name, dir_fd=self.handle, follow_symlinks=False).st_mode
            except FileNotFoundError:
                return None
            if not (stat.S_ISDIR(mode) or stat.S_ISLNK(mode)):
                raise OutputError(_not_a_folder(self.folder, self.written(index + 1)))
            # a folder or a link again: the name changed between two looks; look once more
        raise OSError(errno.EAGAIN, os.strerror(errno.EAGAIN))

    def refuse_planted(self, name: str, link: os.stat_result) -> None:
        """Refuses a link in a folder that another user controls (one someone other than the user may write in, its
        group or everyone, sticky as /tmp or not; or one that belongs to another user than the user and root, such as
        /tmp/bob of mode 0755) unless the link belongs to the user or to root and has a single name: any other link
        there may have been planted, or swapped in, by another user (anyone who may write in a folder without the
        sticky bit, the owner of any folder) to lead the run's files over the user's own. It is stricter than the
        kernel's protected_symlinks rule (sticky folders only, their owner trusted), and holds where that is off
        (sweep 39, F6; sweep 41, B1; issue 20, A7)."""
        if not hasattr(os, "geteuid"):  # no owners to compare where there are no user ids
            return
        assert self.handle is not None
        folder = os.fstat(self.handle)
        shared = folder.st_mode & (stat.S_IWGRP | stat.S_IWOTH)
        theirs = folder.st_uid not in (os.geteuid(), 0)  # its owner may replace any name in it, whatever its mode
        ours = link.st_uid in (os.geteuid(), 0) and link.st_nlink == 1  # a second name: linked there from elsewhere
        if ours or not (shared or theirs):
            return
        where = f"the shared folder {shown(self.current)}" if shared else f"{shown(self.current)}, a folder of theirs"
        raise OutputError(
            f"cannot use the folder {shown(self.folder)}: {shown(self.current / name)} is a symbolic link another "
            f"user left in {where}; give the folder it leads to, if it is yours"
        )

    def make(self, name: str, index: int) -> None:
        """Makes the folder `name` in the folder reached and records it, unless another run made it meanwhile."""
        assert self.made is not None and self.handle is not None
        try:
            os.mkdir(name, dir_fd=self.handle)
        except FileExistsError:
            return  # made by someone else meanwhile: not ours to remove
        except OSError as error:
            raise OutputError(
                f"cannot create the folder {shown(self.written(index + 1))}: {error.strerror or error}"
            ) from None
        holder = _Folder(self.current, os.dup(self.handle))
        identity = holder.identity(name)
        if identity is None:
            holder.close()
            return
        self.made.append((holder, name, identity))


def _read_link(folder: int | None, name: str) -> tuple[os.stat_result, str] | None:
    """Returns the owner's record and the target of the link `name` in `folder`, both of one link; None if it is not
    a link (now)."""
    if _PATH:  # the link itself opened: its owner and its target cannot come from two links swapped in between
        try:
            handle = os.open(name, _PATH | _NOFOLLOW | _CLOEXEC, dir_fd=folder)
        except FileNotFoundError:
            return None
        try:
            info = os.fstat(handle)
            return (info, os.readlink("", dir_fd=handle)) if stat.S_ISLNK(info.st_mode) else None
        finally:
            os.close(handle)
    try:  # elsewhere the link is looked at before and after it is read, and read again if it changed
        info = os.stat(name, dir_fd=folder, follow_symlinks=False)
        if not stat.S_ISLNK(info.st_mode):
            return None
        target = os.readlink(name, dir_fd=folder)
        again = os.stat(name, dir_fd=folder, follow_symlinks=False)
    except FileNotFoundError:
        return None
    same = (again.st_dev, again.st_ino, again.st_ctime_ns) == (info.st_dev, info.st_ino, info.st_ctime_ns)
    return (info, target) if same else None


def _not_a_folder(folder: Path, found: Path) -> str:
    """Says that `folder` cannot be made because `found`, itself or a folder above it, is no folder."""
    if found == folder:  # "file.txt: file.txt is not a folder" said the name twice (sweep ad73, 9)
        return f"cannot create the folder {shown(folder)}: {_what_is_there(folder)} of that name is already there"
    return f"cannot create the folder {shown(folder)}: {shown(found)} is not a folder"


def _what_is_there(path: Path) -> str:
    """Returns what stands at `path` as a message names it: "a device" for /dev/null, which was "a file" (ad83, 15)."""
    try:
        mode = os.stat(path, follow_symlinks=False).st_mode
    except OSError:
        return "a file"
    kinds = (
        (stat.S_ISCHR, "a device"),
        (stat.S_ISBLK, "a device"),
        (stat.S_ISFIFO, "a pipe"),
        (stat.S_ISSOCK, "a socket"),
    )
    return next((name for test, name in kinds if test(mode)), "a file")


def _open_by_path(folder: Path, made: _Made | None) -> tuple[_Folder, Path, list[str]]:
    """Does what `_open` does where names can only be found by their paths (Windows): no link rule applies there."""
    nearest, missing = folder, list[str]()
    while True:
        try:
            info = os.stat(nearest)
            break
        except (FileNotFoundError, NotADirectoryError):
            if nearest.parent == nearest:
                raise OutputError(f"cannot create the folder {shown(folder)}") from None
            missing.insert(0, nearest.name)
            nearest = nearest.parent
        except OSError as error:
            raise OutputError(f"cannot use the folder {shown(folder)}: {error.strerror}") from None
    if not stat.S_ISDIR(info.st_mode):
        raise OutputError(_not_a_folder(folder, nearest))
    if made is None:
        return _Folder(nearest, None), nearest, missing
    for name in missing:
        holder, nearest = _Folder(nearest, None), nearest / name
        with _naming(nearest, "cannot create the folder"):
            try:
                os.mkdir(nearest)
            except FileExistsError:
                continue  # made by someone else meanwhile: not ours to remove
        identity = holder.identity(name)
        if identity is not None:
            made.append((holder, name, identity))
    return _Folder(folder, None), folder, []


def write_files(files: list[tuple[Path, bytes]], force: bool) -> None:
    """Writes every (path, data) as one set: all of them whole, or none and the old files untouched.

    Without `force`, a path that exists by the time the file takes its name stops everything.
    Signals are held off throughout and acted on only where nothing would be left half done.
    """
    with interrupts.deferred():
        work = _Work()
        try:
            try:
                for folder in dict.fromkeys(path.parent for path, _ in files):
                    work.open_folder(folder)  # the links on the way checked again: one may have been planted meanwhile
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
        finally:
            work.close()
        interrupts.set_outcome(interrupts.ALL_WRITTEN)


class _Work:
    """Keeps what a run has made so far, so that a failure can take all of it back."""

    def __init__(self) -> None:
        self.opened: dict[Path, _Folder] = {}  # each output folder, open
        self.made: _Made = []  # the folders this run made, outermost first
        self.temporaries: list[tuple[Path, _Folder, str, tuple[int, int]]] = []  # (target, folder, temporary, identity)
        self.placed: list[tuple[Path, _Folder, str | None, tuple[int, int]]] = []  # (target, folder, kept, identity)
        self.kept: list[tuple[_Folder, str]] = []  # the second names of the old files

    def open_folder(self, folder: Path) -> None:
        self.opened[folder] = _open(folder, self.made)[0]

    def write_temporary(self, target: Path, data: bytes) -> None:
        folder = self.opened[target.parent]
        with _naming(target, "cannot write"):
            temporary, handle = _exclusive(folder, PART)
            try:
                self.temporaries.append((target, folder, temporary, _identity_of(handle)))
                _write_all(handle, data)
                os.fsync(handle)
            finally:
                os.close(handle)

    def commit(self, force: bool) -> None:
        for target, folder, temporary, identity in self.temporaries:
            kept = None
            if force:
                kept = _replace(folder, target, temporary)
            else:
                _create(folder, target, temporary)
            self.placed.append((target, folder, kept, identity))
            if kept is not None:
                self.kept.append((folder, kept))
        for folder in dict.fromkeys(folder for _, folder, _, _ in self.temporaries):
            folder.sync()

    def undo(self) -> None:
        """Puts back every old file and removes every new one; best effort, as the run is failing anyway."""
        for target, folder, kept, identity in reversed(self.placed):
            if kept is not None:
                if not _put_back(folder, kept, target.name):
                    self.kept.remove((folder, kept))  # the only copy of the old file now: never delete it
            elif folder.identity(target.name) == identity:
                with suppress(OSError):
                    folder.unlink(target.name)
        self.placed.clear()
        self.tidy()
        for holder, name, identity in reversed(self.made):
            if holder.identity(name) == identity:
                with suppress(OSError):
                    holder.rmdir(name)  # fails, as it should, if anything else is in it now

    def tidy(self) -> None:
        """Removes the temporary names and the second names of old files (after success or a rollback)."""
        for _, folder, temporary, _ in self.temporaries:
            with suppress(OSError):
                folder.unlink(temporary)
        for folder, kept in self.kept:
            with suppress(OSError):
                folder.unlink(kept)
        self.temporaries.clear()
        self.kept.clear()

    def close(self) -> None:
        """Closes every folder held open."""
        for folder in [*self.opened.values(), *(holder for holder, _, _ in self.made)]:
            with suppress(OSError):
                folder.close()
        self.opened.clear()
        self.made.clear()


def _create(folder: _Folder, target: Path, temporary: str) -> None:
    """Gives `temporary` the name `target`, which must not exist: atomically, so one racing run wins."""
    with _naming(target, "cannot write"):
        try:
            folder.link(temporary, target.name)
            return
        except FileExistsError:
            raise _exists(target) from None
        except OSError as error:
            if error.errno not in _NO_LINKS:
                raise
        # No links here: claim the name with an exclusive create, then rename over that empty file of ours.
        try:
            handle = folder.create(target.name)
        except FileExistsError:
            raise _exists(target) from None
        placeholder = _identity_of(handle)
        os.close(handle)
        try:
            folder.replace(temporary, target.name)
        except BaseException:
            if folder.identity(target.name) == placeholder:
                with suppress(OSError):
                    folder.unlink(target.name)
            raise


def _exists(target: Path) -> OutputError:
    return OutputError(f"{shown(target)} already exists; use --force to replace it")


def _replace(folder: _Folder, target: Path, temporary: str) -> str | None:
    """Renames `temporary` over `target` (a regular file, or absent); returns the second name of the old file."""
    with _naming(target, "cannot replace"):
        try:
            mode = folder.lstat(target.name).st_mode
        except FileNotFoundError:
            folder.replace(temporary, target.name)
            return None
        _refuse_unless_regular(target, mode)
        kept = _keep(folder, target.name)
        try:
            folder.replace(temporary, target.name)
        except BaseException:
            _put_back(folder, kept, target.name)
            raise
        return kept


def _keep(folder: _Folder, name: str) -> str:
    """Gives the old file `name` a second name beside it: a hard link, or where links are refused, a move."""
    for _ in range(_ATTEMPTS):
        kept = f"{PREFIX}{_token()}{OLD}"
        try:
            folder.link(name, kept)
            return kept
        except FileExistsError:
            continue
        except OSError as error:
            if error.errno not in _NO_LINKS:
                raise
        if folder.identity(kept) is None:
            folder.rename(name, kept)
            return kept
    raise FileExistsError(errno.EEXIST, f"no free name to keep {name} under")


def _put_back(folder: _Folder, kept: str, name: str) -> bool:
    """Gives the old file its name again; returns False if that failed (then `kept` holds it)."""
    try:
        folder.replace(kept, name)  # when both are still names of the old file, this changes nothing
    except OSError:
        return False
    with suppress(OSError):
        folder.unlink(kept)
    return True


def _token() -> str:
    """Returns eight random hex digits for a temporary name."""
    return os.urandom(4).hex()


def _exclusive(folder: _Folder, suffix: str) -> tuple[str, int]:
    """Creates a new file with a random short name in `folder`; returns its name and an open handle."""
    for _ in range(_ATTEMPTS):
        name = f"{PREFIX}{_token()}{suffix}"
        try:
            return name, folder.create(name)
        except FileExistsError:
            continue
    raise FileExistsError(errno.EEXIST, f"no free temporary name in {folder.path}")


def _write_all(handle: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        done = os.write(handle, view)
        if done <= 0:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        view = view[done:]


def _identity_of(handle: int) -> tuple[int, int]:
    info = os.fstat(handle)
    return info.st_dev, info.st_ino


@contextmanager
def _naming(path: Path, doing: str) -> Iterator[None]:
    """Turns an OSError into an OutputError naming `path` and saying what could not be done."""
    try:
        yield
    except OSError as error:
        reason = error.strerror or str(error)
        raise OutputError(f"{doing} {shown(path)}: {reason}") from None
