"""The `serve` command: the whole kit from a web page, for teachers who never open a terminal.

The page's forms are built here from the commands' own declarations (`forms`), and a filled
form runs the command itself (`invoke`), in memory, as a job (`system.jobs`): the page offers
exactly the options, ranges, defaults, help sentences and refusals of the command line, and
gives the bytes the command line writes. `sos_print.web` serves the page and knows nothing of
Typer. `application()` is the same page for a school's server, run by a WSGI server
(README, "On a school's server").
"""

# No `from __future__ import annotations`: Typer reads these signatures at run time.

import os
from typing import TYPE_CHECKING, Annotated, Any

import typer

from sos_print.cli.application import (
    COMMANDS,
    app,
    as_declared,
    echoes_shortened,
    not_whole_number,
    options_taking,
    plainer,
    within_int_limit,
)

if TYPE_CHECKING:
    from sos_print.system.jobs import Job
    from sos_print.web.forms import Field, Form
    from sos_print.web.site import Outcome

# The arguments that name files the command reads, with the suffixes it reads; Path options are files too.
RECORDS = (".toml", ".csv", ".tsv", ".txt", ".pdf")
FILE_ARGUMENTS = {"RECORD": RECORDS, "PATH...": RECORDS, "EXAMPLE...": (".toml",)}
FILE_OPTIONS = {"--examples": (".toml",), "--example": (".toml",), "--roster": (".csv", ".txt", ".tsv")}
# What the page never offers: where files go is the download's business.
HIDDEN = {"out", "force", "help"}
# Text arguments that the command line would also read as a file's name, held to what the page means by them.
PATTERNS = {"BOARD": r"[SOso./\s]*"}


@app.command()
def serve(
    host: Annotated[
        str,
        typer.Option(
            "--host",
            help=(
                "The address to listen on. The default, 127.0.0.1, lets only this computer in; another "
                "address needs --allowed-host."
            ),
        ),
    ] = "127.0.0.1",
    port: Annotated[
        int,
        typer.Option("--port", min=0, max=65535, help="The port to listen on; 0 takes a free one."),
    ] = 0,
    allowed_host: Annotated[
        list[str] | None,
        typer.Option(
            "--allowed-host",
            help=(
                "A host name the page may be reached by (the Host header), such as sos.myschool.example; "
                "give it once for each name."
            ),
        ),
    ] = None,
    workers: Annotated[
        int | None,
        typer.Option(
            "--workers",
            min=1,
            max=64,
            show_default=False,
            help="How many documents are made at once; by default one per processor core.",
        ),
    ] = None,
    no_browser: Annotated[
        bool,
        typer.Option("--no-browser", help="Only print the page's address; do not open it in the browser."),
    ] = False,
) -> None:
    """Start the web page: every document of the command line, from a form, with a preview; Ctrl-C stops it."""
    from sos_print.cli.options import refuse, usage
    from sos_print.web.server import ListenError, serve_page
    from sos_print.web.site import Settings, is_host_name

    hosts = tuple(allowed_host or ())
    for name in hosts:  # "http://sos.school.example/" or "*" was taken, and the page then refused its own name (ad97)
        if not is_host_name(name.strip().lower()):
            usage(
                f"--allowed-host {name!r} is not a host name, such as sos.school.example: give the name teachers type"
            )
    if host not in ("127.0.0.1", "localhost", "::1") and not hosts:
        usage(f"--host {host} lets other computers in: name the address they will type with --allowed-host")
    settings = Settings(workers=workers or os.cpu_count() or 1, allowed_hosts=hosts)
    try:
        serve_page(site(settings), host, port, open_browser=not no_browser)
    except ListenError as error:
        refuse(str(error))


def site(settings: Any) -> Any:
    """Returns the web page (a WSGI application) with the forms and the runner of these commands."""
    from sos_print.web.site import Site

    return Site(forms(), invoke, settings)


def application() -> Any:
    """Returns the page for a school's server, configured by the environment (README, "On a school's server"); a
    wrong setting ends the process with one line."""
    import sys

    from sos_print.web.site import SettingsError, settings_from_environment

    try:
        settings = settings_from_environment(os.environ)
    except SettingsError as error:
        print(f"sos-print: {error}", file=sys.stderr, flush=True)
        # 3 is what gunicorn takes for "the application cannot start": it stops, rather than start it again forever.
        raise SystemExit(3) from None
    return site(settings)


def forms() -> tuple["Form", ...]:
    """Returns the form of every command the page offers, in the order `sos-print --help` lists them."""
    from sos_print.cli.application import every_command
    from sos_print.documents.registry import written_by
    from sos_print.web.forms import Form

    group = typer.main.get_command(every_command())
    made = []
    for name in COMMANDS:
        if name == "serve":
            continue
        command = group.commands[name]  # type: ignore[attr-defined]
        fields = tuple(field for param in command.params if (field := _field(param)) is not None)
        files = tuple(dict.fromkeys(entry.file for entry in written_by(name)))
        summary = (command.help or "").strip().splitlines()[0]
        made.append(Form(name, summary, fields, files))
    return tuple(made)


def _field(param: Any) -> "Field | None":
    """Returns the field of one of a command's parameters (click's, as Typer made it), or None if hidden."""
    import enum

    from sos_print.web.forms import Field, Kind

    if param.name in HIDDEN or getattr(param, "hidden", False):
        return None
    argument = param.param_type_name == "argument"
    flag = (param.metavar or param.name.upper()) if argument else param.opts[0]
    kind_of = param.type.name
    key = param.name.replace("_", "-") if argument else param.opts[0].lstrip("-")
    common = {"name": param.name, "key": key, "flag": flag, "help": param.help or "", "argument": argument}
    common["required"] = bool(param.required)
    accept = FILE_ARGUMENTS.get(flag) if argument else FILE_OPTIONS.get(flag)
    if accept is not None or kind_of == "path":
        kind = Kind.FILES if param.multiple or param.nargs == -1 else Kind.FILE
        return Field(**common, kind=kind, accept=accept or ())
    default = param.default if not callable(param.default) else None
    if getattr(param, "is_flag", False):
        return Field(**common, kind=Kind.FLAG, default=bool(default))
    if kind_of in ("int", "int range"):
        low, high = getattr(param.type, "min", None), getattr(param.type, "max", None)
        return Field(**common, kind=Kind.NUMBER, default=default, minimum=low, maximum=high)
    if kind_of == "choice":
        choices = tuple(choice.value if isinstance(choice, enum.Enum) else str(choice) for choice in param.type.choices)
        return Field(**common, kind=Kind.CHOICE, default=default, choices=choices)
    return Field(**common, kind=Kind.TEXT, default=default, pattern=PATTERNS.get(flag, ""))


def invoke(command: str, arguments: list[str], job: "Job") -> "Outcome":
    """Runs `command` with `arguments` as `job`: its files and lines land in the job; returns how it ended."""
    from sos_print.cli.solving import FILE_HINT
    from sos_print.system import jobs
    from sos_print.web.site import Outcome

    group = typer.main.get_command(app)
    chosen = group.commands[command]  # type: ignore[attr-defined]
    # A command given nothing shows its help on the command line; a form left empty is told which field it needs.
    chosen.no_args_is_help = False
    unread = not_whole_number(arguments, options_taking(group, "int"))
    if unread is not None:  # as the command line says it (`application.Application.main`), beside its field
        option, value = unread
        name = next(param.name for param in chosen.params if option in param.opts)
        message = echoes_shortened(f"{value!r} is not a whole number in the digits 0 to 9.", arguments)
        return Outcome(status=2, message=message, field=name)
    with jobs.running(job):
        try:
            with chosen.make_context(command, within_int_limit(arguments, options_taking(group, "text"))) as context:
                chosen.invoke(context)
        except typer.Exit as end:
            return Outcome(status=end.exit_code)
        except typer.TyperException as error:  # a usage error: click's own, or ours (options.usage)
            name = getattr(getattr(error, "param", None), "name", None) or getattr(error, "field", None)
            # A long value is echoed cut, as on the command line: 300,000 characters made a message as long (ad50 F2).
            # the page names the field: no command line to point to
            said = plainer(as_declared(error.format_message(), getattr(error, "param", None)), None)
            said = said.removesuffix(FILE_HINT) if command == "solve" else said
            return Outcome(status=2, message=echoes_shortened(said, arguments), field=name)
    return Outcome(status=0)
