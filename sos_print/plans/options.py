"""Holds what the user chose for a printed document: size, groups, variant, language, paper, notation, class list."""

from __future__ import annotations

import enum
from typing import TYPE_CHECKING

from sos_print.engine.frozen import frozen
from sos_print.engine.notation import Notation
from sos_print.engine.rules import Variant
from sos_print.plans.layout import Paper

if TYPE_CHECKING:
    from sos_print.engine.roster import Seating


class Language(enum.Enum):
    """Names the language choices of a document."""

    EN = "en"
    FR = "fr"
    BOTH = "en+fr"
    FR_EN = "fr+en"  # both, French first: for a French-speaking class learning English

    @property
    def bilingual(self) -> bool:
        """Tells whether the documents carry both languages."""
        return len(self.codes) > 1

    @property
    def codes(self) -> tuple[str, ...]:
        """Returns the language codes, first language first."""
        return tuple(self.value.split("+"))


@frozen
class PrintOptions:
    """Holds what the user chose for a printed document."""

    size: int = 4
    groups: int = 1
    variant: Variant = Variant()
    language: Language = Language.EN
    paper: Paper = Paper.A4
    notation: Notation = Notation.A1
    large_print: bool = False
    kit_large_print: bool = False  # the kit's children's pages are in large print: its notes (normal size) say so
    # Where a kit's players' file puts each part, (part, first page, last page), for its notes to say; () alone.
    kit_pages: tuple[tuple[str, int, int], ...] = ()
    two_per_page: bool = False
    rules_per_group: bool = False  # a kit's players' file ends with a rule sheet for each group, not one
    class_name: str = ""
    seating: Seating | None = None  # a class list's groups: each child's name printed at their seat

    def __post_init__(self) -> None:
        if self.seating is not None:  # a class list says how many groups there are
            object.__setattr__(self, "groups", len(self.seating.groups))
