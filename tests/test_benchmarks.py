"""Tests that the two benchmarks share docs/performance.md: each rewrites its own part and keeps the other's."""

from __future__ import annotations

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
