#!/usr/bin/env bash
# Record Java 17's URLDecoder.decode(s, UTF_8) on the inputs of inputs.py
# into tests/data/java17/urldecoder.jsonl (the hand-picked cases and every
# 50th generated one), and all 20,000 generated cases into
# /tmp/java17-generated.jsonl for a longer check:
#   URLSCOPE_JAVA_CASES=/tmp/java17-generated.jsonl cargo test --test java_urldecoder
# Needs a JDK 17 (javac, java). Cases whose JSON would hold a lone
# surrogate (an error message that cuts a surrogate pair) are left out:
# serde_json cannot read them.
set -euo pipefail
cd "$(dirname "$0")"
work="$(mktemp -d)"
javac --release 17 -d "$work" Record.java
java -version 2>&1 | head -1 >&2
keep_readable() { python3 -c '
import json, sys
for line in sys.stdin:
    try:
        for v in json.loads(line).values():
            v.encode("utf-8")
    except UnicodeEncodeError:
        continue
    sys.stdout.write(line)'; }
python3 inputs.py generated | java -cp "$work" Record | keep_readable > /tmp/java17-generated.jsonl
{
  python3 inputs.py hand | java -cp "$work" Record | keep_readable
  awk 'NR % 50 == 1' /tmp/java17-generated.jsonl
} > ../../tests/data/java17/urldecoder.jsonl
wc -l ../../tests/data/java17/urldecoder.jsonl /tmp/java17-generated.jsonl >&2
