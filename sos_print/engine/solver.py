"""Solves SOS positions exactly: the value of a position and of every legal move, both sides playing perfectly.

The value V of a position is, for the side to move, its points minus the other side's points from
now to the end of the game; the score so far does not change it. V(full board) = 0. A move that
scores g > 0 points is worth g + V(after) (the same side moves again), a move that scores nothing
is worth -V(after), and V is the greatest value of a move. This is the standard game between two
sides: two players, or team SOS (A and C against B and D, whose turns alternate between the teams).

The search is a negamax alpha-beta over the bit sets of `compact`: fail-soft, null-window searches
from a guess (MTD(f)), a transposition table of bounds keyed by what is left of the game (live
segments and empty cells), moves ordered to refute first. What SOS allows cuts it short; each cut
is argued in docs/design.md (the solver):

- the cap: no side scores more than the most segments any filling of the empty cells completes,
  so |V| is at most that (computed once per search, less the points scored on the way down);
- points first: a move that scores nothing is worse than a move that scores elsewhere and after
  which it would still score nothing, so it is not searched;
- of the isolated threats (the third letter scores, and its cell is in no other live segment),
  only one that scores the most is searched;
- one empty cell in no live segment stands for all of them; below a symmetric root, positions
  with many empty cells are keyed by the least of their 8 images.

A search may be given a budget of work (`WORK_LIMIT` for `sos-print solve`: the empty 4 x 4
board's); past it, it stops with TooCostlyError. `docs/performance.md` has the figures
(`benchmarks/bench_solver.py`).
"""

from __future__ import annotations

import gc
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from functools import cache

from sos_print.engine.compact import Compact, Geometry, bits, geometry
from sos_print.engine.errors import TooCostlyError, TooManyEmptyCellsError, UnsolvableVariantError
from sos_print.engine.frozen import frozen
from sos_print.engine.rules import Board, Letter, Move, Position, Variant

# The most empty cells the solver takes. Measured on a two-core machine (docs/performance.md): the
# empty 4 x 4 board takes 2 to 3 s, most other positions with 16 empty cells well under a second,
# boards crowded with threats up to about three times the empty 4 x 4 (past WORK_LIMIT, `sos-print
# solve` refuses them); each further empty cell multiplies the work by about three.
MAX_EMPTY = 16
# Below a symmetric root, positions with at least this many empty cells are keyed by the least of
# their 8 symmetric images (the figures: docs/performance.md). The benchmark and the tests set
# these two to measure and check each idea; nothing else changes them.
SYMMETRY_FROM = 10
PAUSE_GC = True
# The cap is computed again, exactly, at a new position with at least REFINE_FROM empty cells whose
# window lies within REFINE_SLACK of its inherited cap, in the upper half: where it may cut the search
# (boards crowded with threats), not where it would only cost (docs/design.md, the cap).
REFINE_FROM, REFINE_SLACK = 8, 3
# What a search may cost before it stops (`Solver(budget=...)`), counted in quarters of a position
# visited on a board up to 5 x 5: a visit costs more on a bigger board (longer bit sets), and computing
# the cap again about ten visits (fitted to measured times: docs/performance.md). WORK_LIMIT is what
# `sos-print solve` allows: the work of the empty 4 x 4 board (1,113,000 visits), so that no position
# it accepts takes longer; boards crowded with threats may need more, and are refused.
WORK_LIMIT = 4_500_000
_VISIT_WORK = {3: 4, 4: 4, 5: 4, 6: 5, 7: 7, 8: 8}
_REFINE_WORK = 40
UNLIMITED = 1 << 62

_LETTERS = (Letter.S, Letter.O)
_State = tuple[int, int, int, int]
_Search = Callable[[int, int, int, int, int, int, int], int]
_Spent = Callable[[], int]
_Most = Callable[[int, int, int, int, int], int]
Progress = Callable[[int, int], None]


@frozen
class MoveValue:
    """Holds a legal move, the points it scores now, and its exact value for the side that plays it."""

    move: Move
    points: int
    value: int


@frozen
class Solution:
    """Holds the value of a position and every legal move with its value, best first."""

    value: int
    moves: tuple[MoveValue, ...]

    @property
    def best(self) -> tuple[MoveValue, ...]:
        """Returns the moves that reach the value of the position."""
        return tuple(move for move in self.moves if move.value == self.value)

    def of(self, move: Move) -> MoveValue:
        """Returns the points and value of `move`."""
        return next(entry for entry in self.moves if entry.move == move)


def solvable_variant(variant: Variant) -> bool:
    """Tells whether the solver's value is the aim of `variant`: the standard game between two sides."""
    two_sides = variant.players == 2 or variant.teams
    return two_sides and not variant.target and not variant.first_sos_wins


def check_solvable(position: Position, limit: int = MAX_EMPTY) -> None:
    """Raises a SolverError if `solve` would refuse `position` (a variant it cannot weigh, too many empty cells)."""
    variant = position.variant
    if not solvable_variant(variant):
        raise UnsolvableVariantError(
            "the solver weighs moves in the standard game between two sides (2 players, or team SOS), "
            f"where the most points at the end win; it cannot solve {_variant_words(variant)}"
        )
    empty = position.board.size**2 - position.board.filled()
    if empty > limit:
        raise TooManyEmptyCellsError(empty, limit)


def solve(
    position: Position, limit: int = MAX_EMPTY, progress: Progress | None = None, budget: int | None = None
) -> Solution:
    """Returns the exact value of `position` and of each of its legal moves (both letters in every empty cell).

    With a `budget` (see WORK_LIMIT), a search that would cost more stops with TooCostlyError.
    """
    return Solver(limit, budget=budget).solve(position, progress)


def most_lines(position: Position) -> int:
    """Returns the most lines any filling of the empty cells of `position` completes: no side scores more."""
    geo = geometry(position.board.size)
    return _most_points(geo)(*_state(geo.compact(position.board)), -1)


class Solver:
    """Searches positions of at most `limit` empty cells; `positions` counts the table entries of the last search,
    and `work` what it cost (see WORK_LIMIT). With a `budget` of work, a search that would cost more stops with
    TooCostlyError.

    With `keep`, the transposition table is kept from one search to the next (per board size):
    the positions of one game lie in the search tree of its first, so weighing a game move by
    move costs little more than solving its first position. An entry describes what is left of a
    game whatever the score, so it holds for every position that reaches it.
    """

    def __init__(self, limit: int = MAX_EMPTY, keep: bool = False, budget: int | None = None) -> None:
        self.limit = limit
        self.budget = budget
        self.positions = 0
        self.work = 0
        self._kept: dict[int, tuple[dict[int, tuple[int, int]], int]] | None = {} if keep else None

    def _table(self, geo: Geometry, root: _State) -> _Table:
        """Returns a search from `root`: over the kept table of this board size, or over a new one.

        A kept table keys positions as it did for its first root (by symmetry or not), so that the
        later roots find what the first one's search stored.
        """
        budget = UNLIMITED if self.budget is None else self.budget
        if self._kept is None:
            return _Table(geo, root, self._symmetry_from(geo, root), budget)
        table, symmetry_from = self._kept.setdefault(geo.size, ({}, self._symmetry_from(geo, root)))
        return _Table(geo, root, symmetry_from, budget, table)

    def value(self, position: Position) -> int:
        """Returns the exact value of `position` for the side to move (0 once the board is full)."""
        check_solvable(position, self.limit)
        geo = geometry(position.board.size)
        state = _state(geo.compact(position.board))
        with self._paused():
            search = self._table(geo, state)
            value = search.exact(state, 0)
        self.positions, self.work = len(search.table), search.spent()
        return value

    def solve(self, position: Position, progress: Progress | None = None, value: int | None = None) -> Solution:
        """Returns the exact value of `position` and of each of its legal moves, best first (none on a full board).

        `progress(done, total)` is called as the search goes: the value of the position, then
        each move (one of each symmetric set) is a step. A caller that knows the value already
        (from the move that led here) passes it as `value`, and its search is skipped.
        """
        check_solvable(position, self.limit)
        board = position.board
        geo = geometry(board.size)
        start = geo.compact(board)
        state = _state(start)
        with self._paused():
            search = self._table(geo, state)
            steps = search.steps(start)
            if progress:
                progress(0, steps)
            cap = search.most_points(*state, -1)
            if value is None:
                value = search.exact(state, 0, cap)
            if progress:
                progress(1, steps)
            values = search.move_values(start, value, cap, progress, steps)
        self.positions, self.work = len(search.table), search.spent()
        moves = [MoveValue(geo.move(cell, letter), points, worth) for (cell, letter), (points, worth) in values.items()]
        moves.sort(key=lambda entry: (-entry.value, -entry.points, *_reading_order(entry.move, board)))
        return Solution(value, tuple(moves))

    def weigh(
        self, position: Position, played: Move, value: int | None = None
    ) -> tuple[int, tuple[MoveValue, ...], MoveValue]:
        """Returns the value of `position`, its best moves and the move `played`, each with its points and value.

        Cheaper than `solve`, which finds the exact value of every move: a move is shown best by one
        null-window test, and only the played move's value is searched exactly. `value` is the
        position's value if the caller knows it (from the move that led here).
        """
        check_solvable(position, self.limit)
        geo = geometry(position.board.size)
        start = geo.compact(position.board)
        state = _state(start)
        with self._paused():
            search = self._table(geo, state)
            cap = search.most_points(*state, -1)
            if value is None:
                value = search.exact(state, 0, cap)
            cell = played.cell.row * geo.size + played.cell.col
            points, worth = search.move_value(start, cell, played.letter, value, cap)
            best = []
            for move in search.moves_reaching(start, value, cap):
                move_points = geo.play(start, move.cell.row * geo.size + move.cell.col, move.letter)[0]
                best.append(MoveValue(move, move_points, value))
        self.positions, self.work = len(search.table), search.spent()
        best.sort(key=lambda entry: (-entry.points, *_reading_order(entry.move, position.board)))
        return value, tuple(best), MoveValue(played, points, worth)

    def reaching(self, position: Position, moves: Iterable[Move]) -> tuple[int, tuple[Move, ...]]:
        """Returns the value of `position` and those of `moves` that reach it, by a null-window test each.

        Cheaper than `solve` when only a few moves are in question (to screen puzzle candidates).
        """
        check_solvable(position, self.limit)
        geo = geometry(position.board.size)
        start = geo.compact(position.board)
        with self._paused():
            state = _state(start)
            search = self._table(geo, state)
            cap = search.most_points(*state, -1)
            value = search.exact(state, 0, cap)
            found = tuple(move for move in moves if search.reaches(start, move, value, cap))
        self.positions, self.work = len(search.table), search.spent()
        return value, found

    def _symmetry_from(self, geo: Geometry, root: _State) -> int:
        """Returns from how many empty cells up to key positions by symmetry: never if the root has none.

        Below an asymmetric root, symmetric images of one position are too rare to pay for the keys
        (measured in docs/performance.md).
        """
        key = root[0] | root[1] | root[2] | root[3] << geo.count
        symmetric = any(geo.symmetric_key(key, symmetry) == key for symmetry in range(1, 8))
        return SYMMETRY_FROM if symmetric else geo.cells + 1

    @contextmanager
    def _paused(self) -> Iterator[None]:
        """Pauses the garbage collector during a search (the table holds no cycles; see docs/performance.md)."""
        enabled = gc.isenabled()
        if PAUSE_GC:
            gc.disable()
        try:
            yield
        finally:
            if enabled:
                gc.enable()


class _Table:
    """Holds one search: its transposition table and the recursive search over it."""

    def __init__(
        self,
        geo: Geometry,
        root: _State,
        symmetry_from: int,
        budget: int = UNLIMITED,
        table: dict[int, tuple[int, int]] | None = None,
    ) -> None:
        self.geo = geo
        self.table: dict[int, tuple[int, int]] = {} if table is None else table
        # Beyond any value: |V| <= the live segments of the root, or of any position, for a table kept between roots.
        live = root[0] | root[1] | root[2] if table is None else (1 << geo.count) - 1
        self.bound = live.bit_count() + 1
        self.most_points = _most_points(geo)
        self.search, self.spent = _searcher(geo, self.table, self.bound, symmetry_from, self.most_points, budget)

    def exact(self, state: _State, guess: int, cap: int | None = None) -> int:
        """Returns the exact value of `state` by null-window searches from `guess` (MTD(f)).

        `cap` bounds |V| (see `most_points`); without it, it is computed.
        """
        if cap is None:
            cap = self.most_points(*state, -1)
        low, high = -cap, cap
        value = max(low, min(guess, high))
        while low < high:
            beta = value + 1 if value == low else value
            value = self.search(*state, beta - 1, beta, cap)
            if value < beta:
                high = value
            else:
                low = value
        return value

    def child_cap(self, after: _State, points: int, cap: int, value: int) -> int:
        """Returns a bound on |V| after a move that scored `points`, from the `cap` and `value` of the position before.

        A filling of the position after is one of the position before, less the move's points. The
        exact bound is worth computing only where values come near it: mostly boards crowded with threats.
        """
        if 2 * abs(value) < cap:
            return cap - points
        return self.most_points(*after, -1)

    def reaches(self, start: Compact, move: Move, target: int, cap: int) -> bool:
        """Tells whether `move` is worth at least `target` (the value of `start`, whose bound is `cap`) by one
        null-window search."""
        cell = move.cell.row * self.geo.size + move.cell.col
        points, after = self.geo.play(start, cell, move.letter)
        if not after.empty:
            return points >= target
        state = _state(after)
        cap = self.child_cap(state, points, cap, target)
        if points:  # points + V(after) >= target
            return self.search(*state, target - points - 1, target - points, cap) >= target - points
        return self.search(*state, -target, -target + 1, cap) <= -target  # -V(after) >= target

    def move_value(self, start: Compact, cell: int, letter: Letter, value: int, cap: int) -> tuple[int, int]:
        """Returns the points and exact value of a move in `start`, whose value is `value` and bound `cap`."""
        points, after = self.geo.play(start, cell, letter)
        if not after.empty:
            return points, points
        state = _state(after)
        bound = self.child_cap(state, points, cap, value)
        if points:
            return points, points + self.exact(state, value - points, bound)
        return points, -self.exact(state, -value, bound)

    def moves_reaching(self, start: Compact, value: int, cap: int) -> list[Move]:
        """Returns the moves of `start` worth `value` (its value; `cap` its bound), testing one of each symmetric
        set."""
        same = self.symmetries(start)
        found: dict[tuple[int, Letter], bool] = {}
        for cell in bits(start.empty):
            for letter in _LETTERS:
                if (cell, letter) not in found:
                    reached = self.reaches(start, self.geo.move(cell, letter), value, cap)
                    for cell_map in [*same, self.geo.cell_maps[0]]:
                        found[cell_map[cell], letter] = reached
        return [self.geo.move(cell, letter) for (cell, letter), reached in found.items() if reached]

    def symmetries(self, start: Compact) -> list[tuple[int, ...]]:
        """Returns the cell maps of the symmetries that leave what is left of the game unchanged."""
        key = self.geo.key(start)
        return [self.geo.cell_maps[s] for s in range(1, 8) if self.geo.symmetric_key(key, s) == key]

    def steps(self, start: Compact) -> int:
        """Returns the steps of a full solution: the value, then one move of each symmetric set."""
        seen: set[tuple[int, Letter]] = set()
        same = self.symmetries(start)
        steps = 1
        for cell in bits(start.empty):
            for letter in _LETTERS:
                if (cell, letter) not in seen:
                    steps += 1
                    seen.update((cell_map[cell], letter) for cell_map in [*same, self.geo.cell_maps[0]])
        return steps

    def move_values(
        self, start: Compact, value: int, cap: int, progress: Progress | None = None, steps: int = 0
    ) -> dict[tuple[int, Letter], tuple[int, int]]:
        """Returns the points and exact value of every legal move, searching one move of each symmetric set.

        `value` is the value of `start`, and `cap` its bound (see `most_points`).
        """
        same = self.symmetries(start)
        values: dict[tuple[int, Letter], tuple[int, int]] = {}
        done = 1
        for cell in bits(start.empty):
            for letter in _LETTERS:
                if (cell, letter) in values:
                    continue
                points, worth = self.move_value(start, cell, letter, value, cap)
                for cell_map in same:
                    values[cell_map[cell], letter] = (points, worth)
                values[cell, letter] = (points, worth)
                done += 1
                if progress:
                    progress(done, steps)
        return values


def _searcher(
    geo: Geometry, table: dict[int, tuple[int, int]], bound: int, symmetry_from: int, most: _Most, budget: int
) -> tuple[_Search, _Spent]:
    """Returns the recursive fail-soft alpha-beta search over `table` (a closure: locals are fastest in Python), and
    a function that tells the work it has done (see WORK_LIMIT); past `budget` it raises TooCostlyError."""
    need_s, need_o, through, others = geo.need_s, geo.need_o, geo.through, geo.others
    segments, width = geo.segments, geo.count
    key_tables = geo.key_tables if symmetry_from <= geo.cells else ()
    lookup = table.get
    pair = _pairs(bound)
    unknown_low = -bound
    slack, refine_from = REFINE_SLACK, REFINE_FROM
    visits = 0
    visit_work = _VISIT_WORK.get(geo.size, max(_VISIT_WORK.values()))
    refine_work = _REFINE_WORK

    def search(fresh: int, started: int, threats: int, empty: int, alpha: int, beta: int, cap: int = bound) -> int:
        nonlocal visits
        visits += visit_work
        if visits > budget:
            raise TooCostlyError(budget)
        live = fresh | started | threats
        if not live:
            return 0
        if not empty & (empty - 1):  # one empty cell: the better letter
            cell = empty.bit_length() - 1
            s_points, o_points = (threats & need_s[cell]).bit_count(), (threats & need_o[cell]).bit_count()
            return s_points if s_points > o_points else o_points
        key = live | empty << width
        if key_tables and empty.bit_count() >= symmetry_from:
            least = key
            for chunks in key_tables:
                image, rest = 0, key
                for chunk in chunks:
                    image |= chunk[rest & 255]
                    rest >>= 8
                if image < least:
                    least = image
            key = least
        entry = lookup(key)
        if entry is None:
            reach = live.bit_count()
            if cap < reach:
                reach = cap
            if reach <= alpha:
                return reach
            if -reach >= beta:
                return -reach
            floor = alpha if alpha > -beta else -beta
            if reach - slack <= floor and 2 * floor >= reach and empty.bit_count() >= refine_from:
                visits += refine_work
                reach = most(fresh, started, threats, empty, floor)
                if reach <= alpha or -reach >= beta:
                    table[key] = pair[bound - reach][bound + reach]
                    return reach if reach <= alpha else -reach
                cap = reach
            low, high = -reach, reach
        else:
            low, high = entry
            if high > cap:
                high = cap
            if low < -cap:
                low = -cap
            if low >= beta:
                return low
            if high <= alpha or low == high:
                return high
            if low > alpha:
                alpha = low
            if high < beta:
                beta = high
        first_alpha = alpha
        best = unknown_low
        isolated = 0  # threats whose cell is in no other live segment (the module's docstring says why they help)
        top = None  # the isolated threat that scores the most
        takes = []  # every move that scores: its cell, and the segments that need its letter there
        if threats:
            scoring = []
            seen = 0
            rest = threats
            while rest:
                low_bit = rest & -rest
                rest ^= low_bit
                first, middle, last = segments[low_bit.bit_length() - 1]
                if empty >> first & 1:
                    cell, code, need = first, first << 1, need_s[first]
                elif empty >> middle & 1:
                    cell, code, need = middle, middle << 1 | 1, need_o[middle]
                else:
                    cell, code, need = last, last << 1, need_s[last]
                if not seen >> code & 1:
                    seen |= 1 << code
                    takes.append((cell, need))
                    move = ((threats & need).bit_count(), code, need)
                    if live & through[cell] == threats & need:
                        isolated += 1
                        if top is None or move[0] > top[0]:
                            top = move
                    else:
                        scoring.append(move)
            if top is not None:
                scoring.append(top)  # of the isolated threats, only one that scores the most
            scoring.sort(reverse=True)
            for points, code, need in scoring:
                cell = code >> 1
                keep = others[cell]
                value = points + search(
                    fresh & keep,
                    (started & keep) | (fresh & need),
                    (threats & keep) | (started & need),
                    empty ^ 1 << cell,
                    alpha - points,
                    beta - points,
                    cap - points,
                )
                if value > best:
                    best = value
                    if value > alpha:
                        alpha = value
                        if alpha >= beta:
                            break
        if best < beta:
            gifts = []
            dead_tried = bool(takes)  # with a move that scores, a dead cell is never worth writing in
            rest = empty
            while rest and alpha < beta:
                low_bit = rest & -rest
                rest ^= low_bit
                cell = low_bit.bit_length() - 1
                if not live & through[cell]:
                    # A cell in no live segment: writing there only passes the turn, wherever it is.
                    if dead_tried:
                        continue
                    dead_tried = True
                    value = -search(fresh, started, threats, empty ^ low_bit, -beta, -alpha, cap)
                    if value > best:
                        best = value
                        if value > alpha:
                            alpha = value
                    continue
                keep = others[cell]
                for need in (need_o[cell], need_s[cell]):
                    if threats & need:
                        continue  # scores: searched above
                    if takes and _dominated(cell, started & need, takes):
                        continue
                    if started & need:
                        gifts.append(((started & need).bit_count(), cell, need))
                        continue
                    started_after = (started & keep) | (fresh & need)
                    value = -search(fresh & keep, started_after, threats & keep, empty ^ low_bit, -beta, -alpha, cap)
                    if value > best:
                        best = value
                        if value > alpha:
                            alpha = value
                            if alpha >= beta:
                                break
            if alpha < beta and gifts:
                gifts.sort()
                for _, cell, need in gifts:
                    keep = others[cell]
                    value = -search(
                        fresh & keep,
                        (started & keep) | (fresh & need),
                        (threats & keep) | (started & need),
                        empty ^ 1 << cell,
                        -beta,
                        -alpha,
                        cap,
                    )
                    if value > best:
                        best = value
                        if value > alpha:
                            alpha = value
                            if alpha >= beta:
                                break
        # A window far outside [-reach, reach] can yield a bound beyond it, valid but weak: the
        # value lies within, so clip (the table's tuples cover only the values a position can have).
        if best > high:
            best = high
        elif best < low:
            best = low
        if best <= first_alpha:
            table[key] = pair[low + bound][best + bound]
        elif best >= beta:
            table[key] = pair[best + bound][high + bound]
        else:
            table[key] = pair[best + bound][best + bound]
        return best

    def spent() -> int:
        return visits

    return search, spent


def _most_points(geo: Geometry) -> _Most:
    """Returns a function that gives the most segments any filling of a position's empty cells completes.

    No side scores more from a position than this, so it bounds the value both ways.
    """
    need_s, need_o, others = geo.need_s, geo.need_o, geo.others
    width = geo.count
    known: dict[int, int] = {}  # exact results (>= 0) and bounds (stored as -1 - bound)
    recall = known.get

    def most(fresh: int, started: int, threats: int, empty: int, floor: int) -> int:
        """Returns the most segments completed if more than `floor`, else at most `floor`."""
        live = fresh | started | threats
        key = live | empty << width
        found = recall(key)
        if found is not None:
            if found >= 0:
                return found
            if -1 - found <= floor:
                return -1 - found
        result = branch(fresh, started, threats, empty, floor, live)
        known[key] = result if result > floor else -1 - result
        return result

    def branch(fresh: int, started: int, threats: int, empty: int, floor: int, live: int) -> int:
        # Each live segment shares itself among its empty cells (a third, a half or all of it), and
        # a cell's letter serves only the segments that need it there: where segments need both
        # letters, the smaller share is lost. Cells whose segments all need one letter take it.
        lost = most_lost = 0
        chosen = -1
        rest = empty
        while rest:
            low_bit = rest & -rest
            rest ^= low_bit
            cell = low_bit.bit_length() - 1
            s, o = live & need_s[cell], live & need_o[cell]
            if s and o:
                for_s = 6 * (threats & s).bit_count() + 3 * (started & s).bit_count() + 2 * (fresh & s).bit_count()
                for_o = 6 * (threats & o).bit_count() + 3 * (started & o).bit_count() + 2 * (fresh & o).bit_count()
                smaller = for_s if for_s < for_o else for_o
                lost += smaller
                if smaller > most_lost:
                    chosen, most_lost = cell, smaller
        count = live.bit_count()
        if chosen < 0:
            return count  # no cell where segments disagree: every live segment can be completed
        bound = count - (lost + 5) // 6
        if bound <= floor:
            return bound
        keep, best = others[chosen], -1
        for need in (need_s[chosen], need_o[chosen]):
            points = (threats & need).bit_count()
            after = (fresh & keep, (started & keep) | (fresh & need), (threats & keep) | (started & need))
            found = points + most(*after, empty ^ 1 << chosen, max(floor, best) - points)
            if found > best:
                best = found
        return best

    return most


def _dominated(cell: int, advanced: int, takes: list[tuple[int, int]]) -> bool:
    """Tells whether a move in `cell` that scores nothing is worse than one of `takes` (moves that score).

    `advanced` holds the one-letter segments the move writes in. A move that scores in another
    cell, writing in the segments `written`, leaves it scoring nothing unless one of those is among
    them; then it is the better move (points first, docs/design.md).
    """
    for taken, written in takes:  # noqa: SIM110 (a loop is faster than any() in the search's inner loop)
        if taken != cell and not advanced & written:
            return True
    return False


@cache
def _pairs(bound: int) -> tuple[tuple[tuple[int, int], ...], ...]:
    """Returns every (low, high) pair of bounds from -bound to bound, as the table stores them.

    Bounds are stored as these shared tuples, so that the table holds no tuple of its own.
    """
    return tuple(tuple((low, high) for high in range(-bound, bound + 1)) for low in range(-bound, bound + 1))


def _state(position: Compact) -> _State:
    return (position.fresh, position.started, position.threats, position.empty)


def _reading_order(move: Move, board: Board) -> tuple[int, int, int]:
    """Returns the order of a move in a listing: top row first, left to right, S before O."""
    return (board.size - 1 - move.cell.row, move.cell.col, _LETTERS.index(move.letter))


def _variant_words(variant: Variant) -> str:
    if variant.first_sos_wins:
        return "the variant in which the first S-O-S wins: its aim is the first line, not the most points"
    if variant.target:
        points = "1 point" if variant.target == 1 else f"{variant.target} points"
        return f"a game to {points}: its aim is to get there first, not the most points at the end"
    return f"a game of {variant.players} players without teams, which is not a game between two sides"
