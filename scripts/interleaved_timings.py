#!/usr/bin/env python3
"""Whole-process wall times of several commands, taking turns.

hyperfine runs all the passes of one command, then the next: on a shared
machine a burst of load from elsewhere can then land on one command's
passes only. Here the commands take turns, one run each per round, so a
burst slows a round of every command; the medians, and the median of
each round's ratio to the first command, are printed.

    scripts/interleaved_timings.py ROUNDS CMD [CMD ...]

Each CMD is one shell-split string; its output goes to /dev/null.
"""
import shlex
import statistics
import subprocess
import sys
import time


def main() -> None:
    rounds = int(sys.argv[1])
    commands = [shlex.split(c) for c in sys.argv[2:]]
    times = [[] for _ in commands]
    for c in commands:  # warm-up: the page cache, the binaries
        subprocess.run(c, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    for _ in range(rounds):
        for c, t in zip(commands, times):
            start = time.perf_counter()
            subprocess.run(c, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            t.append(time.perf_counter() - start)
    first = times[0]
    for c, t in zip(sys.argv[2:], times):
        ratios = [b / a for a, b in zip(first, t)]
        print(
            f"{statistics.median(t) * 1e3:8.1f} ms median"
            f"  {min(t) * 1e3:8.1f} ms best"
            f"  {statistics.median(ratios):5.2f}x the first (median of rounds)"
            f"  {c}"
        )


if __name__ == "__main__":
    main()
