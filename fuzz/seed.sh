#!/usr/bin/env bash
# Seed the fuzz corpora from tests/data: real URLs, traversal payloads,
# the WHATWG test inputs and the lines of the UTF-8 stress test.
set -euo pipefail
cd "$(dirname "$0")"
data=../tests/data
for target in analyze clean encode_decode utf8 tui nested refang html wrappers find; do
  mkdir -p "corpus/$target"
done
python3 - "$data" <<'PY'
import hashlib, json, os, sys
data = sys.argv[1]
seeds = []
with open(f"{data}/corpus/kasztp.txt", "rb") as f:
    seeds += f.read().split(b"\n")[::40]
for name in ["dotdotpwn.txt", "JHADDIX_LFI.txt", "directory_traversal.txt", "traversals-8-deep-exotic-encoding.txt"]:
    with open(f"{data}/traversal/{name}", "rb") as f:
        seeds += f.read().split(b"\n")[::20]
for case in json.load(open(f"{data}/wpt-url/urltestdata.json", encoding="utf-8")):
    if isinstance(case, dict):
        seeds.append(case["input"].encode("utf-8", "surrogatepass"))
with open(f"{data}/utf8/UTF-8-test.txt", "rb") as f:
    utf8 = f.read().split(b"\n")
for target in ["analyze", "clean", "encode_decode", "utf8", "tui", "html"]:
    chosen = utf8 if target == "utf8" else (seeds[::16] if target in ("tui", "html") else seeds)
    for s in chosen:
        if not s:
            continue
        if target == "tui":
            s = bytes([min(len(s), 255)]) + s + b"\x00\x01\x03\x41\x00\x0a\x06\x05"
        h = hashlib.sha1(s).hexdigest()
        with open(f"corpus/{target}/{h}", "wb") as out:
            out.write(s)
# The nested target: dev.tsv's payloads (their carried part, after the
# first '='), each behind a plan byte that picks its carriers.
with open(f"{data}/suspicious/dev.tsv", "rb") as f:
    for i, line in enumerate(f.read().split(b"\n")[1:]):
        fields = line.split(b"\t")
        if len(fields) < 2:
            continue
        url = fields[1]
        payload = url.split(b"=", 1)[1] if b"=" in url else url
        s = bytes([i % 256]) + payload
        with open(f"corpus/nested/{hashlib.sha1(s).hexdigest()}", "wb") as out:
            out.write(s)
# The refang target: the phishing development set's URLs, each written
# defanged the common ways.
with open(f"{data}/phishing/dev.txt", "rb") as f:
    for i, url in enumerate(f.read().split(b"\n")[::10]):
        if not url:
            continue
        dot = [b"[.]", b"(.)", b" [.] ", b"[dot]"][i % 4]
        scheme, sep, rest = url.partition(b"://")
        host, slash, tail = rest.partition(b"/")
        s = scheme.replace(b"http", b"hxxp") + (b"[://]" if i % 5 == 0 else sep) + host.replace(b".", dot) + slash + tail
        with open(f"corpus/refang/{hashlib.sha1(s).hexdigest()}", "wb") as out:
            out.write(s)
# The find target: URLs in the prose, logs and reports they arrive in,
# some defanged or written without a scheme.
frames = [b"Click here: %s to verify.", b"see <%s>", b"(%s).", b"[link](%s) and %s,",
          b"1286536309.450 254 10.0.0.1 TCP_MISS/200 1234 GET %s - DIRECT/93.184.216.34 text/html",
          b"\"%s\",\"2024-10-10\"", b"\xe9\xff%s\xfe", b"IOC: %s; also %s!"]
for i, url in enumerate(seeds[::8]):
    if not url:
        continue
    if i % 3 == 1:
        url = url.replace(b"http", b"hxxp", 1).replace(b".", b"[.]", 2)
    elif i % 3 == 2 and b"://" in url:
        url = url.split(b"://", 1)[1].replace(b".", b" [.] ", 1)
    frame = frames[i % len(frames)]
    s = frame.replace(b"%s", url)
    with open(f"corpus/find/{hashlib.sha1(s).hexdigest()}", "wb") as out:
        out.write(s)
print("seeded", len(seeds), "URLs and", len(utf8), "UTF-8 lines")
PY
