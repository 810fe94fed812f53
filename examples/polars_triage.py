"""Triage a log of URLs with Polars: a lazy frame over the file, urlscope's
struct column added per batch, the flagged rows counted by code.

    pip install './crates/urlscope-py[polars]'
    python examples/polars_triage.py tests/data/corpus/kasztp.txt
"""

import argparse
import os
import sys

import polars as pl

import urlscope.polars


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("log", help="a text file, one URL per line")
    parser.add_argument("--min-severity", default="medium")
    args = parser.parse_args()

    flagged = (
        pl.scan_lines(args.log, name="url")
        # A byte-order mark is not part of the first URL (as scan reads it).
        .with_columns(pl.col("url").str.strip_prefix("\ufeff"))
        .filter(pl.col("url").str.strip_chars() != "")
        .with_columns(urlscope.polars.triage_expr("url", args.min_severity))
        .unnest("urlscope")
        .filter(pl.col("flagged"))
    )
    by_code = (
        flagged.select(pl.col("codes").explode().alias("code"))
        .group_by("code")
        .len()
        .sort(["len", "code"], descending=[True, False])
        .collect()
    )
    with pl.Config(tbl_rows=20, fmt_str_lengths=60):
        print(by_code)
        print(flagged.select("severity", "codes", "host", "reach", "url").sort("url").head(5).collect())


if __name__ == "__main__":
    try:
        main()
    except BrokenPipeError:
        # The output piped into a reader that stopped early (`| head`, as
        # the README shows): end quietly, as a command does.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        sys.exit(1)
