"""Renders the page's HTML from templates/web/, its words from templates/<lang>/web.j2.

Every word is the template's; a help sentence in English is the command line's own (`forms`),
in French the template's. Text is escaped by the one jinja2 Environment, as on paper.
"""

from __future__ import annotations

from typing import Any

from sos_print.plans.words import Words, environment
from sos_print.web.forms import Field, Form, Kind


def index(lang: str, forms: tuple[Form, ...]) -> str:
    """Returns the first page: what can be made, one link per form."""
    words = Words(lang)
    jobs = [
        {
            "href": f"/{lang}/{form.command}",
            "title": words("web.job", command=form.command),
            "summary": _summary(words, form),
        }
        for form in forms
    ]
    return _render("index.html", lang, forms, words, "", title=words("web.site"), jobs=jobs)


def form_page(
    lang: str,
    form: Form,
    forms: tuple[Form, ...],
    values: dict[str, str] | None = None,
    result: Any = None,
    notice: str = "",
    downloads: list[dict[str, str]] | None = None,
) -> str:
    """Returns a command's form, filled with `values` if given, with the result of a plain post if any: the usage
    error beside its field, or the lines the command printed, and the files it made as `downloads` (name, href,
    label) when those lines must be read."""
    words = Words(lang)
    outcome = result.outcome if result is not None else None
    refused = outcome is not None and outcome.status == 2
    message = outcome.message if outcome is not None else ""
    # A usage error, or an upload the command could not use (status 1), goes beside its field.
    wrong = (outcome.field or "") if outcome is not None and outcome.status in (1, 2) else ""
    fields = [_field(words, lang, field, values, message if field.key == wrong else "") for field in form.fields]
    general = message if refused and not wrong else ""
    lines = list(result.lines) if result is not None else []
    return _render(
        "form.html",
        lang,
        forms,
        words,
        form.command,
        title=words("web.job", command=form.command),
        summary=_summary(words, form),
        fields=fields,
        action=f"/{lang}/{form.command}",
        button=words("web.make") if form.files else words("web.run"),
        files=bool(form.files),
        command=form.command,
        errors=[{"key": wrong, "text": message}] if wrong else [],
        general=general,
        lines=lines,
        downloads=downloads or [],
        status=outcome.status if outcome is not None else None,
        said=outcome.said if outcome is not None else lang,
        notice=notice,
    )


def refusal_text(lang: str, reason: str) -> str:
    """Returns the one sentence that refuses a request."""
    return Words(lang)("web.refusal", reason=reason)


def refusal_page(lang: str, text: str) -> str:
    """Returns the page of a refused request: its one sentence."""
    words = Words(lang)
    return _render("refusal.html", lang, (), words, "", title=words("web.site"), text=text)


def _render(template: str, lang: str, forms: tuple[Form, ...], words: Words, current: str, **context: Any) -> str:
    other = "fr" if lang == "en" else "en"
    nav = [
        {
            "href": f"/{lang}/{form.command}",
            "title": words("web.job", command=form.command),
            "current": form.command == current,
        }
        for form in forms
    ]
    chrome = {
        "lang": lang,
        "site": words("web.site"),
        "tagline": words("web.tagline"),
        "skip": words("web.skip"),
        "documents": words("web.documents"),
        "switch": {
            "href": f"/{other}/{current}" if current else f"/{other}/",
            "lang": other,
            "text": words("web.other_language"),
        },
        "nav": nav,
        "intro": words("web.intro"),
        "print_note": words("web.print_note"),
        "script": {key: words(f"web.{key}") for key in _SCRIPT_WORDS},
    }
    return environment().get_template(f"web/{template}").render(**chrome, **context)


DOCUMENTS_LANGUAGE = "lang"  # the field that chooses the language of the documents a command makes

# The words the page's script shows, handed to it in data- attributes (no inline script: the page's policy).
_SCRIPT_WORDS = ("working", "cancel", "cancelled", "ready", "download", "preview", "problem", "report")


def _summary(words: Words, form: Form) -> str:
    return words("web.summary", command=form.command, english=form.summary)


def _field(words: Words, lang: str, field: Field, values: dict[str, str] | None, error: str) -> dict[str, Any]:
    """Returns what the template shows of one field: label, option, help, input, value, and its error."""
    posted = (values or {}).get(field.key)
    value = posted if posted is not None else _default(field, lang)
    view: dict[str, Any] = {
        "key": field.key,
        "id": f"field-{field.key}",
        "label": words("web.option", option=field.key),
        "flag": field.flag,
        "help": words("web.help", english=field.help),
        "kind": field.kind.value,
        "value": value,
        "checked": bool(posted) if values is not None else bool(field.default),
        "required": field.required,
        "minimum": field.minimum,
        "maximum": field.maximum,
        "error": error,
        "needed": words("web.required"),
        "options": [],
        "accept": "",
        "accepted": "",
    }
    if field.kind is Kind.CHOICE:
        options = [] if field.default is not None else [{"value": "", "text": words("web.default_choice")}]
        view["options"] = options + [{"value": c, "text": words("web.choice", choice=c)} for c in field.choices]
    if field.kind in (Kind.FILE, Kind.FILES):
        view["accept"] = ",".join(field.accept)
        view["accepted"] = words("web.files_accepted", suffixes=", ".join(field.accept)) if field.accept else ""
    return view


def _default(field: Field, lang: str) -> str:
    import enum

    # The documents' language starts as the page's: a teacher on the French page who changes nothing gets French
    # pages, where the command's default (English) gave them English ones.
    if field.key == DOCUMENTS_LANGUAGE and lang in field.choices:
        return lang
    if field.default is None or isinstance(field.default, bool):
        return ""
    return field.default.value if isinstance(field.default, enum.Enum) else str(field.default)
