"""urlscope on Apache Spark: the triage as a ``mapInArrow`` stage.

>>> from pyspark.sql import SparkSession          # doctest: +SKIP
>>> import urlscope.spark                          # doctest: +SKIP
>>> spark = SparkSession.builder.master("local[2]").getOrCreate()  # doctest: +SKIP
>>> df = spark.createDataFrame([("http://0x7f.1/",)], ["url"])    # doctest: +SKIP
>>> urlscope.spark.with_triage(df).select("url", "urlscope.*").show()  # doctest: +SKIP

Each executor's Python worker receives the partition's rows as Arrow
record batches and triages each batch's URLs in one call, without a Python
object per URL. The executors need the ``urlscope`` package (and pyarrow)
installed: on a cluster, ship a packed virtual environment (see the
package's README).
"""

from __future__ import annotations

import os
from typing import Iterator, Sequence

import pyarrow as pa
from pyspark.sql import DataFrame, types
from pyspark.sql.types import (
    ArrayType,
    BinaryType,
    BooleanType,
    StringType,
    StructField,
    StructType,
)

__all__ = ["SCHEMA", "with_triage"]

#: The Spark type of each row (see urlscope.arrow for the fields).
SCHEMA = StructType(
    [
        StructField("flagged", BooleanType()),
        StructField("severity", StringType()),
        StructField("codes", ArrayType(StringType())),
        StructField("host", StringType()),
        StructField("reach", StringType()),
        StructField("imitates", StringType()),
        StructField("cleaned", StringType()),
    ]
)


#: The Spark types a URL column may have (VARCHAR and CHAR from Spark 3.5
#: on; the executors see them as strings).
_URL_TYPES = tuple(
    t for t in (StringType, BinaryType, getattr(types, "VarcharType", None), getattr(types, "CharType", None)) if t
)


def with_triage(
    df: DataFrame,
    column: str = "url",
    min_severity: str = "medium",
    *,
    form: bool = True,
    name: str = "urlscope",
    fields: Sequence[str] | None = None,
    threads_per_task: int = 1,
) -> DataFrame:
    """``df`` with the triage of its string column ``column`` added as the
    struct column ``name`` (null where the URL is null), with the fields of
    urlscope.arrow (or only ``fields``).

    Spark runs one task per core already, so each task triages on
    ``threads_per_task`` threads (``RAYON_NUM_THREADS`` in the worker, when
    it is not set there). What the executors would refuse is refused here,
    where the plan is built: a ``column`` the DataFrame lacks or that is
    neither strings nor binaries, a ``name`` it already has, an unknown
    severity or field."""
    from urlscope import arrow

    arrow.check(min_severity, fields)
    if column not in df.columns:
        raise ValueError(f"no column {column!r} to triage: the columns are {df.columns}")
    kind = df.schema[column].dataType
    if not isinstance(kind, _URL_TYPES):
        raise TypeError(
            f"column {column!r} is {kind.simpleString()}: the triage reads a string or binary column"
        )
    if name in df.columns:
        raise ValueError(
            f"the DataFrame already has a column {name!r}: give the triage another, name=..."
        )
    row = SCHEMA if fields is None else StructType([f for f in SCHEMA.fields if f.name in fields])
    schema = StructType(df.schema.fields + [StructField(name, row)])

    def triage_batches(batches: Iterator[pa.RecordBatch]) -> Iterator[pa.RecordBatch]:
        os.environ.setdefault("RAYON_NUM_THREADS", str(threads_per_task))
        from urlscope import arrow

        for batch in batches:
            rows = arrow.triage(batch.column(column), min_severity, form=form, fields=fields)
            yield pa.RecordBatch.from_arrays(
                [*batch.columns, rows], names=[*batch.schema.names, name]
            )

    return df.mapInArrow(triage_batches, schema)
