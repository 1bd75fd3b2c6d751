"""Draws the teacher's class sheet: the groups a class list makes, each child at their seat, and a results table to
fill in after the games. It opens each language's part of the teacher's file of a kit printed from a class list."""

from __future__ import annotations

from sos_print.documents.common import notes_flow
from sos_print.documents.tables import place_table
from sos_print.pdf.document import Document
from sos_print.pdf.table import layout_table
from sos_print.plans.classsheet import ClassSheetPlan
from sos_print.plans.layout import NOTES_PT, scale_of
from sos_print.plans.words import Block, Run

GROUP_COLUMN = 16.0  # the group's number (mm)
GAME_COLUMN = 26.0  # its game: "2 players", or the teams
GROUPS_ROW = 7.0  # the groups table's shortest row
NAMES_COLUMN = 62.0  # the results table's children, seats and names
SCORE_COLUMN = 32.0  # room to write "A 5, B 3, C 2"
WINNER_COLUMN = 26.0
RESULTS_ROW = 12.0  # a results row takes handwriting


def render_class_sheet(document: Document, plan: ClassSheetPlan, *, large_print: bool = False) -> None:
    """Adds the class sheet in one language to `document`, starting on a new page."""
    scale = scale_of(large_print)
    size = NOTES_PT * scale
    flow = notes_flow(document, plan.strip, plan.title, scale, numbered=plan.page)
    document.bookmark(plan.bookmark)
    flow.blocks(plan.intro)
    flow.blocks([Block("h2", (Run(plan.groups_heading),))])
    seats = len(plan.groups.columns) - 2
    share = (flow.width - GROUP_COLUMN - GAME_COLUMN) / seats
    bases = (GROUP_COLUMN, GAME_COLUMN, *[share] * seats)
    place_table(flow, plan.groups, layout_table(plan.groups, bases, flow.width, (size, size), GROUPS_ROW * scale))
    flow.blocks([Block("h2", (Run(plan.results_heading),)), *plan.results_intro])
    bases = (GROUP_COLUMN, NAMES_COLUMN, SCORE_COLUMN, WINNER_COLUMN, 0.0)
    place_table(flow, plan.results, layout_table(plan.results, bases, flow.width, (size, size), RESULTS_ROW * scale))
    document.end_page()
