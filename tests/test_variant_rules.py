"""Tests that every document states the rules of the variant it is printed for, and no other variant's.

How a game ends is found by playing the engine, not read from the variant's fields: six O's
are written one after another, each completing an S-O-S, and the test notes whether the
writer moved again and when the game stopped. The sentences that belong to each way of
ending are found by rendering every macro that takes `ends` once for each way: a sentence
printed for some ways and not others states a rule, and a document may hold only those of
its own variant.
"""

from __future__ import annotations

import re
from itertools import product

import pytest
from pdfread import texts
from rendered import rendered
from templates_read import macro_names, template_module

from sos_print.engine.grid import Cell
from sos_print.engine.rules import Letter, Move, Position, Variant, parse_board
from sos_print.plans.common import game_rules
from sos_print.plans.options import Language, PrintOptions
from sos_print.plans.words import LANGUAGES, Words

VARIANTS = {
    "plain": Variant(),
    "target": Variant(target=5),
    "first S-O-S wins": Variant(first_sos_wins=True),
    "3 players": Variant(players=3),
    "4 players": Variant(players=4),
    "teams": Variant(players=4, teams=True),
    "teams to a target": Variant(players=4, teams=True, target=5),
}
# Every document a variant changes the words of; the players' file holds the board, score sheet and rule sheet.
DOCUMENTS = ("players", "teacher", "fillable audit")
# Rows 1, 3 and 5 read S _ S _ S: each O written in a gap completes one S-O-S and touches no other line.
LADDER = "S.S.S/...../S.S.S/...../S.S.S"
GAPS = [Cell(column, row) for row in (0, 2, 4) for column in (1, 3)]
WAYS = ("full", "target", "first")
TEMPLATES = ("common", "board", "audit", "rules", "teacher", "puzzles")


def played_ending(variant: Variant) -> str:
    """Returns how the engine ends a game of `variant`: "first" if one S-O-S ends it, "target" if a few do with
    cells still empty, "full" if the writer of each S-O-S moves again and the game goes on."""
    position = Position.start(parse_board(LADDER), variant)
    for scored, cell in enumerate(GAPS, start=1):
        step = position.step(Move(cell, Letter.O))
        assert step.points == 1, f"{cell} should complete one S-O-S on\n{position.board.diagram()}"
        if step.after.is_over:
            return "first" if scored == 1 else "target"
        assert step.next_seat == position.seat, f"no extra move after scoring on\n{step.after.board.diagram()}"
        position = step.after
    return "full"


def plays_in_teams(variant: Variant) -> bool:
    """Tells whether the engine adds C's points to A's."""
    return len(Position.start(4, variant).side_scores) == 2 and variant.players == 4


def plain(text: str) -> str:
    """Returns text as compared: any space one space, no space after a hyphen (a line may break there)."""
    text = re.sub(r"[\s\u00a0\u202f]+", " ", text)
    return re.sub(r"- ", "-", text).strip()


def sentences_of(lang: str, template: str, ways: tuple[str, bool], variant: Variant) -> set[str]:
    """Returns every sentence the macros of a template that take `ends` print for one way of ending and of keeping
    score."""
    ends, teams = ways
    words = Words(lang)
    values = {
        "ends": ends,
        "teams": teams,
        "target": variant.target or 5,
        "ends_early": ends != "full",
        "players": variant.players,
        "groups": 1,
        "size": 4,
        "line": "B1-B3",
        "notation": "A1",
        "count": 10,
        "languages": 1,
        "large_print": False,
    }
    found = set()
    for name in macro_names(lang, template):
        arguments = getattr(template_module(lang, template), name).arguments
        if "ends" not in arguments:
            continue
        for number in range(1, 5):
            context = {**values, "number": number}
            for block in words.blocks(f"{template}.{name}", **{arg: context[arg] for arg in arguments}):
                found |= {
                    plain(sentence)
                    for sentence in re.split(r"(?<=[.!?;:])\s+", block.text)
                    if len(sentence.split()) >= 4
                }
    return found


def owned(lang: str, variant: Variant) -> dict[str, set[tuple[str, bool]]]:
    """Returns, for each rule sentence, the ways of ending and keeping score it is printed for.

    common.j2's rule statements are the measure: one of them belongs to its own ways even if a page prints it for
    all (that page would state it whatever the variant, which is wrong).
    """
    everyone = set(product(WAYS, (False, True)))
    owners: dict[str, set[tuple[str, bool]]] = {}
    canonical: dict[str, set[tuple[str, bool]]] = {}
    for template, ways in product(TEMPLATES, everyone):
        for sentence in sentences_of(lang, template, ways, variant):
            owners.setdefault(sentence, set()).add(ways)
            if template == "common":
                canonical.setdefault(sentence, set()).add(ways)
    owners.update(canonical)
    return {sentence: ways for sentence, ways in owners.items() if ways != everyone}


def test_the_engine_gives_each_variant_its_own_ending():
    assert {name: played_ending(variant) for name, variant in VARIANTS.items()} == {
        "plain": "full",
        "target": "target",
        "first S-O-S wins": "first",
        "3 players": "full",
        "4 players": "full",
        "teams": "full",
        "teams to a target": "target",
    }


@pytest.mark.parametrize("name", VARIANTS)
def test_the_variant_picks_the_sentences_of_the_game_the_engine_plays(name):
    variant = VARIANTS[name]
    rules = game_rules(variant)
    assert (rules.ends, rules.teams) == (played_ending(variant), plays_in_teams(variant))


@pytest.mark.parametrize(("name", "lang"), list(product(VARIANTS, LANGUAGES)))
def test_every_document_states_its_own_variant_and_no_other(name, lang):
    variant = VARIANTS[name]
    ways = (played_ending(variant), plays_in_teams(variant))
    options = PrintOptions(variant=variant, language=Language(lang))
    sentences = owned(lang, variant)
    assert sentences, "no macro prints a sentence for one variant only"
    # The rule sheet's list of variants names every other one, as a variant: it is left out of what is compared.
    listed = [
        plain(block.text)
        for block in Words(lang).blocks(
            "rules.variants", target=variant.target, ends=ways[0], teams=ways[1], players=variant.players
        )
    ]
    for document in DOCUMENTS:
        text = plain(" ".join(texts(rendered(document, options))))
        for block in listed:
            text = text.replace(block, " ")
        wrong = sorted(sentence for sentence, owners in sentences.items() if ways not in owners and sentence in text)
        assert not wrong, f"{document} ({name}, {lang}) states another variant's rule: {wrong}"
        if document != "fillable audit":  # its words are the paper audit's, which the players' file holds
            right = [sentence for sentence, owners in sentences.items() if ways in owners and sentence in text]
            assert right, f"{document} ({name}, {lang}) states no rule of its own variant"
