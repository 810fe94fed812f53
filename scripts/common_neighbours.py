#!/usr/bin/env python3
"""Common English words urlscope would read as a brand's name misspelt,
as a registered domain's name or in a shared host's account.

    pip install wordfreq
    scripts/common_neighbours.py [BINARY]

Runs `scan` on `https://WORD.com/`, `https://WORD.org/` and
`https://WORD.github.io/` for the 100,000 most frequent English words of
three letters or more (wordfreq) and prints, with its Zipf frequency,
each word that gets `lookalike-domain` as a domain's name (Zipf frequency
3 or more: a word a reader knows; a brand's short names have rarer
neighbours that are the typos phishers register, `chace`, `appl`) or, on
the shared host, `shared-hosting` for a brand's token misspelt (Zipf 2 or
more: the tokens there are six letters or more), but for a brand's own
name, under another suffix (`office.org`) or inflected (the plural,
`amazons`, or an extra letter at its end, `googled`). Those left belong in `COMMON_NEIGHBOURS`
(crates/urlscope-core/src/sites/mod.rs); with the list up to date it
prints nothing.
"""

import json
import re
import subprocess
import sys
import tempfile
from pathlib import Path

from wordfreq import top_n_list, zipf_frequency

ROOT = Path(__file__).resolve().parent.parent

# The registered domains tried, and where each form's warning names the
# brand's name the word imitates.
DOMAINS = (".com/", ".org/")
DOMAIN = re.compile(r"^'[^']*' is '([a-z0-9-]+)\.")
ACCOUNT = re.compile(r"'s name '([^']*)'")


def imitated(url, warning):
    """The brand's name `warning` says the word of `url` imitates, if any."""
    if url.endswith(DOMAINS) and warning["code"] == "lookalike-domain":
        found = DOMAIN.search(warning["message"])
    elif url.endswith(".github.io/") and warning["code"] == "shared-hosting":
        found = ACCOUNT.search(warning["message"])
    else:
        return None
    return found and found.group(1)


def main():
    binary = sys.argv[1] if len(sys.argv) > 1 else str(ROOT / "target" / "release" / "urlscope")
    words = [w for w in top_n_list("en", 100_000) if w.isascii() and w.isalpha() and len(w) >= 3]
    urls = [f"https://{w}.{host}/" for w in words for host in ("com", "org", "github.io")]
    with tempfile.NamedTemporaryFile("w", suffix=".txt") as f:
        f.write("".join(f"{url}\n" for url in urls))
        f.flush()
        run = subprocess.run(
            [binary, "scan", "--json", "--format", "lines", "--min-severity", "medium", f.name],
            capture_output=True,
            check=False,
        )
    found = {}
    for line in run.stdout.splitlines():
        report = json.loads(line)
        url = report["input"]
        word = url[len("https://") :].split(".")[0]
        for w in report["warnings"]:
            name = imitated(url, w)
            if not name:
                continue
            # The brand's own name, inflected or under another suffix.
            own = word.startswith(name) and len(word) <= len(name) + 1
            frequency = zipf_frequency(word, "en")
            least = 3 if url.endswith(DOMAINS) else 2
            if not own and frequency >= least:
                found[word] = frequency
    for word in sorted(found):
        print(word, found[word])


if __name__ == "__main__":
    main()
