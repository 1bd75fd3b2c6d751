"""Tests a worked example as long as a game gets: a full 8 x 8 board, 64 moves, every claim true.

Through the teacher's notes, the rule sheet and the kit it either prints whole within the
margins, its text continuing on the next page, or it is refused before anything is
written, with a message naming the example and the limit.
"""

from __future__ import annotations

import random

import pytest
from games import Game, true_claims
from pdfread import pages, texts
from test_long_text import clashes, margin_breaches

from sos_print.cli import app
from sos_print.engine.notation import Notation
from sos_print.engine.rules import Letter, Move, Position


def full_game(seed: int = 8) -> Game:
    """Plays a whole 8 x 8 game at random, scoring whenever a point is there, as an eager child would."""
    rnd = random.Random(seed)
    start = Position.start(8)
    position, steps = start, []
    while not position.is_over:
        moves = [Move(cell, letter) for cell in position.board.empty_cells() for letter in Letter]
        scoring = [move for move in moves if position.step(move).points]
        steps.append(position.step(rnd.choice(scoring or moves)))
        position = steps[-1].after
    return Game(start, tuple(steps))


@pytest.fixture(scope="module")
def dense(tmp_path_factory):
    game = full_game()
    assert len(game.steps) == 64 and sum(step.points for step in game.steps) > 20
    claims = true_claims(game, Notation.A1)
    path = tmp_path_factory.mktemp("dense") / "full-8x8.toml"
    path.write_text(claims.toml() + '[title]\nen = "A whole 8 × 8 game"\nfr = "Une partie entière en 8 × 8"\n')
    return path, game


def readable(path) -> None:
    with pages(path.read_bytes()) as pdf:
        for number, page in enumerate(pdf.pages, start=1):
            assert not margin_breaches(page), f"{path.name} page {number}: {margin_breaches(page)[:5]}"
            assert not clashes(page), f"{path.name} page {number}: {clashes(page)[:5]}"


@pytest.mark.parametrize(
    "options",
    [[], ["--large-print", "--notation", "L1C1"], ["--large-print", "--paper", "letter", "--lang", "fr"]],
    ids=["plain", "large L1C1", "large letter fr"],
)
def test_the_teachers_notes_print_the_whole_game_across_pages(runner, tmp_path, dense, options):
    example, game = dense
    out = tmp_path / "teacher.pdf"
    result = runner.invoke(app, ["teacher", str(example), "--out", str(out), *options])
    assert result.exit_code == 0, result.output
    readable(out)
    if "fr" in options:
        return  # the French words are read in test_languages; the margins are what this case is for
    text = " ".join(" ".join(texts(out)).split())
    scoring = [k for k, step in enumerate(game.steps, start=1) if step.points]
    for number in [*scoring, 64]:
        assert f"Move {number}: " in text, f"move {number} is missing"
    final = game.final.side_scores
    assert f"Score: A {final['A']}, B {final['B']}." in text


@pytest.mark.parametrize("command", ["rules", "kit"])
def test_the_rule_sheet_refuses_an_example_too_large_for_it_and_writes_nothing(runner, tmp_path, dense, command):
    example, _ = dense
    out = tmp_path / ("kit" if command == "kit" else "rules.pdf")
    option = "--example" if command == "rules" else "--examples"
    result = runner.invoke(app, [command, option, str(example), "--size", "8", "--out", str(out)])
    assert result.exit_code == 2, result.output
    assert f"no worked example fits the rule sheet ({example})" in result.output
    assert "one column of a page" in result.output
    assert not out.exists()


@pytest.mark.parametrize("command", ["rules", "kit"])
def test_the_rule_sheet_refuses_an_example_of_another_board_and_writes_nothing(runner, tmp_path, dense, command):
    example, _ = dense
    out = tmp_path / ("kit" if command == "kit" else "rules.pdf")
    option = "--example" if command == "rules" else "--examples"
    result = runner.invoke(app, [command, option, str(example), "--out", str(out)])
    assert result.exit_code == 2, result.output
    assert result.output == (
        f"Usage error: the rule sheet shows its worked example on the players' 4 × 4 board, and the example given "
        f"({example}) is an 8 × 8 game: give --size 8 for its board, or another example with {option}\n"
    )
    assert not out.exists()


def test_the_rule_sheet_takes_the_next_example_that_fits(runner, tmp_path, dense):
    from conftest import EXAMPLES

    example, _ = dense
    out = tmp_path / "kit"
    result = runner.invoke(
        app,
        ["kit", "--examples", str(example), "--examples", str(EXAMPLES / "03-o-in-the-gap.toml"), "--out", str(out)],
    )
    assert result.exit_code == 0, result.output
    players = " ".join(" ".join(texts(out / "players.pdf")).split())
    assert "An O in the gap" in players and "A whole 8 × 8 game" not in players.replace("\u00a0", " ")
    readable(out / "teacher.pdf")
