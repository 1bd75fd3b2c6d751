"""How a sos-print process talks and ends: lines on its streams, and one exit status for every way it can end.

| status | meaning |
|---|---|
| 0 | done |
| 1 | a problem with files or examples; nothing was written |
| 2 | a usage error (options, or text the font cannot print) |
| 70 | an internal error: a bug in sos-print (one line; the details go to a file) |
| 74 | standard output could not be written (a closed pipe, a full device) |
| 129, 130, 131, 143 | interrupted by SIGHUP, SIGINT, SIGQUIT or SIGTERM |

Everything the commands print goes through `say`, so that a failing standard output (a
closed pipe such as `| head -1`, or `> /dev/full`) ends in one line on standard error and
status 74, never in a traceback. An exception nobody expected is a bug: the user gets one
line asking for a report and the name of the file that holds the traceback; with the
environment variable SOS_PRINT_DEBUG=1 the traceback is printed instead.

The cyclic garbage collector is off while a run loads the command and what it draws with
(`run_command_line`, the one place that pauses and restores it; why: docs/design.md,
"Start-up"). What was loaded is then frozen out of the collector's sight and the collector is
on again for the command's own work.
"""

from __future__ import annotations

import errno
import gc
import os
import sys
from collections.abc import Callable
from typing import TextIO

EXIT_INTERNAL = 70  # EX_SOFTWARE in sysexits.h
EXIT_STREAM = 74  # EX_IOERR
DEBUG = "SOS_PRINT_DEBUG"
# What a failing standard stream raises; an OSError with another errno, or naming a file, is a bug.
_STREAM_ERRNOS = {errno.EPIPE, errno.ENOSPC, errno.EIO, errno.EBADF, errno.EDQUOT, errno.EFBIG, errno.ECONNRESET}


class StreamError(Exception):
    """Signals that standard output could not be written; `note` says what was done before."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason
        self.note = ""

    def line(self) -> str:
        """Returns the one line that reports the failure."""
        note = f"; {self.note}" if self.note else ""
        return f"sos-print: cannot write to standard output: {self.reason}{note}"


def say(text: str, *, err: bool = False) -> None:
    """Prints a line on standard output (or error); a failing standard output raises StreamError.

    A failing standard error is passed over: it is the last channel there is, and the exit
    status still tells what happened.
    """
    from sos_print.system import jobs

    job = jobs.current()
    if job is not None:  # a job of the web page keeps its lines
        job.say(text, err)
        return
    stream = sys.stderr if err else sys.stdout
    try:
        if stream is None:
            raise OSError(errno.EBADF, "it is closed")
        stream.write(_encodable(text + "\n", stream))
        stream.flush()
    except (OSError, ValueError) as error:  # ValueError: the stream was closed
        if err:
            return
        raise StreamError(_why(error)) from None


def progress_line(describe: Callable[[int, int], str]) -> Callable[[int, int], None]:
    """Returns a writer of a progress line on a terminal (a long search must not look hung); piped, it writes
    nothing. Each step is a checkpoint (see interrupts): a signal only recorded, as one that strikes inside an import
    is, stops the work there, where an analysis piped to a file ran on to its end and then said it had stopped
    (ad83, 2).

    Progress is a courtesy: a failing terminal never stops the work.
    """
    from sos_print.system import interrupts, jobs

    job = jobs.current()
    if job is not None:  # a job of the web page shows its progress on the page
        return lambda done, total: job.step(describe(done, total), done, total)

    def show(done: int, total: int) -> None:
        interrupts.checkpoint()
        show_progress(describe(done, total))

    return show


def show_progress(text: str) -> None:
    """Writes `text` as the progress line, over the one before, if standard error is a terminal."""
    if _on_terminal():
        _write_error(f"\r\033[K{text}")


def clear_progress_line() -> None:
    """Erases the progress line, if one was shown."""
    if _on_terminal():
        _write_error("\r\033[K")


def _on_terminal() -> bool:
    try:
        return sys.stderr is not None and sys.stderr.isatty()
    except (OSError, ValueError):
        return False


def _write_error(text: str) -> None:
    try:
        sys.stderr.write(text)
        sys.stderr.flush()
    except (OSError, ValueError):
        pass


def _encodable(text: str, stream: TextIO) -> str:
    """Escapes what the stream's encoding cannot hold (an ASCII terminal), rather than failing."""
    encoding = getattr(stream, "encoding", None) or "utf-8"
    try:
        text.encode(encoding)
    except (UnicodeEncodeError, LookupError):
        return text.encode(encoding, "backslashreplace").decode(encoding, "replace")
    return text


def _why(error: BaseException) -> str:
    if isinstance(error, BrokenPipeError):
        return "the reader has closed the pipe"
    if isinstance(error, OSError) and error.strerror:
        return str(error.strerror)
    return "it is closed"


def is_stream_failure(error: BaseException) -> bool:
    """Tells whether an exception that escaped the commands is a standard stream failing (click's own writes)."""
    if isinstance(error, ValueError) and "closed file" in str(error):
        return True
    return isinstance(error, OSError) and error.filename is None and error.errno in _STREAM_ERRNOS


def run_command_line() -> int:
    """Runs the Typer application and returns the exit status, whatever happens inside.

    The garbage collector is off while the command and its modules load, then on (the loaded
    objects frozen) for the work, and as the caller had it once the run ends (the tests go on).
    """
    collecting = gc.isenabled()
    gc.disable()
    try:
        return _run_application()
    finally:
        if collecting:
            gc.enable()
        else:
            gc.disable()


def _run_application() -> int:
    from sos_print.system import interrupts

    try:
        try:
            try:
                application = _loaded(sys.argv[1:])
            except OSError as error:  # what the libraries read as they load is the machine's, not a bug
                return _not_loaded(error)
            except Exception as error:
                if (settings := _settings_failed(error)) is None:
                    raise
                say(f"sos-print: cannot load the drawing library: {settings} fails ({type(error).__name__})", err=True)
                return 1
            gc.freeze()
            gc.enable()
            application()  # standalone mode: always ends in SystemExit
            code = 0
        except SystemExit as end:
            code = _status(end.code)
        _flush_stdout()
    except StreamError as error:
        return _stream_failed(error)
    except Exception as error:
        interruption = interrupts.received()
        if interruption is not None:  # a library caught the interruption and raised something else
            raise interruption from None
        if isinstance(error, FileNotFoundError) and _folder_gone():  # check of a relative path, from it (ad86, 1)
            return _said_folder_gone()
        if is_stream_failure(error):
            reporting = _status_being_reported(error)
            if reporting is not None:  # standard error failed while Typer reported a usage error on it
                return reporting
            return _stream_failed(StreamError(_why(error)))
        return internal_error(error)
    return code


def _not_loaded(error: OSError) -> int:
    """Reports in one line, status 1, what kept the command from loading: reportlab asks for the current folder as it
    loads (one deleted since, as a terminal left open in a folder removed in the file manager, ended in "internal
    error": ad85, 1) and reads a file of settings in the home folder (HOME naming a file did: ad85, 8)."""
    if _folder_gone():
        return _said_folder_gone()
    if error.filename is None or not error.strerror:
        raise error
    say(f"sos-print: cannot load the drawing library: {os.fsdecode(error.filename)}: {error.strerror}", err=True)
    return 1


def _settings_failed(error: BaseException) -> str | None:
    """Returns the file of reportlab's settings in the home folder (~/.reportlab_mods, which reportlab runs as it
    loads) where `error` came from it, else None: its failure was "internal error; this is a bug" (ad86, 11)."""
    import traceback

    files = [getattr(error, "filename", None) or ""]
    files += [frame.f_code.co_filename for frame, _ in traceback.walk_tb(error.__traceback__)]
    return next((name for name in files if os.path.basename(name) == ".reportlab_mods"), None)


def _folder_gone() -> bool:
    """Tells whether the current folder was deleted or moved since the run started in it."""
    try:
        os.getcwd()
    except FileNotFoundError:
        return True
    return False


def _said_folder_gone() -> int:
    """Says in one line that the current folder is gone; returns status 1."""
    say(
        "sos-print: the current folder no longer exists (deleted or moved): go to a folder that exists and run the "
        "command again",
        err=True,
    )
    return 1


def _loaded(arguments: list[str]) -> Callable[[], object]:
    """Loads the application with the command `arguments` name (or every command) and what it draws with."""
    from sos_print.cli.application import app_for

    return app_for(arguments)


def _status_being_reported(error: BaseException) -> int | None:
    """Returns the status of the error Typer was reporting when `error` struck, if it was reporting one."""
    context = error.__context__
    code = getattr(context, "exit_code", None)
    return code if isinstance(code, int) else None


def _status(code: object) -> int:
    if code is None:
        return 0
    if isinstance(code, int):
        return code
    say(str(code), err=True)
    return 1


def _flush_stdout() -> None:
    """Pushes out what is still buffered now, while a failure can be reported, rather than at exit."""
    try:
        if sys.stdout is not None:
            sys.stdout.flush()
    except (OSError, ValueError) as error:
        raise StreamError(_why(error)) from None


def _stream_failed(error: StreamError) -> int:
    say(error.line(), err=True)
    _silence_stdout()
    return EXIT_STREAM


def _silence_stdout() -> None:
    """Points standard output at /dev/null, so that the interpreter's last flush cannot fail again."""
    try:
        descriptor = sys.stdout.fileno()
        null = os.open(os.devnull, os.O_WRONLY)
    except (AttributeError, OSError, ValueError):
        return  # not a real file (a test runner's buffer): nothing will be flushed at exit
    os.dup2(null, descriptor)
    os.close(null)


def internal_error(error: BaseException) -> int:
    """Reports a bug in one line, with where its details went (or the traceback, with SOS_PRINT_DEBUG=1)."""
    import traceback  # here, not at the top: every run would pay for it, and few runs meet a bug

    summary = f"{type(error).__name__}: {str(error).strip().splitlines()[0][:200]}" if str(error).strip() else ""
    head = f"sos-print: internal error ({summary or type(error).__name__}); this is a bug, please report it"
    if os.environ.get(DEBUG, "") not in ("", "0"):
        say("".join(traceback.format_exception(error)).rstrip(), err=True)
        say(head, err=True)
        return EXIT_INTERNAL
    details = _save_details(error)
    where = f" with the details in {details}" if details else f" (run again with {DEBUG}=1 to see the details)"
    say(head + where, err=True)
    return EXIT_INTERNAL


def _save_details(error: BaseException) -> str | None:
    """Writes the traceback and the versions to a new file in the temporary folder; returns its name."""
    import platform
    import tempfile
    import traceback

    from sos_print import __version__

    text = (
        f"sos-print {__version__}, Python {platform.python_version()}, {platform.platform()}\n"
        f"command: {sys.argv!r}\n\n" + "".join(traceback.format_exception(error))
    )
    try:
        handle, name = tempfile.mkstemp(prefix="sos-print-error-", suffix=".txt")
        with os.fdopen(handle, "w", encoding="utf-8", errors="backslashreplace") as file:
            file.write(text)
    except OSError:
        return None
    return name
