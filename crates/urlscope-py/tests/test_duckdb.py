"""urlscope.duckdb: the SQL function agrees with `scan --json` row for row."""

from __future__ import annotations

import duckdb
import pytest
import pyarrow as pa

import urlscope.duckdb
from conftest import warnings_part


def test_agrees_with_scan_json_on_every_corpus(all_urls, all_expected):
    con = duckdb.connect()
    urlscope.duckdb.register(con)
    urls = pa.table({"n": pa.array(range(len(all_urls))), "url": pa.array([u.decode() for u in all_urls])})
    con.register("urls", urls)
    rows = con.sql("SELECT urlscope_triage(url) AS t FROM urls ORDER BY n").fetchall()
    assert [warnings_part(t) for (t,) in rows] == all_expected


def test_sql_over_a_csv_file_nulls_and_blobs(tmp_path):
    path = tmp_path / "log.csv"
    path.write_text("url\nhttp://0x7f.1/latest/meta-data/\n\nhttps://example.com/\n")
    con = duckdb.connect()
    urlscope.duckdb.register(con)
    urlscope.duckdb.register(con, "urlscope_triage_blob", "low", input_type="BLOB")
    rows = con.sql(
        f"SELECT url, urlscope_triage(url).reach, urlscope_triage(url).flagged "
        f"FROM read_csv('{path}') ORDER BY ALL"
    ).fetchall()
    assert rows == [
        ("http://0x7f.1/latest/meta-data/", "loopback", True),
        ("https://example.com/", "public", False),
        (None, None, None),
    ]
    [(codes,)] = con.sql("SELECT urlscope_triage_blob('\\xC0\\xAF'::BLOB).codes").fetchall()
    assert "overlong-utf8" in codes


def test_fields_narrow_the_struct():
    con = duckdb.connect()
    urlscope.duckdb.register(con, "just_reach", fields=["reach"])
    assert con.sql("SELECT just_reach('http://0x7f.1/')").fetchall() == [({"reach": "loopback"},)]


def test_an_unknown_threshold_is_refused_at_registration():
    con = duckdb.connect()
    with pytest.raises(ValueError, match='unknown severity "bogus"'):
        urlscope.duckdb.register(con, min_severity="bogus")


def test_an_input_type_other_than_varchar_or_blob_is_refused_at_register():
    con = duckdb.connect()
    with pytest.raises(TypeError, match="takes VARCHAR or BLOB"):
        urlscope.duckdb.register(con, input_type="INTEGER")
    urlscope.duckdb.register(con, input_type="TEXT")
    assert con.sql("SELECT urlscope_triage('http://0x7f.1/').reach").fetchall() == [("loopback",)]
