#!/usr/bin/env python3
"""Compare two urlscope builds' outputs, byte for byte, on public inputs.

    scripts/compare_outputs.py OLD_BINARY NEW_BINARY [--jobs N] [--limit N]

For every input (each line of the kasztp corpus and of the traversal
lists, each of those traversal lines behind `http://example.com/`, every
WPT URL test input, and every file of the fuzz corpora when `fuzz/corpus`
exists: run `fuzz/seed.sh` first) it runs `explain --json INPUT` with both
binaries and compares exit status, standard output and standard error.
It also runs `scan --json` over each input file as a whole (standard
output and exit status: its summary on standard error carries a timing). It prints the
counts and the first differences, and exits 1 when anything differs.

The old binary's digests are cached in /tmp (keyed by the binary's own
digest), so a second run against a new build only runs the new one.
"""

import hashlib
import json
import os
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "tests" / "data"
MAX_ARG = 100_000  # longer inputs are skipped for explain (argv limits)


def lines(path):
    data = path.read_bytes()
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    return [l.rstrip(b"\r") for l in data.split(b"\n") if l.rstrip(b"\r")]


def inputs():
    """(corpus name, list of inputs)."""
    out = [("kasztp", lines(DATA / "corpus" / "kasztp.txt"))]
    trav = []
    for f in sorted((DATA / "traversal").glob("*.txt")):
        trav += lines(f)
    out.append(("traversal", trav))
    out.append(("traversal-in-path", [b"http://example.com/" + t for t in trav]))
    wpt = json.loads((DATA / "wpt-url" / "urltestdata.json").read_text())
    out.append(("wpt", [c["input"].encode("utf-8", "surrogatepass") for c in wpt if isinstance(c, dict)]))
    corpus = ROOT / "fuzz" / "corpus"
    if corpus.is_dir():
        for target in sorted(corpus.iterdir()):
            files = sorted(p for p in target.iterdir() if p.is_file())
            out.append(("fuzz-" + target.name, [p.read_bytes() for p in files]))
    return out


def digest(binary, args, stderr=True):
    """The exit status and output of one run (stderr left out for scan,
    whose summary line carries a timing)."""
    r = subprocess.run([binary] + args, capture_output=True,
                       env={**os.environ, "NO_COLOR": "1"})
    h = hashlib.sha256()
    h.update(str(r.returncode).encode() + b"\0" + r.stdout + b"\0" + (r.stderr if stderr else b""))
    return h.hexdigest()


def file_digest(path):
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()[:16]


def run_all(binary, work, jobs):
    key = hashlib.sha256(repr([(n, len(i)) for n, i, _ in work]).encode()).hexdigest()[:8]
    cache = Path(tempfile.gettempdir()) / f"urlscope-compare-{file_digest(binary)}-{key}.json"
    if cache.exists():
        return json.loads(cache.read_text())
    results = {}
    with ThreadPoolExecutor(jobs) as pool:
        for name, items, path in work:
            futs = [pool.submit(digest, binary, ["explain", "--json", "--", os.fsdecode(i)])
                    if b"\0" not in i and len(i) <= MAX_ARG else None for i in items]
            results[name] = [f.result() if f else None for f in futs]
            results[name + ":scan"] = digest(binary, ["scan", "--json", path], stderr=False)
            print(f"  {binary}: {name} {len(items)}", file=sys.stderr)
    cache.write_text(json.dumps(results))
    return results


def main():
    args = sys.argv[1:]
    jobs = 2
    limit = None
    if "--jobs" in args:
        i = args.index("--jobs"); jobs = int(args[i + 1]); del args[i:i + 2]
    if "--limit" in args:
        i = args.index("--limit"); limit = int(args[i + 1]); del args[i:i + 2]
    if len(args) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    old, new = args
    if Path(old).name != Path(new).name:
        print("the two binaries must have the same file name (clap's usage text names it)",
              file=sys.stderr)
        return 2
    # One fixed place, since scan names the files it reads.
    tmp = Path(tempfile.gettempdir()) / "urlscope-compare-inputs"
    tmp.mkdir(exist_ok=True)
    work = []
    for name, items in inputs():
        items = items[:limit] if limit else items
        path = tmp / f"{name}.txt"
        path.write_bytes(b"\n".join(items) + b"\n")
        work.append((name, items, str(path)))
    a = run_all(old, work, jobs)
    b = run_all(new, work, jobs)
    differ = 0
    total = 0
    for name, items, _ in work:
        ran = [i for i, d in enumerate(a[name]) if d is not None]
        bad = [i for i in ran if a[name][i] != b[name][i]]
        total += len(ran)
        differ += len(bad)
        same_scan = a[name + ":scan"] == b[name + ":scan"]
        differ += 0 if same_scan else 1
        skipped = len(items) - len(ran)
        print(f"{name}: explain --json {len(ran) - len(bad)}/{len(ran)} identical"
              f"{f' ({skipped} skipped: NUL or over {MAX_ARG} bytes)' if skipped else ''};"
              f" scan --json {'identical' if same_scan else 'DIFFERS'}")
        for i in bad[:5]:
            print(f"  differs: {items[i][:120]!r}")
    print(f"total: {total} explain inputs, {differ} differences")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
