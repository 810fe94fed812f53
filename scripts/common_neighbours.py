#!/usr/bin/env python3
"""Common English words a shared host's account may be named with that
urlscope would read as a brand's token misspelt.

    pip install wordfreq
    scripts/common_neighbours.py [BINARY]

Runs `scan` on `https://WORD.github.io/` for the 100,000 most frequent
English words of five letters or more (wordfreq) and prints, with its Zipf
frequency, each word of frequency 2 or more that gets `shared-hosting` for
a brand's name misspelt, but for a brand's own name inflected (the
plural, `amazons`, or an extra letter at its end, `googled`). Those left
belong in `COMMON_NEIGHBOURS` (crates/urlscope-core/src/sites/mod.rs);
with the list up to date it prints nothing.
"""

import json
import subprocess
import sys
import tempfile
from pathlib import Path

from wordfreq import top_n_list, zipf_frequency

ROOT = Path(__file__).resolve().parent.parent


def main():
    binary = sys.argv[1] if len(sys.argv) > 1 else str(ROOT / "target" / "release" / "urlscope")
    words = [w for w in top_n_list("en", 100_000) if w.isascii() and w.isalpha() and len(w) >= 5]
    with tempfile.NamedTemporaryFile("w", suffix=".txt") as f:
        f.write("".join(f"https://{w}.github.io/\n" for w in words))
        f.flush()
        run = subprocess.run(
            [binary, "scan", "--json", "--format", "lines", "--min-severity", "medium", f.name],
            capture_output=True,
            check=False,
        )
    for line in run.stdout.splitlines():
        report = json.loads(line)
        word = report["input"][len("https://") : -len(".github.io/")]
        for w in report["warnings"]:
            message = w["message"]
            if w["code"] != "shared-hosting" or "'s name '" not in message:
                continue
            token = message.split("'s name '")[1].split("'")[0]
            inflected = word.startswith(token) and len(word) == len(token) + 1
            frequency = zipf_frequency(word, "en")
            if frequency >= 2 and not inflected:
                print(word, frequency)


if __name__ == "__main__":
    main()
