#!/usr/bin/env python3
"""A Combined Log Format access log made from a URL list, for timing
`urlscope scan` on access logs (see BENCHMARKS.md).

    scripts/combined_log.py tests/data/corpus/kasztp.txt > /tmp/access.log

Each URL's path and query become a request's target; its Referer is the
URL before it in the list (every other line `-`, as direct visits log);
its User-Agent one of a few real browsers' and tools'. Deterministic.
"""
import sys
from urllib.parse import urlsplit

AGENTS = [
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36",
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Safari/605.1.15",
    "Mozilla/5.0 (X11; Linux x86_64; rv:121.0) Gecko/20100101 Firefox/121.0",
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1",
    "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
    "curl/8.5.0",
    "python-requests/2.31.0",
]


def main() -> None:
    previous = "-"
    with open(sys.argv[1], encoding="utf-8", errors="surrogateescape") as f:
        for n, line in enumerate(f):
            url = line.strip().lstrip("\ufeff")
            if not url:
                continue
            try:
                parts = urlsplit(url)
            except ValueError:
                continue
            target = (parts.path or "/") + ("?" + parts.query if parts.query else "")
            target = target.replace('"', "%22").replace(" ", "%20")
            referer = previous if n % 2 else "-"
            agent = AGENTS[n % len(AGENTS)]
            second = n % 60
            sys.stdout.write(
                f'203.0.113.{n % 250} - - [10/Oct/2026:13:{second // 10:02d}:{second:02d} +0000] '
                f'"GET {target} HTTP/1.1" 200 {n % 5000} "{referer}" "{agent}"\n'
            )
            previous = url.replace('"', "%22")


if __name__ == "__main__":
    sys.stdout.reconfigure(errors="surrogateescape")
    main()
