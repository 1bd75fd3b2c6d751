"""Creates the sos-print Typer application and its global options, and loads the commands a run needs.

Each command is declared in one module of this package, which registers it on `app` when it
is imported. A run that starts with a command's name imports only that command's module
(`sos-print check` never loads the printing commands, nor through them reportlab and jinja2).
Any other run loads every command: `--help` (before a command too) lists them all, and a
misspelt name gets click's suggestion of the nearest one.
"""

from __future__ import annotations

import itertools
import os
import re
import sys
from collections.abc import Collection, Sequence
from importlib import import_module
from typing import Annotated, Any

import typer
from typer.core import TyperGroup

from sos_print import __version__
from sos_print.cli.process import say


class Application(TyperGroup):
    """Runs the commands as Typer does, except that every usage error is the same one line and status 2.

    Click would print a usage block of several lines for the errors it finds itself (an option
    out of range, an unknown option) and one line for ours; a user gets one form for all. A value
    the error echoes from the command line is shortened (`echoes_shortened`).
    """

    def main(
        self,
        args: Sequence[str] | None = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        windows_expand_args: bool = True,
        **extra: Any,
    ) -> Any:
        arguments = within_int_limit(list(args) if args is not None else sys.argv[1:], options_taking(self, "text"))
        try:
            if dashed := misdashed_option(arguments, options_taking(self)):
                from sos_print.cli.options import usage

                typed, option, how = dashed
                usage(f"{typed!r} is written with {how}: type {option}")
            if twice := given_twice(self, arguments):
                from sos_print.cli.options import usage

                usage(f"{twice[0]} is given twice, as {twice[1]!r} and as {twice[2]!r}: give it once")
            if unread := not_whole_number(arguments, options_taking(self, "int")):
                option, value = unread
                raise typer.BadParameter(
                    f"{value!r} is not a whole number in the digits 0 to 9.", param_hint=f"'{option}'"
                )
            code = super().main(arguments, prog_name, complete_var, False, windows_expand_args, **extra)
        except typer.TyperException as error:  # every usage error click raises, and ours (options.usage)
            text = error.format_message()
            context = getattr(error, "ctx", None)
            if context is not None and text == context.get_help():  # no arguments at all: the help, shown as it is
                say(text, err=True)
            else:
                said = (
                    dashed_file(text, arguments, context)
                    or argument_as_option(text, context)
                    or after_dashes(text, arguments)
                    or option_missed(text, arguments, context)
                    or plainer(as_declared(text, getattr(error, "param", None)), context)
                )
                say(f"Usage error: {echoes_shortened(said, arguments)}", err=True)
            code = error.exit_code
        if not standalone_mode:
            return code
        sys.exit(code if isinstance(code, int) else 0)


_RANGE = re.compile(r"is not in the range (?:(-?\d+)<=x<=(-?\d+)|x>=(-?\d+)|x<=(-?\d+))\.")
_MISSING = re.compile(r"Missing argument ('[^']*')\.")
_EXTRA = re.compile(r"Got unexpected extra argument(?:\(s\)|s)? \((.*)\)", re.DOTALL)


def as_declared(text: str, param: Any) -> str:
    """Returns click's "is not one of 'a1', 'l1c1'" with the choices as the option declares them ('A1', 'L1C1'), as
    every page and --help write them: click lists them as it compares them, in lower case (ad83, 14)."""
    choices = getattr(getattr(param, "type", None), "choices", None)
    listed = re.search(r"is not one of (.*)\.$", text)
    if not choices or listed is None:
        return text
    declared = ", ".join(repr(getattr(choice, "value", choice)) for choice in choices)
    return text[: listed.start(1)] + declared + "."


def plainer(text: str, context: Any) -> str:
    """Returns click's wording of a usage error in a teacher's words: a range as "from 3 to 8", not "3<=x<=8", a missing
    argument pointed to the command's help, and an extra argument told that a name with spaces goes in quotes, and
    that a command of one file reads one a run (review nt64, 7 to 9)."""
    text = _RANGE.sub(_range_words, text)
    missing = _MISSING.fullmatch(text)
    if missing is not None and context is not None:  # "Missing argument 'PATH...'." said nothing of what to give
        return f"Missing argument {missing[1]}: {context.command_path} --help says what to give"
    extra = _EXTRA.fullmatch(text)
    if extra is None:
        return text
    said = f'{text}: a name with spaces goes in quotes ("class list.txt")'
    command = getattr(context, "command", None)
    single = [param for param in getattr(command, "params", ()) if param.param_type_name == "argument"]
    if command is not None and len(single) == 1 and single[0].nargs == 1:
        said += f", and {command.name} reads one {single[0].human_readable_name.lower()} a run"
    return said


def dashed_file(text: str, arguments: Sequence[str], context: Any) -> str | None:
    """Returns how to write a file whose name starts with a dash where a command that reads files took that name for
    options and click said only "No such option: -d" (ad64, 8); or None."""
    unknown = re.match(r"No such option: (-\S+)", text)
    params = getattr(getattr(context, "command", None), "params", ())
    if unknown is None or not any(param.param_type_name == "argument" for param in params):
        return None
    for argument in itertools.takewhile(lambda argument: argument != "--", arguments):
        if argument.startswith(unknown[1]) and os.path.lexists(argument):
            return f"{argument!r} was read as options: a file whose name starts with a dash is written ./{argument}"
    return None


def argument_as_option(text: str, context: Any) -> str | None:
    """Returns how to give what a command reads as arguments where it was given as an option another command has
    ("teacher --examples DIR", as "kit --examples DIR" is written): click offered "--players, --teams" (ad97, C5);
    or None."""
    unknown = re.match(r"No such option: --([\w-]+)", text)
    command = getattr(context, "command", None)
    if unknown is None or command is None:
        return None
    option = unknown[1]
    arguments = [param.name for param in command.params if param.param_type_name == "argument"]
    if option.replace("-", "_") not in arguments:
        return None
    return (
        f"No such option: --{option}: {command.name} reads its {option.replace('-', ' ')} as arguments, without "
        f"--{option} (sos-print {command.name} FOLDER)"
    )


def after_dashes(text: str, arguments: Sequence[str]) -> str | None:
    """Returns click's "unexpected extra argument" told that what follows "--" is read as file names, where an option
    given there was (replay --size 4 -- -dash.csv --out d.pdf); or None. Told to quote a name with spaces, the user
    looked for one (sweep ad67, 8)."""
    extra = _EXTRA.fullmatch(text)
    if extra is None or "--" not in arguments:
        return None
    after = arguments[arguments.index("--") + 1 :]
    # The first may be a file whose name starts with a dash (-dash.csv), never one that starts as an option does: "kit
    # --out kk -- --roster a.txt" was told to quote a name with spaces (ad84, 10).
    named = [argument for k, argument in enumerate(after) if k or argument.startswith("--")]
    if not any(argument.startswith("-") and argument in extra[1] for argument in named):
        return None
    return f"{text}: what follows -- is read as file names; give the options before --"


def option_missed(text: str, arguments: Sequence[str], context: Any) -> str | None:
    """Returns click's "unexpected extra argument" told which option it belongs to: a class list that exists given
    without --roster, a worked-example file without its own --examples (told to give it with --roster: sweep ad79,
    1), a seat's name after --names' first ("--names A=Léa B=Tom"); or None. Told to quote a name with
    spaces, a teacher looked for one (review nt66, 4). A word left over from a value with a space ("--class-name Year
    5") says nothing of where it belongs: it keeps the hint on quotes (sweep ad68, 1)."""
    from sos_print.engine.records import is_record

    extra = _EXTRA.fullmatch(text)
    params = {param.name for param in getattr(getattr(context, "command", None), "params", ())}
    if extra is None or not extra[1].split():
        return None
    first = extra[1].split()[0]
    if "names" in params and re.fullmatch(r"[A-Da-d]\s*=.*", first):
        return f"{text}: --names takes every seat in one argument, with commas between seats"
    if "examples" in params and first.lower().endswith(".toml") and os.path.isfile(first):
        return f"{text}: give each worked-example file after its own --examples (--examples {first})"
    given = any(argument == "--roster" or argument.startswith("--roster=") for argument in arguments)
    if "roster" in params and not given and os.path.isfile(first) and not is_record(first):
        return f"{text}: give a class list with --roster {first}"
    return None


def _range_words(match: re.Match[str]) -> str:
    low, high, least, most = match.groups()
    if low is not None:
        return f"is not from {low} to {high}."
    return f"is not {least} or more." if least is not None else f"is not {most} or less."


ECHO = 40  # the most characters of a command-line value a usage error shows
_WHOLE_NUMBER = re.compile(r"(\s*[+-]?)(\d+)(\s*)")


def within_int_limit(arguments: Sequence[str], text: Collection[str]) -> list[str]:
    """Returns the arguments with every whole number of more digits than Python turns into an int (4,300) cut to
    that many: it is as far beyond every option's range, and gets the option's own sentence ("--target 999... can
    never be reached"), where Python's refusal would give click's "is not a valid int range". The value of an
    option in `text` (a class name of digits) is kept whole, so that a message counts what was typed."""
    most = getattr(sys, "get_int_max_str_digits", lambda: 4300)() or 4300
    tamed = []
    for before, argument in zip(["", *arguments], arguments, strict=False):
        flag, equals, value = argument.partition("=") if argument.startswith("--") else ("", "", argument)
        kept = flag in text if equals else before in text
        number = _WHOLE_NUMBER.fullmatch(value) if not kept and len(value) > most else None
        # Its zeros first: 4,301 of them before a 2 left 0, and printed a board with no target (ad85, 2).
        digits = number[2].lstrip("0")[:most] or "0" if number else ""
        tamed.append(f"{flag}{equals}{number[1]}{digits}{number[3]}" if number else argument)
    return tamed


def not_whole_number(arguments: Sequence[str], numbers: Collection[str]) -> tuple[str, str] | None:
    """Returns the first whole-number option in `numbers` and its value where the value is not written in the digits
    0 to 9, or None where every such value is. int() takes other scripts' digits ("４", "٤") and underscores ("1_0" for
    10): a look-alike typed or pasted printed another number of groups than the one shown. Any other value ("0x1",
    "2.5") gets the same sentence, not click's "is not a valid int range" (issue 20, sweep 41 C2)."""
    for before, argument in zip(["", *arguments], arguments, strict=False):
        if argument == "--" and before not in numbers:  # "--groups --" gives "--" as the value (ad84, 9)
            return None
        flag, equals, value = argument.partition("=")
        option, value = (flag, value) if argument.startswith("--") and equals else (before, argument)
        if option in numbers and not (value.isascii() and _WHOLE_NUMBER.fullmatch(value)):
            return option, value
    return None


# Dashes a word processor or a web page puts for "--" (an en or em dash, a minus sign, full-width hyphens).
_LONG_DASHES = re.compile(
    r"[\u2010-\u2015\u2212\ufe58\ufe63\uff0d-]*[\u2010-\u2015\u2212\ufe58\ufe63\uff0d]"
    r"[\u2010-\u2015\u2212\ufe58\ufe63\uff0d-]*([a-z][a-z-]*)(=.*)?",
    re.DOTALL,
)


def misdashed_option(arguments: Sequence[str], names: Collection[str]) -> tuple[str, str, str] | None:
    """Returns the first argument that is an option of `names` written with a long dash ("—size", as a word processor
    changes "--size") or with one dash ("-groups"), the option, and how it was written; or None. With a long dash it
    was read as a file's name ("check —size 3 game.csv" asked for --size) or as an extra argument (issue 20, sweep 41
    C1); with one, as the short options -g, -r..., and "No such option: -g" said nothing more (review nt62, 9)."""
    for argument in arguments:
        if argument == "--":
            return None
        typed = argument.partition("=")[0]
        dashed = _LONG_DASHES.fullmatch(argument)
        if dashed and f"--{dashed[1]}" in names:
            return typed, f"--{dashed[1]}", "a long dash"
        if re.fullmatch(r"-[a-z][a-z-]+", typed) and f"-{typed}" in names:
            return typed, f"-{typed}", "one dash"
    return None


def given_twice(group: Any, arguments: Sequence[str]) -> tuple[str, str, str] | None:
    """Returns the first option of the command run that takes one value and is given twice, with both values; or
    None. Click keeps the last without a word: "--roster a.txt --roster b.txt" printed a kit for b.txt's children
    alone, and a.txt's were left out (ad83, 5)."""
    command = next((group.commands[name] for name in arguments if name in group.commands), None)
    valued = [
        parameter
        for parameter in getattr(command, "params", ())
        if parameter.param_type_name == "option" and not parameter.is_flag
    ]
    taking = {name for parameter in valued for name in parameter.opts}
    single = {name: parameter.opts[0] for parameter in valued if not parameter.multiple for name in parameter.opts}
    seen: dict[str, str] = {}
    tokens = iter(arguments)
    for token in tokens:
        if token == "--":  # options end here; a "--" an option takes as its value ("--out --") does not end them
            break
        name, equals, value = token.partition("=")
        if name not in taking:
            continue
        value = value if equals else next(tokens, "")
        if name not in single:
            continue
        if single[name] in seen:
            return single[name], seen[single[name]], value
        seen[single[name]] = value
    return None


def options_taking(group: Any, *types: str) -> set[str]:
    """Returns the names of every option of `group`'s loaded commands ("--groups"), or of those that take a value of
    one of `types`: "int" a whole number, "text" any text ("--class-name")."""
    kinds = {"int": ("int", "int range"), "text": ("text", "str")}
    wanted = {name for kind in types for name in kinds[kind]}
    return {
        name
        for command in group.commands.values()
        for parameter in command.params
        if parameter.param_type_name == "option" and (not types or parameter.type.name in wanted)
        for name in parameter.opts
    }


def echoes_shortened(text: str, arguments: Sequence[str]) -> str:
    """Returns a usage error with every long value it echoes from `arguments` cut to ECHO characters, and any
    character that is not printable escaped: a value of 5,000 characters is no line of 5,000, and a line break in
    one no second line. A byte that is not UTF-8 is shown as that byte, and the line says so.

    A value is echoed quoted (click's 'xxx' is not one of...) or bare (No such option: --xxx); the path of a file
    or folder that exists is shown whole, as every message shows it.
    """
    from sos_print.engine.errors import quoted

    parts = {part for argument in arguments for part in (argument, *argument.split("=", 1))}
    values = parts | {part[1:] for part in parts if part[:1] == "+" and part[1:].isdigit()}  # echoed as read: 999
    echoed = (value for value in values if len(value) > ECHO and not os.path.lexists(value))
    for value in sorted(echoed, key=len, reverse=True):
        text = text.replace(repr(value), quoted(value, ECHO)).replace(value, value[: ECHO - 1] + "\u2026")
    stand_ins = (value for value in values if any(_STAND_IN <= character <= "\udcff" for character in value))
    undecoded = [value for value in stand_ins if repr(value) in text or value in text]
    for value in undecoded:  # click quoted the stand-in: "'\udcff' is not one of 'en', 'fr', ..." (sweep ad82, 5)
        text = text.replace(repr(value), "'" + "".join(map(_shown, value)) + "'")
    text = "".join(map(_shown, text))
    if undecoded and "not UTF-8" not in text:
        text = text.rstrip(".") + ": it is not UTF-8 text (is the terminal set to another encoding?)"
    return text


_STAND_IN = "\udc80"  # Python keeps a byte that is not UTF-8 (0x80 to 0xFF) as U+DC80 to U+DCFF


def _shown(character: str) -> str:
    """Returns a character of a usage error as it can be shown: a byte that was not UTF-8 as that byte ("\\xff"),
    any other character that is not printable escaped."""
    if _STAND_IN <= character <= "\udcff":
        return f"\\x{ord(character) - 0xDC00:02x}"
    return character if character.isprintable() else repr(character)[1:-1]


def _ascii_only(token: str) -> str:
    """Returns an option's value or name as click compares it: a letter beyond ASCII that case-folds into ASCII
    ("ſ" into "s", "ﬆ" into "st", the Kelvin sign into "k") is spelled out ("\\u017fcore-now"), so that no choice
    is met by a look-alike of its ASCII spelling."""
    if token.isascii():
        return token
    return "".join(
        char.encode("ascii", "backslashreplace").decode("ascii") if char.casefold().isascii() else char
        for char in token
    )


app = typer.Typer(
    cls=Application,
    context_settings={"token_normalize_func": _ascii_only},  # every choice option, in every command
    name="sos-print",
    help="Print SOS classroom materials whose worked examples are checked by the rules engine.",
    no_args_is_help=True,
    add_completion=False,
    rich_markup_mode=None,
    pretty_exceptions_enable=False,
)


def _show_version(value: bool) -> None:
    if value:
        say(f"sos-print {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version: Annotated[
        bool,
        typer.Option(
            "--version", help="Print the version of sos-print and exit.", callback=_show_version, is_eager=True
        ),
    ] = False,
) -> None:
    """Print SOS classroom materials whose worked examples are checked by the rules engine."""


# Each command and the module that declares it, in the order `sos-print --help` lists them: what a
# teacher prints first, the class kit, then its parts, then the sheets made from games, then the checks.
COMMANDS = {
    "kit": "printing",
    "boards": "printing",
    "grids": "printing",
    "audit": "printing",
    "teacher": "printing",
    "rules": "printing",
    "puzzles": "puzzling",
    "replay": "replaying",
    "check": "checking",
    "analyse": "analysing",
    "solve": "solving",
    "serve": "serving",
}


def app_for(arguments: Sequence[str]) -> typer.Typer:
    """Returns the application ready to run `arguments`: with the command they start with, or with every command.

    A command that writes documents gets their modules loaded too (those the registry names for it),
    so that the loading is done, all of it, when the command starts (see `process.run_command_line`).
    """
    if arguments and arguments[0] in COMMANDS:
        import_module(f"sos_print.cli.{COMMANDS[arguments[0]]}")
        if "--help" not in arguments:
            from sos_print.documents.registry import written_by

            for entry in written_by(arguments[0]):
                import_module(entry.module)
        return app
    return every_command()


def every_command() -> typer.Typer:
    """Returns the application with every command registered, in the order of `COMMANDS`."""
    for module in dict.fromkeys(COMMANDS.values()):
        import_module(f"sos_print.cli.{module}")
    return app
