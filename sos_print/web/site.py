"""The web page, as one WSGI application: its forms, the jobs they start, and the guard on every request.

Every request must name the host the page listens on (`Host`), carry the secret made at start-up
(given once in the address, then kept in a cookie) or, on a school's server, pass the server's own
access rule; a request that changes anything is a POST from the page's own origin. A filled form
runs its command as a job on a bounded pool (`pool`); with JavaScript the answer is a stream of
progress lines and then the files, without it the file itself. Why each guard: docs/design.md,
"The web page".
"""

from __future__ import annotations

import base64
import hmac
import io
import json
import logging
import os
import re
import secrets
import select
import shutil
import socket
import stat
import tempfile
import time
import unicodedata
import urllib.parse
import zipfile
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import Any

from werkzeug.datastructures import FileStorage
from werkzeug.exceptions import HTTPException, RequestEntityTooLarge
from werkzeug.formparser import FormDataParser
from werkzeug.wrappers import Request, Response

from sos_print.engine.frozen import frozen, replace
from sos_print.system.cachedir import is_guarded
from sos_print.system.jobs import Cancelled, Job
from sos_print.web.forms import Form, Kind, arguments, refused_character, refused_text
from sos_print.web.pool import Full, Pool

LOG = logging.getLogger("sos_print.web")
LANGUAGES = ("en", "fr")
STATIC = {"app.js": "text/javascript", "app.css": "text/css"}
ZIP_TIME = (1980, 1, 1, 0, 0, 0)  # a fixed date: the same documents make the same archive
# Limits: the largest file a command reads is a filled audit of 100 MB (forms/filled.py); other fields are short.
MAX_REQUEST = 101_000_000
MAX_FIELDS_MEMORY = 500_000  # of one text field; werkzeug also holds a chunk of the body (64 kB) to this limit
MAX_PARTS = 200
MAX_FILES = 100  # of one field of several files (a kit's examples, a class's records): more is refused, never cut
MAX_NAME_BYTES = 200  # of an uploaded file's name as saved: file systems take 255, and messages stay readable
STREAM = "application/x-ndjson"
# What a server may put in the environment: called once the request has been read whole (server.py's deadline).
REQUEST_READ = "sos_print.request_read"
MAX_WORKERS = 64  # as `serve --workers` takes
# An upload folder's name says which process made it, so a page starting can tell a dead one's leftovers from a
# running one's (another page of the same user, another worker under gunicorn).
WORKSPACE = "sos-print-web-"


@frozen
class Settings:
    """Holds how the page runs: its workers, the hosts it answers to, and its access rule."""

    workers: int = 1
    waiting: int = 0  # jobs that may wait for a worker; 0: twice the workers
    allowed_hosts: tuple[str, ...] = ()  # host names besides the address it listens on
    secret: bool = True  # the laptop's rule: the secret in the address; False: the school's server decides
    access_header: str = ""  # on a school's server: a header its proxy sets once it has let the user in
    job_seconds: float = 300.0


@frozen
class Outcome:
    """Holds how a command ended: its status (0 done, 1 a problem with files, 2 a usage error), and a usage error's
    message with the field it concerns and the language it is in (the command speaks English; the page's own
    refusals speak the page's language)."""

    status: int
    message: str = ""
    field: str | None = None
    said: str = "en"


Invoke = Callable[[str, list[str], Job], Outcome]


class SettingsError(ValueError):
    """Signals that a setting of a school's server (an environment variable) is missing or wrong; its message is
    the one line to show."""


def is_host_name(host: str) -> bool:
    """Tells whether `host` (in small letters) is a host name or an address in brackets, with a port or not: what a
    browser sends as Host, never a web address ("http://..."), a pattern ("*") or words; each label of a name 1 to 63
    letters, digits and hyphens, neither first nor last a hyphen ("-x" was taken: sweep ad99)."""
    label = r"[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?"
    return re.fullmatch(rf"({label}(\.{label})*|\[[0-9a-f:.]+\])(:[0-9]{{1,5}})?", host) is not None


def settings_from_environment(environment: Mapping[str, str]) -> Settings:
    """Returns the settings of a school's server: SOS_PRINT_ALLOWED_HOSTS (required), SOS_PRINT_ACCESS_HEADER,
    SOS_PRINT_WORKERS (README, "On a school's server"); raises SettingsError naming a wrong one."""
    given = environment.get("SOS_PRINT_ALLOWED_HOSTS", "")
    hosts = tuple(name.strip().lower() for name in given.split(",") if name.strip())
    if not hosts:
        raise SettingsError(
            "set SOS_PRINT_ALLOWED_HOSTS to the host names teachers type, comma-separated, such as sos.school.example"
        )
    for host in hosts:
        if not is_host_name(host):
            raise SettingsError(f"SOS_PRINT_ALLOWED_HOSTS: {host!r} is not a host name, such as sos.school.example")
    workers = environment.get("SOS_PRINT_WORKERS", "").strip() or "1"
    if not (workers.isdigit() and 1 <= int(workers) <= MAX_WORKERS):
        raise SettingsError(
            f"SOS_PRINT_WORKERS is how many documents each process makes at once: a whole number from 1 to "
            f"{MAX_WORKERS}, not {workers!r}"
        )
    header = environment.get("SOS_PRINT_ACCESS_HEADER", "").strip()
    if header and not re.fullmatch(r"[A-Za-z0-9-]+", header):
        raise SettingsError(f"SOS_PRINT_ACCESS_HEADER: {header!r} is not a header name, such as X-Remote-User")
    return Settings(workers=int(workers), allowed_hosts=hosts, secret=False, access_header=header)


class Site:
    """Is the web page: call it as a WSGI application."""

    def __init__(self, forms: tuple[Form, ...], invoke: Invoke, settings: Settings) -> None:
        self.forms = {form.command: form for form in forms}
        self.invoke = invoke
        self.settings = settings
        self.pool = Pool(settings.workers, settings.waiting or 2 * settings.workers)
        self.secret = secrets.token_urlsafe(24) if settings.secret else ""
        self.hosts = {host.lower() for host in settings.allowed_hosts}
        self.port = 0
        self.workspaces: set[str] = set()
        self.jobs: set[Job] = set()  # the jobs running or waiting, to cancel when the page closes
        clear_leftovers(Path(tempfile.gettempdir()))

    def listening(self, port: int) -> None:
        """Records the port the page listens on: its loopback names become hosts it answers to."""
        self.port = port
        self.hosts |= {f"127.0.0.1:{port}", f"localhost:{port}", f"[::1]:{port}"}
        named = (
            f"[{host}]" if ":" in host and not host.startswith("[") else host for host in self.settings.allowed_hosts
        )
        self.hosts |= {f"{host.lower()}:{port}" for host in named}  # as a browser names them: with the port

    @property
    def cookie(self) -> str:
        """Returns the name of the cookie that keeps the secret (one per port: cookies do not tell ports apart)."""
        return f"sos_print_{self.port}"

    def address(self, host: str = "127.0.0.1") -> str:
        """Returns the address that opens the page, with its secret."""
        name = f"[{host}]" if ":" in host else host
        return f"http://{name}:{self.port}/" + (f"?key={self.secret}" if self.secret else "")

    def close(self) -> None:
        """Stops taking jobs, cancels and waits for those running, and removes every upload folder left."""
        for job in list(self.jobs):
            job.cancel()
        self.pool.close()
        for folder in list(self.workspaces):
            shutil.rmtree(folder, ignore_errors=True)

    def __call__(self, environ: dict[str, Any], start_response: Callable[..., Any]) -> Any:
        request = _Request(environ)
        if request.content_length is None:
            # werkzeug's limit on a body sent in chunks refuses the read after its last byte: a body of exactly
            # MAX_REQUEST bytes was refused where the same with a length was read (sweep ad53, F7).
            request.max_content_length = MAX_REQUEST + 1
        boundary = request.mimetype_params.get("boundary", "") if request.mimetype == "multipart/form-data" else ""
        if request.method == "POST" and boundary:  # before werkzeug reads the body, which it then reads through
            environ[_TAIL] = environ["wsgi.input"] = _Closings(environ["wsgi.input"], boundary.encode())
        try:
            response = self.respond(request)
        except HTTPException as error:  # a body too large or malformed, from werkzeug's parser
            response = self.refusal(request, error.code or 400, _http_reason(request, error))
        except Exception as error:  # a bug: one sentence to the browser, one line without data to the log
            LOG.error("sos-print serve: internal error (%s) answering a request", type(error).__name__)
            response = self.refusal(request, 500, "internal")
        _secure(response)
        return response(environ, start_response)

    # ---- the guard ---------------------------------------------------------------------------------------------

    def respond(self, request: Request) -> Response:
        """Answers a request that passed the guard; refuses any other in one sentence."""
        if not self._host_allowed(request):
            return self.refusal(request, 403, "host")
        if request.method not in ("GET", "HEAD", "POST"):
            return self.refusal(request, 405, "method")
        key = request.args.get("key")
        if self.secret and key is not None and request.method == "GET":
            if not hmac.compare_digest(key, self.secret):
                return self.refusal(request, 403, "key")
            response = _redirect(request.path)  # the secret leaves the address bar and the history
            response.set_cookie(self.cookie, self.secret, httponly=True, samesite="Strict", path="/")
            return response
        if not self._let_in(request):
            return self.refusal(request, 403, "key")
        if request.method == "POST" and not _same_origin(request, bool(self.secret)):
            return self.refusal(request, 403, "origin")
        if request.method == "POST":
            # The page sends multipart forms alone: a body sent otherwise (urlencoded) was cut at 101 MB when sent in
            # chunks, or its bytes not in UTF-8 printed as written, without a word (ad53 F2, F3).
            if request.mimetype != "multipart/form-data":
                return self.refusal(request, 400, "malformed")
            try:
                request.form  # noqa: B018 -- reads the whole body now, within the server's time for a request
            except UnicodeDecodeError as error:
                # A name not in UTF-8: no browser sends one, and "damaged, send it again" could not help (ad50 F6).
                # Other bytes of a part's headers (its type) are not a name to rename (ad53 F6).
                named = bytes(error.object).lstrip().lower().startswith(b"content-disposition")
                return self.refusal(request, 400, "not-utf8" if named else "malformed")
            except ValueError:
                return self.refusal(request, 400, "malformed")
            if any("\ufffd" in (upload.filename or "") for _, upload in request.files.items(multi=True)):
                return self.refusal(request, 400, "not-utf8")  # `filename*=` bytes not UTF-8 (ad53 F4)
        request.environ.get(REQUEST_READ, _nothing)()
        return self.route(request)

    def _host_allowed(self, request: Request) -> bool:
        host = request.host.lower()
        return host in self.hosts or (host.rsplit(":", 1)[0] in self.hosts and not self.secret)

    def _let_in(self, request: Request) -> bool:
        if self.secret:
            return hmac.compare_digest(request.cookies.get(self.cookie, ""), self.secret)
        return not self.settings.access_header or bool(request.headers.get(self.settings.access_header))

    # ---- pages -------------------------------------------------------------------------------------------------

    def route(self, request: Request) -> Response:
        """Sends each path to its page."""
        from sos_print.web import pages

        parts = [part for part in request.path.split("/") if part]
        if parts[:1] == ["static"] and len(parts) == 2 and parts[1] in STATIC and request.method != "POST":
            return _static(parts[1])
        if not parts:
            return _redirect(f"/{_preferred(request)}/")
        lang, rest = parts[0], parts[1:]
        if lang not in LANGUAGES or len(rest) > 1 or (rest and rest[0] not in self.forms):
            return self.refusal(request, 404, "missing")
        if not rest:
            if request.method == "POST":
                return self.refusal(request, 405, "method")
            return _html(pages.index(lang, tuple(self.forms.values())))
        form = self.forms[rest[0]]
        if request.method != "POST":
            return _html(pages.form_page(lang, form, tuple(self.forms.values())))
        return self.run(request, lang, form)

    def refusal(self, request: Request, status: int, reason: str) -> Response:
        """Returns the one-sentence page (or stream line) that refuses a request."""
        from sos_print.web import pages

        lang = _preferred(request)
        text = pages.refusal_text(lang, reason)
        if _wants_stream(request):
            response = Response(json.dumps({"refused": text}) + "\n", status=status, mimetype=STREAM)
        else:
            response = _html(pages.refusal_page(lang, text), status)
        if status == 503:
            response.headers["Retry-After"] = "5"
        return response

    # ---- jobs --------------------------------------------------------------------------------------------------

    def run(self, request: Request, lang: str, form: Form) -> Response:
        """Runs a filled form's command as a job: streamed with progress to the page's script, or whole to a form."""
        folder = tempfile.mkdtemp(prefix=f"{WORKSPACE}{os.getpid()}-")
        self.workspaces.add(folder)
        try:
            if request.form.get("job") != form.command:  # every form of the page says its job: none came whole
                self._clear(folder)
                return self.refusal(request, 400, "malformed")
            values = {key: request.form.get(key, "") for key in request.form if key != "job"}
            wrong = refused_text(form, values)
            if wrong is not None:
                self._clear(folder)
                return self.refuse_field(request, lang, form, values, wrong.key)
            if _unsent(form, request):  # a field sent twice was read once, a flag sent "off" as given (ad50 F6)
                self._clear(folder)
                return self.refusal(request, 400, "unsent")
            closings = request.environ.get(_TAIL)
            if _stray(form, request) or (
                closings is not None and (closings.trailing() or closings.named_twice())
            ):  # a file the job would never read, its game dropped without a word (ad50 F1)
                self._clear(folder)
                return self.refusal(request, 400, "stray")
            crowded = _crowded(form, request)
            if crowded is not None:  # the 101st file was left out without a word, its game never read (ad49 F1)
                self._clear(folder)
                return self.refuse_field(request, lang, form, values, *crowded)
            uploads, names = _save_uploads(form, request, folder)
            progress = _Progress()
            job = Job(self.settings.job_seconds, on_progress=progress)
            words = arguments(form, values, uploads)
            self.jobs.add(job)
            work = self.pool.submit(lambda: self._work(form, words, job, uploads, names))
        except Full:
            self.jobs.discard(job)
            self._clear(folder)
            return self.refusal(request, 503, "busy")
        except BaseException:
            self._clear(folder)
            raise
        work.add_done_callback(lambda _: self._finished(folder, job))
        if _wants_stream(request):
            return Response(_stream(work, job, progress, lang), mimetype=STREAM, direct_passthrough=True)
        return self.answer_whole(request, lang, form, work, job, values)

    def refuse_field(
        self, request: Request, lang: str, form: Form, values: dict[str, str], key: str, sent: int = 0
    ) -> Response:
        """Answers a form whose field `key` holds what the page does not take, before any job starts: text its pattern
        refuses, or `sent` files where it takes fewer."""
        from sos_print.plans.words import Words
        from sos_print.web import pages

        field = form.field(key)
        if sent and field is not None:
            most = 1 if field.kind is Kind.FILE else MAX_FILES
            message = Words(lang)("web.too_many_files", most=most, sent=sent)
        else:  # the character refused, where: a zero-width space or a long s shows as nothing or as an S
            message = Words(lang)("web.pattern", field=key, **refused_character(form.field(key), values.get(key, "")))
        outcome = Outcome(status=2, message=message, field=key, said=lang)
        result = Result(outcome, (), ())
        if _wants_stream(request):
            return Response(json.dumps({"result": result_json(result, lang)}) + "\n", mimetype=STREAM)
        return _html(pages.form_page(lang, form, tuple(self.forms.values()), values, result=result), 400)

    def _work(
        self, form: Form, words: list[str], job: Job, uploads: dict[str, list[str]], names: dict[str, str]
    ) -> Result:
        try:
            job.checkpoint()  # a job cancelled while it waited never starts
            outcome = self.invoke(form.command, words, job)
        except Cancelled:
            return Result(Outcome(status=-1), (), ())
        except BaseException as error:  # a bug, or an interruption of the server: one line, no names
            if not isinstance(error, Exception):
                return Result(Outcome(status=-1), (), ())
            LOG.error("sos-print serve: internal error (%s) in %s", type(error).__name__, form.command)
            return Result(Outcome(status=70), (), ())
        lines = tuple(_unpath(text, names) for text, _ in job.lines)
        owners = {names[path]: key for key, paths in uploads.items() for path in paths}
        message = _unpath(outcome.message, names)
        field = form.field(outcome.field or "")
        if field is None and outcome.status == 2:
            field = _named_in(form, message)
        key = field.key if field is not None else None
        if outcome.status == 1 and form.files and not job.outputs:  # an upload the command could not use
            key, message = _upload_named(form, lines, owners) or (None, message)
        return Result(replace(outcome, message=message, field=key), lines, tuple(job.outputs))

    def _finished(self, folder: str, job: Job) -> None:
        self._clear(folder)
        self.jobs.discard(job)

    def _clear(self, folder: str) -> None:
        shutil.rmtree(folder, ignore_errors=True)
        self.workspaces.discard(folder)

    def answer_whole(
        self, request: Request, lang: str, form: Form, work: Any, job: Job, values: dict[str, str]
    ) -> Response:
        """Waits for the job and answers a plain form post: the file, the archive, the lines, or the form again."""
        from sos_print.web import pages

        try:
            while True:
                try:
                    result: Result = work.result(timeout=0.5)
                    break
                except TimeoutError:
                    if _gone(request):
                        job.cancel()  # the job stops at its next step, and its answer goes nowhere
        finally:
            job.cancel()  # nothing left to do, whatever happened
        forms = tuple(self.forms.values())
        if result.outcome.status == 0 and result.outputs and not result.lines:
            return _download(form, result.outputs)
        if result.outcome.status == 0 and result.outputs:  # a note to read: the page, with the files as links in it
            links = _links(result.outputs, lang)
            return _html(pages.form_page(lang, form, forms, values, result=result, downloads=links))
        if result.outcome.status in (-1, 70):
            reason = "cancelled" if result.outcome.status == -1 else "internal"
            return _html(pages.form_page(lang, form, forms, values, notice=pages.refusal_text(lang, reason)), 500)
        status = 400 if result.outcome.status == 2 else 200 if not form.files else 422
        return _html(pages.form_page(lang, form, forms, values, result=result), status)


def clear_leftovers(temporary: Path) -> None:
    """Removes the upload folders a page of this user left when its process was killed (a class list holds
    children's names): only real folders, owned by this user, named by a process that is no longer running, in a
    temporary folder where no other user may rename one of this user's folders to such a name (sweep ad101, 2)."""
    if os.name != "posix":  # Windows keeps a temporary folder per user, and its os.kill would end the process
        return
    if not is_guarded(temporary, os.getuid()):
        return
    for entry in temporary.glob(f"{WORKSPACE}*-*"):
        number = entry.name[len(WORKSPACE) :].split("-", 1)[0]
        try:
            status = entry.lstat()
            if not (number.isdigit() and stat.S_ISDIR(status.st_mode)) or status.st_uid != os.getuid():
                continue
            if _running(int(number)):
                continue
            shutil.rmtree(entry)  # follows no link: removes the links themselves, never what they point to
        except OSError:
            continue  # gone meanwhile, or not ours to remove


def _running(pid: int) -> bool:
    """Tells whether process `pid` is running (or may be: one we may not signal is someone's)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (OSError, OverflowError):
        return True
    return True


@frozen
class Result:
    """Holds what a job gave: how it ended, the lines it printed, and its files."""

    outcome: Outcome  # its `field` is the key of the field a usage error concerns
    lines: tuple[str, ...]
    outputs: tuple[Any, ...]


class _StrictParser(FormDataParser):
    """Parses a form as werkzeug does, but raises where werkzeug would read a damaged form as empty, so that the page
    can say what was wrong with it."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **{**kwargs, "silent": False})


class _Request(Request):
    max_content_length = MAX_REQUEST
    max_form_memory_size = MAX_FIELDS_MEMORY
    max_form_parts = MAX_PARTS
    form_data_parser_class = _StrictParser


_TAIL = "sos_print.closings"  # the environ's key of a form post's `_Closings`


class _Closings:
    """Reads a form post's body through, counting its delimiters and its parts' Content-Disposition headers, and
    keeping its last bytes: a part after the form's closing boundary (its epilogue), which werkzeug reads past, was
    left out without a word (ad51 F2), and so was a part's second name (ad53 F1)."""

    _HEADER = b"\r\ncontent-disposition:"  # lower case: a header's name may be written in any case

    def __init__(self, stream: Any, boundary: bytes) -> None:
        self.stream, self.delimiter, self.opening = stream, b"--" + boundary + b"--", b"--" + boundary
        self.count = 0  # closing delimiters
        self.parts = -1  # delimiters, the closing one included, less one: the parts, once the form is read
        self.dispositions = 0
        self.last = b""  # the last bytes read: the longest pattern's length and a few more
        self.size = 0  # bytes read: a body sent in chunks says no length, and its reader stops at MAX_REQUEST

    def read(self, size: int | None = -1) -> bytes:
        return self._seen(self.stream.read(-1 if size is None else size))

    def readline(self, size: int | None = -1) -> bytes:
        return self._seen(self.stream.readline(-1 if size is None else size))

    def _seen(self, data: bytes) -> bytes:
        self.count += self._found(self.delimiter, data)
        self.parts += self._found(self.opening, data)
        self.dispositions += self._found(self._HEADER, data.lower(), self.last.lower())
        self.last = (self.last + data)[-(max(len(self.delimiter), len(self._HEADER)) + 8) :]
        self.size += len(data)
        return data

    def _found(self, pattern: bytes, data: bytes, last: bytes | None = None) -> int:
        """Counts `pattern` in what was just read, one cut between two reads found once."""
        kept = (self.last if last is None else last)[-(len(pattern) - 1) :]
        return (kept + data).count(pattern)

    def named_twice(self) -> bool:
        """Tells whether a part of the form carries two Content-Disposition headers (werkzeug reads the first)."""
        return self.dispositions > self.parts

    def trailing(self) -> bool:
        """Tells whether the body holds anything after its first closing delimiter but line ends."""
        return self.count != 1 or not self.last.rstrip(b"\r\n").endswith(self.delimiter)


class _Progress:
    """Keeps the latest step of a job, for the stream to send."""

    def __init__(self) -> None:
        self.step: tuple[str, int, int] | None = None

    def __call__(self, what: str, done: int, total: int) -> None:
        self.step = (what, done, total)


def _stream(work: Any, job: Job, progress: _Progress, lang: str) -> Iterator[bytes]:
    """Yields the job's progress as lines of JSON, then its result; a client that goes away cancels the job."""
    sent = None
    try:
        yield b'{"started": true}\n'
        while not work.done():
            time.sleep(0.2)
            step = progress.step
            if step != sent:
                sent = step
                what, done, total = step  # type: ignore[misc]
                yield (json.dumps({"progress": {"what": what, "done": done, "total": total}}) + "\n").encode()
            else:
                yield b"\n"  # a blank line: a client that has gone away is noticed now, not at the end
        yield (json.dumps({"result": result_json(work.result(), lang)}) + "\n").encode()
    finally:
        job.cancel()


def _gone(request: Request) -> bool:
    """Tells whether the client of a plain form post has closed its connection while its job runs.

    The form was read whole, so a connection that can be read from now says only that it ended; the socket is
    werkzeug's or gunicorn's, and another server's connection is never taken for gone.
    """
    connection = request.environ.get("werkzeug.socket") or request.environ.get("gunicorn.socket")
    if connection is None or not hasattr(select, "poll"):  # Windows has no poll: the job ends by its time limit
        return False
    try:
        readable = select.poll()  # a socket with a timeout would wait for it, whatever recv's flags say
        readable.register(connection, select.POLLIN)
        if not readable.poll(0):
            return False  # nothing to read: still there
        return bool(connection.recv(1, socket.MSG_PEEK) == b"")
    except OSError:
        return True  # reset by the client
    except ValueError:
        return False  # a TLS connection, which cannot be peeked at: the job ends by its time limit


def _save_uploads(form: Form, request: Request, folder: str) -> tuple[dict[str, list[str]], dict[str, str]]:
    """Saves each uploaded file in its own folder under `folder`, by the name it had; returns the paths by field,
    and the name to show for each path (messages never show the server's folders): files sent under one name each
    shown with its place among the files sent, "audit.pdf (file 2)" (two tablets' exports: ad96, 3)."""
    uploads: dict[str, list[str]] = {}
    names: dict[str, str] = {}
    places: dict[str, int] = {}
    number = 0
    for field in form.fields:
        if field.kind not in (Kind.FILE, Kind.FILES):
            continue
        for upload in request.files.getlist(field.key):
            if not _sent(upload):
                continue
            number += 1
            name = _safe_name(upload.filename or "", number)
            place = Path(folder) / str(number)
            place.mkdir(mode=0o700)
            path = place / name
            upload.save(str(path))
            uploads.setdefault(field.key, []).append(str(path))
            names[str(path)], places[str(path)] = name, number
    shared = [name for name in set(names.values()) if list(names.values()).count(name) > 1]
    names |= {path: f"{name} (file {places[path]})" for path, name in names.items() if name in shared}
    names[folder + os.sep] = ""
    return uploads, names


def _crowded(form: Form, request: Request) -> tuple[str, int] | None:
    """Returns the first field of files sent more files than it takes (one, or MAX_FILES) and how many it was sent,
    or None."""
    for field in form.fields:
        if field.kind in (Kind.FILE, Kind.FILES):
            sent = sum(_sent(upload) for upload in request.files.getlist(field.key))
            if sent > (1 if field.kind is Kind.FILE else MAX_FILES):
                return field.key, sent
    return None


def _unsent(form: Form, request: Request) -> bool:
    """Tells whether a form post holds what the page never sends: a field twice, one the form does not have (another
    name, or none: a near name for a check box checked another game, ad51 F3), a value that is not UTF-8 (printed
    as "�", ad51 F4), or a check box's value other than the page's ("1") or a browser's for a box without one ("on")."""
    known = {field.key for field in form.fields} | {"job"}
    for key in request.form:
        values = request.form.getlist(key)
        if len(values) > 1 or any("\ufffd" in value for value in values) or (key not in known and any(values)):
            return True
    return any(
        request.form.get(field.key, "") not in ("", "1", "on") for field in form.fields if field.kind is Kind.FLAG
    )


def _stray(form: Form, request: Request) -> bool:
    """Tells whether a form post holds a file the job would not read: a file part named for no field of the form
    that takes files (another name, or none), or a part without a file name sent to such a field as text (werkzeug
    reads it as text: a hand-made client's file, a nested multipart), or a file part that names itself twice
    (werkzeug reads the first name: the part's other name was left out without a word)."""
    taking = {field.key for field in form.fields if field.kind in (Kind.FILE, Kind.FILES)}
    for key, upload in request.files.items(multi=True):
        dispositions = upload.headers.getlist("Content-Disposition")
        if (key not in taking and _sent(upload)) or len(dispositions) > 1 or any(map(_names_twice, dispositions)):
            return True
    return any(value for key in taking for value in request.form.getlist(key))


# A header's parameter: its key, and its value quoted (a file name may hold "; name=") or not.
_PARAMETER = re.compile(r';\s*([^\s=;]+)\s*=\s*(?:"(?:[^"\\]|\\.)*"|[^;]*)')


def _names_twice(disposition: str) -> bool:
    """Tells whether a part's Content-Disposition header gives its name twice (werkzeug reads the last: ad53 F5)."""
    return sum(key.lower() in ("name", "name*") for key in _PARAMETER.findall(disposition)) > 1


def _sent(upload: FileStorage) -> bool:
    """Tells whether a part of a form post is a file sent: a browser sends a part with no name and nothing in it for
    a field left empty, which counts for nothing; a part with no name but something in it is a file (read as
    upload-N), never dropped without a word."""
    if upload.filename:
        return True
    upload.stream.seek(0)
    sent = bool(upload.stream.read(1))
    upload.stream.seek(0)
    return sent


def _safe_name(name: str, number: int) -> str:
    """Returns an uploaded file's own name, without any folder or character that cannot be in a name, cut to what
    every file system takes (bytes, not characters) and keeping its suffix, which says how the file is read."""
    base = name.replace("\\", "/").rsplit("/", 1)[-1]
    base = "".join(character for character in base if character.isprintable()).strip()
    if base in ("", ".", ".."):
        return f"upload-{number}"
    stem, dot, suffix = base.rpartition(".")
    if not dot or len(suffix.encode()) > 16:
        stem, suffix = base, ""
    room = MAX_NAME_BYTES - len(suffix.encode()) - len(dot)
    stem = stem.encode()[:room].decode(errors="ignore")  # a character cut in two is left out
    return f"{stem}{dot}{suffix}" if stem.strip(".") else f"upload-{number}{dot}{suffix}"


def _unpath(text: str, names: dict[str, str]) -> str:
    """Returns a message with every path of an upload shown as the file's own name."""
    for path in sorted(names, key=len, reverse=True):
        text = text.replace(path, names[path])
    return text


def _download(form: Form, outputs: tuple[Any, ...]) -> Response:
    """Returns a single file as a download, or several in one archive."""
    if len(outputs) == 1:
        output = outputs[0]
        return _attachment(output.data, output.name, _media_type(output.name))
    archive = io.BytesIO()
    with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED) as bundle:
        for output in outputs:
            bundle.writestr(zipfile.ZipInfo(output.name, ZIP_TIME), output.data)
    return _attachment(archive.getvalue(), f"sos-{form.command}.zip", "application/zip")


def _links(outputs: tuple[Any, ...], lang: str) -> list[dict[str, str]]:
    """Returns each file as a link that holds it (a data: address), for a page that must also show the notes."""
    from sos_print.plans.words import Words

    words = Words(lang)
    return [
        {
            "name": output.name,
            "href": f"data:{_media_type(output.name)};base64,{base64.b64encode(output.data).decode()}",
            "label": words("web.file_line", pages=output.pages, kilobytes=max(1, round(len(output.data) / 1024))),
        }
        for output in outputs
    ]


def _attachment(data: bytes, name: str, media_type: str) -> Response:
    response = Response(data, mimetype=media_type)
    response.headers["Content-Disposition"] = _content_disposition(name)
    return response


def _content_disposition(name: str) -> str:
    """Returns the Content-Disposition header of a download named `name`: its name in UTF-8 (RFC 6266), and in plain
    ASCII for an older browser. A header must be Latin-1: a record named « Łódź.csv » left the page without an
    answer and the server's terminal with a traceback (sweep ad95, 3)."""
    decomposed = unicodedata.normalize("NFKD", name)
    plain = "".join(char if char.isascii() else "" if unicodedata.combining(char) else "_" for char in decomposed)
    plain = re.sub(r"[^A-Za-z0-9._ -]", "_", plain).strip() or "sos-print"
    if plain == name:
        return f'attachment; filename="{name}"'
    return f"attachment; filename=\"{plain}\"; filename*=UTF-8''{urllib.parse.quote(name, safe='')}"


def _media_type(name: str) -> str:
    return {".pdf": "application/pdf", ".json": "application/json"}.get(Path(name).suffix, "application/octet-stream")


def result_json(result: Result, lang: str) -> dict[str, object]:
    """Returns a job's result for the page's script: status, usage error and its field, lines, files, and pictures
    of the first pages of its first PDF, with the words that go with them."""
    from sos_print.plans.words import Words
    from sos_print.web.preview import preview

    words = Words(lang)
    status = result.outcome.status
    message = result.outcome.message
    said = result.outcome.said
    if status in (-1, 70):
        message, said = words("web.refusal", reason="cancelled" if status == -1 else "internal"), lang
    outputs = result.outputs if status == 0 else ()
    first = next((output for output in outputs if output.name.endswith(".pdf")), None)
    pictures = preview(first.data) if first is not None else []
    return {
        "status": status,
        "message": message,
        "field": result.outcome.field or "",
        "said": said,
        "lines": list(result.lines),
        "files": [
            {
                "name": output.name,
                "type": _media_type(output.name),
                "label": words("web.file_line", pages=output.pages, kilobytes=max(1, round(len(output.data) / 1024))),
                "data": base64.b64encode(output.data).decode(),
            }
            for output in outputs
        ],
        "preview": [
            {
                "src": "data:image/png;base64," + base64.b64encode(picture).decode(),
                "alt": words("web.preview_alt", page=number, file=first.name if first else ""),
            }
            for number, picture in enumerate(pictures, start=1)
        ],
    }


def _named_in(form: Form, message: str) -> Any:
    """Returns the first field whose option a usage error names ("--two-per-page fits ..."), or else the field
    it speaks of in words ("the class name does not fit ..."), if any."""
    import re

    for flag in re.findall(r"--[a-z][a-z0-9-]*", message):
        field = next((field for field in form.fields if field.flag == flag), None)
        if field is not None:
            return field
    spoken = (field for field in form.fields if "_" in field.name)  # a name of one word ("size") says too little
    return next((field for field in spoken if re.search(rf"\b{field.name.replace('_', ' ')}\b", message)), None)


def _upload_named(form: Form, lines: tuple[str, ...], owners: dict[str, str]) -> tuple[str, str] | None:
    """Returns the field of the upload a refusing command's report names first ("sos-print: class.csv: ..."), and
    that line without the program's name, or None."""
    for line in lines:
        text = line.removeprefix("sos-print: ")
        for name, key in owners.items():
            if text.startswith(f"{name}:"):
                return key, text
    return None


def _static(name: str) -> Response:
    path = Path(__file__).parent / "static" / name
    return Response(path.read_bytes(), mimetype=STATIC[name])


def _html(text: str, status: int = 200) -> Response:
    return Response(text, status=status, mimetype="text/html")


def _redirect(path: str) -> Response:
    from urllib.parse import quote

    response = Response("", status=303)
    response.headers["Location"] = quote(path, safe="/")  # a path of the request's own: no line break gets through
    return response


def _secure(response: Response) -> None:
    """Adds the headers every answer carries: no script but the page's own, no framing, no sniffing, no referrer,
    and no copy kept by the browser or a proxy (a download may hold children's names)."""
    headers = response.headers
    headers["Cache-Control"] = "no-store"
    headers["Content-Security-Policy"] = (
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; "
        "connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'"
    )
    headers["X-Content-Type-Options"] = "nosniff"
    headers["Referrer-Policy"] = "no-referrer"
    headers["X-Frame-Options"] = "DENY"
    headers["Cross-Origin-Opener-Policy"] = "same-origin"


def _same_origin(request: Request, laptop: bool) -> bool:
    """Tells whether a POST comes from the page itself: its Origin is the page's whole origin (scheme, host and
    port, as the Host header it was let in by names them), or the browser says it is the same origin."""
    origin = request.headers.get("Origin")
    site = request.headers.get("Sec-Fetch-Site")
    if origin is not None and origin != "null":
        scheme, _, host = origin.lower().partition("://")
        if laptop:  # the page itself serves plain http
            return scheme == request.scheme and host == request.host.lower()
        # Behind the school's proxy, which may speak https while the server behind it hears http.
        default = {"http": ":80", "https": ":443"}.get(scheme)
        return default is not None and host.removesuffix(default) == request.host.lower().removesuffix(default)
    if origin == "null":  # a form posted under the page's own no-referrer policy: the browser says where it is from
        return site == "same-origin"
    return site is None or site == "same-origin"


def _nothing() -> None:
    """Does nothing: what a server without a deadline for requests is told once one has been read."""


def _wants_stream(request: Request) -> bool:
    return STREAM in request.headers.get("Accept", "")


def _preferred(request: Request) -> str:
    """Returns the page's language: the path's, or the browser's first choice between English and French."""
    first = request.path.strip("/").split("/", 1)[0]
    if first in LANGUAGES:
        return first
    return request.accept_languages.best_match(LANGUAGES, default="en") or "en"


def _http_reason(request: Request, error: HTTPException) -> str:
    """Names what werkzeug's parser refused: a body too large, a field too long or too many parts, or a damaged form."""
    if not isinstance(error, RequestEntityTooLarge):
        return "malformed"
    closings = request.environ.get(_TAIL)
    read = closings.size if closings is not None else 0  # of a body sent in chunks, which names no length (ad50 F6)
    return "too-large" if max(request.content_length or 0, read) > MAX_REQUEST else "form-too-large"
