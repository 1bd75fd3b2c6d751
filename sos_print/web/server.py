"""Serves the web page on this computer with werkzeug's threaded server, until Ctrl-C.

A teacher's laptop needs no more: one user, on 127.0.0.1, behind a secret. A school's server runs
the same application under a production WSGI server instead (README, "On a school's server").
"""

from __future__ import annotations

import contextlib
import errno
import logging
import socket
import sys
import threading
import webbrowser
from typing import Any

from werkzeug.serving import ThreadedWSGIServer, WSGIRequestHandler

from sos_print.system import interrupts
from sos_print.web.site import REQUEST_READ

CLOSED = "the page is closed; no work was left running"
# A thread serves each connection: at most this many at once; one more is closed at once (a browser tries again).
MAX_CONNECTIONS = 64
READ_SECONDS = 30  # the longest wait for a client's next bytes
# The longest a client may take to send a whole request, body included (a 100 MB upload at 1 MB/s): a client that
# sends a byte every few seconds cannot hold a thread forever. Making the documents is not counted.
REQUEST_SECONDS = 120


class _Handler(WSGIRequestHandler):
    """Handles one connection: a request must arrive whole within REQUEST_SECONDS, each read within READ_SECONDS."""

    timeout = READ_SECONDS
    request_seconds: float = REQUEST_SECONDS

    def handle_one_request(self) -> None:
        """Handles one request, cutting the connection if the request has not arrived whole in time."""
        self._watchdog = threading.Timer(self.request_seconds, self._cut)
        self._watchdog.daemon = True
        self._watchdog.start()
        try:
            super().handle_one_request()
        finally:
            self._watchdog.cancel()

    def make_environ(self) -> Any:
        """Returns the request's environment, with what the page calls once it has read the request whole."""
        environ = super().make_environ()
        environ[REQUEST_READ] = self._watchdog.cancel
        return environ

    def send_error(self, code: int, message: str | None = None, explain: str | None = None) -> None:
        """Answers a request the server could not read (a request line or a header too long, too many headers) with
        the page's one sentence, not Python's own English page (sweep ad53)."""
        from sos_print.web import pages

        lang = "fr" if str(getattr(self, "path", "")).startswith("/fr") else "en"  # its path, where it was read
        body = pages.refusal_page(lang, pages.refusal_text(lang, "unreadable")).encode()
        self.send_response(code, message)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Connection", "close")
        self.end_headers()
        self.close_connection = True
        if self.command != "HEAD" and code >= 200 and code not in (204, 304):
            self.wfile.write(body)

    def _cut(self) -> None:
        with contextlib.suppress(OSError):
            self.connection.shutdown(socket.SHUT_RDWR)

    def log_request(self, code: int | str = "-", size: int | str = "-") -> None:
        """Logs nothing of a request that went well: the terminal stays for what needs the teacher."""


class ListenError(Exception):
    """Signals that the page cannot listen where it was told: its message says why and what to give instead."""


class _Server(ThreadedWSGIServer):
    """Serves each connection on a thread of its own, at most `connections` at once."""

    def __init__(self, host: str, port: int, site: Any, connections: int) -> None:
        self._where = (host, port)
        super().__init__(host, port, site, handler=_Handler)
        self._places = threading.BoundedSemaphore(connections)

    def server_bind(self) -> None:
        """Binds the server's socket, or raises ListenError: werkzeug printed two lines of its own and ended the
        process, where a taken port is one line of sos-print's (sweep ad97, C7)."""
        try:
            super().server_bind()
        except OSError as error:
            self.socket.close()
            raise ListenError(_unbound(error, *self._where)) from None

    def process_request(self, request: Any, client_address: Any) -> None:
        """Starts a thread for the connection, or closes it if as many as allowed are open."""
        if not self._places.acquire(blocking=False):
            self.shutdown_request(request)
            return
        try:
            super().process_request(request, client_address)
        except BaseException:
            self._places.release()
            raise

    def process_request_thread(self, request: Any, client_address: Any) -> None:
        """Serves the connection, then gives its place back."""
        try:
            super().process_request_thread(request, client_address)
        finally:
            self._places.release()


def _unbound(error: OSError, host: str, port: int) -> str:
    """Returns why the page cannot listen on `host` and `port`, and what to give instead."""
    if error.errno == errno.EADDRINUSE:
        return f"port {port} is taken by another program: give another --port, or --port 0 for a free one"
    if error.errno == errno.EADDRNOTAVAIL:
        return f"{host} is no address of this computer: give one of its own with --host"
    if error.errno == errno.EACCES:
        return f"port {port} is kept for the system's own servers: give a port from 1024 to 65535, or 0"
    return f"cannot listen on {host}, port {port}: {(error.strerror or str(error)).lower()}"


def page_server(site: Any, host: str, port: int, connections: int = MAX_CONNECTIONS) -> _Server:
    """Returns the server of `site` on `host` and `port` (0: a free one), ready to serve_forever()."""
    return _Server(host, port, site, connections)


def serve_page(site: Any, host: str, port: int, open_browser: bool) -> None:
    """Serves `site` on `host` and `port` (0: a free one), prints its address, and opens it unless told not to."""
    _quiet_logs()
    server = page_server(site, host, port)
    site.listening(server.port)
    address = site.address(host)
    interrupts.set_outcome(CLOSED)
    print(f"sos-print serve: the page is at {address}", flush=True)
    print("Keep this window open while you use the page; Ctrl-C closes it.", flush=True)
    if open_browser:
        threading.Thread(target=webbrowser.open, args=(address,), daemon=True).start()
    try:
        server.serve_forever()
    finally:
        server.server_close()
        site.close()


def _quiet_logs() -> None:
    """Sends werkzeug's and the page's problems to standard error, one line each, and nothing else."""
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(logging.Formatter("%(message)s"))
    for name in ("werkzeug", "sos_print.web"):
        logger = logging.getLogger(name)
        logger.setLevel(logging.ERROR)
        logger.addHandler(handler)
        logger.propagate = False
