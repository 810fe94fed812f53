"""urlscope on Polars: a batch function for ``Expr.map_batches``.

>>> import polars as pl, urlscope.polars
>>> df = pl.DataFrame({"url": ["https://example.com/", "http://0x7f.1/"]})
>>> out = df.with_columns(urlscope.polars.triage_expr("url"))
>>> out.select(pl.col("urlscope").struct.field("reach")).to_series().to_list()
['public', 'loopback']

The same by hand: ``pl.col("url").map_batches(urlscope.polars.triage,
return_dtype=urlscope.polars.DTYPE)``. Lazy frames work alike (the
function runs once per batch of the streaming engine).
"""

from __future__ import annotations

import functools
from typing import Sequence

import polars as pl

from urlscope import arrow as _arrow

__all__ = ["DTYPE", "dtype_of", "triage", "triage_expr"]

#: The Polars type of each row (see urlscope.arrow for the fields).
DTYPE = pl.Struct(
    {
        "flagged": pl.Boolean,
        "severity": pl.String,
        "codes": pl.List(pl.String),
        "host": pl.String,
        "reach": pl.String,
        "imitates": pl.String,
        "cleaned": pl.String,
    }
)


def dtype_of(fields: Sequence[str] | None = None) -> pl.Struct:
    """The Polars type of each row with only ``fields`` (all when None); an
    unknown field is refused, as urlscope.arrow.type_of refuses it."""
    if fields is None:
        return DTYPE
    _arrow.check("medium", fields)
    return pl.Struct({f.name: f.dtype for f in DTYPE.fields if f.name in fields})


def triage(
    series: pl.Series,
    min_severity: str = "medium",
    *,
    form: bool = True,
    fields: Sequence[str] | None = None,
) -> pl.Series:
    """The triage of every URL of a ``String`` or ``Binary`` series: a struct
    series of :data:`DTYPE` (or of ``fields``) with the series' name (nulls
    stay null)."""
    rows = _arrow.triage(series.to_arrow(), min_severity, form=form, fields=fields)
    return pl.Series(series.name, rows, dtype=dtype_of(fields))


def triage_expr(
    column: str | pl.Expr = "url",
    min_severity: str = "medium",
    *,
    form: bool = True,
    fields: Sequence[str] | None = None,
    name: str = "urlscope",
) -> pl.Expr:
    """An expression adding the triage of ``column`` as the struct column
    ``name``. An unknown severity or field is refused here, where the query
    is built, not when it runs."""
    _arrow.check(min_severity, fields)
    expr = pl.col(column) if isinstance(column, str) else column
    function = functools.partial(triage, min_severity=min_severity, form=form, fields=fields)
    return expr.map_batches(function, return_dtype=dtype_of(fields)).alias(name)
