"""Reads the templates for tests: the macros each one defines and their arguments, through jinja2's public API."""

from __future__ import annotations

from sos_print.plans.words import environment


def template_module(lang: str, document: str):
    """Returns the module of templates/<lang>/<document>.j2: its macros as attributes."""
    return environment().get_template(f"{lang}/{document}.j2").module


def macro_names(lang: str, document: str) -> set[str]:
    """Returns the names of the macros a template defines."""
    return {name for name in dir(template_module(lang, document)) if not name.startswith("_")}
