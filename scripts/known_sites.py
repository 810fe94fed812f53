#!/usr/bin/env python3
"""Regenerate crates/urlscope-core/data/known-sites.txt from the Majestic Million.

    python3 scripts/known_sites.py majestic_million.csv > crates/urlscope-core/data/known-sites.txt

Keeps the first 10,000 registrable domains (each row's domain reduced to
what one owner controls by the Public Suffix List, through the urlscope
Python package; domains that are themselves public suffixes, such as
blogspot.com, dropped), in rank order, one a line.
"""

import csv
import sys

import urlscope

LIMIT = 10_000


def main():
    seen = set()
    out = []
    with open(sys.argv[1], newline="", encoding="utf-8") as f:
        for row in csv.DictReader(f):
            domain = row["Domain"].strip().lower()
            host = (urlscope.analyze(f"https://{domain}/").get("host") or {})
            registrable = host.get("registrable")
            if not registrable or registrable in seen:
                continue
            seen.add(registrable)
            out.append(registrable)
            if len(out) == LIMIT:
                break
    print("# The first 10,000 registrable domains of the Majestic Million (see README.md).")
    for d in out:
        print(d)


if __name__ == "__main__":
    main()
