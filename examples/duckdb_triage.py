"""Triage a log of URLs with DuckDB: urlscope_triage(url) registered on a
connection and called from SQL over read_csv.

    pip install './crates/urlscope-py[duckdb]'
    python examples/duckdb_triage.py tests/data/corpus/kasztp.txt
"""

import argparse
import os
import sys

import duckdb

import urlscope.duckdb


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("log", help="a text file, one URL per line")
    parser.add_argument("--min-severity", default="medium")
    args = parser.parse_args()

    con = duckdb.connect()
    urlscope.duckdb.register(con, min_severity=args.min_severity)
    # One column of whole lines: a delimiter no URL holds (the unit
    # separator), no quote or escape character.
    con.execute(
        """
        CREATE TABLE flagged AS
        SELECT url, t.severity, t.codes, t.host, t.reach
        FROM (
            SELECT url, urlscope_triage(url) AS t
            FROM read_csv(?, header = false, delim = ?, quote = '', escape = '',
                          columns = {'url': 'VARCHAR'})
            WHERE trim(url) <> ''
        )
        WHERE t.flagged
        """,
        [args.log, "\x1f"],
    )
    print(con.sql(
        "SELECT code, count(*) AS urls FROM (SELECT unnest(codes) AS code FROM flagged) "
        "GROUP BY code ORDER BY urls DESC, code"
    ))
    print(con.sql("SELECT severity, codes, host, reach, url FROM flagged ORDER BY url LIMIT 5"))


if __name__ == "__main__":
    try:
        main()
    except BrokenPipeError:
        # The output piped into a reader that stopped early (`| head`, as
        # the README shows): end quietly, as a command does.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        sys.exit(1)
