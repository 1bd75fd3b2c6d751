"""Tests that the two benchmarks share docs/performance.md: each rewrites its own part and keeps the other's."""

from __future__ import annotations

import os
import sys

from conftest import ROOT

sys.path.insert(0, str(ROOT / "benchmarks"))

import bench_kit
import bench_puzzles
import bench_solver

SECTION = "<!-- solver:start -->\n## The solver\n| figures |\n<!-- solver:end -->"


def test_the_kit_benchmark_keeps_the_solver_section(tmp_path):
    report = tmp_path / "performance.md"
    report.write_text(f"# Performance\n\nold kit figures\n\n{SECTION}\n", encoding="utf-8")
    assert bench_kit.with_solver_section("# Performance\n\nnew kit figures\n", report) == (
        f"# Performance\n\nnew kit figures\n\n{SECTION}\n"
    )
    report.write_text("# Performance\n\nold kit figures\n", encoding="utf-8")
    assert bench_kit.with_solver_section("# new\n", report) == "# new\n"


def test_the_solver_benchmark_replaces_only_its_section_or_adds_it_at_the_end(tmp_path):
    report = tmp_path / "performance.md"
    report.write_text("# Performance\n\nkit figures\n", encoding="utf-8")
    bench_solver.write_section(report, SECTION)
    assert report.read_text(encoding="utf-8") == f"# Performance\n\nkit figures\n\n{SECTION}\n"
    newer = SECTION.replace("| figures |", "| new figures |")
    bench_solver.write_section(report, newer)
    assert report.read_text(encoding="utf-8") == f"# Performance\n\nkit figures\n\n{newer}\n"


def test_the_solver_benchmark_plays_the_same_random_positions_every_time():
    first = bench_solver.random_position(5, 12, 3)
    assert first == bench_solver.random_position(5, 12, 3)
    assert first.count(".") == 12 and len(first.split("/")) == 5


def test_the_solver_benchmark_builds_the_same_crowded_boards_from_the_same_seed():
    first = bench_solver.crowded_board(22, 5)
    assert first == bench_solver.crowded_board(22, 5) != bench_solver.crowded_board(23, 5)
    for index in range(1, 25):
        rows = bench_solver.crowded_board(22, index).split("/")
        assert len(rows) in (6, 8) and all(len(row) == len(rows) for row in rows), rows
        assert "".join(rows).count(".") == 16 and set("".join(rows)) <= set("SO."), rows


def test_the_kit_benchmark_keeps_the_solver_and_the_puzzles_sections(tmp_path):
    puzzles = "<!-- puzzles:start -->\n## Puzzle sheets\n| set |\n<!-- puzzles:end -->"
    report = tmp_path / "performance.md"
    report.write_text(f"# Performance\n\nold kit figures\n\n{SECTION}\n\n{puzzles}\n", encoding="utf-8")
    assert bench_kit.with_solver_section("# Performance\n\nnew\n", report) == (
        f"# Performance\n\nnew\n\n{SECTION}\n\n{puzzles}\n"
    )


def test_the_puzzles_benchmark_replaces_only_its_section(tmp_path):
    report = tmp_path / "performance.md"
    report.write_text(f"# Performance\n\nkit figures\n\n{SECTION}\n", encoding="utf-8")
    first = f"{bench_puzzles.START}\n## Puzzle sheets\n{bench_puzzles.END}"
    bench_solver.write_section(report, first, bench_puzzles.START, bench_puzzles.END)
    newer = first.replace("## Puzzle sheets", "## Puzzle sheets, again")
    bench_solver.write_section(report, newer, bench_puzzles.START, bench_puzzles.END)
    assert report.read_text(encoding="utf-8") == f"# Performance\n\nkit figures\n\n{SECTION}\n\n{newer}\n"


def _cold_series(kit_s, base_s, first_render_s):
    """Returns two runs of the kit benchmark's series: every cold step 10 ms, the pages' four 40 ms."""
    series = {step: [0.010, 0.010] for step in bench_kit.COLD_STEPS}
    for step in (bench_kit.COLD_STEPS[2], *bench_kit.COLD_STEPS[5:]):
        series[step] = [0.040, 0.040]
    series.update(
        {
            "python, importing nothing": [0.040, 0.040],
            "base_import_s": [0.005, 0.005],
            "base_first_render_s": first_render_s,
            "kit_s": kit_s,
            "base_s": base_s,
        }
    )
    return series


def test_the_cold_budget_takes_its_ratios_run_by_run():
    # The pages take 160 ms in both runs; the baseline drew in 80 ms in one run and 160 in the other.
    text = "\n".join(bench_kit.cold_budget(_cold_series([0.300, 0.300], [0.200, 0.200], [0.080, 0.160])))
    # Run by run 2.0 and 1.0, median 1.5; the median of each series apart would give 160 / 120.
    assert "writing them take 1.5 × the baseline's" in text
    # The rest of the run is 300 - 160 = 140 ms; 2.0 x 200 = 400 leaves 260: 3.25 and 1.625 x, median 2.4.
    assert "that step would have to take 2.4 × the baseline's" in text
    # Before the pages: libraries 10 - 5, own modules, examples and lessons 10 each.
    assert "solve the lessons) takes 35 ms" in text
    assert "| fonts parsed, pages laid out and made, files written | 160 ms | 120 ms |" in text


def test_the_kit_report_says_how_loaded_the_machine_was():
    line = bench_kit.load_line([5.61, 4.66, 5.0])
    assert line == f"- Load average (one minute) as each run began: 4.7 to 5.6 on {os.cpu_count()} CPUs"


def test_the_cold_budget_says_when_nothing_is_left_for_the_pages():
    text = "\n".join(bench_kit.cold_budget(_cold_series([0.600, 0.600], [0.200, 0.200], [0.080, 0.080])))
    assert "no time would be left for that step" in text
    assert "would have to take" not in text  # never a negative allowance


def test_the_web_page_benchmark_writes_its_own_section_which_the_kit_benchmark_keeps(tmp_path):
    import bench_serve

    section = bench_serve.report([(0.08, 0.3, 0.16), (0.1, 0.32, 0.14)], [(1, 9.5), (2, 10.1), (8, 10.0)], 2, 12)
    assert section.startswith(bench_serve.START) and section.endswith(bench_serve.END)
    assert "| the page, warm | 90 ms | 0.61 × |" in section  # medians of the run-by-run ratios: 0.5 and 0.71
    report = tmp_path / "performance.md"
    report.write_text(f"# Performance\n\nold kit figures\n\n{SECTION}\n", encoding="utf-8")
    bench_solver.write_section(report, section, bench_serve.START, bench_serve.END)
    kept = bench_kit.with_solver_section("# Performance\n\nnew\n", report)
    assert kept == f"# Performance\n\nnew\n\n{SECTION}\n\n{section}\n"


def test_the_puzzles_benchmark_counts_a_position_once_with_its_images_and_finds_lines_of_four():
    # Sheet 0 and sheet 2 hold one position turned a quarter, sheet 1 its mirror image: three sheets.
    position, turned, mirrored = "SO./.../..O", "..S/..O/O..", ".OS/.../O.."
    sheets = [[position, "S../.../..."], [mirrored, "SSSS/..../..../...."], [turned, "OOO./..../..../O..."]]
    figures = bench_puzzles.repetition(sheets)
    assert figures["most"] == 3
    assert figures["distinct"] == 4 / 6
    assert figures["four"] == 1 / 6  # four S in a row; three O and one below them are not a line of four
