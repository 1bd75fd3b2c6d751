"""Finds the data sos_print reads at run time: templates, fonts and the worked examples."""

from __future__ import annotations

from pathlib import Path

from sos_print.errors import SosError

_PACKAGE = Path(__file__).resolve().parent


def data_dir(name: str) -> Path:
    """Returns the folder `name` ("templates", "fonts" or "examples").

    A wheel carries the folders inside the package (sos_print/_data); a source
    checkout or an editable install keeps them at the top of the repository.
    """
    for candidate in (_PACKAGE / "_data" / name, _PACKAGE.parent / name):
        if candidate.is_dir():
            return candidate
    raise SosError(f"sos_print's {name} folder is missing (looked in {_PACKAGE / '_data'}): reinstall sos-print")
