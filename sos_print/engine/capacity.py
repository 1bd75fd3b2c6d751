"""Counts the most S-O-S a full grid can hold, which bounds every target score a game can reach.

Every S-O-S of a finished game is scored exactly once, by the letter that completed it, so
the points of all sides together are the S-O-S of the final grid, and no side reaches more.
MOST_SOS holds the largest count over every filling of each board; `most_sos` computes it
by dynamic programming over the rows, and `python -m sos_print.engine.capacity` prints the
table again (under a minute for 8 x 8).
"""

from __future__ import annotations

from sos_print.engine.errors import VariantError

# The most S-O-S a full board of each size holds: python -m sos_print.engine.capacity.
MOST_SOS = {3: 6, 4: 9, 5: 22, 6: 30, 7: 51, 8: 63}


def most_sos(size: int) -> int:
    """Returns the most S-O-S any full `size` x `size` grid holds.

    A row is a bit mask of its S cells. An S-O-S lies in one row, or spans three rows one
    after another, so the best count of the rows so far depends only on the last two; the
    search keeps, for each pair of last rows, the best count of the rows above them.
    """
    rows = range(1 << size)
    full = (1 << size) - 1
    across = [_across(row, size) for row in rows]
    best = {(upper, lower): across[upper] + across[lower] for upper in rows for lower in rows}
    for _ in range(size - 2):
        following: dict[tuple[int, int], int] = {}
        for (upper, middle), count in best.items():
            o_cells = full & ~middle
            for lower in rows:
                total = count + across[lower] + _spanning(upper, o_cells, lower, full)
                if total > following.get((middle, lower), -1):
                    following[(middle, lower)] = total
        best = following
    return max(best.values())


def _across(row: int, size: int) -> int:
    """Counts the S-O-S within one row: an O with an S on each side."""
    o_cells = ((1 << size) - 1) & ~row
    return (o_cells & (row << 1) & (row >> 1)).bit_count()


def _spanning(upper: int, o_cells: int, lower: int, full: int) -> int:
    """Counts the S-O-S down and along both diagonals whose O is in the middle row."""
    down = upper & o_cells & lower
    falling = (upper << 1) & o_cells & (lower >> 1) & full
    rising = (upper >> 1) & o_cells & (lower << 1) & full
    return down.bit_count() + falling.bit_count() + rising.bit_count()


def seldom_reached(target: int, size: int) -> bool:
    """Tells whether reaching `target` points on a `size` x `size` board takes one side more than a third of the most
    S-O-S a full grid of that size holds (more than 2 of the 6 on 3 x 3), which games between children rarely give."""
    return 3 * target > MOST_SOS[size]


def check_target(target: int, size: int, given: str = "--target") -> None:
    """Raises VariantError when no game on a `size` x `size` board can reach `target` points (`given` names where
    the target was set)."""
    most = MOST_SOS[size]
    if target > most:
        raise VariantError(
            f"a full {size} × {size} grid holds at most {most} S-O-S, so {given} {target} can never be reached"
        )


if __name__ == "__main__":
    print({size: most_sos(size) for size in sorted(MOST_SOS)})
