"""urlscope.spark: mapInArrow in local mode agrees with `scan --json`."""

from __future__ import annotations

import json
import os
import sys

import pytest

pyspark = pytest.importorskip("pyspark")

import pyarrow as pa  # noqa: E402
from pyspark.sql import SparkSession  # noqa: E402

import urlscope.spark  # noqa: E402
from conftest import warnings_part  # noqa: E402


@pytest.fixture(scope="module")
def spark():
    # The workers run this interpreter, which has the package.
    os.environ.setdefault("PYSPARK_PYTHON", sys.executable)
    session = (
        SparkSession.builder.master("local[2]")
        .appName("urlscope-tests")
        .config("spark.ui.enabled", "false")
        .config("spark.sql.shuffle.partitions", "2")
        .config("spark.sql.execution.arrow.pyspark.enabled", "true")
        .getOrCreate()
    )
    session.sparkContext.setLogLevel("ERROR")
    yield session
    session.stop()


def test_agrees_with_scan_json_on_every_corpus(spark, all_urls, all_expected):
    table = pa.table({"n": pa.array(range(len(all_urls)), pa.int64()), "url": [u.decode() for u in all_urls]})
    df = spark.createDataFrame(table.to_pandas()).repartition(4)
    out = urlscope.spark.with_triage(df).orderBy("n").toArrow()
    rows = out.column("urlscope").to_pylist()
    assert [warnings_part(r) for r in rows] == all_expected


def test_binary_columns_nulls_and_other_columns_kept(spark):
    df = spark.createDataFrame(
        [(1, bytearray(b"http://a/\xc0\xaf../")), (2, None)], "id int, url binary"
    )
    rows = [r.asDict(recursive=True) for r in urlscope.spark.with_triage(df, min_severity="low").orderBy("id").collect()]
    assert rows[0]["id"] == 1 and rows[0]["urlscope"]["flagged"]
    assert "overlong-utf8" in rows[0]["urlscope"]["codes"]
    assert rows[1]["urlscope"] is None


def test_what_the_executors_would_refuse_is_refused_where_the_plan_is_built(spark):
    df = spark.createDataFrame([("https://example.com/",)], ["url"])
    with pytest.raises(ValueError, match="no column 'link'"):
        urlscope.spark.with_triage(df, "link")
    with pytest.raises(ValueError, match="already has a column 'url'"):
        urlscope.spark.with_triage(df, name="url")
    with pytest.raises(ValueError, match="unknown severity"):
        urlscope.spark.with_triage(df, min_severity="severe")
    numbers = spark.createDataFrame([(1,)], "url int")
    with pytest.raises(TypeError, match="column 'url' is int: the triage reads a string or binary column"):
        urlscope.spark.with_triage(numbers)


def test_a_log_line_that_is_not_utf8_is_triaged_not_fatal(spark, tmp_path, run_cli):
    """Spark's text reader keeps a line's bytes in its string column, UTF-8
    or not; such a line is triaged as `scan` triages it, and the job goes
    on (Arrow's import refused the whole batch for it)."""
    log = tmp_path / "access.log"
    lines = [b"http://example.com/caf\xe9", b"http://0x7f.1/latest/meta-data/", b"https://example.com/"]
    log.write_bytes(b"\n".join(lines) + b"\n")
    df = spark.read.text(str(log)).withColumnRenamed("value", "url")
    rows = [r["urlscope"].asDict() for r in urlscope.spark.with_triage(df).collect()]
    _, out, _ = run_cli("scan", "--json", "--format", "lines", str(log))
    flagged = [json.loads(line) for line in out.splitlines()]
    assert [r["flagged"] for r in rows] == [True, True, False]
    assert rows[0]["codes"] == list(dict.fromkeys(w["code"] for w in flagged[0]["warnings"]))
    assert "invalid-utf8" in rows[0]["codes"]
