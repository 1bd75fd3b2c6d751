"""Tests that the shipped worked examples hold the seeds' cases, in both languages, with their claims."""

from __future__ import annotations

import pytest
from conftest import EXAMPLES

from sos_print.engine.check import replay_example
from sos_print.engine.examples import LANGUAGES, load_example
from sos_print.engine.notation import segment_names

FILES = sorted(EXAMPLES.glob("*.toml"))


def replayed(name: str):
    return replay_example(load_example(str(EXAMPLES / name)))


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_each_example_has_english_and_french_title_and_text(path):
    example = load_example(str(path))
    for lang in LANGUAGES:
        assert example.title.get(lang, "").strip(), f"{path.name}: no {lang} title"
        assert len(example.text.get(lang, "")) > 40, f"{path.name}: no {lang} text"


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_each_example_claims_who_writes_the_points_and_who_is_next_for_every_move(path):
    example = load_example(str(path))
    assert example.moves
    for move in example.moves:
        assert move.by is not None and move.next is not None, f"{path.name}: move {move.number}"
    scoring = [m for m in example.moves if m.points]
    assert all(m.lines for m in scoring), path.name
    assert example.score is not None and example.winner is not None


@pytest.mark.parametrize(
    ("name", "move", "points", "lines", "next_seat", "score", "outcome"),
    [
        # the printable kit: S at B1, B3, A2, C2; O at B2 makes two lines and the same player writes again
        ("01-one-o-two-lines.toml", 1, 2, "B1-B3, A2-C2", "A", {"A": 2, "B": 0}, None),
        # S O S O: one line; the scored line is not counted again when its S is reused
        ("02-sos-o-counts-once.toml", 1, 1, "A1-C1", "A", {"A": 1, "B": 1}, None),
        ("02-sos-o-counts-once.toml", 3, 1, "C1-C3", "B", {"A": 1, "B": 1}, None),
        # the rulebook: S, empty, S; and a column S, O, empty
        ("03-o-in-the-gap.toml", 1, 1, "A2-C2", "A", {"A": 1, "B": 0}, None),
        ("04-s-ends-a-column.toml", 1, 1, "B1-B3", "A", {"A": 1, "B": 0}, None),
        # the French seed's 5x5 game
        ("05-french-game-5x5.toml", 5, 2, "L2C3-L4C3, L3C2-L3C4", "A", {"A": 2, "B": 0}, None),
        # the last letter fills the grid, scores and ends the game
        ("06-last-letter-scores.toml", 9, 1, "B1-B3", None, {"A": 2, "B": 1}, "A"),
        # reaching the target ends the game at once, with cells still empty
        ("07-target-score.toml", 8, 2, "A2-C2, A2-C4", None, {"A": 1, "B": 3}, "B"),
        ("08-first-sos-wins.toml", 3, 1, "A1-C3", None, {"A": 1, "B": 0}, "A"),
        ("09-team-sos.toml", 5, 1, "A1-A3", "D", {"AC": 1, "BD": 1}, None),
    ],
)
def test_the_seed_cases_are_reproduced(name, move, points, lines, next_seat, score, outcome):
    checked = replayed(name)
    step = checked.steps[move - 1]
    assert step.points == points, step.after.board.diagram()
    assert segment_names(step.segments, checked.example.size, checked.example.notation) == lines
    assert step.next_seat == next_seat
    assert checked.final.side_scores == score
    assert (checked.final.outcome.winner if checked.final.outcome else None) == outcome


def test_the_french_game_starts_empty_and_uses_l1c1():
    checked = replayed("05-french-game-5x5.toml")
    assert checked.example.notation.value == "L1C1"
    assert checked.start.board.filled() == 0
    assert [s.seat for s in checked.steps] == ["A", "B", "A", "B", "A"]
    assert checked.final.board.filled() == 5


def test_the_last_letter_example_fills_the_grid():
    checked = replayed("06-last-letter-scores.toml")
    assert checked.final.board.is_full()
    assert checked.steps[-2].after.side_scores == {"A": 1, "B": 1}  # the last letter breaks the tie


def test_the_variant_examples_use_their_variant():
    assert replayed("07-target-score.toml").example.variant.target == 3
    assert replayed("07-target-score.toml").final.board.empty_cells()
    assert replayed("08-first-sos-wins.toml").example.variant.first_sos_wins
    assert replayed("09-team-sos.toml").example.variant.teams
