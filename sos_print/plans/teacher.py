"""Builds the plan of the teacher's notes, in one language."""

from __future__ import annotations

from sos_print.engine.capacity import MOST_SOS, seldom_reached
from sos_print.engine.check import CheckedExample
from sos_print.engine.frozen import frozen
from sos_print.plans.common import StripPlan, game_rules, games_played, group_games, strip_plan
from sos_print.plans.layout import Paper
from sos_print.plans.options import PrintOptions
from sos_print.plans.strategy import StrategyPlan, strategy_plan
from sos_print.plans.words import Block, Label, Words
from sos_print.plans.worked import ExampleFigure, example_figure


@frozen
class TeacherPlan:
    """Holds the teacher's notes in one language."""

    title: Label
    page: str  # "Page {number} of {count}": each page's number in the file, filled in when its pages are counted
    keep_apart: Label
    printing: list[Block]
    calibration: Label
    inch_bar: bool  # Letter paper: a second bar, in inches
    kit: list[Block]
    goals: list[Block]
    lesson: list[Block]
    timing: list[Block]
    adapt: list[Block]
    watch: list[Block]
    talk: list[Block]
    strategy: StrategyPlan | None  # None where the kit's rule is not the standard game the positions are solved in
    strategy_left_out: list[Block]  # why, then
    examples_heading: Label
    examples_intro: list[Block]
    examples: tuple[ExampleFigure, ...]
    bookmark: str
    examples_bookmark: str
    strip: StripPlan
    elsewhere: tuple[str, ...] = ()  # where the file's other languages lie, after `keep_apart`: filled in once counted


def teacher_plan(options: PrintOptions, lang: str, examples: tuple[CheckedExample, ...]) -> TeacherPlan:
    """Returns the teacher's notes in `lang` for a kit printed with `options`, showing `examples` in its notation."""
    words = Words(lang)
    # The notes describe a game the groups play: a class list too small for the kit's groups ("--teams" with two
    # children) plays only the game of its own number of players.
    played = games_played(options)
    variant = options.variant if options.variant in played else played[0]
    rules = game_rules(variant)
    # The strategy positions are solved in the standard game: two sides (two players, or teams) to a full grid.
    standard = rules.ends == "full" and len(variant.sides) == 2
    return TeacherPlan(
        title=(words("teacher.title"),),
        page=words("common.page", number="{number}", count="{count}"),
        keep_apart=(words("teacher.keep_apart"),),
        printing=words.blocks("teacher.printing", inches=options.paper is Paper.LETTER),
        calibration=(words("teacher.calibration", inches=options.paper is Paper.LETTER),),
        inch_bar=options.paper is Paper.LETTER,
        kit=words.blocks(
            "teacher.kit",
            groups=options.groups,
            size=options.size,
            players=variant.players,
            teams=variant.teams,
            target=variant.target,
            ends=rules.ends,
            notation=options.notation.value,
            languages=len(options.language.codes),
            two_per_page=options.two_per_page,
            rules_per_group=options.rules_per_group,
            parts=_parts(options),
            games=_games(options),
            codes=options.language.codes,
        ),
        goals=words.blocks("teacher.goals", ends=rules.ends, notation=options.notation.value),
        lesson=words.blocks(
            "teacher.lesson", size=options.size, ends=rules.ends, groups=options.groups, teams=rules.teams
        ),
        timing=words.blocks("teacher.timing", size=options.size, ends=rules.ends, teams=rules.teams),
        adapt=words.blocks(
            "teacher.adapt",
            size=options.size,
            ends=rules.ends,
            teams=variant.teams,
            large_print=options.kit_large_print,
            target=variant.target,
            small_most=MOST_SOS[3],
            solo=_solo(options),
        ),
        watch=words.blocks(
            "teacher.watch",
            ends=rules.ends,
            teams=variant.teams,
            target=variant.target,
            size=options.size,
            most=MOST_SOS[options.size],
            seldom=rules.ends == "target" and seldom_reached(variant.target, options.size),
        ),
        talk=words.blocks(
            "teacher.talk",
            ends=rules.ends,
            teams=variant.teams,
            players=max(game[0] for game in _games(options) or ((variant.players,),)),
            solo=_solo(options),
        ),
        strategy=strategy_plan(words, options.notation, variant.teams, _games(options), options.size)
        if standard
        else None,
        strategy_left_out=[]
        if standard
        else words.blocks("teacher.strategy_left_out", ends=rules.ends, players=variant.players),
        examples_heading=(words("teacher.examples_heading"),),
        examples_intro=words.blocks(
            "teacher.examples_intro",
            count=len(examples),
            ends=rules.ends,
            players=variant.players,
            games=_games(options),
            placed=any(checked.start.board.filled() for checked in examples),
        ),
        examples=tuple(
            example_figure(checked, k, words, options.notation) for k, checked in enumerate(examples, start=1)
        ),
        bookmark=words("teacher.bookmark"),
        examples_bookmark=words("teacher.examples_bookmark"),
        strip=strip_plan(options, fields=False, lang=lang),
    )


def _parts(options: PrintOptions) -> tuple[tuple[int, int], ...]:
    """Returns the pages of the players' file's boards, score sheets and rule sheets (all of them), or () for notes
    printed alone."""
    pages = [(first, last) for _, first, last in options.kit_pages]
    return (*pages[:2], (pages[2][0], pages[-1][1])) if pages else ()


def _solo(options: PrintOptions) -> tuple[int, ...]:
    """Returns the numbers of the groups of a team kit's class list that play without teams (a pair or a three left
    over), whose points the notes name beside the teams'; () when every group plays in teams, or none does."""
    games = _games(options)
    return tuple(n for game in games if not game[1] for n in game[2]) if options.variant.teams else ()


def _games(options: PrintOptions) -> tuple[tuple[int, bool, tuple[int, ...], tuple[int, int] | None], ...]:
    """Returns, when a class list leaves groups that play another game than the kit's own, each game played: its
    players, teams, the numbers of the groups that play it and the pages of its rule sheet (None where the players'
    file prints a rule sheet for each group); () when every group plays the kit's own game."""
    played = games_played(options)
    if len(played) < 2:
        return ()
    numbers = [number for number, _ in enumerate(group_games(options), start=1)]
    variants = [game.options.variant for game in group_games(options)]
    rule_pages = [(first, last) for _, first, last in options.kit_pages[2:]]
    spans = rule_pages if len(rule_pages) == len(played) else [None] * len(played)
    return tuple(
        (
            variant.players,
            variant.teams,
            tuple(number for number, other in zip(numbers, variants, strict=True) if other == variant),
            span,
        )
        for variant, span in zip(played, spans, strict=True)
    )
