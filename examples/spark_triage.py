"""Triage a log of URLs with Spark: read it, add urlscope's columns with
mapInArrow, write the flagged rows as Parquet.

    pip install './crates/urlscope-py[spark]'
    python examples/spark_triage.py tests/data/corpus/kasztp.txt /tmp/flagged.parquet

Runs in local mode on every core (`--master local[N]` for N). On a
cluster, the same script runs under spark-submit with the package shipped
to the executors: see crates/urlscope-py/README.md.
"""

import argparse
import os
import sys

from pyspark.sql import SparkSession, functions as F

import urlscope.spark


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("log", help="a text file (or directory, or glob), one URL per line")
    parser.add_argument("out", help="where to write the flagged rows (Parquet)")
    parser.add_argument("--master", help="local[N] to run here (the default under plain python: local[*]); "
                        "leave it out under spark-submit, which names the cluster")
    parser.add_argument("--min-severity", default="medium")
    args = parser.parse_args()

    builder = SparkSession.builder
    if args.master:
        builder = builder.master(args.master)
    if (args.master or "local").startswith("local"):
        # The workers run this interpreter, which has the package.
        os.environ.setdefault("PYSPARK_PYTHON", sys.executable)
    spark = (
        builder.appName("urlscope-triage")
        .config("spark.ui.enabled", "false")
        .getOrCreate()
    )
    spark.sparkContext.setLogLevel("ERROR")
    urls = spark.read.text(args.log).withColumnRenamed("value", "url").where(F.trim("url") != "")
    triaged = urlscope.spark.with_triage(urls, "url", args.min_severity)
    flagged = triaged.where("urlscope.flagged").select("url", "urlscope.*")
    flagged.write.mode("overwrite").parquet(args.out)

    written = spark.read.parquet(args.out)
    print(f"{written.count()} flagged URLs written to {args.out}")
    (
        written.select(F.explode("codes").alias("code"))
        .groupBy("code")
        .count()
        .orderBy(F.desc("count"), "code")
        .show(truncate=False)
    )
    written.select("severity", "codes", "host", "reach", "url").orderBy("url").show(5, truncate=60)
    spark.stop()


if __name__ == "__main__":
    try:
        main()
    except BrokenPipeError:
        # The output piped into a reader that stopped early (`| head`, as
        # the README shows): end quietly, as a command does.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        sys.exit(1)
