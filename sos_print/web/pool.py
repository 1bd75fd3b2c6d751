"""Runs the page's jobs on a bounded pool of worker threads with a bounded queue: a full queue refuses at once.

Work never piles up: at most `workers` jobs run and `waiting` more wait; the next request is told
to come back later (503). A job whose client went away is cancelled (`system.jobs`), and stops at
its next step, or at once if it has not started.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from typing import TypeVar

T = TypeVar("T")


class Full(Exception):
    """Signals that every worker is busy and the queue is full."""


class Pool:
    """Holds the worker threads and counts the jobs running or waiting."""

    def __init__(self, workers: int, waiting: int) -> None:
        self.workers = workers
        self._executor = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="sos-print-job")
        self._places = threading.BoundedSemaphore(workers + waiting)
        self._closed = False

    def submit(self, work: Callable[[], T]) -> Future[T]:
        """Starts `work` on a worker, or queues it; raises Full if as many jobs as the pool holds are there."""
        if self._closed or not self._places.acquire(blocking=False):
            raise Full
        try:
            future = self._executor.submit(work)
        except RuntimeError:  # shut down meanwhile
            self._places.release()
            raise Full from None
        future.add_done_callback(lambda _: self._places.release())
        return future

    def close(self) -> None:
        """Takes no more jobs, drops those waiting, and returns once the running ones have stopped."""
        self._closed = True
        self._executor.shutdown(wait=True, cancel_futures=True)
