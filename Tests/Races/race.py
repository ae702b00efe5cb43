#!/usr/bin/env python3
"""Race test: does tick damage a file, or lose saves, while another program saves it?

Usage: python3 Tests/Races/race.py --tick PATH [--seconds N] [--json]

Method. Each scenario runs for N seconds in a fresh temporary folder holding a ~4.6 KB
TODO.md (a `# Tick` group with prose, a fenced code block, a table and 60 seed tasks, then an
empty `# Writer` group), with XDG_STATE_HOME inside that folder and TICK_TODAY=2026-11-23.
Two things run at once:

* The writer, a separate process (so the GIL does not serialize it against the driver). In a
  loop it reads TODO.md, appends one line `- [ ] w-N` (N = 0, 1, 2, ...) and saves, in one of
  four ways: in place (open with O_WRONLY|O_TRUNC, one write, close, then pause 0, 5 or
  10 ms); in place by a slow editor (up to 10 ms between the truncate and the write, which
  comes in 1 KB pieces); temp file + rename (write `.TODO.md.w-tmp` beside it, rename it over TODO.md); or
  `sed -i '$a - [ ] w-N' TODO.md`, which GNU sed also does by temp file + rename. The writer
  takes no lock, like an editor or a script would.
* The driver, this process: it runs `tick add -g Tick t-M -f TODO.md` (M = 1, 2, ...) over
  and over, recording each exit status and the first line of its stderr.

When the time is up the driver stops, then the writer; so no save is in flight at the end.

Destroyed: the seed content (every line of it, prose, code and table included, in order)
is no longer a subsequence of the file's lines. Checked on the final file, and by the writer
on every read: a read that finds a damaged file after one that found it intact counts as a
damage event (nothing is restored; first_damage_s says when the first one was seen). Any
damage fails the run. Once a file is destroyed, the writer lines it held are gone too, so the
lost-save rate of such a scenario mostly measures the destruction.

Lost save: a writer line `w-N` (N below the writer's save count) missing from the final file.
The writer re-reads before every save, so a save that tick overwrote stays lost. Lost tick
edits (tick exited 0 but its `t-M` line is gone, because the unlocked writer overwrote it) are
expected and only reported.

Exit status 1 if any scenario damaged the file or tick crashed (an exit status other than 0,
1 or 2, killed by a signal, or no exit within 30 s); else 0.
"""
import argparse
import random
import json
import multiprocessing
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from collections import Counter

TODAY = "2026-11-23"
TICK_TIMEOUT = 30.0
# (name, how the writer saves, pause after each save in seconds)
SCENARIOS = [
    ("in-place 0ms", "inplace", 0.0),
    ("in-place 5ms", "inplace", 0.005),
    ("in-place 10ms", "inplace", 0.010),
    ("in-place stalled", "inplace-stall", 0.002),
    ("temp+rename 5ms", "rename", 0.005),
    ("sed -i", "sed", 0.0),
]
WORDS = "alpha bravo charlie delta echo foxtrot golf hotel india juliet kilo lima".split()


def seed_text():
    """The initial TODO.md: ~4.6 KB of prose, code, a table and 60 tasks, ending with a
    `# Writer` group that the writer appends to."""
    def tasks(first, last):
        return "".join(f"- [ ] seed-{k} {WORDS[k % 12]} {WORDS[(k * 5) % 12]} and some more words\n"
                       for k in range(first, last + 1))
    prose = ("This paragraph is prose that tick must keep byte for byte while it edits the "
             "tasks around it, even when another program saves the file at the same moment.\n")
    table = "| Key | Value | Note |\n|-----|-------|------|\n" + "".join(
        f"| {WORDS[i]} | {i * 7} | a table row, not a task: - [ ] no |\n" for i in range(8))
    code = "```sh\n" + "".join(f"echo '- [ ] not a task {i}'  # inside a code block\n"
                                for i in range(6)) + "```\n"
    return ("# Tick\n\n" + prose + "\n" + tasks(1, 30) + "\n" + prose * 2 + "\n" + code + "\n"
            + prose + "\n" + table + "\n" + prose * 3 + "\n" + tasks(31, 60)
            + "\n# Writer\n\n")


def keeps_seed(data, seed):
    """Whether the lines of `seed` are a subsequence of the lines of `data` (bytes; both end
    with a newline). Greedy matching with bytes.find, so it stays fast on large files."""
    data = b"\n" + data
    pos = 0
    for line in seed.splitlines(keepends=True):
        found = data.find(b"\n" + line, pos)
        if found < 0:
            return False
        pos = found + len(line)  # the matched line's own newline starts the next search
    return True


def writer(folder, kind, pause, seed, stop, ready, results):
    """The other program: read, append `- [ ] w-N`, save; until `stop` is set."""
    path = os.path.join(folder, "TODO.md")
    tmp = os.path.join(folder, ".TODO.md.w-tmp")
    saves = damage_events = damaged_reads = errors = 0
    intact, first_damage = True, None
    ready.set()
    start = time.monotonic()
    while not stop.is_set():
        try:
            with open(path, "rb") as f:
                data = f.read()
            ok = keeps_seed(data, seed)
            damaged_reads += not ok
            damage_events += intact and not ok
            if not ok and first_damage is None:
                first_damage = round(time.monotonic() - start, 3)
            intact = ok
            line = b"- [ ] w-%d\n" % saves
            new = data + (b"\n" if data and not data.endswith(b"\n") else b"") + line
            if kind in ("inplace", "inplace-stall"):
                fd = os.open(path, os.O_WRONLY | os.O_TRUNC)
                try:
                    # A slow editor: up to 10 ms between its truncate and its write, and the
                    # write in 1 KB pieces.
                    if kind == "inplace-stall":
                        time.sleep(random.uniform(0, 0.010))
                        for at in range(0, len(new), 1024):
                            os.write(fd, new[at:at + 1024])
                    elif os.write(fd, new) != len(new):
                        raise OSError("short write")
                finally:
                    os.close(fd)
            elif kind == "rename":
                with open(tmp, "wb") as f:
                    f.write(new)
                os.rename(tmp, path)
            else:
                subprocess.run(["sed", "-i", "$a " + line.decode().rstrip("\n"), "TODO.md"],
                               cwd=folder, check=True, stderr=subprocess.DEVNULL)
            saves += 1
        except (OSError, subprocess.CalledProcessError):
            errors += 1
            continue
        if pause:
            time.sleep(pause)
    results.put({"writer_saves": saves, "damage_events_seen": damage_events,
                 "damaged_reads": damaged_reads, "first_damage_s": first_damage,
                 "writer_errors": errors})


def run_scenario(tick, name, kind, pause, seconds):
    folder = tempfile.mkdtemp(prefix="tick-race-")
    try:
        seed = seed_text().encode()
        path = os.path.join(folder, "TODO.md")
        with open(path, "wb") as f:
            f.write(seed)
        env = dict(os.environ, XDG_STATE_HOME=os.path.join(folder, "state"), TICK_TODAY=TODAY)
        env.pop("TICK_FILE", None)
        ctx = multiprocessing.get_context("fork")
        stop, ready, results = ctx.Event(), ctx.Event(), ctx.Queue()
        proc = ctx.Process(target=writer, args=(folder, kind, pause, seed, stop, ready, results))
        proc.start()
        ready.wait(10)

        runs = []  # (M, exit status or None if it hung, first line of stderr)
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            m = len(runs) + 1
            try:
                p = subprocess.run([tick, "add", "-g", "Tick", f"t-{m}", "-f", "TODO.md"],
                                   cwd=folder, env=env, capture_output=True, timeout=TICK_TIMEOUT)
                lines = p.stderr.decode(errors="replace").splitlines()
                runs.append((m, p.returncode, lines[0] if lines else ""))
            except subprocess.TimeoutExpired:
                runs.append((m, None, f"(no exit within {TICK_TIMEOUT:g} s)"))

        stop.set()
        stats = results.get(timeout=60)
        proc.join(10)
        if proc.is_alive():
            proc.kill()
        with open(path, "rb") as f:
            final = f.read()
    finally:
        shutil.rmtree(folder, ignore_errors=True)

    present_w = {int(n) for n in re.findall(rb"(?m)^- \[ \] w-(\d+)$", final)}
    present_t = {int(n) for n in re.findall(rb"(?m)^- \[ \] t-(\d+)$", final)}
    saves = stats["writer_saves"]
    lost = sum(1 for n in range(saves) if n not in present_w)
    crashes = Counter("hung" if rc is None else f"signal {-rc}" if rc < 0 else f"exit {rc}"
                      for _, rc, _ in runs if rc is None or rc not in (0, 1, 2))
    failures = Counter(f"[{rc}] {err or '(no stderr)'}" for _, rc, err in runs if rc != 0)
    return {
        "scenario": name, "writer": kind, "pause_ms": round(pause * 1000),
        "seconds": seconds, "destroyed": not keeps_seed(final, seed),
        **stats,
        "lost_saves": lost, "lost_rate": lost / saves if saves else 0.0,
        "tick_runs": len(runs), "tick_ok": sum(1 for _, rc, _ in runs if rc == 0),
        "tick_failures": dict(failures.most_common()),
        "lost_tick_edits": sum(1 for m, rc, _ in runs if rc == 0 and m not in present_t),
        "tick_crashes": dict(crashes), "final_bytes": len(final),
    }


def failed(result):
    return result["destroyed"] or result["damage_events_seen"] > 0 or bool(result["tick_crashes"])


def print_table(results):
    head = ("scenario", "saves", "lost", "rate", "destroyed", "dmg seen", "tick runs", "ok",
            "failed", "lost t-M", "crashes")
    rows = [head] + [(r["scenario"], r["writer_saves"], r["lost_saves"],
                      f"{100 * r['lost_rate']:.2f}%", "YES" if r["destroyed"] else "no",
                      r["damage_events_seen"], r["tick_runs"], r["tick_ok"],
                      r["tick_runs"] - r["tick_ok"], r["lost_tick_edits"], sum(r["tick_crashes"].values()))
                     for r in results]
    widths = [max(len(str(row[i])) for row in rows) for i in range(len(head))]
    for row in rows:
        print("  ".join(str(c).ljust(w) if i == 0 else str(c).rjust(w)
                        for i, (c, w) in enumerate(zip(row, widths))))
    for r in results:
        for message, count in r["tick_failures"].items():
            print(f"  {r['scenario']}: {count}x {message}")
        for crash, count in r["tick_crashes"].items():
            print(f"  {r['scenario']}: {count}x CRASH: {crash}")
        if r["writer_errors"]:
            print(f"  {r['scenario']}: writer errors: {r['writer_errors']}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tick", required=True, help="the tick binary to test")
    parser.add_argument("--seconds", type=float, default=4.0, help="per scenario (default 4)")
    parser.add_argument("--json", action="store_true", help="print a JSON object instead")
    args = parser.parse_args()
    tick = os.path.abspath(args.tick)
    results = [run_scenario(tick, name, kind, pause, args.seconds)
               for name, kind, pause in SCENARIOS]
    ok = not any(failed(r) for r in results)
    if args.json:
        print(json.dumps({"tick": tick, "seconds": args.seconds, "ok": ok, "scenarios": results},
                         indent=2))
    else:
        print_table(results)
        print("OK" if ok else "FAIL: a file was damaged or tick crashed")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
