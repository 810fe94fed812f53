"""Triage whole Arrow arrays of URLs.

``triage(array)`` reads a pyarrow array of ``string``, ``large_string``,
``string_view``, ``binary``, ``large_binary`` or ``binary_view`` through
the Arrow C data interface (no URL becomes a Python object), triages every
row outside the GIL on every core, and returns one struct per row:

========== ================ ==============================================
field      type             what
========== ================ ==============================================
flagged    bool             ``urlscope scan`` would print this URL: it has
                            a warning at ``min_severity`` or above
severity   string           the worst of those warnings' severities
                            (``high``, ``medium``, ``low``, ``info``),
                            null when not flagged
codes      list<string>     their codes, each once, in ``scan --json``'s
                            order (empty when not flagged)
host       string           the host the URL leads to, as a fetcher reads
                            it (``127.0.0.1`` for ``0x7f.1``; IDNA ASCII),
                            null when it has none
reach      string           what kind of place that is: ``public``,
                            ``loopback``, ``private network``,
                            ``link-local``, ``cloud metadata endpoint``...
imitates   string           the famous domain the host is a look-alike of
                            (``paypal.com`` for ``paypa1.com``); for a
                            wrapped or redirecting link flagged
                            ``lookalike-domain`` whose own host imitates
                            nothing, the one ``scan --json`` names; null
                            when none
cleaned    string           the cleaned URL (``urlscope clean``)
========== ================ ==============================================

A null URL gives a null row. A string array is read as the bytes it
holds, UTF-8 or not (Spark's text reader keeps a log's bytes as they are),
so a row that is not UTF-8 is triaged as ``scan`` triages it
(``invalid-utf8``), not refused with the whole array. ``host`` and ``reach`` are the analysis's
``destinations[0].host`` (``canonical`` and ``reach``) for every URL: the
host a browser opens, or, for a URL a browser refuses
(``http://1.2.3.4.5/``, ``http://a%40b.com/``: no request from a
browser; ``destinations[0].browser_refuses`` in ``explain --json``), the
host RFC 3986 clients such as Python's urllib read and connect to
(``1.2.3.4.5``, ``a@b.com``), never null for want of a browser's.

Threads: the rows of a large batch are shared among rayon's threads, as
many as cores unless ``RAYON_NUM_THREADS`` says otherwise (set it to 1 in
an engine that already runs one worker per core).
"""

from __future__ import annotations

from typing import Sequence, Union

import pyarrow as pa

from urlscope._urlscope import ARROW_FIELDS, triage_array

__all__ = ["FIELDS", "TYPE", "check", "triage", "type_of"]

#: The fields of each row, in order.
FIELDS = tuple(ARROW_FIELDS)

#: The Arrow type of each row.
TYPE = pa.struct(
    [
        pa.field("flagged", pa.bool_()),
        pa.field("severity", pa.string()),
        pa.field("codes", pa.list_(pa.string())),
        pa.field("host", pa.string()),
        pa.field("reach", pa.string()),
        pa.field("imitates", pa.string()),
        pa.field("cleaned", pa.string()),
    ]
)


def type_of(fields: Sequence[str] | None = None) -> pa.StructType:
    """The Arrow type of each row with only ``fields`` (all when None); an
    unknown field is refused as :func:`triage` refuses it (not dropped, which
    would give a struct short of the field asked for)."""
    if fields is None:
        return TYPE
    check("medium", fields)
    return pa.struct([TYPE.field(name) for name in FIELDS if name in fields])


_BINARY = {"binary", "large_binary", "binary_view"}

#: Each string type and the binary type of the same layout.
_AS_BINARY = {"string": "binary", "large_string": "large_binary", "string_view": "binary_view"}


def _readable(array: pa.Array) -> pa.Array:
    """The array as the extension reads it: dictionaries decoded, strings
    as the binaries of the same layout (a view, not a copy)."""
    kind = array.type
    if pa.types.is_dictionary(kind):
        return _readable(array.dictionary_decode())
    if str(kind) in _BINARY:
        return array
    if str(kind) in _AS_BINARY:
        # Arrow's import checks that a string array is UTF-8 and refuses
        # the whole array for one row that is not, which a string column
        # may well hold (Spark's text reader keeps a log's bytes as they
        # are); read as bytes, such a row is triaged as `scan` triages
        # it (invalid-utf8), and no row is checked twice.
        return array.view(getattr(pa, _AS_BINARY[str(kind)])())
    if pa.types.is_null(kind):
        return array.cast(pa.binary())
    raise TypeError(
        f"urlscope.arrow.triage: expected an array of strings or binaries, not {kind}"
    )


def _names(fields: Sequence[str] | None) -> list[str] | None:
    """``fields`` as the extension takes them: a list of names, or None."""
    if fields is None:
        return None
    if isinstance(fields, (str, bytes)):
        raise TypeError(
            f"fields is a sequence of field names, not one name: write fields=[{fields!r}]"
        )
    return list(fields)


def check(min_severity: str, fields: Sequence[str] | None) -> None:
    """Raise what :func:`triage` would for ``min_severity`` and ``fields``,
    before any URL is read (the extension's own checks, on no URL): an
    engine that runs the triage later, in its workers (Spark's executors,
    DuckDB's queries), says so where the job is built, not inside a
    worker's stack trace.

    >>> import urlscope.arrow
    >>> urlscope.arrow.check("medium", ["flagged", "codes"])
    >>> urlscope.arrow.check("severe", None)
    Traceback (most recent call last):
    ...
    urlscope.UrlscopeError: unknown severity "severe": expected 'high', 'medium', 'low' or 'info'
    """
    triage_array(pa.array([], pa.string()), min_severity, form=True, fields=_names(fields))


def triage(
    array: Union[pa.Array, pa.ChunkedArray],
    min_severity: str = "medium",
    *,
    form: bool = True,
    fields: Sequence[str] | None = None,
) -> Union[pa.StructArray, pa.ChunkedArray]:
    """Triage every URL of ``array`` at ``min_severity`` or above.

    Returns a ``StructArray`` of :data:`TYPE`, one row per URL (a
    ``ChunkedArray`` of them for a ``ChunkedArray``, chunk for chunk, as
    ``pyarrow.compute`` does). ``form=False`` is ``scan --no-form``: '+'
    is not read as a space in query keys and values. ``fields`` keeps only
    the fields named (in :data:`FIELDS`' order) and computes only what they
    need: ``("flagged", "severity", "codes")`` is the triage alone, at
    ``scan``'s speed; ``host``, ``reach``, ``imitates`` and ``cleaned`` take a second
    look at every URL.

    >>> import pyarrow as pa, urlscope.arrow
    >>> rows = urlscope.arrow.triage(pa.array(["https://example.com/", None,
    ...     "http://0x7f.1/latest/meta-data/"]))
    >>> rows.field("reach").to_pylist()
    ['public', None, 'loopback']
    """
    names = _names(fields)
    if isinstance(array, pa.ChunkedArray):
        # type_of checks the fields; a chunked array with no chunk still
        # has its threshold checked, as one with chunks would.
        kind = type_of(fields)
        if array.num_chunks == 0:
            check(min_severity, fields)
        chunks = [triage(chunk, min_severity, form=form, fields=fields) for chunk in array.chunks]
        return pa.chunked_array(chunks, type=kind)
    if not isinstance(array, pa.Array):
        if array is None or isinstance(array, (str, bytes, bytearray)):
            # pa.array would read a str as the sequence of its characters
            # and triage each as a URL.
            raise TypeError(
                "urlscope.arrow.triage: expected an Arrow array (or a sequence) of URLs, "
                f"not {type(array).__name__}: for one URL, urlscope.triage(url)"
            )
        array = pa.array(array)
    return triage_array(_readable(array), min_severity, form=form, fields=names)
