#!/usr/bin/env python3
"""How often urlscope speaks up at medium or above, on phishing and on benign URLs.

    scripts/phishing_rates.py [BINARY] [--sites FILE]

BINARY defaults to target/release/urlscope. For each set it runs
`scan --json --min-severity medium` and prints the share of URLs flagged
and the codes that flagged them:

- phishing, `tests/data/phishing/dev.txt`: reported phishing URLs (recall);
- sign-in pages, `tests/data/phishing/signin.txt`: the brands' own
  sign-in and account pages (false alarms);
- top sites, `https://DOMAIN/` for every domain of the known-sites table
  (false alarms);
- kasztp, `tests/data/corpus/kasztp.txt`: real web URLs (false alarms).
"""

import argparse
import collections
import json
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "tests" / "data"


def flagged(binary, path):
    """URL count, flagged count and per-code counts of `scan` over `path`."""
    run = subprocess.run(
        [binary, "scan", "--json", "--format", "lines", "--min-severity", "medium", str(path)],
        capture_output=True,
        check=False,
    )
    if run.returncode not in (0, 1):
        sys.exit(f"scan failed on {path}: {run.stderr.decode(errors='replace')}")
    codes = collections.Counter()
    count = 0
    for line in run.stdout.splitlines():
        report = json.loads(line)
        count += 1
        for code in {w["code"] for w in report["warnings"] if w["severity"] in ("medium", "high")}:
            codes[code] += 1
    total = sum(1 for l in path.read_bytes().split(b"\n") if l.strip())
    return total, count, codes


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("binary", nargs="?", default=str(ROOT / "target" / "release" / "urlscope"))
    parser.add_argument(
        "--sites",
        default=str(ROOT / "crates" / "urlscope-core" / "data" / "known-sites.txt"),
        help="the known-sites table, a domain a line",
    )
    args = parser.parse_args()
    sets = [
        ("phishing (recall)", DATA / "phishing" / "dev.txt"),
        ("sign-in pages", DATA / "phishing" / "signin.txt"),
        ("kasztp", DATA / "corpus" / "kasztp.txt"),
    ]
    sites = Path(args.sites)
    tmp = None
    if sites.exists():
        tmp = tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False)
        for line in sites.read_text().splitlines():
            domain = line.split("#")[0].split(",")[-1].strip()
            if domain:
                tmp.write(f"https://{domain}/\n")
        tmp.close()
        sets.insert(2, ("top sites https://DOMAIN/", Path(tmp.name)))
    for name, path in sets:
        if not path.exists():
            print(f"{name}: {path} missing")
            continue
        total, count, codes = flagged(args.binary, path)
        share = 100.0 * count / max(total, 1)
        top = ", ".join(f"{c} {n}" for c, n in codes.most_common(8))
        print(f"{name:28} {count:6} of {total:6} = {share:6.2f}%  {top}")
    if tmp:
        Path(tmp.name).unlink()


if __name__ == "__main__":
    main()
