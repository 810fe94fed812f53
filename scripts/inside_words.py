#!/usr/bin/env python3
"""Common words that hold a brand's token inside them, for `INSIDE_WORDS`
(crates/urlscope-core/src/sites/inside.rs).

    pip install wordfreq
    scripts/inside_words.py

A shared host's account word reads a brand's token of six letters or
more written inside it (`openseafreenft`, `mondogroupealibabal`), unless
the letters around it spell a common word that holds it (`revolution`
holds `revolut`, `mittelstrasse` holds `telstra`). This prints, sorted,
every word of the 100,000 most frequent of English, Spanish, Portuguese,
German, French, Italian and Dutch (wordfreq) that is longer than a token
and holds it, except the brand's own name inflected (`outlooks`,
`googled`: the brand still) and those that hold a shorter such word
(`revolutionary` is covered by `revolution`). Paste the list into
`INSIDE_WORDS`.
"""

import sys
from pathlib import Path

from wordfreq import top_n_list

ROOT = Path(__file__).resolve().parent.parent
BRANDS = ROOT / "crates" / "urlscope-core" / "data" / "brands.txt"
LANGUAGES = ("en", "es", "pt", "de", "fr", "it", "nl")
# sites::MIN_ACCOUNT_TOKEN
MIN_TOKEN = 6
# The endings of a name inflected (English, German, Dutch).
INFLECTIONS = ("s", "es", "ed", "er", "ers", "en", "ing")


def inflected(word, token):
    """Whether `word` is `token` inflected (`outlooks`, `googled`)."""
    ending = word.removeprefix(token)
    if ending == word:
        return False
    return ending in INFLECTIONS or token.endswith("e") and "e" + ending in INFLECTIONS


def tokens():
    """The brands' tokens of MIN_TOKEN letters or more, lowercase."""
    found = set()
    for line in BRANDS.read_text().splitlines():
        if line.startswith("#") or "|" not in line:
            continue
        fields = [f.strip() for f in line.split("|")]
        found |= {t.lower() for t in fields[2].split() if len(t) >= MIN_TOKEN and t.isalpha()}
    return sorted(found)


def main():
    words = set()
    for lang in LANGUAGES:
        words |= {w for w in top_n_list(lang, 100_000) if w.isascii() and w.isalpha()}
    kept = set()
    for token in tokens():
        holding = sorted(
            (
                w
                for w in words
                if token in w and w != token and not inflected(w, token)
            ),
            key=len,
        )
        chosen = []
        for w in holding:
            # Covered when a shorter kept word is inside it.
            if not any(c in w for c in chosen):
                chosen.append(w)
        kept |= set(chosen)
    print(", ".join(f'"{w}"' for w in sorted(kept)))
    print(f"{len(kept)} words", file=sys.stderr)


if __name__ == "__main__":
    main()
