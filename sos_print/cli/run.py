"""Runs a printing command: checks the targets, renders in memory, writes every file or none, reports."""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import typer

from sos_print.cli.options import usage

if TYPE_CHECKING:
    from sos_print.documents.common import Rendered

ProgressFn = Callable[[str, int, int], None]


def run(targets: list[Path], force: bool, render: Callable[[ProgressFn], list[Rendered]]) -> None:
    """Checks the targets, renders, then writes every file; on any error nothing is written."""
    from sos_print.engine.check import ClaimsError
    from sos_print.engine.errors import LayoutError, SosError
    from sos_print.pdf.output import check_targets, write_atomic

    try:
        check_targets(targets, force)
        rendered = render(progress())
        for path, document in zip(targets, rendered, strict=True):
            write_atomic(path, document.data)
    except ClaimsError as error:
        clear_progress()
        typer.echo(str(error))
        typer.echo("sos-print: an example claim is false; nothing was written.", err=True)
        raise typer.Exit(1) from None
    except LayoutError as error:
        clear_progress()
        usage(str(error))
    except SosError as error:
        clear_progress()
        typer.echo(f"sos-print: {error}", err=True)
        raise typer.Exit(1) from None
    clear_progress()
    typer.echo(
        "wrote "
        + " and ".join(
            f"{path} ({_pages(doc.pages)}, {_kilobytes(len(doc.data))})"
            for path, doc in zip(targets, rendered, strict=True)
        )
    )


def _pages(count: int) -> str:
    return f"{count} page" if count == 1 else f"{count} pages"


def _kilobytes(size: int) -> str:
    return f"{max(1, round(size / 1024))} KB"


def progress() -> ProgressFn:
    """Returns a progress line writer for a terminal, or one that stays quiet when output is piped."""
    if not sys.stderr.isatty():
        return lambda what, done, total: None

    def show(what: str, done: int, total: int) -> None:
        sys.stderr.write(f"\r\033[Kwriting {what}: {done}/{total}")
        sys.stderr.flush()

    return show


def clear_progress() -> None:
    """Erases the progress line, if one was shown."""
    if sys.stderr.isatty():
        sys.stderr.write("\r\033[K")
        sys.stderr.flush()
