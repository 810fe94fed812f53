"""Type stubs of the extension module (see urlscope/__init__.py)."""

from typing import Any, Optional, Sequence, Union

import pyarrow

URL = Union[str, bytes]

ENCODE_DIALECTS: Sequence[str]
DECODE_DIALECTS: Sequence[str]
ARROW_FIELDS: Sequence[str]

class UrlscopeError(ValueError):
    """Input urlscope refuses, with the message the command line gives."""

class DecodeError(UrlscopeError):
    """Text that cannot be decoded as asked (``urlscope decode``)."""

class EncodeError(UrlscopeError):
    """Text a dialect's encoder refuses (``urlscope encode``)."""

class ResolveError(UrlscopeError):
    """A base a reference cannot be resolved against (``urlscope resolve``)."""

def analyze(url: URL, *, form: bool = True) -> dict[str, Any]:
    """The whole analysis: the object ``urlscope explain --json URL`` prints."""

def triage(url: URL, min_severity: str = "medium", *, form: bool = True) -> list[dict[str, Any]]:
    """The warnings ``urlscope scan --json`` reports for the URL (empty: not flagged)."""

def clean(url: URL) -> str:
    """The cleaned URL (``urlscope clean``)."""

def normalize(url: URL) -> str:
    """The normalized URL (``urlscope normalize``, RFC 3986 section 6.2.2)."""

def pretty(url: URL) -> str:
    """The URL as an address bar shows it (``urlscope pretty``)."""

def defang(url: URL) -> str:
    """The URL written so that it is no longer a link (``urlscope defang``)."""

def refang(url: URL) -> str:
    """A defanged URL as it was (``urlscope refang``)."""

def encode(text: URL, dialect: str = "component") -> str:
    """Percent-encode as ``dialect`` does (``urlscope encode --as DIALECT``)."""

def decode(
    text: URL,
    dialect: Optional[str] = None,
    *,
    form: bool = False,
    lossy: bool = False,
    lenient: bool = False,
) -> str:
    """Percent-decode one layer (``urlscope decode``), or as ``dialect`` does."""

def resolve(base: URL, reference: URL) -> str:
    """The target of ``reference`` against ``base`` (``urlscope resolve``)."""

def triage_array(
    array: pyarrow.Array,
    min_severity: str = "medium",
    *,
    form: bool = True,
    fields: Optional[Sequence[str]] = None,
) -> pyarrow.StructArray:
    """The triage of every URL of one array (see urlscope.arrow.triage)."""
