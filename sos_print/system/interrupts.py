"""Turns every signal that ends a run into one clean exception, and holds them off while files are swapped.

A signal handler that raises can strike anywhere: in the middle of renaming the second file
of a kit, or inside a cleanup that removes temporary files. So the handler raises only while
the program is *armed* and not inside a `deferred()` section; otherwise it records the
signal, and the code says where it may be acted on (`checkpoint()`, or the end of the
section). Only the first signal counts: a second one while the first is being dealt with
changes nothing. Libraries that swallow exceptions in a bare `except:` (reportlab has some)
cannot hide an interruption either: `received()` still tells, and `checkpoint()` raises.

`outcome` says what an interruption leaves behind, for the one line the user sees; the
writer of the files keeps it up to date.
"""

from __future__ import annotations

import contextlib
import signal
import sys
from collections.abc import Callable, Iterator
from types import FrameType
from typing import NoReturn

# SIGHUP: the terminal was closed, which ends a program as surely as Ctrl-C; SIGQUIT: Ctrl-\, a key as near as Ctrl-C,
# which left a kit's new players.pdf beside its old teacher.pdf (issue 20, sweep 18, N9). Windows has neither. The
# others end a program by default too: SIGXCPU is what a CPU-time limit sends (`ulimit -t`, a school server's
# LimitCPU=), and each left a run's temporary files behind it (sweep ad95, 4).
_ENDING = ("SIGHUP", "SIGQUIT", "SIGXCPU", "SIGALRM", "SIGUSR1", "SIGUSR2", "SIGVTALRM", "SIGPROF")
SIGNALS = (signal.SIGINT, signal.SIGTERM, *(getattr(signal, name) for name in _ENDING if hasattr(signal, name)))
NOTHING_WRITTEN = "nothing written"
OLD_FILES_KEPT = "nothing written; the old files are untouched"
ALL_WRITTEN = "the new files were already written in full"


class Interrupted(BaseException):  # like KeyboardInterrupt: not an error, a request to stop
    """Signals that the user (SIGINT, SIGQUIT; SIGHUP: the terminal closed) or the system (SIGTERM, a CPU-time limit's
    SIGXCPU, a timer's SIGALRM...) asked the program to stop."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum

    @property
    def exit_code(self) -> int:
        """Returns the conventional status of a program ended by this signal: 128 + its number."""
        return 128 + self.signum

    @property
    def line(self) -> str:
        """Returns the one line that tells the user what the interruption left behind."""
        return f"interrupted: {_state.outcome}"


class _State:
    """Holds what the handler needs; one per process, as signals are."""

    installed = False
    armed = False
    deferring = 0
    signum: int | None = None
    outcome = NOTHING_WRITTEN


_state = _State()


def catch() -> None:
    """Installs the handlers (once per process) and arms them; later calls change nothing."""
    if _state.installed:
        return
    for signum in SIGNALS:
        signal.signal(signum, _on_signal)
    _state.installed = _state.armed = True


def _on_signal(signum: int, frame: FrameType | None) -> None:
    if _state.signum is not None:
        return  # the first signal is already being dealt with
    _state.signum = signum
    if _state.armed and not _state.deferring and not _inside_import(frame):
        raise Interrupted(signum)


def _inside_import(frame: FrameType | None) -> bool:
    """Tells whether the signal struck inside the import machinery.

    An exception raised there may land in a callback Python runs for a module lock, which
    prints "Exception ignored" and a traceback and goes on; the signal is only recorded, and
    the next checkpoint (a step of the progress, the end of rendering) acts on it.
    """
    return frame is not None and frame.f_code.co_filename.startswith("<frozen importlib")


def received() -> Interrupted | None:
    """Returns the interruption received so far, if any, whether or not it was raised."""
    return None if _state.signum is None else Interrupted(_state.signum)


def checkpoint() -> None:
    """Raises Interrupted here if a signal has arrived (even one held off or swallowed)."""
    interruption = received()
    if interruption is not None:
        raise interruption


@contextlib.contextmanager
def deferred() -> Iterator[None]:
    """Holds signals off inside the block; one that arrived is raised when the block ends normally."""
    _state.deferring += 1
    try:
        yield
    finally:
        _state.deferring -= 1
    if not _state.deferring and _state.armed:
        checkpoint()


def set_outcome(outcome: str) -> None:
    """Records what an interruption from now on would leave behind (see the constants above); a job of the web
    page leaves the page's own words in place."""
    from sos_print.system import jobs

    if jobs.current() is None:
        _state.outcome = outcome


def guarded(body: Callable[[], int]) -> NoReturn:
    """Runs `body` and exits with its status, or with 128 + the signal and one line if interrupted before it ended
    on an error of its own.

    Every statement that could meet a signal is inside the `try`; from the moment the body has
    returned, signals are only recorded, so none can raise while the process is leaving.
    """
    try:
        code = body()
        _state.armed = False
    except Interrupted:
        _state.armed = False
        code = 0
    interruption = received()
    # A run that ended on its own error has said so in its one line: a signal after that adds no second line, and the
    # status stays the error's (a usage error then printed "interrupted: nothing written" under it: ad84).
    if interruption is not None and not code:
        _tell(interruption.line)
        code = interruption.exit_code
    for signum in SIGNALS:
        # Python puts its default handlers back while it shuts down, and a signal then would kill
        # the process with no word after its work was done; an ignored signal stays ignored.
        signal.signal(signum, signal.SIG_IGN)
    sys.exit(code)


def _tell(line: str) -> None:
    """Writes a line on standard error; if even that fails, the exit status still tells."""
    try:
        sys.stderr.write(line + "\n")
        sys.stderr.flush()
    except (AttributeError, OSError, ValueError):
        pass
