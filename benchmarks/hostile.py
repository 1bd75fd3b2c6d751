"""Tries sos-print the way an adversarial user would, on this machine, and reports every promise it breaks.

Run by hand from the repository root (as root, ideally, to test the unprivileged cases too):

    python benchmarks/hostile.py                 # the working tree, through python -m sos_print
    python benchmarks/hostile.py --installed     # the sos-print script on PATH
    python benchmarks/hostile.py --signals 150   # more interrupted runs (default 60)
    python benchmarks/hostile.py --source ../old # another checkout's sos_print, to compare

Each case runs sos-print in a fresh folder and looks for what issue 12 found: a traceback, a
run still going after 10 s, a file or folder left behind (a `.sos-print-*` temporary file, a
folder made for a run that failed), a file changed that should not have been, or a kit with
one new file and one old one. Full-disk cases use a small tmpfs when this machine lets the
script mount one, and say so when it does not. Devices are copies made with mknod inside the
case's folder, never the machine's own /dev/full. The exit status is 1 if anything was found.
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import os
import random
import resource
import shutil
import signal
import stat
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "01-one-o-two-lines.toml"
TIMEOUT = 10.0
OLD = {"players.pdf": b"old players", "teacher.pdf": b"old teacher"}


@dataclass
class Outcome:
    """Holds how one run ended."""

    args: list[str]
    code: int | None
    stdout: str
    stderr: str
    seconds: float

    @property
    def hung(self) -> bool:
        return self.code is None


@dataclass
class Report:
    """Collects the findings of every case."""

    findings: list[str] = field(default_factory=list)
    runs: int = 0
    cases: int = 0
    notes: list[str] = field(default_factory=list)

    def find(self, case: str, what: str) -> None:
        self.findings.append(f"{case}: {what}")
        print(f"  FOUND {what}", flush=True)


class Hostile:
    """Runs the cases; `command` is how sos-print is started."""

    def __init__(self, command: list[str], report: Report, base: Path, source: Path) -> None:
        self.command, self.report, self.base = command, report, base
        self.environment = {**os.environ, "PYTHONPATH": str(source)}

    # ---- running and judging ---------------------------------------------------------------------------------

    def run(self, args: list[object], cwd: Path, *, stdout=subprocess.PIPE, env=None, preexec=None) -> Outcome:
        argv = [*self.command, *map(str, args)]
        began = time.monotonic()
        process = subprocess.Popen(
            argv,
            cwd=cwd,
            stdout=stdout,
            stderr=subprocess.PIPE,
            text=True,
            env={**self.environment, **(env or {})},
            preexec_fn=preexec,
        )
        try:
            out, err = process.communicate(timeout=TIMEOUT)
            code = process.returncode
        except subprocess.TimeoutExpired:
            process.kill()
            out, err = process.communicate()
            code = None
        self.report.runs += 1
        return Outcome([str(a) for a in args], code, out or "", err or "", time.monotonic() - began)

    def judge(
        self,
        case: str,
        outcome: Outcome,
        folder: Path,
        before: dict[str, str],
        *,
        codes: set[int],
        may_appear: set[str] = frozenset(),  # type: ignore[assignment]
        may_change: set[str] = frozenset(),  # type: ignore[assignment]
        says: str = "",
    ) -> None:
        """Checks one run against every promise; the files are compared with `before`."""
        if outcome.hung:
            self.report.find(case, f"still running after {TIMEOUT:.0f} s: sos-print {' '.join(outcome.args)}")
            return
        if "Traceback" in outcome.stdout + outcome.stderr:
            self.report.find(case, f"a traceback: {outcome.stderr[-300:]!r}")
        if outcome.code not in codes:
            self.report.find(case, f"status {outcome.code}, expected {sorted(codes)}: {outcome.stderr.strip()[:200]!r}")
        if says and says not in outcome.stdout + outcome.stderr:
            self.report.find(
                case, f"does not say {says!r}: {outcome.stdout.strip()[:200]!r} {outcome.stderr.strip()[:200]!r}"
            )
        after = snapshot(folder)
        for name in sorted(after):
            if ".sos-print-" in name:
                self.report.find(case, f"left a temporary file {name}")
            elif name not in before and name not in may_appear:
                self.report.find(case, f"left {name}")
        for name in sorted(before):
            if name not in after:
                self.report.find(case, f"removed {name}")
            elif before[name] != after[name] and name not in may_change:
                self.report.find(case, f"changed {name}")

    def fresh(self, name: str) -> Path:
        folder = self.base / name
        folder.mkdir(parents=True)
        return folder

    def case(self, name: str) -> str:
        self.report.cases += 1
        print(f"- {name}", flush=True)
        return name

    # ---- files -----------------------------------------------------------------------------------------------

    def existing_files(self) -> None:
        case = self.case("an existing kit without --force")
        folder = self.fresh("existing")
        old_kit(folder / "kit")
        before = snapshot(folder)
        self.judge(case, self.run(["kit", "--out", "kit"], folder), folder, before, codes={1}, says="already exists")

    def special_targets(self) -> None:
        makers: dict[str, Callable[[Path], None]] = {
            "a dangling symbolic link": lambda p: p.symlink_to(p.parent / "nowhere.pdf"),
            "a symbolic link to a file": lambda p: link_to_a_file(p),
            "a FIFO": lambda p: os.mkfifo(p),
            "a folder": lambda p: p.mkdir(),
            "a copy of /dev/full": lambda p: os.mknod(p, stat.S_IFCHR | 0o666, os.makedev(1, 7)),
            "a link to /dev/stdout": lambda p: p.symlink_to("/dev/stdout"),
        }
        for what, make in makers.items():
            for force in ([], ["--force"]):
                case = self.case(f"--out at {what} {' '.join(force)}".strip())
                folder = self.fresh(f"special-{len(os.listdir(self.base))}")
                try:
                    make(folder / "b.pdf")
                except OSError as error:
                    self.report.notes.append(f"{case}: not tried ({error.strerror})")
                    continue
                before = snapshot(folder)
                self.judge(case, self.run(["boards", "--out", "b.pdf", *force], folder), folder, before, codes={1})

    def race(self, trials: int) -> None:
        case = self.case(f"two kits racing for one folder, {trials} times")
        for trial in range(trials):
            folder = self.fresh(f"race-{trial}")
            processes = [
                subprocess.Popen(
                    [*self.command, "kit", "--out", "kit", "--lang", lang],
                    cwd=folder,
                    stdout=subprocess.PIPE,
                    stderr=subprocess.PIPE,
                    text=True,
                    env=self.environment,
                )
                for lang in ("en", "fr")
            ]
            codes = [process.wait(timeout=60) for process in processes]
            self.report.runs += 2
            errors = [process.stderr.read() for process in processes]
            if sorted(codes) != [0, 1]:
                self.report.find(case, f"trial {trial}: statuses {codes}, expected one 0 and one 1: {errors}")
            if any("Traceback" in error for error in errors):
                self.report.find(case, f"trial {trial}: a traceback")
            languages = {pdf_language(folder / "kit" / name) for name in OLD}
            if len(languages) != 1:
                self.report.find(case, f"trial {trial}: a kit mixed from both runs ({languages})")
            if leftovers(folder):
                self.report.find(case, f"trial {trial}: left {leftovers(folder)}")

    def full_disk(self) -> None:
        mount = self.tmpfs(1)
        if mount is None:
            self.report.notes.append("full disk: not tried (this machine does not let the script mount a tmpfs)")
            return
        unmount(mount)
        case = self.case("a nearly full disk, at every size from 8 KB to 160 KB")
        tally: dict[int | None, int] = {}
        for kilobytes in range(8, 161, 8):
            for force in (False, True):
                mount = self.tmpfs(kilobytes)
                assert mount is not None
                try:
                    if force:
                        old_kit(mount / "kit")
                    before = snapshot(mount)
                    outcome = self.run(["kit", "--out", "kit", *(["--force"] if force else [])], mount)
                    self.judge(
                        f"{case} ({kilobytes} KB, --force: {force})",
                        outcome,
                        mount,
                        before,
                        codes={0, 1},
                        may_appear={"kit", "kit/players.pdf", "kit/teacher.pdf"} if outcome.code == 0 else set(),
                        may_change=set(f"kit/{name}" for name in OLD) if outcome.code == 0 else set(),
                    )
                    tally[outcome.code] = tally.get(outcome.code, 0) + 1
                    if outcome.code == 1 and "No space left" not in outcome.stderr:
                        self.report.find(case, f"{kilobytes} KB: {outcome.stderr.strip()!r}")
                    self.check_whole(case, mount / "kit", force)
                finally:
                    unmount(mount)
        self.report.notes.append(f"full disk: statuses {dict(sorted(tally.items(), key=str))}")

    def check_whole(self, case: str, kit: Path, force: bool) -> None:
        """Finds a kit with one new file and one old one (or one file missing)."""
        if not kit.exists():
            return
        states = {name: state(kit / name) for name in OLD}
        if len(set(states.values())) != 1:
            self.report.find(case, f"a half-replaced kit: {states}")

    def folders_removed(self) -> None:
        case = self.case("a failing kit into new folders (new/a/b) leaves no folder")
        folder = self.fresh("folders")
        bad = folder / "bad.toml"
        bad.write_text(EXAMPLE.read_text().replace("points = 2", "points = 1"))
        before = snapshot(folder)
        outcome = self.run(["kit", "--out", "new/a/b", "--examples", "bad.toml"], folder)
        self.judge(case, outcome, folder, before, codes={1})

    def long_names(self) -> None:
        limit = os.pathconf(self.base, "PC_NAME_MAX")
        for length, codes in ((246, {0}), (limit, {0}), (limit + 1, {1})):
            case = self.case(f"a file name of {length} bytes")
            folder = self.fresh(f"long-{length}")
            name = "b" * (length - 4) + ".pdf"
            outcome = self.run(["boards", "--out", name], folder)
            self.judge(case, outcome, folder, {}, codes=codes, may_appear={name} if codes == {0} else set())

    def signals(self, runs: int) -> None:
        case = self.case(f"SIGINT and SIGTERM at random moments, {runs} runs")
        chance = random.Random(12)
        endings: dict[str, int] = {}
        length = self.run_length()
        for number in range(runs):
            signum = (signal.SIGINT, signal.SIGTERM)[number % 2]
            force = number % 4 >= 2
            folder = self.fresh(f"signal-{number}")
            if force:
                old_kit(folder / "kit")
            before = snapshot(folder)
            process = subprocess.Popen(
                [*self.command, "kit", "--out", "kit", "--groups", "3", *(["--force"] if force else [])],
                cwd=folder,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
                env=self.environment,
            )
            wait_for_handlers(process.pid)
            delay = chance.uniform(0, length * 1.2)
            time.sleep(delay)
            process.send_signal(signum)
            try:
                code = process.wait(timeout=TIMEOUT)
            except subprocess.TimeoutExpired:
                process.kill()
                code = None
            self.report.runs += 1
            outcome = Outcome(
                ["kit", signum.name, f"{delay:.3f}s"], code, process.stdout.read(), process.stderr.read(), 0
            )
            what = f"{case} (run {number}, {signum.name} after {delay:.3f} s, --force: {force})"
            written = code == 0 or "written in full" in outcome.stderr
            self.judge(
                what,
                outcome,
                folder,
                before,
                codes={0, 128 + signum},
                may_appear={"kit", *(f"kit/{name}" for name in OLD)} if written else set(),
                may_change={f"kit/{name}" for name in OLD} if written else set(),
            )
            if code not in (0, None) and outcome.stderr.count("\n") != 1:
                self.report.find(what, f"not one line: {outcome.stderr!r}")
            self.check_whole(what, folder / "kit", force)
            last = outcome.stderr.strip() or outcome.stdout.split(" (")[0][:5]
            endings[last] = endings.get(last, 0) + 1
        self.report.notes.append(f"signals: {endings}")

    def run_length(self) -> float:
        folder = self.fresh("timing")
        began = time.monotonic()
        self.run(["kit", "--out", "kit", "--groups", "3"], folder)
        return time.monotonic() - began

    # ---- input -----------------------------------------------------------------------------------------------

    def special_inputs(self) -> None:
        folder = self.fresh("inputs")
        os.mkfifo(folder / "fifo.toml")
        limit = lambda: resource.setrlimit(resource.RLIMIT_AS, (2 << 30, 2 << 30))  # noqa: E731
        for args in (
            ["check", "fifo.toml"],
            ["kit", "--out", "k", "--examples", "fifo.toml"],
            ["rules", "--out", "r.pdf", "--example", "fifo.toml"],
            ["check", "/dev/zero"],
            ["kit", "--out", "k", "--examples", "/dev/zero"],
        ):
            case = self.case(f"sos-print {' '.join(args)}")
            before = snapshot(folder)
            self.judge(
                case, self.run(args, folder, preexec=limit), folder, before, codes={1}, says="not a regular file"
            )

    def hostile_values(self) -> None:
        case = self.case("huge numbers, deep nesting, a BOM, a newline in a name, a missing file, in one check")
        folder = self.fresh("values")
        files = {
            "a-digits.toml": 'size = 4\n[[move]]\ncell = "A' + "1" * 5000 + '"\nletter = "S"\n',
            "b-int.toml": "size = 1" + "0" * 5000 + "\n",
            "c-deep.toml": "size = 4\nx = " + "[" * 600 + "]" * 600 + "\n",
            "d-tables.toml": "size = 4\nx = " + "{a = " * 600 + "1" + "}" * 600 + "\n",
            "e-bom.toml": "\ufeff" + EXAMPLE.read_text(),
            "f\nchecked 9 files: every claim holds.toml": "size = 4\nsise = 1\n",
        }
        for name, text in files.items():
            (folder / name).write_text(text)
        before = snapshot(folder)
        outcome = self.run(["check", *files, "missing.toml", EXAMPLE], folder)
        self.judge(case, outcome, folder, before, codes={1})
        lines = outcome.stdout.splitlines()
        if len(lines) != 7:  # five bad files, the missing one, the summary
            self.report.find(case, f"{len(lines)} lines, expected 7: {lines}")
        if lines and lines[-1] != "checked 7 files: 5 problems in 5 files; 1 path not checked":
            self.report.find(case, f"summary {lines[-1]!r}")

    def class_names(self) -> None:
        for name in ("三年二班", "כיתה ג", "الصف", "😀", "A\x1bB", "A\x07B", "A\tB", "A\rB", "a\u20ddb"):
            case = self.case(f"--class-name {name!r}")
            folder = self.fresh(f"class-{len(os.listdir(self.base))}")
            self.judge(
                case,
                self.run(["boards", "--out", "b.pdf", "--class-name", name], folder),
                folder,
                {},
                codes={2},
                says="not in the font",
            )
        case = self.case("--class-name with U+1D516, which the font has")
        folder = self.fresh("class-fraktur")
        outcome = self.run(["boards", "--out", "b.pdf", "--class-name", "SOS \U0001d516"], folder)
        self.judge(case, outcome, folder, {}, codes={0}, may_appear={"b.pdf"})
        if (folder / "b.pdf").exists() and b"<D835DD16>" not in inflated(folder / "b.pdf"):
            self.report.find(case, "no UTF-16 ToUnicode entry for U+1D516")

    # ---- environment -----------------------------------------------------------------------------------------

    def unprivileged(self) -> None:
        if os.geteuid() != 0:
            self.report.notes.append("unprivileged cases: not tried (run as root to try them as nobody)")
            return
        folder = self.fresh("rights")
        folder.chmod(0o777)
        (folder / "closed").mkdir()
        (folder / "closed" / "a.toml").write_text(EXAMPLE.read_text())
        (folder / "closed").chmod(0o300)
        (folder / "secret.toml").write_text(EXAMPLE.read_text())
        (folder / "secret.toml").chmod(0o000)
        (folder / "locked").mkdir()
        (folder / "locked").chmod(0o555)
        nobody = self.base.stat()  # the base folder must let nobody in
        self.base.chmod(nobody.st_mode | 0o755)
        for args, says in (
            (["check", "closed"], "cannot list this folder: permission denied"),
            (["check", "secret.toml"], "permission denied"),
            (["boards", "--out", "locked/b.pdf"], "cannot write in the folder locked: permission denied"),
            (["kit", "--out", "locked/new/kit"], "permission denied"),
        ):
            case = self.case(f"as nobody: sos-print {' '.join(args)}")
            before = snapshot(folder)
            command = [sys.executable, "-c", DROP, *args]
            outcome = self.with_command(command, folder)
            self.judge(case, outcome, folder, before, codes={1}, says=says)

    def with_command(self, command: list[str], cwd: Path) -> Outcome:
        saved = self.command
        self.command = command[:3]
        try:
            return self.run(command[3:], cwd)
        finally:
            self.command = saved

    def streams(self) -> None:
        case = self.case("sos-print check examples/ > /dev/full")
        folder = self.fresh("streams")
        with open("/dev/full", "w") as full:
            outcome = self.run(["check", ROOT / "examples"], folder, stdout=full)
        self.judge(case, outcome, folder, {}, codes={74}, says="cannot write to standard output")
        case = self.case("sos-print check examples/ | head -0 (the reader gone)")
        process = subprocess.Popen(
            [*self.command, "check", str(ROOT / "examples")],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env=self.environment,
        )
        process.stdout.close()
        err = process.stderr.read()
        code = process.wait(timeout=TIMEOUT)
        self.report.runs += 1
        self.judge(case, Outcome(["check"], code, "", err, 0), folder, {}, codes={74}, says="closed the pipe")

    def full_temporary_folder(self) -> None:
        mount = self.tmpfs(16)
        if mount is None:
            self.report.notes.append("full temporary folder: not tried (no tmpfs)")
            return
        case = self.case("a full temporary folder with a cold template cache")
        try:
            try:
                with open(mount / "filler", "wb") as filler:
                    while True:
                        filler.write(b"\0" * 4096)
                        filler.flush()
            except OSError:
                pass  # full, as wanted
            folder = self.fresh("cold-cache")
            outcome = self.run(["boards", "--out", "b.pdf"], folder, env={"TMPDIR": str(mount)})
            self.judge(case, outcome, folder, {}, codes={0}, may_appear={"b.pdf"})
        finally:
            unmount(mount)

    def internal_error(self) -> None:
        case = self.case("an internal error (a bug injected into check)")
        folder = self.fresh("bug")
        command = [sys.executable, "-c", BUG]
        self.environment["TMPDIR"] = str(folder)  # where the details go: inside this case's folder
        try:
            outcome = self.with_command([*command, "check", str(EXAMPLE)], folder)
        finally:
            del self.environment["TMPDIR"]
        details = [path.name for path in folder.glob("sos-print-error-*.txt")]
        self.judge(
            case, outcome, folder, {}, codes={70}, says="this is a bug, please report it", may_appear=set(details)
        )
        if len(details) != 1:
            self.report.find(case, f"the details file is missing: {details}")
        if outcome.stderr.count("\n") != 1:
            self.report.find(case, f"not one line: {outcome.stderr!r}")

    def tmpfs(self, kilobytes: int) -> Path | None:
        if os.geteuid() != 0 or not shutil.which("mount"):
            return None
        mount = Path(tempfile.mkdtemp(prefix="sos-hostile-disk-"))
        result = subprocess.run(
            ["mount", "-t", "tmpfs", "-o", f"size={kilobytes}k", "tmpfs", str(mount)], capture_output=True
        )
        if result.returncode != 0:
            mount.rmdir()
            return None
        return mount


# Loads, as root, everything a run needs (typer imports parts of itself only while it runs), then drops to nobody.
DROP = (
    "import os, sys\n"
    "from typer.testing import CliRunner\n"
    "import sos_print.cli, sos_print.system.output, sos_print.engine.check, sos_print.cli.process\n"
    "import sos_print.documents.boards, sos_print.documents.kit, sos_print.documents.teacher\n"
    "for warm in (['--help'], ['kit', '--help'], ['boards', '--help'], ['check', '--help']):\n"
    "    CliRunner().invoke(sos_print.cli.app, warm)\n"
    "os.setgroups([]); os.setgid(65534); os.setuid(65534)\n"
    "sys.argv = ['sos-print', *sys.argv[1:]]\n"
    "from sos_print.__main__ import main\n"
    "main()\n"
)
BUG = (
    "import sys, sos_print.engine.check as check\n"
    "check.check_paths = lambda paths: 1 / 0\n"
    "sys.argv = ['sos-print', *sys.argv[1:]]\n"
    "from sos_print.__main__ import main\n"
    "main()\n"
)


def snapshot(folder: Path) -> dict[str, str]:
    """Returns every entry under `folder` (relative name: what it is), without following links."""
    found = {}
    for path in sorted(folder.rglob("*")):
        name = str(path.relative_to(folder))
        info = path.lstat()
        if stat.S_ISREG(info.st_mode):
            try:
                found[name] = hashlib.sha256(path.read_bytes()).hexdigest()
            except OSError:
                found[name] = f"unreadable {info.st_ino}"
        elif stat.S_ISLNK(info.st_mode):
            found[name] = f"link to {os.readlink(path)}"
        else:
            found[name] = f"{stat.S_IFMT(info.st_mode):o} {info.st_ino}"
    return found


def link_to_a_file(path: Path) -> None:
    (path.parent / "real.pdf").write_bytes(b"real")
    path.symlink_to("real.pdf")


def leftovers(folder: Path) -> list[str]:
    return sorted(str(path) for path in folder.rglob(".sos-print-*"))


def old_kit(kit: Path) -> None:
    kit.mkdir(parents=True)
    for name, data in OLD.items():
        (kit / name).write_bytes(data)


def state(path: Path) -> str:
    if not path.exists():
        return "missing"
    data = path.read_bytes()
    if data in OLD.values():
        return "old"
    return "new" if data.startswith(b"%PDF-") and data.rstrip().endswith(b"%%EOF") else "broken"


def pdf_language(path: Path) -> str:
    if not path.exists():
        return "missing"
    data = path.read_bytes()
    return "fr" if b"/Lang (fr-FR)" in data else "en" if b"/Lang (en)" in data else "?"


def inflated(path: Path) -> bytes:
    import re
    import zlib

    streams = re.findall(rb"stream\r?\n(.*?)endstream", path.read_bytes(), re.S)
    out = []
    for stream in streams:
        with contextlib.suppress(zlib.error):
            out.append(zlib.decompress(stream))
    return b"".join(out)


def wait_for_handlers(pid: int) -> None:
    """Waits until the process catches SIGTERM (sos-print's handlers are in)."""
    deadline = time.monotonic() + TIMEOUT
    while time.monotonic() < deadline:
        try:
            status = Path(f"/proc/{pid}/status").read_text()
        except OSError:
            return
        caught = int(next(line.split()[1] for line in status.splitlines() if line.startswith("SigCgt:")), 16)
        if caught & (1 << (signal.SIGTERM - 1)):
            return
        time.sleep(0.001)


def unmount(mount: Path) -> None:
    subprocess.run(["umount", str(mount)], check=False)
    shutil.rmtree(mount, ignore_errors=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--installed", action="store_true", help="Run the sos-print script on PATH.")
    parser.add_argument("--signals", type=int, default=60, help="Interrupted runs to try (default 60).")
    parser.add_argument("--races", type=int, default=17, help="Racing pairs of kits to try (default 17).")
    parser.add_argument(
        "--source", type=Path, default=ROOT, help="The checkout whose sos_print to run (default: this one)."
    )
    options = parser.parse_args()
    command = ["sos-print"] if options.installed else [sys.executable, "-m", "sos_print"]
    report = Report()
    with tempfile.TemporaryDirectory(prefix="sos-hostile-") as base:
        hostile = Hostile(command, report, Path(base), options.source.resolve())
        for step in (
            hostile.existing_files,
            hostile.special_targets,
            lambda: hostile.race(options.races),
            hostile.full_disk,
            hostile.folders_removed,
            hostile.long_names,
            lambda: hostile.signals(options.signals),
            hostile.special_inputs,
            hostile.hostile_values,
            hostile.class_names,
            hostile.unprivileged,
            hostile.streams,
            hostile.full_temporary_folder,
            hostile.internal_error,
        ):
            step()
        for path in Path(base).rglob("*"):  # give back what cases locked, so that the folder can go
            if path.is_dir() and not path.is_symlink():
                path.chmod(0o755)
    print()
    for note in report.notes:
        print(f"note: {note}")
    print(f"{report.cases} cases, {report.runs} runs of sos-print: ", end="")
    if not report.findings:
        print("no traceback, no hang past 10 s, no leftover file or folder, no overwritten file, no half-replaced kit")
        return 0
    print(f"{len(report.findings)} findings")
    for finding in report.findings:
        print(f"  {finding}")
    return 1


if __name__ == "__main__":
    sys.exit(main())
