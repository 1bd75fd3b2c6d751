"""Serves the web page on this computer with werkzeug's threaded server, until Ctrl-C.

A teacher's laptop needs no more: one user, on 127.0.0.1, behind a secret. A school's server runs
the same application under a production WSGI server instead (README, "On a school's server").
"""

from __future__ import annotations

import logging
import sys
import threading
import webbrowser
from typing import Any

from werkzeug.serving import WSGIRequestHandler, make_server

from sos_print.system import interrupts

CLOSED = "the page is closed; no work was left running"


class _Handler(WSGIRequestHandler):
    """Handles one connection; a client that sends nothing for a minute is let go."""

    timeout = 60

    def log_request(self, code: int | str = "-", size: int | str = "-") -> None:
        """Logs nothing of a request that went well: the terminal stays for what needs the teacher."""


def serve_page(site: Any, host: str, port: int, open_browser: bool) -> None:
    """Serves `site` on `host` and `port` (0: a free one), prints its address, and opens it unless told not to."""
    _quiet_logs()
    server = make_server(host, port, site, threaded=True, request_handler=_Handler)
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
