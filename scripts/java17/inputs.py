#!/usr/bin/env python3
"""The inputs recorded from Java 17's URLDecoder, hex-encoded UTF-8, one a line.

`inputs.py hand` prints the hand-picked cases (signs, Unicode digits,
fullwidth letters, every kind of ill-formed UTF-8, each error);
`inputs.py generated` prints 20,000 random strings of the same pieces
(seeded, so a rerun prints the same).
"""
import random
import sys

HAND = [
    "a+b%20c", "%+1", "%-1", "%-0", "%+F", "%-F", "%++", "%+", "%G1", "%1G", "a%G1", "%*1", "% 1",
    "%é1", "%1é", "%٢e%٢e%٢f", "%٢E", "%Ａ1", "%ａｆ", "%ｇ1", "%０f", "%०a", "100%", "%", "%%", "%4",
    "%41", "%4%41", "%41%", "%ED%A0%80", "%ED%BF%BF", "%ED%9F%BF", "%E0%80%AF", "%E0%A0%80", "%C0%AF",
    "%C1%BF", "%C2%80", "%F0%90%80%80", "%F0%80%80%AF", "%F4%90%80%80", "%F5%80%80%80",
    "%F8%88%80%80%80", "%FF", "%80", "%C3", "%C3%A9", "%C3x%A9", "%E2%82", "%E2%82%AC", "%E2%82x",
    "%F0%9F%98", "%F0%9F%98x", "%F0%9Fx", "%F0%9F", "caf%C3%A9", "%00", "%0a%0D", "%c3%a9", "+%2B+",
    "a%2", "%2", "😀%41", "%😀", "%e2%80%ae", "%EF%BB%BF", "%ED%A0%80%ED%B0%80", "%E0%9F%BF",
    "%F4%8F%BF%BF", "%F0%8F%BF%BF", "%C3%A9%", "x%+a%-b", "%+-", "%-+", "%--1", "%\u0661\u0660",
    "%\u0967f", "%\uff10\uff10",
]

PIECES = [
    "%", "%", "%", "0", "1", "2", "7", "8", "9", "A", "a", "B", "C", "c", "D", "E", "e", "F", "f",
    "G", "+", "-", " ", "x", "\u0662", "\u0663", "\u0669", "\u06f5", "\u0966", "\uff21", "\uff45",
    "\uff10", "\uff47", "\U0001d7ce", "😀", "é", "%C3%A9", "%ED%A0%80", "%E0%80%AF", "%F0%90%80",
    "%C0%AF", "%F4%90%80%80", "%80", "%BF", "%C2", "%E2%82", "%F0%9F%98", "%FE", "%ED", "%A0",
    "%E0", "%F0", "%F4", "%8F", "%90",
]


def generated():
    rng = random.Random(17)
    seen = set()
    while len(seen) < 20000:
        seen.add("".join(rng.choice(PIECES) for _ in range(rng.randint(1, 7))))
    return sorted(seen)


cases = HAND if sys.argv[1:] == ["hand"] else generated()
for case in cases:
    print(case.encode().hex())
