"""Prints SOS classroom materials whose every worked example is checked by a rules engine.

The code is in packages that import one way (docs/design.md draws the arrows): `engine`
(the rules), `system` (signals, safe writing), `plans` (what each page shows), `pdf` (the
drawing toolkit), `forms` (a fillable audit's fields), `documents` (one module per printed
document) and `cli` (the command line).
"""

from __future__ import annotations

from pathlib import Path

__version__ = "0.1.0"


def data_dir(name: str) -> Path:
    """Returns the folder of data read at run time: "templates", "fonts" or "examples".

    A wheel carries the folders inside the package (sos_print/_data); a source
    checkout or an editable install keeps them at the top of the repository.
    """
    package = Path(__file__).resolve().parent
    for candidate in (package / "_data" / name, package.parent / name):
        if candidate.is_dir():
            return candidate
    from sos_print.engine.errors import SosError

    raise SosError(f"sos_print's {name} folder is missing (looked in {package / '_data'}): reinstall sos-print")
