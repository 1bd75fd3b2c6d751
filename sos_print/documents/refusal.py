"""Says, on the terminal, why a board cannot be printed at the sizes the kit promises, and what would let it.

These are messages for the person running the command, in English like every terminal
message; the printed words live in the templates.
"""

from __future__ import annotations

from collections.abc import Callable

from sos_print.engine.errors import a_board
from sos_print.engine.frozen import replace
from sos_print.plans.layout import Paper, min_cell
from sos_print.plans.options import Language, PrintOptions

_LANGUAGES = {
    Language.EN: "in English",
    Language.FR: "in French",
    Language.BOTH: "in English and French",
    Language.FR_EN: "in French and English",
}
_PAPER = {Paper.A4: "A4", Paper.LETTER: "Letter"}


def refusal(options: PrintOptions, fits: Callable[[PrintOptions], bool]) -> str:
    """Says why a board cannot keep its cells large enough, and which of the options given would let it fit.

    Only options the user gave are suggested, and only those that make the board fit.
    """
    n, players = options.size, options.variant.players
    what = [a_board(n), f"with {players} players"]
    what += ["in large print"] if options.large_print else []
    what += ["two per page"] if options.two_per_page else []
    what += [_LANGUAGES[options.language]]
    relaxations = [
        (options.large_print, "without --large-print", replace(options, large_print=False)),
        (options.two_per_page, "without --two-per-page", replace(options, two_per_page=False)),
        (options.language.bilingual, "one language", replace(options, language=Language(options.language.codes[0]))),
        (options.paper is Paper.LETTER, "--paper a4", replace(options, paper=Paper.A4)),
        (len(options.class_name) > 40, "a shorter --class-name", replace(options, class_name="")),
    ]
    helps = [advice for given, advice, relaxed in relaxations if given and fits(relaxed)]
    reason = f"{' '.join(what)} does not fit on {_PAPER[options.paper]} with cells of at least {min_cell(n):g} mm"
    return f"{reason}; try {' or '.join(helps)}" if helps else f"{reason}, whatever the other options"
