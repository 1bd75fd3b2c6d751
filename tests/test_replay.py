"""Tests the replay of a recorded game, read back from the PDF: the result, the diagrams, the checked audit with its
corrections struck through, the analysis as `analyse --json` gives it, the turning point, and the refusals."""

from __future__ import annotations

import json
import os
import random
import re
import signal
import subprocess
import sys
import time
from collections import defaultdict
from functools import cache
from itertools import pairwise
from pathlib import Path

import pytest
from conftest import EXAMPLES, ROOT, examples
from games import games
from hypothesis import given, settings
from hypothesis import strategies as st
from pdfread import nearest_edge, outline, pages, reader, section_texts, texts
from rendered import rendered, weigh, weighing_shared
from test_signals import wait_for_handlers

from sos_print.cli import app
from sos_print.documents.replay import replay_document
from sos_print.engine.check import replay_example
from sos_print.engine.notation import Notation, cell_name, parse_cell
from sos_print.engine.records import RecordOptions, parse_csv_record
from sos_print.engine.rules import Board, Letter, Move, Position, Variant
from sos_print.pdf.grids import scorer_places
from sos_print.plans.grids import grid_plan
from sos_print.plans.layout import Paper
from sos_print.plans.options import Language, PrintOptions

STANDARD = Variant()
HEADER = ("move", "player", "letter", "cell", "lines", "points", "Total A", "Total B")
# A whole 3x3 game: A scores on move 5 (C1-C3), B on moves 7 and 8; A's S in A3 (move 6) was a gift
# that cost 2 points. B wins 2 to 1.
GAME3 = [
    ("1", "A", "O", "A1", "-", "0", "0", "0"),
    ("2", "B", "S", "C1", "-", "0", "0", "0"),
    ("3", "A", "O", "B1", "-", "0", "0", "0"),
    ("4", "B", "O", "C2", "-", "0", "0", "0"),
    ("5", "A", "S", "C3", "C1-C3", "1", "1", "0"),
    ("6", "A", "S", "A3", "-", "0", "1", "0"),
    ("7", "B", "O", "B2", "A3-C1", "1", "1", "1"),
    ("8", "B", "O", "B3", "A3-C3", "1", "1", "2"),
    ("9", "B", "O", "A2", "-", "0", "1", "2"),
]
# A whole 4x4 game that takes the solver a few seconds: B scores six times in a row from move 7.
GAME4 = [
    ("1", "A", "O", "B1"),
    ("2", "B", "S", "C1"),
    ("3", "A", "S", "D4"),
    ("4", "B", "O", "C4"),
    ("5", "A", "S", "B4"),
    ("6", "A", "S", "B2"),
    ("7", "B", "O", "C3"),
    ("8", "B", "S", "D2"),
    ("9", "B", "O", "B3"),
    ("10", "B", "O", "C2"),
    ("11", "B", "S", "A1"),
    ("12", "B", "O", "D3"),
    ("13", "B", "O", "A4"),
    ("14", "A", "S", "A2"),
    ("15", "B", "O", "A3"),
    ("16", "A", "O", "D1"),
]


def csv_text(rows, header=HEADER) -> str:
    """Writes rows as CSV; rows shorter than the header end in empty cells (no claim)."""
    padded = [(*row, *[""] * (len(header) - len(row))) for row in rows]
    return "".join(",".join(row) + "\r\n" for row in [header, *padded])


def altered(rows, changes: dict[tuple[int, int], str]):
    """Returns `rows` with the cell at (move, column) changed, moves counted from 1."""
    return [tuple(changes.get((k, c), value) for c, value in enumerate(row)) for k, row in enumerate(rows, start=1)]


@cache
def game_of(text: str, size: int, variant: Variant = STANDARD, notation: Notation = Notation.A1):
    """Returns a CSV record replayed and weighed (once per record: the tests draw it many ways)."""
    game = replay_example(parse_csv_record(text, RecordOptions(size, variant, notation), "game.csv"))
    return game, weigh(game)


def document(text: str, size: int, variant: Variant = STANDARD, *, every: int = 0, **options) -> bytes:
    game, moves = game_of(text, size, variant)
    printed = PrintOptions(size=size, variant=variant, **options)
    return replay_document(printed, game, moves, every).data


def flat(text: str) -> str:
    return " ".join(text.replace("\u00a0", " ").replace("\u202f", " ").split())


def whole(data: bytes) -> str:
    return flat(" ".join(texts(data)))


def page_with(data: bytes, heading: str) -> int:
    return next(k for k, text in enumerate(texts(data)) if heading in flat(text))


# ---- the header ------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("path", "size", "args", "score"),
    [
        ("game3.csv", 3, [], "Final score: A 1, B 2. Player B wins."),
        (str(EXAMPLES / "06-last-letter-scores.toml"), 3, [], "Final score: A 2, B 1. Player A wins."),
        (str(EXAMPLES / "07-target-score.toml"), 4, [], "Final score: A 1, B 3. Player B wins."),
    ],
)
def test_the_header_gives_the_players_and_the_engines_score_and_winner(runner, tmp_path, path, size, args, score):
    record = tmp_path / path if path == "game3.csv" else Path(path)
    if path == "game3.csv":
        record.write_text(csv_text(GAME3))
    out = tmp_path / "replay.pdf"
    size_args = ["--size", str(size)] if record.suffix == ".csv" else []
    result = runner.invoke(app, ["replay", str(record), *size_args, *args, "--out", str(out)])
    assert result.exit_code == 0, result.output
    first = flat(texts(out)[0])
    assert re.match(r"Class Date SOS game replay (Players|Teams): ", first), first[:100]
    assert score in first, first[:400]


def test_a_team_game_names_the_teams_and_a_target_game_its_variant(tmp_path):
    team = flat(texts(rendered("replay", PrintOptions(), "09-team-sos.toml"))[0])  # weighed once per run
    assert re.match(r"Class Date SOS game replay Teams: ", team), team[:100]
    assert "Score after move 5: team A + C 1, team B + D 1." in team
    assert "Teams: A + C against B + D, writing in the order A, B, C, D." in team
    assert "Game: When every cell is full, the game ends; the last letter can still score. The team with" in team
    assert "The record stops there, before the end of the game." in team
    target = flat(texts(replay_file(tmp_path, EXAMPLES / "07-target-score.toml"))[0])
    assert "Game: The first player to reach 3 points wins at once, even with empty cells left." in target
    assert "every cell is full" not in target


def replay_file(tmp_path: Path, record: Path, *args: str) -> Path:
    from typer.testing import CliRunner

    out = tmp_path / f"{record.stem}.pdf"
    result = CliRunner().invoke(app, ["replay", str(record), *args, "--out", str(out), "--force"])
    assert result.exit_code == 0, result.output
    return out


# ---- the game in diagrams ----------------------------------------------------------------------------------------


def grids(data: bytes) -> list[int]:
    """Returns how many board diagrams each page holds: runs of n + 1 evenly spaced vertical lines of one span,
    n cells wide and as wide as they are tall (diagrams side by side share a span)."""
    found = []
    with pages(data) as pdf:
        for page in pdf.pages:
            spans: dict[tuple[float, float], set[float]] = defaultdict(set)
            for line in page.lines:
                if abs(line["x0"] - line["x1"]) < 0.01:
                    spans[(round(line["top"], 1), round(line["bottom"], 1))].add(round(line["x0"], 2))
            count = 0
            for (top, bottom), places in spans.items():
                xs, k = sorted(places), 0
                while k < len(xs):
                    end = next((j for j in range(k + 3, len(xs)) if abs(xs[j] - xs[k] - (bottom - top)) < 0.5), None)
                    gaps = [b - a for a, b in pairwise(xs[k : end + 1])] if end is not None else []
                    if gaps and max(gaps) - min(gaps) < 0.5:
                        count, k = count + 1, end + 1
                    else:
                        k += 1
            found.append(count)
    return found


def test_a_diagram_follows_each_scoring_move_and_the_last_one():
    data = document(csv_text(GAME3), 3)
    text = whole(data)
    # Scoring moves 5, 7 and 8, then the last move: each diagram's title names the moves it shows.
    titles = re.findall(r"(Moves? (?:\d+ (?:to|and) )?\d+)\s+(?:Move \d+:|[AB] writes)", text)
    assert titles == ["Moves 1 to 5", "Moves 6 and 7", "Move 8", "Move 9"]
    assert "Move 5: A writes S in C3 and scores 1 point (C1-C3). A writes again." in text
    assert "B writes O in B3 and scores 1 point (A3-C3). B writes again." in text
    # Four diagrams of the game, the final board, and the turning point's two boards.
    assert sum(grids(data)) == 4 + 1 + 2


def test_every_n_moves_draws_a_diagram_every_n_moves_and_after_the_last():
    data = document(csv_text(GAME3), 3, every=2)
    titles = re.findall(r"(Moves? (?:\d+ (?:to|and) )?\d+)\s+(?:Move \d+:|[AB] writes)", whole(data))
    assert titles == ["Moves 1 and 2", "Moves 3 and 4", "Moves 5 and 6", "Moves 7 and 8", "Move 9"]
    assert sum(grids(data)) == 5 + 1 + 2
    assert "A picture every 2 moves, and one after the last move." in whole(data)


def test_the_final_board_labels_every_line_with_its_scorers_seat():
    data = document(csv_text(GAME3), 3)
    final = page_with(data, "Every S-O-S of the game")
    with pages(data) as pdf:
        page = pdf.pages[final]
        circles = [c for c in page.curves if abs(c["width"] - c["height"]) < 0.1 and c["width"] > 4]
        labels = sorted(
            char["text"] for char in page.chars if "Bold" in char["fontname"] and round(char["size"], 1) == 12.0
        )
    # One disc per S-O-S, each holding its scorer: A completed C1-C3, B completed A3-C1 and A3-C3.
    assert len(circles) == 3
    assert labels == ["A", "B", "B"]


@settings(max_examples=examples(60), deadline=None)
@given(game=games(variants=st.just(Variant()), with_start=False, to_the_end=True))
def test_no_two_scorer_labels_share_a_place_and_none_covers_a_letter(game):
    segments = tuple(segment for step in game.steps for segment in step.segments)
    grid = grid_plan(game.final.board, Notation.A1, segments=segments, scorers=("A",) * len(segments))
    places = scorer_places(grid)
    assert len(set(places)) == len(places), game.explain()
    for (col, row), segment in zip(places, grid.segments, strict=True):
        assert (col % 1, row % 1) != (0, 0), game.explain()  # a cell's centre is where its letter is
        (c0, r0), (c1, r1) = segment.start, segment.end
        # On its own line, between the middle letter and an end.
        assert (col - c0) * (r1 - r0) == (row - r0) * (c1 - c0), game.explain()
        assert min(c0, c1) <= col <= max(c0, c1) and min(r0, r1) <= row <= max(r0, r1), game.explain()


# ---- the checked audit ---------------------------------------------------------------------------------------------

WRONG = altered(
    GAME3,
    {
        (3, 1): "B",  # A wrote move 3
        (5, 5): "2",  # move 5 scored 1 point
        (7, 4): "-",  # move 7 completed A3-C1
        (8, 7): "3",  # B's total after move 8 is 2
        (9, 4): "A1-C3",  # move 9 made no line
    },
)


def struck(data: bytes, page_number: int) -> list[tuple[str, bool]]:
    """Returns each grey word of a page (a claim the rules contradict) and whether a line is drawn through it."""
    with pages(data) as pdf:
        page = pdf.pages[page_number]
        words = page.extract_words(extra_attrs=["non_stroking_color"])
        strokes = [line for line in page.lines if abs(line["top"] - line["bottom"]) < 0.01]
        found = []
        for word in words:
            colour = word["non_stroking_color"]
            grey = colour[0] if isinstance(colour, (list, tuple)) else colour
            if grey is None or not 0.2 < float(grey) < 0.5:
                continue
            through = any(
                line["x0"] <= word["x0"] + 0.5
                and line["x1"] >= word["x1"] - 0.5
                and word["top"] < line["top"] < word["bottom"]
                for line in strokes
            )
            found.append((word["text"], through))
    return found


def audit_rows(data: bytes, page_number: int) -> dict[str, str]:
    """Returns each row of the checked audit as text, by move number."""
    with pages(data) as pdf:
        page = pdf.pages[page_number]
        text = page.extract_text()
    rows = {}
    for line in text.splitlines():
        match = re.match(r"^(\d+) ([A-D].*)$", line)
        if match:
            rows[match[1]] = flat(match[2])
    return rows


def test_every_wrong_claim_is_struck_through_beside_the_right_value():
    data = document(csv_text(WRONG), 3)
    audit = page_with(data, "The score sheet, checked")
    text = flat(texts(data)[0])
    assert "The score sheet has 5 wrong claims, on moves 3, 5, 7, 8 and 9:" in text
    rows = audit_rows(data, audit)
    assert rows["3"] == "B A O B1 0 0 0"  # claimed B, struck; A wrote
    assert rows["5"] == "A S C3 C1-C3 2 1 1 0"  # claimed 2 points, struck; 1
    assert rows["7"] == "B O B2 none A3-C1 1 1 1"  # claimed no line, struck; A3-C1
    assert rows["8"] == "B O B3 A3-C3 1 1 3 2"  # claimed total B 3, struck; 2
    assert rows["9"] == "B O A2 A1-C3 none 0 1 2"  # claimed a line, struck; none
    assert rows["1"] == "A O A1 0 0 0"  # a right row is printed once
    # Each wrong claim is grey with a real line through it; nothing else is.
    assert sorted(struck(data, audit)) == sorted(
        [("B", True), ("2", True), ("none", True), ("3", True), ("A1-C3", True)]
    )


def test_a_record_without_claims_replays_with_the_engines_account(tmp_path):
    text = csv_text([(row[0], "", *row[2:4]) for row in GAME3], header=HEADER[:6])  # an empty player is no claim
    data = document(text, 3)
    assert "The record claims no points and no lines: the score sheet below is the rules’ own account." in whole(data)
    rows = audit_rows(data, page_with(data, "The score sheet, checked"))
    assert rows["5"] == "A S C3 C1-C3 1 1 0"
    assert struck(data, page_with(data, "The score sheet, checked")) == []


# ---- the analysis ---------------------------------------------------------------------------------------------------


def analysis_rows(data: bytes) -> dict[int, tuple[str, ...]]:
    """Returns the weighed rows of the analysis table: move -> (player, letter, cell, value, best value)."""
    rows = {}
    start = page_with(data, "Best play, move by move")
    with pages(data) as pdf:
        lines = [line for page in pdf.pages[start:] for line in page.extract_text().splitlines()]
        after = next(k for k, line in enumerate(lines) if line.startswith("Best play, move by move"))
    for line in lines[after:]:
        match = re.match(r"^(\d+) ([A-D]) ([SO]) in ([A-H]\d) ([+−]?\d+) ([+−]?\d+)( |$)", line)
        if match:
            rows[int(match[1])] = tuple(match.groups()[1:6])
    return rows


def signed(value: int) -> str:
    return f"+{value}" if value > 0 else str(value).replace("-", "\u2212")


@pytest.mark.parametrize(
    ("rows", "size"),
    [(GAME3, 3), ([(*row, "", "", "", "") for row in GAME4], 4)],
)
def test_the_analysis_agrees_with_analyse_json(runner, tmp_path, monkeypatch, rows, size):
    weighing_shared(monkeypatch)  # the 4 x 4 game starts on the empty board: solved once per run, not per analysis
    record = tmp_path / "game.csv"
    record.write_text(csv_text(rows))
    result = runner.invoke(app, ["analyse", str(record), "--size", str(size), "--json"])
    assert result.exit_code == 0, result.output
    expected = json.loads(result.stdout)
    found = analysis_rows(document(csv_text(rows), size))
    assert sorted(found) == [move["move"] for move in expected]
    for move in expected:
        assert found[move["move"]] == (
            move["player"],
            move["letter"],
            move["cell"],
            signed(move["value"]),
            signed(move["best_value"]),
        ), move


def test_each_move_that_lost_value_is_named_with_the_best_move():
    text = whole(document(csv_text(GAME3), 3))
    # Move 4 (B's O in C2) and move 6 (A's S in A3) left the other side a scoring move.
    assert (
        "4 B O in C2 −1 0 Gift: A can now score 1 point with S in C3. With best play B would finish level; after "
        "this move, 1 point behind. Best: O in A3, S in B3, O in B3 and 5 more." in text
    )
    assert (
        "6 A S in A3 −2 0 Gift: B can now score 1 point with O in B2. With best play A would finish 1 point ahead; "
        "after this move, 1 point behind. Best: O in A3, S in B3, S in A2 and 2 more. The turning point." in text
    )
    assert "7 B O in B2 +2 +2 ✓" in text  # move 7 took the gift


def test_the_turning_point_has_its_two_boards_and_one_sentence_of_why():
    data = document(csv_text(GAME3), 3)
    page = page_with(data, "At move 6, A wrote")
    text = flat(texts(data)[page])
    assert (
        "At move 6, A wrote S in A3, scored nothing and left the next player a letter that scores (O in B2). "
        "With best play A would finish 1 point ahead; after this move, 1 point behind: no move of this game "
        "changed the end more."
    ) in text
    assert "Move 6: A wrote S in A3" in text and "Best: O in A3" in text
    assert grids(data)[page] >= 2
    assert outline(data) == [
        "Game replay",
        "The game, move by move",
        "Every S-O-S of the game",
        "The score sheet, checked",
        "Best play, move by move",
        "The turning point",
    ]


# Nine O in the middle of a 5x5 board score nothing, and leave 16 empty cells: the solver weighs from move 10.
CENTRE = ["B2", "C2", "D2", "B3", "C3", "D3", "B4", "C4", "D4", "A1", "E5"]


def test_moves_played_with_too_many_empty_cells_are_shown_as_not_weighed():
    rows = [(str(k), "AB"[(k - 1) % 2], "O", cell) for k, cell in enumerate(CENTRE, start=1)]
    data = document(csv_text(rows, header=HEADER[:6]), 5)
    text = whole(data)
    assert (
        "Moves 1 to 9 are not weighed with best play: they were played with more than 16 empty cells on the board, "
        "too many ways for the game to go on for the program to try them all. For them, the table says only "
        "whether a point was missed or a gift left, which one look ahead shows."
    ) in text
    assert "1 A O in B2 – – No point missed, no gift." in text  # every move has its row, weighed or not
    assert "9 A O in D4 – – No point missed, no gift." in text
    assert sorted(analysis_rows(data)) == [10, 11]
    # Stopped before the solver could weigh anything: every move looked ahead, and no column of values.
    text = whole(document(csv_text(rows[:5], header=HEADER[:6]), 5))
    assert "Moves 1 to 5 are not weighed with best play: they were played with more than 16 empty cells" in text
    assert "5 A O in C3 No point missed, no gift." in text and "Value" not in text


# 52 O on an 8x8 board, row by row from A1: nothing ever scores. Moves 51 and 52 are played with 14 and 13 empty
# cells, the most the solver weighs on 7x7 and 8x8 boards (16 below).
NO_SCORE_8 = [(str(k), "AB"[(k - 1) % 2], "O", f"{'ABCDEFGH'[(k - 1) % 8]}{(k - 1) // 8 + 1}") for k in range(1, 53)]


@cache
def no_score_8(every: int) -> bytes:
    return document(csv_text(NO_SCORE_8, header=HEADER[:6]), 8, every=every)


def test_on_8x8_boards_moves_are_weighed_from_14_empty_cells():
    text = whole(no_score_8(0))
    assert "Moves 1 to 50 are not weighed with best play: they were played with more than 14 empty cells" in text
    assert sorted(analysis_rows(no_score_8(0))) == [51, 52]


@pytest.mark.parametrize(("seed", "every"), [(1, 8), (5, 0), (6, 1), (2, 4)])
def test_the_turning_points_two_boards_share_a_page_when_a_page_holds_them(seed, every):
    # 8x8 boards stand one above the other; where the section starts low on a page (the first three games),
    # both boards go over to the next page together rather than one on each.
    pages_text = [
        flat(text) for text in section_texts(document(crowded_game(8, seed), 8, every=every), "The turning point")
    ]
    page = next(k for k, text in enumerate(pages_text) if "no move of this game changed the end more" in text)
    after_why = pages_text[page].split("no move of this game changed the end more", 1)[1]
    assert re.search(r"Move \d+: [AB] wrote", after_why) and "Best: " in after_why, after_why


@pytest.mark.parametrize(
    ("variant", "why"),
    [
        (Variant(target=2), "this one ends when a player reaches 2 points"),
        (Variant(first_sos_wins=True), "this one ends with the first S-O-S"),
        (Variant(players=3), "this one has three players, each on their own"),
    ],
)
def test_a_variant_the_solver_cannot_weigh_says_why_in_one_sentence(variant, why):
    rows = [(str(k), "", "O", cell) for k, cell in enumerate(["A1", "B2", "C3"], start=1)]
    data = document(csv_text(rows, header=HEADER[:6]), 3, variant)
    text = whole(data)
    assert (
        "No move is weighed with best play: the program weighs a game between two sides in which the most points "
        f"at the end win, and {why}. The table says whether each move missed a point or left a gift" in text
    )
    assert analysis_rows(data) == {}
    assert "Value" not in text  # no column of values, and no explanation of values nobody computed
    assert "2 B O in B2 No point missed, no gift." in text


# ---- languages, paper, large print -------------------------------------------------------------------------------


def test_french_pages_say_it_all_in_french_with_french_typography():
    text = whole(document(csv_text(WRONG), 3, language=Language.FR))
    assert "SOS : la partie rejouée" in text
    assert "Score final : 1 pour A, 2 pour B. Le joueur B gagne." in text
    assert "Le relevé contient 5 erreurs, aux coups 3, 5, 7, 8 et 9 : dans le relevé vérifié, chaque valeur" in text
    assert (
        "Cadeau : le joueur B peut maintenant marquer 1 point avec O en B2. En jouant au mieux, le joueur A finirait "
        "avec 1 point d’avance ; après ce coup, avec 1 point de retard. Meilleurs coups : O en A3, S en B3, S en A2 "
        "et 2 autres. Le tournant de la partie." in text
    )
    assert "Pour l’adulte : avec de jeunes enfants, commencez par" in text
    raw = " ".join(texts(document(csv_text(WRONG), 3, language=Language.FR)))
    assert "Score final\u202f:" in raw


def test_a_gift_names_the_point_it_made_possible_not_one_left_before_it():
    # After move 5, S in A1 (A1-C1... B1 O, C1 S) scores for whoever writes: A's S in B2 leaves it, and makes O in
    # B3 score (B2-B4). The sentence names the point the move gave, not the one that was there all along.
    rows = [("1", "A", "O", "B1"), ("2", "B", "S", "C1"), ("3", "A", "S", "D4"), ("4", "B", "O", "C4")]
    rows += [("5", "A", "S", "B4"), ("6", "A", "S", "B2")]
    text = whole(document(csv_text(rows, header=HEADER[:6]), 4))
    assert "At move 6, A wrote S in B2, scored nothing and left the next player a letter that scores (O in B3)" in text


@pytest.mark.parametrize(("lang", "tie"), [("en", "(2 other moves changed it as much; this is the first)")])
def test_a_turning_point_tied_with_other_moves_says_so(tmp_path, lang, tie):
    # Example 6: moves 2, 4 and 8 each cost 1 point; the first of them is the turning point.
    text = flat(" ".join(texts(replay_file(tmp_path, EXAMPLES / "06-last-letter-scores.toml").read_bytes())))
    assert f"after this move, 1 point behind: no move of this game changed the end more {tie}." in text


@pytest.mark.parametrize(("lang", "named"), [("en", "O\u00a0in\u00a0A3"), ("fr", "O\u00a0en\u00a0A3")])
def test_a_move_is_named_in_words_that_never_break_across_lines(lang, named):
    from sos_print.plans.words import Words

    assert Words(lang)("replay.move_words", letter="O", cell="A3") == named


def test_a_bilingual_replay_comes_whole_in_english_then_in_french():
    data = document(csv_text(GAME3), 3, language=Language.BOTH)
    pages_text = [flat(text) for text in texts(data)]
    french = next(k for k, text in enumerate(pages_text) if "SOS : la partie rejouée" in text)
    assert pages_text[0].startswith("Class Date SOS game replay")
    assert all("Coup" not in text for text in pages_text[:french])
    assert all("The turning point" not in text for text in pages_text[french:])
    assert outline(data)[0] == "Game replay" and "Partie rejouée" in outline(data)


def crowded_game(size: int, seed: int) -> str:
    """Returns a whole game on a big board played to score much (a careful random player), as a CSV record."""
    chance = random.Random(seed)
    position, rows = Position.start(Board.empty(size)), []
    while not position.is_over:
        moves = [Move(cell, letter) for cell in position.board.empty_cells() for letter in (Letter.S, Letter.O)]
        scoring = [m for m in moves if position.board.with_letter(m.cell, m.letter).sos_through(m.cell)]
        move = chance.choice(scoring if scoring and chance.random() < 0.9 else moves)
        step = position.step(move)
        rows.append((str(len(rows) + 1), step.seat, move.letter.value, cell_name(move.cell, size)))
        position = step.after
    return csv_text(rows, header=HEADER[:6])


@pytest.mark.parametrize(
    ("text", "size", "options"),
    [
        (csv_text(WRONG), 3, {"language": Language.BOTH, "large_print": True}),
        (csv_text(WRONG), 3, {"language": Language.FR, "paper": Paper.LETTER, "large_print": True}),
        (crowded_game(8, 4), 8, {"language": Language.BOTH, "paper": Paper.LETTER, "every": 8}),
        (crowded_game(8, 4), 8, {"language": Language.FR, "large_print": True, "every": 16}),
        (crowded_game(6, 3), 6, {"paper": Paper.LETTER, "large_print": True, "class_name": "CM1 B " * 8}),
    ],
    ids=["3x3 en+fr large", "3x3 fr letter large", "8x8 en+fr letter", "8x8 fr large every 16", "6x6 letter large"],
)
def test_every_page_keeps_12_mm_from_the_edge_in_every_language_paper_and_size(text, size, options):
    data = document(text, size, **options)
    paper = options.get("paper", Paper.A4)
    with pages(data) as pdf:
        for number, page in enumerate(pdf.pages, start=1):
            assert (page.width, page.height) == pytest.approx(paper.size_pt, abs=0.01)
            assert nearest_edge(page) >= 12.0, f"page {number}"


@pytest.mark.parametrize("large_print", [False, True])
def test_the_type_scale_and_the_fonts_are_the_kits(large_print):
    data = document(csv_text(WRONG), 3, language=Language.BOTH, large_print=large_print)
    scale = (18.5, 14.8, 12.0, 10.0, 9.0)
    sizes = set()
    with pages(data) as pdf:
        for page in pdf.pages:
            sizes |= {round(char["size"], 1) for char in page.chars if char["text"].strip()}
            assert {char["fontname"].split("+")[1] for char in page.chars} <= {"Andika", "Andika-Bold"}
    allowed = {round(size * (1.5 if large_print else 1.0), 1) for size in scale}
    assert sizes <= allowed and len(sizes) <= 5, sorted(sizes)


def test_the_same_inputs_give_the_same_bytes_and_the_metadata_is_set():
    first = document(csv_text(WRONG), 3, language=Language.FR, class_name="CM1")
    game, moves = game_of(csv_text(WRONG), 3)
    again = replay_document(PrintOptions(size=3, language=Language.FR, class_name="CM1"), game, moves).data
    assert first == again
    meta = reader(first).metadata
    assert meta.title == "SOS\u202f: une partie rejouée, 3\u00a0×\u00a03"
    assert reader(first).trailer["/Root"]["/Lang"] == "fr-FR"


def test_cells_are_printed_in_the_notation_asked_for(tmp_path):
    record = tmp_path / "game.csv"
    record.write_text(csv_text(GAME3))
    text = flat(" ".join(texts(replay_file(tmp_path, record, "--size", "3", "--print-notation", "L1C1"))))
    assert "Move 5: A writes S in L1C3 and scores 1 point (L1C3-L3C3). A writes again." in text
    french = tmp_path / "partie.csv"
    french.write_text(
        csv_text([(*row[:3], cell_name(parse_cell(row[3], 3), 3, Notation.L1C1)) for row in GAME3], HEADER[:6])
    )
    text = flat(" ".join(texts(replay_file(tmp_path, french, "--size", "3", "--notation", "L1C1"))))
    assert "Move 5: A writes S in L1C3" in text  # the record's own notation, by default


# ---- the command -------------------------------------------------------------------------------------------------


def test_the_command_writes_one_pdf_and_says_so(runner, tmp_path):
    record = tmp_path / "game.csv"
    record.write_text(csv_text(WRONG))
    out = tmp_path / "replay.pdf"
    result = runner.invoke(app, ["replay", str(record), "--size", "3", "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert re.fullmatch(rf"wrote {re.escape(str(out))} \(\d+ pages, \d+ KB\)\n", result.stdout)
    assert out.read_bytes() == document(csv_text(WRONG), 3)  # the file is the document, false claims and all
    again = runner.invoke(app, ["replay", str(record), "--size", "3", "--out", str(out)])
    assert again.exit_code == 1 and "--force" in again.stderr  # nothing overwritten without --force


def test_the_default_output_is_replay_pdf_here(runner, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "game.csv").write_text(csv_text(GAME3))
    result = runner.invoke(app, ["replay", "game.csv", "--size", "3"])
    assert result.exit_code == 0, result.output
    assert (tmp_path / "replay.pdf").read_bytes().startswith(b"%PDF-")


@pytest.mark.parametrize(
    ("text", "args", "code", "message"),
    [
        (csv_text(altered(GAME3, {(4, 3): "A1"})), [], 1, "game.csv: move 4 (row 5): cell A1 already holds a letter"),
        (csv_text(altered(GAME3, {(4, 3): "D9"})), [], 1, "game.csv: row 5: move 4: cell D9 is not on the 3 × 3 board"),
        (csv_text(altered(GAME3, {(4, 1): "E"})), [], 1, "game.csv: row 5: move 4: player must be a seat of this game"),
        (
            csv_text(GAME3, header=("move", "player", "letter", "lines")),
            [],
            1,
            "game.csv: the header has no cell column",
        ),
        ("", [], 1, "game.csv: holds no header row"),
        (None, [], 1, "game.csv: no such file or folder"),
        (csv_text(GAME3), ["--first-sos-wins"], 1, "game.csv: move 6 (row 7): the game is already over"),
        ("size = 3\n", [], 1, "game.toml: holds no move to replay"),
        (csv_text(GAME3), ["--size", "4", "--teams", "--players", "3"], 2, "--teams needs 4 players"),
    ],
)
def test_a_record_that_cannot_be_played_is_one_line_and_nothing_is_written(runner, tmp_path, text, args, code, message):
    record = tmp_path / ("game.toml" if text and text.startswith("size") else "game.csv")
    if text is not None:
        record.write_text(text)
    out = tmp_path / "out" / "replay.pdf"
    size = [] if record.suffix == ".toml" or "--size" in args else ["--size", "3"]
    result = runner.invoke(app, ["replay", str(record), *size, *args, "--out", str(out)])
    assert result.exit_code == code, result.output
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and message in lines[0], lines
    assert "Traceback" not in result.output
    assert not (tmp_path / "out").exists()


def test_a_csv_record_without_size_is_a_usage_error(runner, tmp_path):
    record = tmp_path / "game.csv"
    record.write_text(csv_text(GAME3))
    result = runner.invoke(app, ["replay", str(record), "--out", str(tmp_path / "r.pdf")])
    assert result.exit_code == 2
    assert "a CSV record does not say its board size: give it with --size" in result.stderr
    assert not (tmp_path / "r.pdf").exists()


class _Terminal:
    def __init__(self) -> None:
        self.written = ""

    def isatty(self) -> bool:
        return True

    def write(self, text: str) -> None:
        self.written += text

    def flush(self) -> None:
        pass


def test_the_analysis_shows_its_progress_on_a_terminal(monkeypatch):
    from sos_print.cli.replaying import _render

    terminal = _Terminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    game, _ = game_of(csv_text(GAME3), 3)
    _render(PrintOptions(size=3), game, 0, lambda what, done, total: None)
    assert "weighing move 1 of 9" in terminal.written and "weighing move 9 of 9" in terminal.written
    assert terminal.written.endswith("\r\033[K")  # the line is cleared before the file is reported


def test_ctrl_c_during_the_analysis_ends_in_one_line_and_writes_nothing(tmp_path):
    record = tmp_path / "game.csv"
    record.write_text(csv_text([(*row, "", "") for row in GAME4], header=HEADER[:6]))
    out = tmp_path / "replay.pdf"
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])}
    process = subprocess.Popen(
        [sys.executable, "-m", "sos_print", "replay", str(record), "--size", "4", "--out", str(out)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    wait_for_handlers(process)
    time.sleep(1.0)  # reading the record takes a fraction of a second, the 4x4 analysis several: it runs now
    process.send_signal(signal.SIGINT)
    stdout, stderr = process.communicate(timeout=60)
    assert process.returncode == 130, stderr
    assert (stdout, stderr) == ("", "interrupted: nothing written\n")
    assert sorted(path.name for path in tmp_path.iterdir()) == ["game.csv"]


def test_a_move_the_solver_cannot_weigh_still_says_the_gift_it_left(tmp_path):
    # First S-O-S wins, which the solver does not weigh: B's O in B2 lets A win at once with S in C3.
    rows = [("1", "A", "S", "A1"), ("2", "B", "O", "B2"), ("3", "A", "S", "C3")]
    text = whole(document(csv_text(rows, header=HEADER[:6]), 3, Variant(first_sos_wins=True)))
    assert "2 B O in B2 Gift: A can now win with S in C3." in text
    french = whole(document(csv_text(rows, header=HEADER[:6]), 3, Variant(first_sos_wins=True), language=Language.FR))
    assert "2 B O en B2 Cadeau : le joueur A peut maintenant gagner avec S en C3." in french
