"""The functions on one URL give what the commands print."""

from __future__ import annotations

import json

import pytest

import urlscope
from conftest import corpus_lines

# Reported phishing URLs, and the same written defanged as in a ticket.
PHISHING = corpus_lines("phishing/dev.txt")[::40]
DEFANGED = [u.replace(b"http", b"hxxp", 1).replace(b".", b"[.]", 1) for u in PHISHING]
SAMPLE = (
    corpus_lines("suspicious/dev.tsv")[:150]
    + corpus_lines("traversal/directory_traversal.txt")[:50]
    + PHISHING
    + DEFANGED
)


def test_triage_equals_scan_json_on_every_corpus(corpora):
    for corpus in corpora.values():
        got = [urlscope.triage(url) for url in corpus.urls]
        mismatches = [u for u, g, w in zip(corpus.urls, got, corpus.warnings) if g != w]
        assert not mismatches, f"{corpus.name}: {mismatches[:5]}"


@pytest.mark.parametrize("min_severity", ["high", "low", "info"])
def test_triage_equals_scan_json_at_each_threshold(scan_at, min_severity):
    urls = corpus_lines("suspicious/dev.tsv") + corpus_lines("traversal/JHADDIX_LFI.txt") + PHISHING + DEFANGED
    expected = scan_at(urls, min_severity)
    assert [urlscope.triage(u, min_severity) for u in urls] == expected


def test_triage_form_false_is_no_form(urlscope_bin, tmp_path):
    import subprocess

    url = b"http://example.com/?q=%2e%2e+%2f"
    (tmp_path / "u.txt").write_bytes(url + b"\n")
    out = subprocess.run(
        [urlscope_bin, "scan", "--json", "--no-form", "--min-severity", "info", tmp_path / "u.txt"],
        capture_output=True, check=False,
    ).stdout.decode()
    expected = json.loads(out)["warnings"] if out else []
    assert urlscope.triage(url, "info", form=False) == expected


def test_analyze_equals_explain_json(run_cli):
    status, out, err = run_cli("explain", "--json", "-", stdin=b"\n".join(SAMPLE) + b"\n")
    assert status == 0, err
    reports = [json.loads(line) for line in out.splitlines()]
    assert len(reports) == len(SAMPLE)
    for url, report in zip(SAMPLE, reports):
        assert urlscope.analyze(url) == report, url


def test_analyze_takes_bytes_that_are_not_utf8(run_cli, tmp_path):
    url = b"http://example.com/\xc0\xaf\xff%00"
    (tmp_path / "u").write_bytes(url)
    status, out, _ = run_cli("explain", "--json", "--file", str(tmp_path / "u"))
    assert status == 0
    assert urlscope.analyze(url) == json.loads(out)
    report = urlscope.analyze(url)
    assert report["input_valid_utf8"] is False
    assert bytes.fromhex(report["input_hex"]) == url
    start, end = report["components"][-1]["span"]
    assert url[start:end] == b"\xc0\xaf\xff%00"
    # One U+FFFD for each of C0, AF, FF: no byte is part of another's.
    bytes_ = report["components"][-1]["bytes"]
    assert [b.get("subpart_len") for b in bytes_] == [1, 1, 1, None]
    assert "input_hex" not in urlscope.analyze(b"http://example.com/caf\xc3\xa9")


def test_str_and_bytes_agree():
    url = "http://exämple.com/ä?q=ö"
    assert urlscope.analyze(url) == urlscope.analyze(url.encode())
    assert urlscope.triage(url, "info") == urlscope.triage(url.encode(), "info")


@pytest.mark.parametrize("command", ["clean", "normalize"])
def test_clean_and_normalize_equal_the_commands(run_cli, command):
    status, out, err = run_cli(command, "-", stdin=b"\n".join(SAMPLE) + b"\n")
    assert status == 0, err
    function = getattr(urlscope, command)
    assert [function(url) for url in SAMPLE] == out.splitlines()


def test_defang_and_refang_equal_the_commands(run_cli):
    urls = [
        b"https://login.evil.example/signin?next=a.b",
        b"ftp://files.example.org/x",
        # Not UTF-8, and a control: percent-encoded as the command writes them.
        b"http://caf\xe9.example/\x1b[2J",
    ]
    status, out, err = run_cli("defang", "-", stdin=b"\n".join(urls) + b"\n")
    assert status == 0, err
    defanged = [urlscope.defang(url) for url in urls]
    assert defanged == out.splitlines()
    assert defanged[0] == "hxxps://login[.]evil[.]example/signin?next=a.b"
    assert defanged[2] == "hxxp://caf%E9[.]example/%1B[2J"
    assert [urlscope.refang(d) for d in defanged[:2]] == [u.decode() for u in urls[:2]]
    # Not UTF-8, and a control, given back encoded, as the command writes them.
    status, out, err = run_cli("refang", "-", stdin=b"hxxp://caf\xe9[.]example/\x1b\n")
    assert status == 0, err
    assert urlscope.refang(b"hxxp://caf\xe9[.]example/\x1b") == "http://caf%E9.example/%1B"
    assert out.splitlines() == ["http://caf%E9.example/%1B"]


@pytest.mark.parametrize("dialect", urlscope.ENCODE_DIALECTS)
def test_encode_equals_the_command(run_cli, dialect):
    text = "a b/c?d#e[f]~!'()*é€+&=%"
    status, out, _ = run_cli("encode", "--as", dialect, text)
    assert status == 0
    assert urlscope.encode(text, dialect) == out.rstrip("\n")


@pytest.mark.parametrize("dialect", urlscope.DECODE_DIALECTS)
def test_decode_as_equals_the_command(run_cli, dialect):
    text = "a%20b+c%2Fd%C3%A9"
    status, out, _ = run_cli("decode", "--escape", "--as", dialect, text)
    assert status == 0
    assert urlscope.decode(text, dialect) == out.rstrip("\n")


def test_decode_one_layer_equals_the_command(run_cli):
    for text in ["%252e%252e%252f", "a+b%20c", "%E2%9C%93"]:
        assert urlscope.decode(text) == run_cli("decode", "--escape", text)[1].rstrip("\n")
    assert urlscope.decode("a+b", form=True) == run_cli("decode", "--escape", "--form", "a+b")[1].rstrip("\n")


@pytest.mark.parametrize(
    "call, args",
    [
        (lambda: urlscope.decode("100%"), ["decode", "--escape", "100%"]),
        (lambda: urlscope.decode("%C4r"), ["decode", "--escape", "%C4r"]),
        (lambda: urlscope.decode("%E0%A4%A", "js-component"), ["decode", "--escape", "--as", "js-component", "%E0%A4%A"]),
        (lambda: urlscope.encode(b"\xff", "js-uri"), None),
        (lambda: urlscope.resolve("no-scheme", "x"), ["resolve", "no-scheme", "x"]),
    ],
)
def test_refused_input_raises_the_commands_message(run_cli, call, args):
    with pytest.raises(ValueError) as raised:
        call()
    assert isinstance(raised.value, urlscope.UrlscopeError)
    if args is not None:
        status, _, err = run_cli(*args)
        assert status != 0
        assert err.strip() == f"urlscope: {as_the_command_says(str(raised.value))}"


def as_the_command_says(message: str) -> str:
    """A function's message in the command's words: the keyword argument
    it suggests, as the command's flag."""
    for keyword in ["lenient", "lossy"]:
        message = message.replace(f"(pass {keyword}=True to", f"(use --{keyword} to")
    return message


@pytest.mark.parametrize(
    "call, keyword",
    [(lambda: urlscope.decode("100%"), "lenient"), (lambda: urlscope.decode("%C4r"), "lossy")],
)
def test_a_refusal_names_the_keyword_not_the_commands_flag(call, keyword):
    with pytest.raises(urlscope.DecodeError) as raised:
        call()
    assert f"pass {keyword}=True to" in str(raised.value)
    assert "--" not in str(raised.value)


def test_lenient_and_lossy_pass_what_strict_refuses():
    assert urlscope.decode("100%", lenient=True) == "100%"
    assert urlscope.decode("%C4r", lossy=True) == "\ufffdr"


def test_resolve_equals_the_command(run_cli):
    base = "http://a/b/c/d;p?q"
    for ref in ["g", "../g", "//g", "?y", "#s", "../../../g", "g;x=1/../y"]:
        assert urlscope.resolve(base, ref) == run_cli("resolve", base, ref)[1].rstrip("\n")


def test_a_line_read_with_surrogateescape_is_analysed_as_its_bytes():
    """Python reads a log that is not all UTF-8 with
    errors="surrogateescape"; each line gives back the bytes it was read
    from, as os.fsencode does, not UnicodeEncodeError."""
    raw = b"http://example.com/caf\xe9/\xff"
    line = raw.decode("utf-8", "surrogateescape")
    assert urlscope.analyze(line) == urlscope.analyze(raw)
    assert urlscope.triage(line) == urlscope.triage(raw)
    assert "invalid-utf8" in [w["code"] for w in urlscope.triage(line)]
    assert urlscope.clean(line) == urlscope.clean(raw)
    with pytest.raises(UnicodeEncodeError):
        urlscope.analyze("http://example.com/\ud800")


@pytest.mark.parametrize(
    "call, argument",
    [
        (lambda: urlscope.analyze(None), "url"),
        (lambda: urlscope.clean(3), "url"),
        (lambda: urlscope.encode(None), "text"),
        (lambda: urlscope.resolve("http://a/", None), "reference"),
    ],
)
def test_a_wrong_type_names_the_argument(call, argument):
    with pytest.raises(TypeError, match=f"argument '{argument}': expected str or bytes"):
        call()


def test_unknown_names_are_value_errors():
    with pytest.raises(ValueError, match="unknown severity"):
        urlscope.triage("http://a/", "severe")
    with pytest.raises(ValueError, match="unknown dialect"):
        urlscope.encode("x", "klingon")
    with pytest.raises(TypeError):
        urlscope.analyze(42)
