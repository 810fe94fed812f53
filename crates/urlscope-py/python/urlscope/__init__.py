"""urlscope: every component, every byte, every danger of a URL.

The functions on one URL give what the ``urlscope`` command of the same
name prints; ``urlscope.arrow`` triages whole Arrow arrays of URLs, and
``urlscope.spark``, ``urlscope.polars`` and ``urlscope.duckdb`` put that
on those engines.

>>> import urlscope
>>> urlscope.clean("http://example.com/a b")
'http://example.com/a%20b'
>>> [w["code"] for w in urlscope.triage("http://example.com/%252e%252e/etc/passwd")]
['sensitive-file', 'path-traversal', 'double-encoding']
"""

from urlscope._urlscope import (
    DECODE_DIALECTS,
    ENCODE_DIALECTS,
    DecodeError,
    EncodeError,
    ResolveError,
    UrlscopeError,
    analyze,
    clean,
    decode,
    defang,
    encode,
    normalize,
    pretty,
    refang,
    resolve,
    triage,
)

__all__ = [
    "DECODE_DIALECTS",
    "ENCODE_DIALECTS",
    "DecodeError",
    "EncodeError",
    "ResolveError",
    "UrlscopeError",
    "analyze",
    "clean",
    "defang",
    "decode",
    "encode",
    "normalize",
    "pretty",
    "refang",
    "resolve",
    "triage",
]
__version__ = "0.1.0"
