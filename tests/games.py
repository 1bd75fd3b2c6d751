"""Builds random games for property tests and writes them out as example files."""

from __future__ import annotations

from dataclasses import dataclass

from hypothesis import strategies as st

from sos_print.engine.grid import Cell, Segment
from sos_print.engine.notation import Notation, cell_name, segment_name
from sos_print.engine.rules import Board, Letter, Move, Position, Step, Variant

# Every combination of the variants: 2, 3 or 4 seats or two teams; no end but a full grid,
# a target score, or first S-O-S wins. Property tests run once per variant.
VARIANTS = [
    Variant(),
    Variant(players=3),
    Variant(players=4),
    Variant(players=4, teams=True),
    Variant(target=1),
    Variant(target=3),
    Variant(players=3, target=4),
    Variant(players=4, target=3),
    Variant(players=4, teams=True, target=2),
    Variant(players=4, teams=True, target=5),
    Variant(first_sos_wins=True),
    Variant(players=3, first_sos_wins=True),
    Variant(players=4, first_sos_wins=True),
    Variant(players=4, teams=True, first_sos_wins=True),
]


@dataclass(frozen=True)
class Game:
    """Holds a start position and the steps played from it."""

    start: Position
    steps: tuple[Step, ...]

    @property
    def final(self) -> Position:
        return self.steps[-1].after if self.steps else self.start

    def explain(self) -> str:
        """Returns the game as text for a failing test: variant, start board, moves, final board."""
        n = self.start.board.size
        moves = ", ".join(f"{s.seat}:{s.move.letter.value}{cell_name(s.move.cell, n)}={s.points}" for s in self.steps)
        return (
            f"{self.start.variant}\nstart:\n{self.start.board.diagram()}\nmoves: {moves}\n"
            f"final:\n{self.final.board.diagram()}"
        )


@st.composite
def boards(draw: st.DrawFn, size: int, fill: float) -> Board:
    """Draws a start board of `size` with about `fill` of its cells written."""
    choices = st.sampled_from([None] * round(10 * (1 - fill)) + [Letter.S, Letter.O] * round(5 * fill))
    return Board(size, tuple(draw(choices) for _ in range(size * size)))


@st.composite
def games(
    draw: st.DrawFn,
    sizes: st.SearchStrategy[int] = st.integers(3, 8),
    variants: st.SearchStrategy[Variant] = st.sampled_from(VARIANTS),
    with_start: bool = True,
    to_the_end: bool = False,
) -> Game:
    """Draws a game: a size, a variant, perhaps a start position, then legal moves."""
    size = draw(sizes)
    variant = draw(variants)
    fill = draw(st.sampled_from([0.0, 0.0, 0.3, 0.7])) if with_start else 0.0
    start = Position.start(draw(boards(size, fill)) if fill else Board.empty(size), variant)
    limit = size * size if to_the_end else draw(st.integers(0, size * size))
    position, steps = start, []
    # Letters are drawn mostly as S, O, S to make many scoring moves, including multi-line ones.
    letters = st.sampled_from([Letter.S, Letter.O, Letter.S])
    while not position.is_over and len(steps) < limit:
        empty = position.board.empty_cells()
        move = Move(draw(st.sampled_from(empty)), draw(letters))
        steps.append(position.step(move))
        position = steps[-1].after
    return Game(start, tuple(steps))


@dataclass
class Claims:
    """Holds the text of an example file as editable TOML values: the header, one table per move, the result."""

    header: dict[str, str]
    moves: list[dict[str, str]]
    result: dict[str, str]

    def toml(self) -> str:
        """Returns the example file."""
        lines = [f"{key} = {value}" for key, value in self.header.items()]
        for table in self.moves:
            lines += ["[[move]]", *(f"{key} = {value}" for key, value in table.items())]
        lines += ["[result]", *(f"{key} = {value}" for key, value in self.result.items())]
        return "\n".join(lines) + "\n"


def true_claims(game: Game, notation: Notation) -> Claims:
    """Writes `game` as an example in which every claim is what the engine says."""
    start, n = game.start, game.start.board.size
    variant = start.variant
    grid = "\n".join(" ".join(letter.value if letter else "." for letter in row) for row in start.board.rows())
    header = {
        "size": str(n),
        "notation": f'"{notation.value}"',
        "players": str(variant.players),
        "teams": str(variant.teams).lower(),
        "target": str(variant.target),
        "first_sos_wins": str(variant.first_sos_wins).lower(),
        "grid": f'"""\n{grid}\n"""',
    }
    moves = [
        {
            "cell": f'"{cell_name(step.move.cell, n, notation)}"',
            "letter": f'"{step.move.letter.value}"',
            "by": f'"{step.seat}"',
            "points": str(step.points),
            "lines": segment_list(step.segments, n, notation),
            "next": f'"{step.next_seat or "end"}"',
        }
        for step in game.steps
    ]
    final = game.final
    score = ", ".join(f"{side} = {points}" for side, points in final.side_scores.items())
    winner = "none" if final.outcome is None else final.outcome.winner or "draw"
    return Claims(header, moves, {"score": f"{{ {score} }}", "winner": f'"{winner}"'})


def segment_list(segments: tuple[Segment, ...] | list[Segment], n: int, notation: Notation) -> str:
    """Returns a TOML list of segment names."""
    return "[" + ", ".join(f'"{segment_name(seg, n, notation)}"' for seg in segments) + "]"


def transform(cell: Cell, size: int, symmetry: int) -> Cell:
    """Maps `cell` by one of the 8 symmetries of the square (0 = identity)."""
    col, row = cell.col, cell.row
    if symmetry & 4:
        col = size - 1 - col
    for _ in range(symmetry & 3):
        col, row = row, size - 1 - col
    return Cell(col, row)
