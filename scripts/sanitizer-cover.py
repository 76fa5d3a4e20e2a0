#!/usr/bin/env python3
"""Chooses the tests of CI's sanitizer pass by what host code they run.

The sanitizer pass (scripts/test-sanitize.sh, ASan + UBSan) is for host memory errors, and on
lavapipe most of a GPU test's time is the driver's, not our code's, so CI runs the smallest set
of tests that together execute every line of lightcull's own code (src/) that the whole suite
executes. This script measures that: a build with gcc's --coverage (made here in BUILD, default
build-cov), each test run alone in the form the sanitizer pass runs it (LC_TEST_SWEEP=short)
with its own GCOV_PREFIX, then every src/ line each test executed. It prints a greedy cover
(the test that adds the most uncovered lines per second of its own time, until every line the
suite executes is covered), tests labelled cpu or threads always in it (they cost little), and
the ctest -E expression that leaves the others out, which .ci/run passes to the sanitizer pass.

  scripts/sanitizer-cover.py [--build DIR] [--jobs N] [--keep DIR | --reuse DIR] [--exclude REGEX]

--exclude REGEX: instead of choosing, lists the src/ lines that only the tests REGEX matches
(ctest -E's regular expression, as .ci/run passes it) execute, with those tests. --keep keeps
each test's coverage data (and times.json) in DIR; --reuse reads them back instead of running.
LC_SPONZA as for scripts/test.sh. It takes as long as the suite (about 20 minutes on 2 cores).
"""
import argparse
import concurrent.futures
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def sh(cmd, **kw):
    return subprocess.run(cmd, check=True, text=True, capture_output=True, **kw).stdout


def configure(build):
    if not os.path.exists(os.path.join(build, "CMakeCache.txt")):
        sh(["cmake", "-S", ROOT, "-B", build, "-DCMAKE_BUILD_TYPE=Release", "-DCMAKE_C_FLAGS=--coverage -O1",
            "-DCMAKE_EXE_LINKER_FLAGS=--coverage", "-DCMAKE_SHARED_LINKER_FLAGS=--coverage"])
    subprocess.run(["cmake", "--build", build, f"-j{os.cpu_count()}"], check=True, stdout=subprocess.DEVNULL)
    subprocess.run(["cmake", "."], cwd=build, check=True, stdout=subprocess.DEVNULL)


def tests_with_labels(build):
    out = json.loads(sh(["ctest", "--show-only=json-v1"], cwd=build))
    tests = {}
    for t in out["tests"]:
        labels = []
        for p in t.get("properties", []):
            if p["name"] == "LABELS":
                labels = p["value"]
        tests[t["name"]] = labels
    return tests


def run_test(build, name, prefix):
    env = dict(os.environ, GCOV_PREFIX=prefix, GCOV_PREFIX_STRIP="0", LC_TEST_SWEEP="short")
    start = time.monotonic()
    r = subprocess.run(["ctest", "-R", f"^{re.escape(name)}$", "--output-on-failure"], cwd=build, env=env, text=True,
                       capture_output=True)
    return name, time.monotonic() - start, r.returncode, r.stdout[-2000:]


def lines_of(build, prefix):
    """{source file under src/: set of executed lines} from the .gcda files under prefix."""
    core = os.path.join(build, "CMakeFiles")
    executed = {}
    for dirpath, _, files in os.walk(prefix):
        for f in files:
            if not f.endswith(".gcda"):
                continue
            gcda = os.path.join(dirpath, f)
            orig_dir = dirpath[len(prefix):]
            gcno = os.path.join(orig_dir, f[:-5] + ".gcno")
            if not orig_dir.startswith(core) or not os.path.exists(gcno):
                continue
            shutil.copy(gcno, dirpath)
            out = subprocess.run(["gcov", "-j", "-t", "-o", dirpath, gcda], text=True, capture_output=True, cwd=dirpath).stdout
            for doc in out.splitlines():
                if not doc.startswith("{"):
                    continue
                for src in json.loads(doc).get("files", []):
                    path = os.path.relpath(os.path.realpath(src["file"]), ROOT) if os.path.isabs(src["file"]) else src["file"]
                    if not path.startswith("src/"):
                        continue
                    s = executed.setdefault(path, set())
                    s.update(l["line_number"] for l in src["lines"] if l["count"] > 0)
    return {(p, n) for p, s in executed.items() for n in s}


def report_excluded(tests, times, lines, pattern):
    out = [n for n in tests if pattern.search(n)]
    kept = [n for n in tests if n not in out]
    covered = set().union(*(lines[n] for n in kept))
    gap = sorted(set().union(*(lines[n] for n in out)) - covered)
    print(f"left out: {len(out)} tests, {sum(times[n] for n in out):.0f} s of {sum(times.values()):.0f} s alone here; "
          f"{len(gap)} of {len(set().union(*lines.values()))} src/ lines only they execute:")
    text = {}
    for f, n in gap:
        text.setdefault(f, open(os.path.join(ROOT, f)).read().split("\n"))
        who = ", ".join(t for t in out if (f, n) in lines[t])
        print(f"  {f}:{n}: {text[f][n - 1].strip()[:80]}  ({who})")
    return 0


def report_cover(tests, times, lines, always):
    """A greedy cover: the always tests, then the test that adds the most lines per second."""
    everything = set().union(*lines.values())
    chosen, covered, added = [], set(), {}
    def take(n):
        chosen.append(n)
        added[n] = len(lines[n] - covered)
        covered.update(lines[n])
    for n in always:
        take(n)
    rest = [n for n in tests if n not in always]
    while covered != everything:
        best = max(rest, key=lambda n: len(lines[n] - covered) / max(times[n], 0.1))
        if not lines[best] - covered:
            break
        rest.remove(best)
        take(best)
    print(f"src/ lines the suite executes: {len(everything)}; the chosen tests execute {len(covered)}")
    print(f"chosen ({len(chosen)} tests, {sum(times[n] for n in chosen):.0f} s of {sum(times.values()):.0f} s alone here;"
          " the lines each adds to those before it, the cpu and threads tests first):")
    for n in chosen:
        print(f"  {n} ({times[n]:.1f} s, +{added[n]} lines)")
    print("left out (every src/ line they run, a chosen test runs):")
    for n in sorted(rest):
        print(f"  {n} ({times[n]:.1f} s)")
    print("ctest -E '" + "|".join(f"^{n}$" for n in sorted(rest)) + "'")
    return 0


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--build", default=os.path.join(ROOT, "build-cov"))
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--keep", help="keep each test's coverage data here")
    ap.add_argument("--reuse", help="read the coverage data --keep kept instead of running the tests")
    ap.add_argument("--exclude", help="list the lines only these tests execute")
    a = ap.parse_args()
    a.build = os.path.abspath(a.build)
    if not a.reuse:
        configure(a.build)
    tests = tests_with_labels(a.build)
    work = a.reuse or a.keep or tempfile.mkdtemp(prefix="lc-cover.")
    times, failed = {}, []
    if a.reuse:
        times = json.load(open(os.path.join(work, "times.json")))
        tests = {n: l for n, l in tests.items() if n in times}
    with concurrent.futures.ThreadPoolExecutor(a.jobs) as pool:
        jobs = [] if a.reuse else [pool.submit(run_test, a.build, n, os.path.join(work, n)) for n in tests]
        for j in concurrent.futures.as_completed(jobs):
            name, secs, rc, out = j.result()
            times[name] = secs
            print(f"{name}: {secs:.1f} s{'' if rc == 0 else ' FAILED'}", file=sys.stderr)
            if rc != 0:
                failed.append((name, out))
    always = [n for n, labels in tests.items() if "cpu" in labels or "threads" in labels]
    # A failed test stopped early: the lines after its failure are unknown, so it cannot be left
    # out on others' coverage. cpu tests are always in (test_frustum's timing check, for one,
    # fails in an unoptimised coverage build).
    for name, out in failed:
        print(f"--- {name} failed under coverage\n{out}", file=sys.stderr)
    if any(n not in always for n, _ in failed):
        print("sanitizer-cover: a GPU test failed; its coverage would be partial", file=sys.stderr)
        return 1
    if a.keep:
        json.dump(times, open(os.path.join(a.keep, "times.json"), "w"))
    lines = {n: lines_of(a.build, os.path.join(work, n)) for n in tests}
    if a.exclude:
        rc = report_excluded(tests, times, lines, re.compile(a.exclude))
    else:
        rc = report_cover(tests, times, lines, always)
    if not (a.keep or a.reuse):
        shutil.rmtree(work)
    return rc

if __name__ == "__main__":
    sys.exit(main())
