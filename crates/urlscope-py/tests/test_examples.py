"""The engine examples under examples/ run and report what `scan` reports."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from collections import Counter

import pyarrow.parquet as pq
import pytest

from conftest import DATA, ROOT

LOG = DATA / "traversal" / "JHADDIX_LFI.txt"


@pytest.fixture(scope="module")
def scanned(run_cli):
    """scan --json of the log: the flagged URLs and the count of each code."""
    _, out, _ = run_cli("scan", "--json", "--format", "lines", str(LOG))
    records = [json.loads(line) for line in out.splitlines()]
    codes = Counter(c for r in records for c in dict.fromkeys(w["code"] for w in r["warnings"]))
    return sorted(r["input"] for r in records), codes


def run_example(name: str, *args: str) -> str:
    done = subprocess.run(
        [sys.executable, str(ROOT / "examples" / name), *args],
        capture_output=True, text=True, check=False, timeout=600,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    return done.stdout


@pytest.mark.parametrize("example", ["polars_triage.py", "duckdb_triage.py"])
def test_example_counts_each_code_as_scan_does(example, scanned):
    out = run_example(example, str(LOG))
    _, codes = scanned
    for code, count in codes.items():
        assert re.search(rf"{re.escape(code)}\s*[│┆|]\s*{count}\s*[│┆|]", out), (code, count, out)


def test_spark_example_writes_the_flagged_rows(tmp_path, scanned):
    out_dir = tmp_path / "flagged.parquet"
    out = run_example("spark_triage.py", str(LOG), str(out_dir), "--master", "local[2]")
    urls, _ = scanned
    assert f"{len(urls)} flagged URLs written" in out
    assert sorted(pq.read_table(out_dir).column("url").to_pylist()) == urls


@pytest.mark.parametrize("example", ["polars_triage.py", "duckdb_triage.py"])
def test_an_example_piped_into_head_ends_without_a_traceback(example):
    """The README pipes the examples into `head`: the reader closes the
    pipe before the last table is printed."""
    done = subprocess.run(
        f"'{sys.executable}' '{ROOT / 'examples' / example}' '{LOG}' | head -3",
        shell=True, capture_output=True, text=True, check=False, timeout=600,
    )
    assert len(done.stdout.splitlines()) == 3
    assert "Traceback" not in done.stderr, done.stderr[-2000:]
