"""Tests the plausible players whose games the puzzles come from: what they see of a position, derived again
by the oracle; that they take points and avoid gifts as their style says; and lines of four identical letters."""

from __future__ import annotations

import itertools
import random

import oracle
import pytest
from conftest import examples
from hypothesis import given, settings
from hypothesis import strategies as st

from sos_print.engine.compact import geometry
from sos_print.engine.players import Game, Style, lively, play
from sos_print.engine.rules import Letter

SEEDS = st.integers(min_value=0, max_value=10**9)
SIZES = st.sampled_from([4, 5, 6])
LETTER = {0: "S", 1: "O"}


def oracle_board(letters) -> str:
    return "".join(letter.value if letter else "." for letter in letters)


def diagram(board: str, n: int) -> str:
    return "\n".join(" ".join(board[row * n : row * n + n]) for row in reversed(range(n)))


def seen_by_oracle(board: str, n: int) -> tuple[set[tuple[int, str]], set[tuple[int, str]], int]:
    """Returns the scoring moves, the safe moves (nothing scores after them) and the greatest points now."""
    scoring = {(i, letter): gained for i, letter, gained in oracle.scoring_moves(board, n)}
    legal = [(i, letter) for i, square in enumerate(board) if square == "." for letter in "SO"]
    safe = {
        (i, letter)
        for i, letter in legal
        if (i, letter) not in scoring and not oracle.scoring_moves(board[:i] + letter + board[i + 1 :], n)
    }
    return set(scoring), safe, max(scoring.values(), default=0)


def four_in_a_line(board: str, n: int) -> bool:
    return oracle.lines_of_four(board, n) > 0


@settings(max_examples=examples(40))
@given(seed=SEEDS, size=SIZES, take=st.floats(0, 1), careful=st.floats(0, 1))
def test_each_position_of_a_game_comes_with_the_counts_the_oracle_finds(seed, size, take, careful):
    for letters, seat, empty, counts in play(geometry(size), random.Random(seed), Style(take, careful), size * size):
        board = oracle_board(letters)
        scoring, safe, most = seen_by_oracle(board, size)
        best = [move for move in scoring if oracle.points(board, size, *move) == most]
        where = diagram(board, size)
        assert empty == board.count(".") and seat in ("A", "B"), where
        assert (counts.most, counts.scoring) == (most, len(scoring)), where
        assert counts.answers == (len(best) if scoring else len(safe)), where
        assert counts.gifts == 2 * empty - len(scoring) - len(safe), where


def moves_of(size: int, seed: int, style: Style) -> list[tuple[str, str, str]]:
    """Returns each position of a game, the seat to move in it, and the position after the move."""
    positions = [
        (oracle_board(letters), seat)
        for letters, seat, _, _ in play(geometry(size), random.Random(seed), style, size * size)
    ]
    return [(board, seat, after) for (board, seat), (after, _) in itertools.pairwise(positions)]


def written(board: str, after: str) -> tuple[int, str]:
    (i,) = [i for i, (old, new) in enumerate(zip(board, after, strict=True)) if old != new]
    return i, after[i]


@settings(max_examples=examples(30))
@given(seed=SEEDS, size=SIZES)
def test_a_player_who_always_takes_points_and_avoids_gifts_does_so(seed, size):
    for board, _, after in moves_of(size, seed, Style(take=1.0, careful=1.0)):
        scoring, safe, _ = seen_by_oracle(board, size)
        move = written(board, after)
        if scoring:
            assert move in scoring, diagram(board, size)
        elif safe:
            assert move in safe, diagram(board, size)


@settings(max_examples=examples(30))
@given(seed=SEEDS, size=SIZES, take=st.floats(0, 1), careful=st.floats(0, 1))
def test_a_player_writes_the_fourth_identical_letter_of_a_line_only_when_every_other_move_would_too(
    seed, size, take, careful
):
    for board, _, after in moves_of(size, seed, Style(take, careful)):
        before = oracle.lines_of_four(board, size)
        dull = {
            (i, letter)
            for i, square in enumerate(board)
            if square == "."
            for letter in "SO"
            if oracle.lines_of_four(board[:i] + letter + board[i + 1 :], size) > before
        }
        move = written(board, after)
        if move in dull:
            # The player chose among the scoring moves, the safe ones or every move: all of that kind are dull.
            scoring, safe, _ = seen_by_oracle(board, size)
            legal = {(i, letter) for i, square in enumerate(board) if square == "." for letter in "SO"}
            kinds = [kind for kind in (scoring, safe, legal) if move in kind]
            assert any(kind <= dull for kind in kinds), diagram(after, size)


@settings(max_examples=examples(30))
@given(seed=SEEDS, size=SIZES, moves=st.integers(0, 30))
def test_the_quick_look_at_a_position_finds_the_scoring_and_safe_moves_a_survey_finds(seed, size, moves):
    # Before the positions a caller wants, a player picks its move without surveying every move: the scoring
    # moves from the threats, a safe move among a few drawn at random. Both must be what the oracle finds.
    rng = random.Random(seed)
    game = Game(geometry(size))
    for _ in range(min(moves, size * size)):
        board = oracle_board(game.letters)
        scoring, safe, _ = seen_by_oracle(board, size)
        assert {(i, LETTER[letter]) for i, letter in game.scoring_moves()} == scoring, diagram(board, size)
        found = {(i, LETTER[letter]) for i in game.open for letter in (0, 1) if game.is_safe(i, letter)}
        assert found == safe, diagram(board, size)
        pool = {(i, LETTER[letter]) for i, letter in game.quick_pool(rng, Style(take=1.0, careful=1.0))}
        if scoring:
            assert pool == scoring, diagram(board, size)
        elif safe:
            assert pool and pool <= safe, diagram(board, size)
        game.write(*game.lively_choice(rng, sorted(game.quick_pool(rng, Style(0.8, 0.7)))))


@pytest.mark.parametrize(
    ("rows", "verdict"),
    [
        ("SSSS/..../..../....", False),  # a row
        ("O.../O.../O.../O...", False),  # a column
        ("S.../.S../..S./...S", False),  # a rising diagonal
        ("...O/..O./.O../O...", False),  # a falling one
        ("SSS./OOO./SOS./....", True),  # three of a kind, not four
        ("SSOS/..../..../....", True),
        ("...../...S./..S../.S.../O....", True),  # three S on a diagonal, then an O
        ("....S/...S./..S../.S.../O....", False),  # four S on a diagonal of five
        (".OOOO/...../...../...../.....", False),  # four at the end of a longer row
    ],
)
def test_a_line_of_four_identical_letters(rows, verdict):
    n = len(rows.split("/"))
    letters = tuple({"S": Letter.S, "O": Letter.O}.get(ch) for ch in "".join(reversed(rows.split("/"))))
    assert lively(n, letters) is verdict
    assert four_in_a_line(oracle_board(letters), n) is not verdict


@settings(max_examples=examples(100))
@given(size=SIZES, data=st.data())
def test_lines_of_four_are_found_as_the_oracle_finds_them(size, data):
    letters = tuple(
        data.draw(st.lists(st.sampled_from([Letter.S, Letter.O, None]), min_size=size**2, max_size=size**2))
    )
    assert lively(size, letters) is not four_in_a_line(oracle_board(letters), size)
