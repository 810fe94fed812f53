"""urlscope.arrow.triage: every array type, nulls, hostile rows, and
agreement with `scan --json` row for row."""

from __future__ import annotations

import struct
import time

import pyarrow as pa
import pytest

import urlscope
import urlscope.arrow
from conftest import corpus_lines, warnings_part

URLS = ["http://0x7f.1/latest/meta-data/", None, "https://example.com/a", "/a/%2e%2e/etc/passwd"]


def test_agrees_with_scan_json_on_every_corpus(all_urls, all_expected):
    rows = urlscope.arrow.triage(pa.array(all_urls, pa.binary())).to_pylist()
    assert len(rows) == len(all_expected)
    mismatches = [
        (u, r, e) for u, r, e in zip(all_urls, rows, all_expected) if warnings_part(r) != e
    ]
    assert not mismatches, mismatches[:5]


@pytest.mark.parametrize("min_severity", ["high", "low", "info"])
def test_agrees_with_scan_json_at_each_threshold(scan_at, min_severity):
    urls = corpus_lines("suspicious/dev.tsv")
    expected = [{"flagged": bool(w), "codes": list(dict.fromkeys(x["code"] for x in w))} for w in scan_at(urls, min_severity)]
    rows = urlscope.arrow.triage(pa.array(urls, pa.binary()), min_severity).to_pylist()
    assert [{"flagged": r["flagged"], "codes": r["codes"]} for r in rows] == expected


def test_host_and_reach_are_the_analysis_first_destination():
    urls = (
        corpus_lines("suspicious/dev.tsv")
        + corpus_lines("corpus/kasztp.txt")[:300]
        + corpus_lines("phishing/dev.txt")
    )
    rows = urlscope.arrow.triage(pa.array(urls, pa.binary()), "info").to_pylist()
    for url, row in zip(urls, rows):
        host = urlscope.analyze(url)["destinations"][0]["host"]
        assert (row["host"], row["reach"]) == (
            (host["canonical"], host["reach"]) if host else (None, None)
        ), url
        assert row["cleaned"] == urlscope.clean(url)
        # The host's own look-alike; for a wrapped or redirecting link
        # flagged lookalike-domain, the first destination's that imitates
        # one, as `scan --json` names it.
        destinations = urlscope.analyze(url)["destinations"]
        imitates = destinations[0].get("imitates")
        if not imitates and "lookalike-domain" in row["codes"]:
            imitates = next((d["imitates"] for d in destinations if d.get("imitates")), None)
        assert row["imitates"] == (imitates["domain"] if imitates else None), url


def test_imitates_names_the_famous_domain():
    urls = ["https://paypa1.com/signin", "https://rnicrosoft.com/", "https://www.paypal.com/", None]
    rows = urlscope.arrow.triage(pa.array(urls, pa.string()), fields=["imitates"]).to_pylist()
    assert rows == [{"imitates": "paypal.com"}, {"imitates": "microsoft.com"}, {"imitates": None}, None]


def test_a_wrapped_look_alike_names_what_it_imitates_as_scan_does():
    """Behind Safe Links the host is Microsoft's; the row is flagged for
    the look-alike it carries, and names it, as `scan --json` does."""
    url = "https://nam02.safelinks.protection.outlook.com/?url=https%3A%2F%2Fpaypa1.com%2Fsignin&reserved=0"
    (row,) = urlscope.arrow.triage(pa.array([url])).to_pylist()
    assert row["codes"] == ["lookalike-domain"]
    assert (row["host"], row["imitates"]) == ("nam02.safelinks.protection.outlook.com", "paypal.com")


def test_a_threshold_or_field_is_checked_before_any_url_is_read():
    urlscope.arrow.check("info", ("flagged", "imitates"))
    with pytest.raises(ValueError, match='unknown severity "severe"'):
        urlscope.arrow.check("severe", None)
    with pytest.raises(ValueError, match='unknown field "flaged"'):
        urlscope.arrow.check("medium", ["flaged"])
    with pytest.raises(TypeError, match="not one name"):
        urlscope.arrow.triage(pa.array(["https://example.com/"]), fields="flagged")


def test_an_unknown_field_is_a_urlscope_error_as_an_unknown_severity_is():
    for fields in (["flaged"], []):
        with pytest.raises(urlscope.UrlscopeError, match="flagged, severity, codes"):
            urlscope.arrow.triage(pa.array(["https://example.com/"]), fields=fields)


def test_a_host_seen_before_gives_what_it_gave_first():
    """Each thread keeps the hosts it judged lately: a host seen again, or
    seen first by a call that did not ask what it imitates, gives the
    fields the analysis gives."""
    urls = ["https://paypa1.com/a", "http://0x7f.1/", "https://PAYPA1.com./b", "https://paypa1.com/c"]
    urlscope.arrow.triage(pa.array(urls), fields=["host", "reach"])
    rows = urlscope.arrow.triage(pa.array(urls * 3), fields=["host", "reach", "imitates"]).to_pylist()
    for url, row in zip(urls * 3, rows):
        destination = urlscope.analyze(url)["destinations"][0]
        imitates = destination.get("imitates")
        assert row == {
            "host": destination["host"]["canonical"],
            "reach": destination["host"]["reach"],
            "imitates": imitates["domain"] if imitates else None,
        }, url


@pytest.mark.parametrize(
    "kind",
    [pa.string(), pa.large_string(), pa.string_view(), pa.binary(), pa.large_binary(), pa.binary_view()],
    ids=str,
)
def test_every_string_and_binary_type(kind):
    array = pa.array([u if u is None else u.encode() for u in URLS] if "binary" in str(kind) else URLS, kind)
    rows = urlscope.arrow.triage(array)
    assert rows.type == urlscope.arrow.TYPE
    assert rows.to_pylist() == urlscope.arrow.triage(pa.array(URLS)).to_pylist()


def test_nulls_stay_null_and_rows_keep_their_order():
    rows = urlscope.arrow.triage(pa.array(URLS))
    assert rows.null_count == 1
    assert rows.to_pylist()[1] is None
    assert rows.field("reach").to_pylist() == ["loopback", None, "public", None]
    assert rows.field("flagged").to_pylist() == [True, None, False, True]
    assert rows.field("severity").to_pylist() == ["high", None, None, "high"]


def test_chunked_arrays_keep_their_chunks():
    chunked = pa.chunked_array([URLS[:2], URLS[2:], []], pa.string())
    rows = urlscope.arrow.triage(chunked)
    assert isinstance(rows, pa.ChunkedArray)
    assert [len(c) for c in rows.chunks] == [2, 2, 0]
    assert rows.to_pylist() == urlscope.arrow.triage(pa.array(URLS)).to_pylist()


def test_dictionary_sliced_and_empty_arrays():
    array = pa.array(URLS).dictionary_encode()
    assert urlscope.arrow.triage(array).to_pylist() == urlscope.arrow.triage(pa.array(URLS)).to_pylist()
    sliced = pa.array(URLS).slice(2, 2)
    assert urlscope.arrow.triage(sliced).to_pylist() == urlscope.arrow.triage(pa.array(URLS[2:])).to_pylist()
    assert len(urlscope.arrow.triage(pa.array([], pa.string()))) == 0
    assert urlscope.arrow.triage(pa.array([None, None])).to_pylist() == [None, None]


@pytest.mark.parametrize("kind", [pa.string(), pa.large_string()], ids=str)
def test_a_string_array_holding_bytes_that_are_not_utf8_is_triaged_as_bytes(kind):
    """A string array need not hold UTF-8 (Spark's text reader keeps a
    log's bytes); its rows are triaged as those bytes, not refused."""
    url = b"http://example.com/\xff\xfe"
    offsets = struct.pack("<ii" if kind == pa.string() else "<qq", 0, len(url))
    array = pa.Array.from_buffers(kind, 1, [None, pa.py_buffer(offsets), pa.py_buffer(url)])
    with pytest.raises(pa.ArrowInvalid):
        array.validate(full=True)
    rows = urlscope.arrow.triage(array).to_pylist()
    assert rows == urlscope.arrow.triage(pa.array([url], pa.binary())).to_pylist()
    assert "invalid-utf8" in rows[0]["codes"]


def test_other_types_are_refused():
    with pytest.raises(TypeError):
        urlscope.arrow.triage(pa.array([1, 2]))


@pytest.mark.parametrize("one_url", ["http://0x7f.1/", b"http://0x7f.1/", None])
def test_one_url_is_not_read_as_an_array_of_its_characters(one_url):
    with pytest.raises(TypeError, match=r"urlscope\.triage\(url\)"):
        urlscope.arrow.triage(one_url)


def test_a_sequence_is_read_as_an_array():
    assert urlscope.arrow.triage(URLS).to_pylist() == urlscope.arrow.triage(pa.array(URLS)).to_pylist()


def test_a_chunked_array_without_chunks_checks_threshold_and_fields():
    empty = pa.chunked_array([], pa.string())
    assert urlscope.arrow.triage(empty, fields=["codes"]).type == urlscope.arrow.type_of(["codes"])
    with pytest.raises(ValueError, match="unknown severity"):
        urlscope.arrow.triage(empty, "severe")
    with pytest.raises(ValueError, match="unknown field"):
        urlscope.arrow.triage(empty, fields=["flaged"])
    with pytest.raises(ValueError, match="unknown field"):
        urlscope.arrow.type_of(["flaged"])


def test_large_batches_equal_row_by_row_triage():
    urls = corpus_lines("traversal/dotdotpwn.txt")[:5000] * 4
    rows = urlscope.arrow.triage(pa.array(urls, pa.binary()), "low").to_pylist()
    for url, row in zip(urls[:5000], rows[:5000]):
        assert row["codes"] == list(dict.fromkeys(w["code"] for w in urlscope.triage(url, "low")))
    assert rows[:5000] * 4 == rows


def test_hostile_rows_neither_raise_nor_stall():
    hostile = [
        b"http://example.com/" + b"a%2e" * 250_000,  # a 1 MB URL
        b"http://ex\xffample.com/\xc0\xaf\xed\xa0\x80",  # invalid UTF-8
        b"http://a\x00b/\x00?\x00#\x00",  # NUL bytes
        b"http://a/?u=" + b"http%3A%2F%2Fb%2F%3Fu%3D" * 200 + b"http://evil/",  # nested carriers
        b"http://a/?t=" + b"aHR0cDovL2V2aWwv" * 1000,  # base64 runs
        b"[" * 10_000,
        b"%" * 100_000,
        b"",
    ]
    started = time.monotonic()
    rows = urlscope.arrow.triage(pa.array(hostile * 3, pa.binary())).to_pylist()
    assert time.monotonic() - started < 60
    assert len(rows) == len(hostile) * 3
    assert all(row is not None for row in rows)
    assert rows[1]["flagged"] and rows[2]["flagged"]


def test_fields_keep_only_what_is_asked_and_agree_with_all():
    full = urlscope.arrow.triage(pa.array(URLS))
    for fields in [("flagged", "severity", "codes"), ("reach",), ("cleaned", "host")]:
        rows = urlscope.arrow.triage(pa.array(URLS), fields=fields)
        assert rows.type == urlscope.arrow.type_of(fields)
        assert rows.type.names == [f for f in urlscope.arrow.FIELDS if f in fields]
        for name in fields:
            assert rows.field(name).to_pylist() == [
                None if r is None else r[name] for r in full.to_pylist()
            ]
    with pytest.raises(ValueError, match="unknown field"):
        urlscope.arrow.triage(pa.array(URLS), fields=["colour"])


# Text with no scheme, read as an address bar reads it (`assumed-scheme`),
# pasted defanged, or resolved against an http(s) page; and `file:` URLs
# with backslashes, whose host is the one a browser reads (node's
# `new URL(url).hostname`: '' for `localhost`, the reader's own machine).
READ_AS_THE_ANALYSIS_READS = [
    ("paypa1.com/login", "paypa1.com"),
    ("www.paypa1.com/signin", "www.paypa1.com"),
    ("paypa1.com", "paypa1.com"),
    ("10.0.0.5:8080/admin", "10.0.0.5"),
    ("localhost:3000/x", "localhost"),
    ("paypa1[.]com/login", "paypa1.com"),
    ("/\\evil.com", "evil.com"),
    ("setup.py", None),
    ("a.txt?q=x[.]y", None),
    ("evil.com\\@good.com", None),
    ("file:\\\\localhost//", None),
    ("file://localhost\\x", None),
    ("file:\\\\evil.com\\share", "evil.com"),
]


def test_a_host_with_no_scheme_is_the_analysis_host():
    urls = [u for u, _ in READ_AS_THE_ANALYSIS_READS]
    rows = urlscope.arrow.triage(pa.array(urls), "info").to_pylist()
    for (url, host), row in zip(READ_AS_THE_ANALYSIS_READS, rows):
        own = urlscope.analyze(url)["destinations"][0]
        analysed = own["host"]["canonical"] if own["host"] else None
        assert (row["host"], analysed) == (host, host), url
        assert row["reach"] == (own["host"]["reach"] if own["host"] else None), url
        imitates = own.get("imitates")
        assert row["imitates"] == (imitates["domain"] if imitates else None), url
