"""Tests `sos-print serve` as a process, over loopback only, every loop bounded in count and time: Ctrl-C while jobs
run, fifty requests at once, a client that stops reading, and the same page under gunicorn as a school would run it."""

from __future__ import annotations

import base64
import http.client
import io
import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time
import uuid
import zipfile

import pytest
from conftest import ROOT
from serving import Server, start

from sos_print.cli import app


def form_body(fields: dict[str, str | tuple[str, bytes]]) -> tuple[bytes, str]:
    """Returns a multipart body of text fields and files (name and bytes), and its content type."""
    boundary = uuid.uuid4().hex
    parts = []
    for name, value in fields.items():
        if isinstance(value, tuple):
            head = f'Content-Disposition: form-data; name="{name}"; filename="{value[0]}"\r\n'
            parts.append(f"--{boundary}\r\n{head}Content-Type: text/csv\r\n\r\n".encode() + value[1] + b"\r\n")
        else:
            parts.append(f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"\r\n\r\n{value}\r\n'.encode())
    return b"".join(parts) + f"--{boundary}--\r\n".encode(), f"multipart/form-data; boundary={boundary}"


def request(
    server: Server,
    path: str,
    fields: dict[str, str | tuple[str, bytes]] | None = None,
    stream: bool = False,
    host: str = "",
) -> http.client.HTTPResponse:
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=120)
    headers = {"Cookie": f"sos_print_{server.port}={server.key}", "Host": host or f"127.0.0.1:{server.port}"}
    if fields is None:
        connection.request("GET", path, headers=headers)
    else:
        body, kind = form_body({"job": path.rsplit("/", 1)[1], **fields})
        headers |= {"Content-Type": kind, "Origin": server.origin}
        if stream:
            headers["Accept"] = "application/x-ndjson"
        connection.request("POST", path, body=body, headers=headers)
    return connection.getresponse()


def leftovers(server: Server) -> list[str]:
    return sorted(path.name for path in server.temporary.iterdir() if path.name.startswith("sos-print-web-"))


LONG = {"copies": "200", "count": "12"}  # a few seconds of work at least


@pytest.mark.parametrize(
    ("signum", "status"),
    [(signal.SIGINT, 130), (signal.SIGTERM, 143), (signal.SIGHUP, 129)],
    ids=["int", "term", "hup: the terminal closed"],
)
def test_a_signal_while_jobs_run_ends_in_one_line_and_leaves_no_upload_behind(tmp_path, signum, status):
    server = start(tmp_path / "tmp", "--workers", "2")
    responses = [request(server, "/en/puzzles", LONG, stream=True) for _ in range(2)]
    for response in responses:
        assert json.loads(response.readline()) == {"started": True}
    assert len(leftovers(server)) == 2  # each job's folder, while it runs
    code, out, err = server.stop(signum)
    assert (code, err) == (status, "interrupted: the page is closed; no work was left running\n")
    assert server.said == [
        f"sos-print serve: the page is at {server.address}",
        "Keep this window open while you use the page; Ctrl-C closes it.",
    ]
    assert out == ""
    assert leftovers(server) == []


def test_a_page_starting_removes_the_upload_folders_a_killed_page_left_and_nothing_else(tmp_path):
    temporary, outside = tmp_path / "tmp", tmp_path / "outside"
    temporary.mkdir()
    outside.mkdir()
    (outside / "keep.csv").write_text("Ada\n")
    ended = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True)
    dead = int(ended.stdout)  # a process that has ended: what a killed page leaves is its
    left = temporary / f"sos-print-web-{dead}-abc" / "1"
    left.mkdir(parents=True)
    (left / "class.csv").write_text("Ada\nBasile\n")
    (temporary / f"sos-print-web-{dead}-abc" / "elsewhere").symlink_to(outside)
    (temporary / f"sos-print-web-{dead}-link").symlink_to(outside)
    alive = temporary / f"sos-print-web-{os.getpid()}-xyz"  # a running page's folder (this test's own process)
    alive.mkdir()
    (temporary / f"sos-print-web-{dead}-file").write_text("not a folder")
    server = start(temporary)
    server.stop()
    assert leftovers(server) == sorted([f"sos-print-web-{dead}-file", f"sos-print-web-{dead}-link", alive.name])
    assert (outside / "keep.csv").read_text() == "Ada\n"


def test_a_page_starting_in_a_temporary_folder_others_may_write_in_removes_nothing(tmp_path):
    temporary = tmp_path / "tmp"
    temporary.mkdir()
    temporary.chmod(0o777)  # not sticky: another user may rename a folder of ours to a leftover's name
    ended = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True)
    renamed = temporary / f"sos-print-web-{int(ended.stdout)}-x"
    renamed.mkdir()
    (renamed / "notes.txt").write_text("the teacher's notes\n")
    server = start(temporary)
    server.stop()
    assert (renamed / "notes.txt").read_text() == "the teacher's notes\n"


def test_fifty_requests_at_once_are_each_answered_done_or_busy(tmp_path):
    server = start(tmp_path / "tmp", "--workers", "2")
    answers: list[int] = []

    def one() -> None:
        response = request(server, "/en/grids", {"sizes": "4"})
        response.read()
        answers.append(response.status)
        if response.status == 503:
            assert response.getheader("Retry-After") == "5"

    threads = [threading.Thread(target=one) for _ in range(50)]
    started = time.monotonic()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    assert time.monotonic() - started < 120
    assert len(answers) == 50 and set(answers) <= {200, 503} and 200 in answers
    assert request(server, "/en/grids", {"sizes": "4"}).status == 200  # and it still works
    server.stop()
    assert leftovers(server) == []


def test_a_client_that_stops_reading_cancels_its_job_and_the_page_goes_on(tmp_path):
    server = start(tmp_path / "tmp", "--workers", "1")
    body, kind = form_body({"job": "puzzles", **LONG})
    raw = socket.create_connection(("127.0.0.1", server.port), timeout=30)
    head = (
        f"POST /en/puzzles HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\nOrigin: {server.origin}\r\n"
        f"Cookie: sos_print_{server.port}={server.key}\r\nAccept: application/x-ndjson\r\n"
        f"Content-Type: {kind}\r\nContent-Length: {len(body)}\r\n\r\n"
    )
    raw.sendall(head.encode() + body)
    received = b""
    for _ in range(100):
        received += raw.recv(4096)
        if b'{"started": true}' in received:
            break
    assert b'{"started": true}' in received
    raw.close()  # the tab was closed
    for _ in range(300):  # the one worker is free again once the job has stopped at its next step
        if not leftovers(server):
            break
        time.sleep(0.1)
    assert leftovers(server) == []
    answer = request(server, "/en/grids", {"sizes": "3"})
    assert answer.status == 200 and answer.read().startswith(b"%PDF-")
    code, _, err = server.stop()
    assert (code, "Traceback" in err) == (130, False)


def test_a_download_dropped_half_way_leaves_the_page_working(tmp_path):
    server = start(tmp_path / "tmp")
    response = request(server, "/en/kit", {"groups": "30"})
    assert response.status == 200
    response.read(1000)
    response.close()
    assert request(server, "/en/", None).status == 200
    code, _, err = server.stop()
    assert (code, "Traceback" in err) == (130, False)


CLASS = ["Léa Martin", "Tom", "Zoé-Lou", "Inès", "Noah", "Chloé", "Tom"]


def test_a_class_list_uploaded_makes_the_named_kit_and_no_name_reaches_the_servers_output(tmp_path, runner):
    roster = tmp_path / "classe.csv"
    roster.write_text("Prénom;Nom\n" + "".join(f"{name};X\n" for name in CLASS), encoding="utf-8-sig")
    out = tmp_path / "cli"
    made = runner.invoke(app, ["kit", "--roster", str(roster), "--shuffle", "--seed", "5", "--out", str(out)])
    assert made.exit_code == 0, made.output
    server = start(tmp_path / "tmp")
    fields = {"roster": ("classe.csv", roster.read_bytes()), "shuffle": "1", "seed": "5"}
    response = request(server, "/fr/kit", fields, stream=True)
    lines = [json.loads(line) for line in response.read().splitlines() if line.strip()]
    result = next(line["result"] for line in lines if "result" in line)
    files = {item["name"]: base64.b64decode(item["data"]) for item in result["files"]}
    assert files == {path.name: path.read_bytes() for path in out.iterdir()}
    # The note on a repeated name is the page's, naming its lines, never the name (issue 20, sweep 16 F5).
    assert any("lines 3 and 8 hold the same name" in line for line in result["lines"])
    assert not [name for name in CLASS if any(name in line for line in result["lines"])]
    code, printed, err = server.stop()
    assert code == 130
    seen = "\n".join([*server.said, printed, err])
    assert not [name for name in CLASS if name in seen]
    assert leftovers(server) == []


def test_another_address_needs_the_names_it_answers_to(runner):
    result = runner.invoke(app, ["serve", "--host", "0.0.0.0", "--no-browser"])
    assert (result.exit_code, result.stderr) == (
        2,
        "Usage error: --host 0.0.0.0 lets other computers in: name the address they will type with --allowed-host\n",
    )


# ---- a school's server: the same application under gunicorn ------------------------------------------------


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def readme_gunicorn_command(port: int) -> list[str]:
    """Returns the README's gunicorn command line, with 2 workers and the test's port: the command tested is the
    command a school's IT person copies (its --threads and --timeout keep long jobs alive)."""
    import re
    import shlex

    line = re.search(r"^  (gunicorn .*)$", (ROOT / "README.md").read_text(), re.MULTILINE)
    assert line is not None
    words = shlex.split(line.group(1))
    assert words[words.index("--timeout") + 1] == "300"  # the page's own limit on a job, not gunicorn's 30 s
    words[words.index("--workers") + 1] = "2"
    words[words.index("--bind") + 1] = f"127.0.0.1:{port}"
    return words


@pytest.fixture
def school(tmp_path):
    port = free_port()
    environment = {
        **os.environ,
        "PYTHONPATH": str(ROOT),
        "TMPDIR": str(tmp_path),
        "SOS_PRINT_ALLOWED_HOSTS": "sos.school.example",
        "SOS_PRINT_ACCESS_HEADER": "X-Remote-User",
    }
    process = subprocess.Popen(
        [sys.executable, "-m", *readme_gunicorn_command(port)],
        env=environment,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    for _ in range(300):
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            break
        except OSError:
            time.sleep(0.1)
    yield port
    process.send_signal(signal.SIGTERM)
    process.communicate(timeout=30)


def school_request(port: int, path: str, fields: dict[str, str] | None, **headers: str) -> http.client.HTTPResponse:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
    headers = {"Host": "sos.school.example", **headers}
    if fields is None:
        connection.request("GET", path, headers=headers)
    else:
        body, kind = form_body({"job": path.rsplit("/", 1)[1], **fields})
        connection.request("POST", path, body=body, headers={**headers, "Content-Type": kind})
    return connection.getresponse()


def test_a_schools_server_runs_the_page_under_gunicorn_behind_its_own_access_rule(school, runner, tmp_path):
    let_in = {"X-Remote-User": "teacher", "Origin": "https://sos.school.example"}
    response = school_request(school, "/fr/kit", {"lang": "fr", "groups": "3"}, **let_in)
    assert response.status == 200
    archive = zipfile.ZipFile(io.BytesIO(response.read()))
    out = tmp_path / "cli"
    assert runner.invoke(app, ["kit", "--lang", "fr", "--groups", "3", "--out", str(out)]).exit_code == 0
    assert {name: archive.read(name) for name in archive.namelist()} == {
        path.name: path.read_bytes() for path in out.iterdir()
    }
    assert school_request(school, "/en/", None).status == 403  # the proxy did not let this one in
    assert school_request(school, "/en/", None, **{"X-Remote-User": "t", "Host": "evil.example"}).status == 403
    cross = {"X-Remote-User": "t", "Origin": "https://evil.example"}
    assert school_request(school, "/en/grids", {}, **cross).status == 403


# ---- slow clients: a cap on connections, a deadline for a whole request ------------------------------------


@pytest.fixture
def small_server(monkeypatch):
    """Serves a page in this process, on a free port of 127.0.0.1, with 3 connections at most and 1 s to send a
    request; its jobs (a stand-in that takes 2 s) are longer than that."""
    from sos_print.cli.serving import forms
    from sos_print.system.jobs import Output
    from sos_print.web import server as serving
    from sos_print.web.site import Outcome, Settings, Site

    def slow(command, arguments, job):
        time.sleep(2)
        job.outputs = [Output("grids.pdf", b"%PDF-1.4 slow", 1)]
        return Outcome(status=0)

    monkeypatch.setattr(serving._Handler, "request_seconds", 1.0)
    made = Site(forms(), slow, Settings(workers=1))
    running = serving.page_server(made, "127.0.0.1", 0, connections=3)
    made.listening(running.port)
    thread = threading.Thread(target=running.serve_forever, daemon=True)
    thread.start()
    yield made
    running.shutdown()
    running.server_close()
    made.close()


def closed_within(connection: socket.socket, seconds: float) -> bool:
    """Tells whether the server closes `connection` within `seconds` (it sends nothing more, or only a refusal)."""
    connection.settimeout(seconds)
    try:
        while connection.recv(4096):
            pass
    except TimeoutError:
        return False
    except OSError:
        pass
    return True


def test_a_client_that_sends_its_request_too_slowly_is_cut_off(small_server):
    connection = socket.create_connection(("127.0.0.1", small_server.port), timeout=5)
    started = time.monotonic()
    for _ in range(20):  # a byte every 0.2 s: each read is quick, the whole request never ends
        try:
            connection.sendall(b"X")
        except OSError:
            break
        time.sleep(0.2)
    assert closed_within(connection, 3) and time.monotonic() - started < 4.5
    connection.close()


@pytest.mark.parametrize(
    ("head", "status", "said"),
    [
        (
            b"GET /en/kit HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Long: " + b"x" * 70_000 + b"\r\n\r\n",
            431,
            "The request could not be read (a line or a header too long, or too many headers): nothing was run.",
        ),
        (
            b"GET /fr/kit HTTP/1.1\r\nHost: 127.0.0.1\r\n" + b"".join(b"X-%d: 1\r\n" % k for k in range(120)) + b"\r\n",
            431,
            "La demande n\u2019a pas pu être lue (une ligne ou un en-tête trop long, ou trop d\u2019en-têtes)",
        ),
        (b"GET /" + b"a" * 70_000 + b" HTTP/1.1\r\n\r\n", 414, "The request could not be read"),
    ],
    ids=["a header of 70 KB", "120 headers", "a path of 70 KB"],
)
def test_a_request_the_server_cannot_read_is_answered_in_the_pages_one_sentence(small_server, head, status, said):
    # Python's own English error page answered them, "Error response 431" (sweep ad53).
    with socket.create_connection(("127.0.0.1", small_server.port), timeout=5) as connection:
        connection.sendall(head)
        answer = b""
        while chunk := connection.recv(65536):
            answer += chunk
    text = answer.decode()
    assert text.startswith(f"HTTP/1.1 {status} "), text[:80]
    assert said in text.replace("\u00a0", " ").replace("\u202f", " ") and "Error response" not in text, text[-600:]


def test_connections_beyond_the_cap_are_closed_at_once_and_the_page_goes_on(small_server):
    idle = [socket.create_connection(("127.0.0.1", small_server.port), timeout=5) for _ in range(3)]
    time.sleep(0.3)  # each has its thread, and waits for a request
    extra = socket.create_connection(("127.0.0.1", small_server.port), timeout=5)
    assert closed_within(extra, 0.5)  # no thread for it
    for connection in [*idle, extra]:
        connection.close()
    time.sleep(0.3)
    connection = http.client.HTTPConnection("127.0.0.1", small_server.port, timeout=10)
    connection.request("GET", "/en/", headers={"Cookie": f"{small_server.cookie}={small_server.secret}"})
    assert connection.getresponse().status == 200


def test_a_job_longer_than_the_time_to_send_a_request_is_answered(small_server):
    connection = http.client.HTTPConnection("127.0.0.1", small_server.port, timeout=10)
    body, kind = form_body({"job": "grids", "sizes": "4"})
    origin = f"http://127.0.0.1:{small_server.port}"
    cookie = f"{small_server.cookie}={small_server.secret}"
    connection.request(
        "POST", "/en/grids", body=body, headers={"Content-Type": kind, "Origin": origin, "Cookie": cookie}
    )
    response = connection.getresponse()
    assert (response.status, response.read()) == (200, b"%PDF-1.4 slow")


def test_a_port_taken_by_another_program_is_one_line(runner):
    # werkzeug printed "Address already in use" and two more sentences of its own (sweep ad97, C7).
    with socket.create_server(("127.0.0.1", 0)) as taken:
        port = taken.getsockname()[1]
        result = runner.invoke(app, ["serve", "--no-browser", "--port", str(port)])
    assert (result.exit_code, result.stdout) == (1, "")
    assert result.stderr == (
        f"sos-print: port {port} is taken by another program: give another --port, or --port 0 for a free one\n"
    )


@pytest.mark.parametrize("name", ["http://sos.school.example/", "*", "", "bad host name!", "-x", "sos-.school.example"])
def test_an_allowed_host_that_is_no_host_name_is_a_usage_error(runner, name):
    # A web address, "*" or words were taken without a word, and the page then refused its own name (sweep ad97, C8);
    # so was a label starting or ending with a hyphen (ad99).
    result = runner.invoke(app, ["serve", "--no-browser", "--port", "0", "--allowed-host", name])
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr == (
        f"Usage error: --allowed-host {name!r} is not a host name, such as sos.school.example: give the name "
        "teachers type\n"
    )


def test_a_host_names_label_is_at_most_63_characters():
    from sos_print.web.site import is_host_name

    assert is_host_name("x" * 63 + ".example:8443") and not is_host_name("x" * 64 + ".example")
