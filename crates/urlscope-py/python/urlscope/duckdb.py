"""urlscope on DuckDB: an Arrow-typed scalar function usable from SQL.

>>> import duckdb, urlscope.duckdb
>>> con = duckdb.connect()
>>> urlscope.duckdb.register(con)
>>> con.sql("SELECT urlscope_triage('http://0x7f.1/').reach").fetchall()
[('loopback',)]

``urlscope_triage(url)`` takes a ``VARCHAR`` (or ``BLOB``, with
``register(con, input_type="BLOB")``) and returns a ``STRUCT`` of the
fields urlscope.arrow describes; a NULL URL gives NULL. DuckDB hands the
function whole vectors as Arrow arrays, so each call triages thousands of
URLs outside the GIL on every core.
"""

from __future__ import annotations

from typing import Sequence

import duckdb
import pyarrow as pa

from urlscope import arrow as _arrow

__all__ = ["RETURN_TYPE", "register", "return_type"]

# `duckdb.sqltype` from 1.4 on; `duckdb.type` before.
_sqltype = getattr(duckdb, "sqltype", None) or getattr(duckdb, "type")

_SQL_TYPES = {
    "flagged": "BOOLEAN",
    "severity": "VARCHAR",
    "codes": "VARCHAR[]",
    "host": "VARCHAR",
    "reach": "VARCHAR",
    "imitates": "VARCHAR",
    "cleaned": "VARCHAR",
}


def return_type(fields: Sequence[str] | None = None) -> str:
    """The SQL type of each row with only ``fields`` (all when None)."""
    names = [n for n in _SQL_TYPES if fields is None or n in fields]
    return "STRUCT(" + ", ".join(f"{n} {_SQL_TYPES[n]}" for n in names) + ")"


#: The SQL type of each row.
RETURN_TYPE = return_type()


def register(
    con: duckdb.DuckDBPyConnection,
    name: str = "urlscope_triage",
    min_severity: str = "medium",
    *,
    form: bool = True,
    input_type: str = "VARCHAR",
    fields: Sequence[str] | None = None,
) -> None:
    """Register ``name(url)`` on ``con``: the triage of each URL at
    ``min_severity`` or above. An unknown severity or field, or an
    ``input_type`` other than VARCHAR or BLOB, is refused here, not at the
    first query."""
    _arrow.check(min_severity, fields)
    url_type = _sqltype(input_type)
    if url_type.id not in ("varchar", "blob"):
        # DuckDB would call the function, and fail, at the first query.
        raise TypeError(f"input_type {input_type!r}: {name}(url) takes VARCHAR or BLOB")

    def triage(urls: pa.Array | pa.ChunkedArray) -> pa.Array:
        rows = _arrow.triage(urls, min_severity, form=form, fields=fields)
        if isinstance(rows, pa.ChunkedArray):
            rows = rows.combine_chunks()
        return rows

    con.create_function(
        name,
        triage,
        [url_type],
        _sqltype(return_type(fields)),
        type="arrow",
        null_handling="special",
        side_effects=False,
    )
