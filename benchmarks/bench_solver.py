"""Benchmarks the exact solver and writes its section of docs/performance.md.

Run by hand from the repository root:

    python benchmarks/bench_solver.py                       # the full run, several minutes
    python benchmarks/bench_solver.py --positions 3 --baseline ../shared/bench --before ../old/checkout

What it measures, each search in a process of its own so that its peak memory can be read (`os.wait4`,
the child's ru_maxrss), in CPU seconds (steadier than wall time on a shared machine):

- random positions (random play from the empty board, fixed seeds) on 4x4 and 5x5 boards with 12, 13
  and 14 empty cells, each solved in full by sos_print and by the baseline (`solver_baseline.py` in the
  baseline folder, a plain memoised search, run beside it and never imported), which must agree; with
  `--before`, also by the sos_print of another checkout, so that a change's cost shows as a ratio;
- the empty 4x4 board, the longest search `sos-print solve` runs, timed three times through the run;
- a set of boards crowded with threats, built from `--seed`: 16 empty cells on 6x6 and 8x8 boards,
  rings and blocks of S and O around empty regions and scattered empty cells, values 20 to 50, each
  searched as `sos-print solve` searches it (with its budget of work, `WORK_LIMIT`): solved, or refused;
- the analysis of full 4x4 games (random play, fixed seeds) against solving their first weighed
  position alone, each in its own process, in turn.

The section between the `solver` markers of docs/performance.md is replaced; `bench_kit.py` keeps it
when it rewrites the rest of the file.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import random
import re
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
START, END = "<!-- solver:start -->", "<!-- solver:end -->"
sys.path.insert(0, str(ROOT))  # this checkout's sos_print, whatever is installed
ENVIRONMENT = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}
ENVIRONMENT["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH", "")]))
GROUPS = [(4, 12), (4, 13), (4, 14), (5, 12), (5, 13), (5, 14)]
EMPTY_4X4 = "/".join(["...."] * 4)
CROWDED_EMPTY, CROWDED_VALUES = 16, (20, 50)


def random_position(size: int, empty: int, seed: int) -> str:
    """Returns the board after random moves from the empty board (any empty cell, either letter), as rows."""
    from sos_print.engine.rules import Letter, Move, Position, board_text

    rng = random.Random(seed)
    position = Position.start(size)
    while position.board.size**2 - position.board.filled() > empty:
        cell = rng.choice(position.board.empty_cells())
        position = position.play(Move(cell, rng.choice([Letter.S, Letter.O])))
    return board_text(position.board)


# --- boards crowded with threats --------------------------------------------------------------

Cells = list[tuple[int, int]]


def _block(top: int, left: int, height: int, width: int, n: int) -> Cells:
    return [(r, c) for r in range(top, min(n, top + height)) for c in range(left, min(n, left + width))]


def _holes(kind: str, n: int, rng: random.Random) -> Cells:
    """Returns 16 empty cells: one region (a ring's inside), several blocks, or cells scattered anywhere."""
    cells: set[tuple[int, int]] = set()
    if kind == "scattered":
        return sorted(rng.sample([(r, c) for r in range(n) for c in range(n)], CROWDED_EMPTY))
    while len(cells) < CROWDED_EMPTY:
        if kind == "region" and not cells:
            height = rng.randint(2, 4)
            top, left = rng.randrange(n - height + 1), rng.randrange(n - 3)
            cells.update(_block(top, left, height, 16 // height, n))
        else:
            side = rng.choice((1, 2, 2, 3))
            cells.update(_block(rng.randrange(n), rng.randrange(n), side, rng.choice((1, 2, 3)), n))
    return sorted(cells)[:CROWDED_EMPTY]


def crowded_board(seed: int, index: int) -> str:
    """Returns a 6x6 or 8x8 board with 16 empty cells crowded with threats, the same for the same seed and index.

    The letters around the empty cells are a ring (O next to an empty cell, S beyond), a sea of S,
    or S and O at random, mostly S: each makes many two-letter lines waiting for their third.
    """
    rng = random.Random(seed * 10_000 + index)
    n = rng.choice((6, 8))
    holes = set(_holes(rng.choice(("region", "blocks", "scattered")), n, rng))
    letters = rng.choice(("ring", "sea", "mixed"))
    share = rng.uniform(0.55, 0.85)
    near = {(r + dr, c + dc) for r, c in holes for dr in (-1, 0, 1) for dc in (-1, 0, 1)}
    rows = []
    for r in range(n):
        row = ""
        for c in range(n):
            if (r, c) in holes:
                row += "."
            elif letters == "ring":
                row += "O" if (r, c) in near else "S"
            elif letters == "sea":
                row += "S"
            else:
                row += "S" if rng.random() < share else "O"
        rows.append(row)
    return "/".join(rows)


def most_points(board: str) -> int:
    """Returns the most lines any filling of the board's empty cells completes: no value is larger."""
    from sos_print.engine.rules import Position, parse_board
    from sos_print.engine.solver import most_lines

    return most_lines(Position(parse_board(board)))


# --- workers: one search in a fresh process ---------------------------------------------------


def work_ours(board: str, budgeted: bool) -> dict[str, Any]:
    from sos_print.engine import errors
    from sos_print.engine import solver as settings
    from sos_print.engine.notation import cell_name
    from sos_print.engine.rules import Position, parse_board
    from sos_print.engine.solver import Solver

    position = Position(parse_board(board))
    solver = Solver(budget=settings.WORK_LIMIT) if budgeted else Solver()
    start, cpu = time.perf_counter(), time.process_time()
    try:
        solution = solver.solve(position)
    except getattr(errors, "TooCostlyError", ()):  # an older checkout (--before) has no budget
        cpu = time.process_time() - cpu
        return {"refused": True, "cpu": cpu, "seconds": time.perf_counter() - start}
    seconds, cpu = time.perf_counter() - start, time.process_time() - cpu
    size = position.board.size
    moves = {f"{m.move.letter.value}{cell_name(m.move.cell, size)}": m.value for m in solution.moves}
    return {
        "refused": False,
        "seconds": seconds,
        "cpu": cpu,
        "value": solution.value,
        "moves": moves,
        "positions": solver.positions,
        "work": getattr(solver, "work", 0),  # an older checkout (--before) does not count its work
    }


def work_baseline(board: str, folder: Path) -> dict[str, Any]:
    import runpy

    from sos_print.engine.notation import column_letters

    solve = runpy.run_path(str(folder / "solver_baseline.py"))["solve"]
    rows = board.split("/")
    start, cpu = time.perf_counter(), time.process_time()
    result = solve(rows)
    seconds, cpu = time.perf_counter() - start, time.process_time() - cpu
    n = len(rows)
    moves = {f"{letter}{column_letters(c)}{n - r}": value for (r, c, letter), value in result["moves"].items()}
    return {"seconds": seconds, "cpu": cpu, "value": result["value"], "moves": moves, "positions": result["states"]}


def game_steps(size: int, seed: int) -> tuple[Any, ...]:
    """Returns the steps of a full game of random moves from the empty board."""
    from sos_print.engine.rules import Letter, Move, Position

    rng = random.Random(seed)
    position, steps = Position.start(size), []
    while not position.is_over:
        steps.append(position.step(Move(rng.choice(position.board.empty_cells()), rng.choice([Letter.S, Letter.O]))))
        position = steps[-1].after
    return tuple(steps)


def work_game(seed: int, what: str) -> dict[str, Any]:
    """Analyses a full 4x4 game (`what` "analyse"), or solves its first weighed position alone ("first")."""
    from sos_print.engine.analysis import analyse_game
    from sos_print.engine.rules import Position
    from sos_print.engine.solver import Solver

    steps = game_steps(4, seed)
    start = Position.start(4)
    cpu = time.process_time()
    if what == "analyse":
        weighed = sum(move.solved for move in analyse_game(start, steps))
    else:
        Solver().solve(start)  # the empty board: 16 empty cells, the first position weighed
        weighed = 1
    return {"cpu": time.process_time() - cpu, "weighed": weighed, "moves": len(steps)}


# --- running workers --------------------------------------------------------------------------


def run_worker(arguments: list[str], path: Path = ROOT) -> tuple[dict[str, Any], float, int]:
    """Runs this script as a worker (importing sos_print from `path`); returns its answer, its whole wall time and
    its peak memory in KB."""
    command = [sys.executable, __file__, "--worker", *arguments]
    environment = {**ENVIRONMENT, "PYTHONPATH": os.pathsep.join(filter(None, [str(path), str(ROOT)]))}
    start = time.perf_counter()
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=environment, cwd=ROOT)
    assert process.stdout is not None and process.stderr is not None
    output = process.stdout.read()
    errors = process.stderr.read()
    _, status, usage = os.wait4(process.pid, 0)
    wall = time.perf_counter() - start
    if os.waitstatus_to_exitcode(status):
        sys.exit(f"{' '.join(command)} failed:\n{errors.decode()}")
    return json.loads(output), wall, usage.ru_maxrss


def empty_4x4() -> dict[str, Any]:
    found, wall, peak = run_worker(["ours", EMPTY_4X4])
    print(f"empty 4x4: {found['cpu']:.2f} s CPU, {wall:.2f} s whole, {peak} KB", file=sys.stderr)
    return {**found, "wall": wall, "kb": peak}


def measure(args: argparse.Namespace) -> dict[str, Any]:
    results: dict[str, Any] = {"groups": [], "empty_4x4": [empty_4x4()]}
    for size, empty in GROUPS:
        rows = []
        for seed in range(1, args.positions + 1):
            board = random_position(size, empty, seed)
            ours, _, ours_kb = run_worker(["ours", board])
            entry = {"board": board, "ours": ours["cpu"], "ours_kb": ours_kb, "value": ours["value"]}
            if args.before:
                before, _, _ = run_worker(["ours", board], args.before)
                entry["before"] = before["cpu"]
            if empty <= args.baseline_up_to:
                theirs, _, theirs_kb = run_worker(["baseline", board, str(args.baseline)])
                if (theirs["value"], theirs["moves"]) != (ours["value"], ours["moves"]):
                    sys.exit(f"sos_print and the baseline disagree on {board}")
                entry.update(baseline=theirs["cpu"], baseline_kb=theirs_kb)
            rows.append(entry)
            print(f"{size}x{size} {empty:2d} empty {board}: {entry}", file=sys.stderr)
        results["groups"].append({"size": size, "empty": empty, "rows": rows})
    results["empty_4x4"].append(empty_4x4())
    results["crowded"] = crowded(args)
    results["empty_4x4"].append(empty_4x4())
    results["games"] = games(args)
    return results


def crowded(args: argparse.Namespace) -> dict[str, Any]:
    """Searches the crowded set as `sos-print solve` does; boards whose value falls outside 20 to 50 are left out."""
    rows, skipped, index = [], 0, 0
    low, high = CROWDED_VALUES
    while len(rows) < args.crowded:
        index += 1
        board = crowded_board(args.seed, index)
        if most_points(board) < low:  # the value is at most this: it cannot reach 20
            skipped += 1
            continue
        found, _, peak = run_worker(["ours", board, "budget"])
        row = {"board": board, **{k: found.get(k) for k in ("refused", "cpu", "value", "work")}, "kb": peak}
        if found["refused"]:  # what it would have cost: the whole search, without the budget
            whole, _, whole_peak = run_worker(["ours", board])
            row.update(value=whole["value"], whole=whole["cpu"], whole_kb=whole_peak)
        if not low <= row["value"] <= high:
            skipped += 1
            continue
        rows.append(row)
        print(f"crowded {index}: {board} {rows[-1]}", file=sys.stderr)
    return {"rows": rows, "skipped": skipped}


def games(args: argparse.Namespace) -> list[dict[str, Any]]:
    """Times the analysis of full 4x4 games and the solving of their first position, in turn, in fresh processes."""
    found = []
    for seed in range(1, args.games + 1):
        times: dict[str, list[float]] = {"analyse": [], "first": []}
        for round_number in range(3):
            order = ["analyse", "first"] if round_number % 2 == 0 else ["first", "analyse"]
            for what in order:
                answer, _, peak = run_worker(["game", str(seed), what])
                times[what].append(answer["cpu"])
        ratios = [a / f for a, f in zip(times["analyse"], times["first"], strict=True)]
        found.append({"seed": seed, "moves": answer["moves"], **times, "ratio": statistics.median(ratios), "kb": peak})
        print(f"game {seed}: {found[-1]}", file=sys.stderr)
    return found


# --- the report -------------------------------------------------------------------------------


def report(results: dict[str, Any], args: argparse.Namespace) -> str:
    from sos_print.engine.solver import MAX_EMPTY, WORK_LIMIT

    fours = results["empty_4x4"]
    four = statistics.median(entry["cpu"] for entry in fours)
    lines = [
        START,
        "## The solver",
        "",
        f"Measured by `python benchmarks/bench_solver.py --seed {args.seed}` on {datetime.date.today().isoformat()}: "
        f"{platform.python_implementation()} {platform.python_version()}, {_cpu()}, {os.cpu_count()} cores "
        "(shared with other work, so single times wobble). Every search runs in a process of its own; times "
        "are CPU seconds of the search alone, peak memory the whole process's.",
        "",
        "### The empty 4×4 board",
        "",
        f"The longest search `sos-print solve` runs: every first move of the empty 4×4 board, "
        f"{', '.join(format(entry['cpu'], '.2f') for entry in fours)} s (at the start, middle and end of the run; "
        f"median {four:.2f} s), {fours[0]['wall']:.1f} s for the whole process, "
        f"{max(entry['kb'] for entry in fours) / 1024:.0f} MB at most, {fours[0]['positions']:,} positions in the "
        f"table, {fours[0]['work']:,} units of work (the budget `solve` allows: {WORK_LIMIT:,}). Its value is "
        f"{fours[0]['value']} (a draw).",
        "",
        "### Random positions",
        "",
        "Random games from the empty board (fixed seeds), solved in full by sos_print and by the baseline "
        "(`solver_baseline.py`, a plain memoised search), which gave the same value for every move"
        + (", and by the solver before this change (`--before`)" if args.before else "")
        + ".",
        "",
        "| board | empty cells | positions | sos_print | baseline | ratio (median, least) "
        + ("| before | before / now " if args.before else "")
        + "| peak memory, ours / baseline |",
        "|---|---|---|---|---|---|" + ("---|---|" if args.before else "") + "---|",
    ]
    for group in results["groups"]:
        rows = group["rows"]
        ours = statistics.median(row["ours"] for row in rows)
        ours_mb = max(row["ours_kb"] for row in rows) / 1024
        cells = f"| {group['size']}×{group['size']} | {group['empty']} | {len(rows)} | {ours:.3f} s "
        if "baseline" in rows[0]:
            theirs = statistics.median(row["baseline"] for row in rows)
            ratios = [row["baseline"] / row["ours"] for row in rows]
            theirs_mb = max(row["baseline_kb"] for row in rows) / 1024
            cells += f"| {theirs:.2f} s | {statistics.median(ratios):.0f}×, {min(ratios):.0f}× "
        else:
            theirs_mb = 0
            cells += "| not run | "
        if args.before:
            before = statistics.median(row["before"] for row in rows)
            change = statistics.median(row["before"] / row["ours"] for row in rows)
            cells += f"| {before:.3f} s | {change:.2f} "
        lines.append(
            cells + f"| {ours_mb:.0f} MB / {theirs_mb:.0f} MB |" if theirs_mb else cells + f"| {ours_mb:.0f} MB |"
        )
    lines += crowded_lines(results, four)
    lines += games_lines(results)
    lines += [
        "",
        f"The solver takes at most {MAX_EMPTY} empty cells (`MAX_EMPTY`); each further one multiplies the work "
        "by about three.",
        "",
        "| target | measured | met |",
        "|---|---|---|",
    ]
    for target, measured, met in targets(results, four, args):
        lines.append(f"| {target} | {measured} | {'yes' if met else '**no**'} |")
    lines += ["", END]
    return "\n".join(lines)


def crowded_lines(results: dict[str, Any], four: float) -> list[str]:
    rows = results["crowded"]["rows"]
    lines = [
        "",
        "### Boards crowded with threats",
        "",
        f"{len(rows)} boards built from the seed, 16 empty cells each on 6×6 and 8×8 boards: rings and blocks "
        "of S and O around empty regions, and empty cells scattered among mostly S "
        f"({results['crowded']['skipped']} more were built and left out, their value outside 20 to 50). Each is "
        "searched as `sos-print solve` searches it, within its budget of work: solved, or refused once the "
        "search passes the budget; a refused board is searched again without the budget, to show what it "
        "would have cost.",
        "",
        "| board | value | `solve` | CPU | × the empty 4×4 | work | peak memory | without the budget |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for row in rows:
        said = "refused" if row["refused"] else "solved"
        work = "past the budget" if row["refused"] else f"{row['work']:,}"
        whole = (
            f"{row['whole']:.2f} s, {row['whole'] / four:.2f} ×, {row['whole_kb'] / 1024:.0f} MB"
            if row["refused"]
            else ""
        )
        lines.append(
            f"| `{row['board']}` | {row['value']} | {said} | {row['cpu']:.2f} s | {row['cpu'] / four:.2f} | {work} "
            f"| {row['kb'] / 1024:.0f} MB | {whole} |"
        )
    return lines


def games_lines(results: dict[str, Any]) -> list[str]:
    lines = [
        "",
        "### The analysis of a game",
        "",
        "`analyse` of full 4×4 games of random moves (fixed seeds) against solving their first weighed position "
        "(the empty board) alone, each in a fresh process, three times in turn; the ratio is taken run by run, "
        "then its median.",
        "",
        "| game | moves | analysis | first position alone | ratio |",
        "|---|---|---|---|---|",
    ]
    for game in results["games"]:
        lines.append(
            f"| seed {game['seed']} | {game['moves']} | {statistics.median(game['analyse']):.2f} s "
            f"| {statistics.median(game['first']):.2f} s | {game['ratio']:.2f} |"
        )
    return lines


def targets(results: dict[str, Any], four: float, args: argparse.Namespace) -> list[tuple[str, str, bool]]:
    groups = {(g["size"], g["empty"]): g["rows"] for g in results["groups"]}
    found = []
    if args.before:
        changes = [row["before"] / row["ours"] for (_, empty), rows in groups.items() for row in rows if empty >= 12]
        change = statistics.median(changes)
        found.append(
            ("random positions, 12 to 14 empty cells: no more than 10 % slower", f"{change:.2f}", change >= 0.9)
        )
    rows = results["crowded"]["rows"]
    solved = [row for row in rows if not row["refused"]]
    slowest = max((row["cpu"] for row in solved), default=0.0)
    found.append(
        (
            "every crowded board `solve` accepts: at most the empty 4×4 (10 % for noise)",
            f"{slowest / four:.2f} ×",
            slowest <= four * 1.1,
        )
    )
    refusing = max((row["cpu"] for row in rows if row["refused"]), default=0.0)
    found.append(
        ("a refusal: at most the empty 4×4 (10 % for noise)", f"{refusing / four:.2f} ×", refusing <= four * 1.1)
    )
    found.append(("crowded boards solved", f"{len(solved)} of {len(rows)}", True))
    peak = max([row["kb"] for row in rows] + [e["kb"] for e in results["empty_4x4"]]) / 1024
    whole = [row["whole"] / four for row in rows if row["refused"]]
    if whole:
        found.append(
            (
                "a refused board: slower than the empty 4×4 without the budget",
                f"{min(whole):.2f} × at least",
                min(whole) > 1,
            )
        )
    found.append(("peak memory under 300 MB", f"{peak:.0f} MB", peak < 300))
    ratio = max(game["ratio"] for game in results["games"])
    found.append(
        ("analysis of a full 4×4 game: at most 1.2 × its first position", f"{ratio:.2f} × at most", ratio <= 1.2)
    )
    return found


def write_section(path: Path, section: str, start: str = START, end: str = END) -> None:
    """Replaces the section between `start` and `end` (the solver's) in `path`, or adds it at the end, keeping
    everything else."""
    text = path.read_text(encoding="utf-8") if path.exists() else ""
    pattern = re.compile(re.escape(start) + ".*?" + re.escape(end), re.DOTALL)
    found = pattern.search(text)
    text = pattern.sub(lambda _: section, text) if found else text.rstrip("\n") + "\n\n" + section
    path.write_text(text.rstrip("\n") + "\n", encoding="utf-8")


def _cpu() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown CPU"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--positions", type=int, default=5, help="random positions per board size and empty cells")
    parser.add_argument("--baseline", type=Path, default=ROOT.parent / "shared" / "bench", help="the baseline folder")
    parser.add_argument("--baseline-up-to", type=int, default=14, help="run the baseline up to this many empty cells")
    parser.add_argument("--before", type=Path, help="a checkout of sos_print to compare with on random positions")
    parser.add_argument("--seed", type=int, default=22, help="the seed of the crowded set")
    parser.add_argument("--crowded", type=int, default=24, help="boards in the crowded set")
    parser.add_argument("--games", type=int, default=3, help="4x4 games analysed")
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "performance.md", help="the report to update")
    parser.add_argument("--worker", nargs="+", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        kind, *rest = args.worker
        if kind == "ours":
            answer = work_ours(rest[0], budgeted="budget" in rest)
        elif kind == "baseline":
            answer = work_baseline(rest[0], Path(rest[1]))
        else:
            answer = work_game(int(rest[0]), rest[1])
        print(json.dumps(answer))
        return
    args.baseline = args.baseline.resolve()
    if not (args.baseline / "solver_baseline.py").exists():
        sys.exit(f"no solver_baseline.py in {args.baseline}: give the baseline folder with --baseline")
    section = report(measure(args), args)
    write_section(args.out, section)
    print(section)
    print(f"wrote the solver section of {args.out}")


if __name__ == "__main__":
    main()
