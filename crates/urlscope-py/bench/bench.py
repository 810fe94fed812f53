"""Measure urlscope.arrow.triage against `urlscope scan`, a pure-Python
urllib UDF, and each engine's own pure-Python UDF; Spark with 1 and 2
cores; peak memory. Prints a Markdown table.

    python crates/urlscope-py/bench/bench.py --scan target/release/urlscope [--rows 1000000]

The URLs are the kasztp corpus (a real crawl list; 0.35% flagged at
medium) repeated to --rows.
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import tempfile
import time
import urllib.parse
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
CORPUS = ROOT / "tests" / "data" / "corpus" / "kasztp.txt"


def urls(rows: int) -> list[str]:
    lines = [l for l in CORPUS.read_text().removeprefix("\ufeff").splitlines() if l.strip()]
    return (lines * (rows // len(lines) + 1))[:rows]


def _simple_udf(url: str) -> bool:
    """A pure-Python check doing far less than urlscope: urllib's split, and
    a look for traversal, escapes of dots and slashes, and internal hosts."""
    parts = urllib.parse.urlsplit(url)
    path = urllib.parse.unquote(parts.path)
    host = (parts.hostname or "").lower()
    return ".." in path or "\\" in url or "%2e" in url.lower() or host in ("localhost", "127.0.0.1")


def _baseline_udf():
    """The project's urllib baseline (../shared/bench/baseline_urllib.py,
    the peer BENCHMARKS.md times `scan` against: split, decode every
    component, UTF-8, double encoding, dot segments), when it is there."""
    path = ROOT.parent / "shared" / "bench" / "baseline_urllib.py"
    if not path.exists():
        return _simple_udf, "a urlsplit-and-look check (the shared baseline was not found)"
    import importlib.util

    spec = importlib.util.spec_from_file_location("baseline_urllib", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.suspicious, "../shared/bench/baseline_urllib.py's suspicious()"


python_udf, UDF_NOTE = _baseline_udf()


def best(fn, repeat: int = 3) -> float:
    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        fn()
        times.append(time.perf_counter() - started)
    return min(times)


def in_child(code: str, threads: str | None = None) -> str:
    """Run `code` in a fresh interpreter (its own rayon pool, its own peak
    memory) and return what it prints."""
    env = dict(os.environ)
    if threads is None:
        env.pop("RAYON_NUM_THREADS", None)
    else:
        env["RAYON_NUM_THREADS"] = threads
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    return done.stdout.strip()


ARROW_CHILD = """
import resource, sys, time
sys.path.insert(0, {here!r})
import pyarrow as pa, urlscope.arrow
from bench import urls, best
array = pa.array(urls({rows}))
before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
seconds = best(lambda: urlscope.arrow.triage(array, fields={fields!r}))
after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
print(seconds, before, after, array.nbytes)
"""


LOAD_BEFORE = os.getloadavg()[0]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--scan", required=True, help="the release urlscope binary")
    parser.add_argument("--rows", type=int, default=1_000_000)
    parser.add_argument("--udf-rows", type=int, default=200_000, help="rows for the slow pure-Python baselines")
    parser.add_argument("--only", default="arrow,scan,udf,polars,duckdb,spark",
                        help="which measurements, comma-separated")
    parser.add_argument("--spark-rows", type=int, default=4_000_000)
    args = parser.parse_args()
    here = str(Path(__file__).resolve().parent)
    rows = args.rows
    table = []

    def row(what: str, n: int, seconds: float, cores: int, note: str = "") -> None:
        table.append((what, n, seconds, n / seconds / cores, note))

    # urlscope.arrow.triage on one array, 1 and 2 threads, fresh processes.
    only = set(args.only.split(","))
    if "arrow" in only:
        for fields, label in ((None, "all fields"), (("flagged", "severity", "codes"), "triage fields only")):
            for threads in ("1", "2"):
                out = in_child(ARROW_CHILD.format(here=here, rows=rows, fields=fields), threads)
                seconds, before, after, nbytes = out.split()
                extra = (int(after) - int(before)) / 1024
                row(f"urlscope.arrow.triage, {label}, {threads} thread(s)", rows, float(seconds), int(threads),
                    f"peak RSS +{extra:.0f} MiB over the input array ({int(nbytes) / 2**20:.0f} MiB)")

    # scan on the same lines, 1 and 2 threads.
    if "scan" in only:
        with tempfile.TemporaryDirectory() as tmp:
            listing = Path(tmp) / "urls.txt"
            listing.write_text("\n".join(urls(rows)) + "\n")
            for threads in ("1", "2"):
                env = dict(os.environ, RAYON_NUM_THREADS=threads)

                def run_scan() -> None:
                    subprocess.run([args.scan, "scan", "--format", "lines", str(listing)], env=env,
                                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)

                seconds = best(run_scan)
                done = subprocess.run(["/usr/bin/time", "-f", "%M", args.scan, "scan", "--format", "lines", str(listing)],
                                      env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, check=False)
                peak = int(done.stderr.strip().splitlines()[-1]) / 1024
                row(f"urlscope scan, {threads} thread(s)", rows, seconds, int(threads), f"peak RSS {peak:.0f} MiB")

    # The pure-Python UDF over Python strings, one core.
    sample = urls(args.udf_rows)
    if "udf" in only:
        seconds = best(lambda: [python_udf(u) for u in sample], 1)
        row("pure-Python urllib UDF over a list of str", len(sample), seconds, 1, UDF_NOTE)

    if "polars" in only:
        import polars as pl
        import urlscope.polars

        os.environ["RAYON_NUM_THREADS"] = "2"
        df = pl.DataFrame({"url": urls(rows)})
        seconds = best(lambda: df.select(urlscope.polars.triage_expr("url")))
        row("Polars map_batches(urlscope.polars.triage), all fields", rows, seconds, 2)
        fast = ("flagged", "severity", "codes")
        seconds = best(lambda: df.select(urlscope.polars.triage_expr("url", fields=fast)))
        row("Polars map_batches(urlscope.polars.triage), triage fields only", rows, seconds, 2)
        small = pl.DataFrame({"url": sample})
        seconds = best(lambda: small.select(pl.col("url").map_elements(python_udf, return_dtype=pl.Boolean)), 1)
        row("Polars map_elements(the same urllib UDF)", len(sample), seconds, 1)

    if "duckdb" in only:
        import duckdb
        import pyarrow as pa
        import urlscope.duckdb

        con = duckdb.connect()
        urlscope.duckdb.register(con)
        con.create_function("py_udf", python_udf, ["VARCHAR"], "BOOLEAN")
        con.register("big", pa.table({"url": urls(rows)}))
        con.register("small", pa.table({"url": sample}))
        seconds = best(lambda: con.sql("SELECT count(*) FILTER (WHERE urlscope_triage(url).flagged) FROM big").fetchall())
        row("DuckDB urlscope_triage (Arrow UDF), all fields", rows, seconds, 2)
        urlscope.duckdb.register(con, "urlscope_flagged", fields=["flagged"])
        seconds = best(lambda: con.sql("SELECT count(*) FILTER (WHERE urlscope_flagged(url).flagged) FROM big").fetchall())
        row("DuckDB urlscope_triage (Arrow UDF), flagged only", rows, seconds, 2)
        seconds = best(lambda: con.sql("SELECT count(*) FILTER (WHERE py_udf(url)) FROM small").fetchall(), 1)
        row("DuckDB native Python UDF (the same urllib UDF)", len(sample), seconds, 1)

    if "spark" in only:
        with tempfile.TemporaryDirectory() as tmp:
            listing = Path(tmp) / "urls.txt"
            listing.write_text("\n".join(urls(args.spark_rows)) + "\n")
            for cores in (1, 2):
                out = in_child(SPARK_CHILD.format(here=here, cores=cores, path=str(listing)))
                row(f"Spark local[{cores}] mapInArrow", args.spark_rows, float(out.splitlines()[-1]), cores,
                    "read text + triage + count flagged; JVM started beforehand")

    load = os.getloadavg()[0]
    print(f"load average before: {LOAD_BEFORE:.2f}, after: {load:.2f} (2 cores)\n")
    print("| what | rows | seconds | rows/s per core | note |")
    print("|---|---:|---:|---:|---|")
    for what, n, seconds, per_core, note in table:
        print(f"| {what} | {n:,} | {seconds:.2f} | {per_core:,.0f} | {note} |")


SPARK_CHILD = """
import os, sys, time
os.environ["PYSPARK_PYTHON"] = sys.executable
sys.path.insert(0, {here!r})
from pyspark.sql import SparkSession, functions as F
import urlscope.spark
spark = (SparkSession.builder.master("local[{cores}]").config("spark.ui.enabled", "false")
         .config("spark.sql.files.maxPartitionBytes", "8m").getOrCreate())
spark.sparkContext.setLogLevel("ERROR")
df = spark.read.text({path!r}).withColumnRenamed("value", "url")
job = lambda: urlscope.spark.with_triage(df).where("urlscope.flagged").count()
job()  # warm: workers started, package imported
times = []
for _ in range(3):
    started = time.perf_counter(); job(); times.append(time.perf_counter() - started)
print(min(times))
"""


if __name__ == "__main__":
    main()
