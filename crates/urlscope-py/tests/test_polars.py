"""urlscope.polars: the struct column agrees with `scan --json` row for row."""

from __future__ import annotations

import polars as pl
import pytest

import urlscope.arrow
import urlscope.polars
from conftest import warnings_part


def test_agrees_with_scan_json_on_every_corpus(all_urls, all_expected):
    df = pl.DataFrame({"url": [u.decode() for u in all_urls]})
    out = df.with_columns(urlscope.polars.triage_expr("url"))
    rows = out["urlscope"].to_list()
    assert out.schema["urlscope"] == urlscope.polars.DTYPE
    assert [warnings_part(r) for r in rows] == all_expected


def test_lazy_frames_binary_columns_and_nulls(all_urls):
    urls = all_urls[:3000] + [None]
    lazy = pl.LazyFrame({"url": urls}, schema={"url": pl.Binary})
    out = (
        lazy.with_columns(urlscope.polars.triage_expr("url", "low"))
        .filter(pl.col("urlscope").struct.field("flagged").not_())
        .collect()
    )
    expected = urlscope.arrow.triage(pl.Series(urls, dtype=pl.Binary).to_arrow(), "low").to_pylist()
    assert out["urlscope"].to_list() == [r for r in expected if r is not None and not r["flagged"]]


def test_map_batches_by_hand():
    df = pl.DataFrame({"url": ["http://0x7f.1/", None]})
    out = df.select(pl.col("url").map_batches(urlscope.polars.triage, return_dtype=urlscope.polars.DTYPE))
    assert out["url"].to_list()[1] is None
    assert out["url"].struct.field("reach").to_list() == ["loopback", None]


def test_fields_narrow_the_struct():
    df = pl.DataFrame({"url": ["http://0x7f.1/"]})
    out = df.select(urlscope.polars.triage_expr("url", fields=["flagged", "reach"]))
    assert out["urlscope"].to_list() == [{"flagged": True, "reach": "loopback"}]


def test_an_unknown_severity_or_field_is_refused_where_the_query_is_built():
    with pytest.raises(ValueError, match="unknown severity"):
        urlscope.polars.triage_expr("url", "severe")
    with pytest.raises(ValueError, match="unknown field"):
        urlscope.polars.triage_expr("url", fields=["flaged"])
    with pytest.raises(ValueError, match="unknown field"):
        urlscope.polars.dtype_of(["flaged"])
