"""Fixtures: the vendored corpora, read as `urlscope scan` reads lines, and
what `urlscope scan --json` reports for them (the binary is built with
cargo, or named by URLSCOPE_BIN)."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
DATA = ROOT / "tests" / "data"

#: The corpora the engines must agree with `scan` on.
CORPORA = [
    "corpus/kasztp.txt",
    "traversal/directory_traversal.txt",
    "traversal/deep_traversal.txt",
    "traversal/traversals-8-deep-exotic-encoding.txt",
    "traversal/JHADDIX_LFI.txt",
    "traversal/dotdotpwn.txt",
    "suspicious/dev.tsv",
]


def corpus_lines(name: str) -> list[bytes]:
    """The URLs of a corpus as `scan --format lines` reads them: a first
    byte-order mark and each line's CR dropped, blank lines skipped (for
    dev.tsv, the `url` column of each row after the header)."""
    text = (DATA / name).read_bytes()
    text = text.removeprefix(b"\xef\xbb\xbf")
    lines = [line.removesuffix(b"\r") for line in text.split(b"\n")]
    if name.endswith(".tsv"):
        lines = [line.split(b"\t")[1] for line in lines[1:] if line]
    return [line for line in lines if line.strip()]


@pytest.fixture(scope="session")
def urlscope_bin() -> Path:
    """The `urlscope` binary of this checkout."""
    named = os.environ.get("URLSCOPE_BIN")
    if named:
        return Path(named)
    subprocess.run(
        ["cargo", "build", "--quiet", "--bin", "urlscope"], cwd=ROOT, check=True
    )
    target = Path(os.environ.get("CARGO_TARGET_DIR", ROOT / "target"))
    return target / "debug" / "urlscope"


@pytest.fixture(scope="session")
def run_cli(urlscope_bin):
    """Run the binary; returns (status, stdout, stderr) as text."""

    def run(*args: str | bytes, stdin: bytes | None = None):
        done = subprocess.run(
            [urlscope_bin, *args], input=stdin, capture_output=True, check=False
        )
        return done.returncode, done.stdout.decode(), done.stderr.decode()

    return run


class Corpus:
    """A corpus's URLs and, per URL, the warnings `scan --json` reported
    (an empty list for a URL it did not print)."""

    def __init__(self, name: str, urls: list[bytes], warnings: list[list[dict]]):
        self.name = name
        self.urls = urls
        self.warnings = warnings

    def expected_rows(self) -> list[dict]:
        """What each row of urlscope.arrow.triage must say of the warnings."""
        rows = []
        for warnings in self.warnings:
            codes: list[str] = []
            for w in warnings:
                if w["code"] not in codes:
                    codes.append(w["code"])
            order = ["info", "low", "medium", "high"]
            worst = max((w["severity"] for w in warnings), key=order.index, default=None)
            rows.append({"flagged": bool(warnings), "severity": worst, "codes": codes})
        return rows


def scan(urlscope_bin: Path, urls: list[bytes], tmp: Path, min_severity: str) -> list[list[dict]]:
    """`scan --json` of the URLs, one per line, as a list per URL."""
    listing = tmp / "urls.txt"
    listing.write_bytes(b"\n".join(urls) + b"\n")
    done = subprocess.run(
        [urlscope_bin, "scan", "--json", "--format", "lines",
         "--min-severity", min_severity, listing],
        capture_output=True,
        check=False,
    )
    assert done.returncode in (0, 1), done.stderr.decode()
    warnings: list[list[dict]] = [[] for _ in urls]
    for line in done.stdout.decode().splitlines():
        record = json.loads(line)
        warnings[record["line"] - 1] = record["warnings"]
    return warnings


@pytest.fixture(scope="session")
def corpora(urlscope_bin, tmp_path_factory) -> dict[str, Corpus]:
    """Every corpus with what `scan --json` (at medium, its default) reports."""
    out = {}
    for name in CORPORA:
        urls = corpus_lines(name)
        tmp = tmp_path_factory.mktemp("scan")
        out[name] = Corpus(name, urls, scan(urlscope_bin, urls, tmp, "medium"))
    return out


@pytest.fixture(scope="session")
def scan_at(urlscope_bin, tmp_path_factory):
    """`scan --json --min-severity S` of some URLs."""

    def at(urls: list[bytes], min_severity: str) -> list[list[dict]]:
        return scan(urlscope_bin, urls, tmp_path_factory.mktemp("scan"), min_severity)

    return at


@pytest.fixture(scope="session")
def all_urls(corpora) -> list[bytes]:
    """Every URL of every corpus, in order."""
    return [url for c in corpora.values() for url in c.urls]


@pytest.fixture(scope="session")
def all_expected(corpora) -> list[dict]:
    """What scan says of each of `all_urls`."""
    return [row for c in corpora.values() for row in c.expected_rows()]


def warnings_part(row: dict | None) -> dict | None:
    """The part of an urlscope.arrow row that `scan` decides."""
    if row is None:
        return None
    return {"flagged": row["flagged"], "severity": row["severity"], "codes": list(row["codes"])}
