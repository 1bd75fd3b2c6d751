"""Builds the header strip of every page: the class (its name, or a line to write it on), the date, the group."""

from __future__ import annotations

from sos_print.engine.frozen import frozen
from sos_print.pages.options import Language, PrintOptions
from sos_print.pages.words import Vocabulary


@frozen
class StripPlan:
    """Holds what the header strip shows; `fields` pages (the children's) get lines to fill in."""

    class_caption: str
    class_name: str
    date_caption: str
    fields: bool

    @property
    def shown(self) -> bool:
        """Tells whether the page has a strip at all: always with fields, else only for a class name."""
        return self.fields or bool(self.class_name)


def strip_plan(options: PrintOptions, fields: bool, lang: str = "") -> StripPlan:
    """Returns the strip for a page printed with `options`: in `lang`, or every language joined by a slash."""
    vocab = Vocabulary(Language(lang) if lang else options.language)
    return StripPlan(
        class_caption=" / ".join(dict.fromkeys(vocab.label("common.class_field"))),
        class_name=options.class_name,
        date_caption=" / ".join(dict.fromkeys(vocab.label("common.date_field"))),
        fields=fields,
    )
