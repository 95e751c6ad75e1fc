#!/usr/bin/env python3
"""Runs a command REPS times and prints the median wall seconds, the median CPU seconds
(user + system) and the largest peak RSS in KB, each run's stdout discarded.

    bench/cpu_median.py REPS CMD [ARGS...]   ->   "WALL CPU RSS_KB RC"

/usr/bin/time prints CPU time to 10 ms: on a 50 ms run that is a 20% error, enough to move
a fitted scaling exponent by 0.1. getrusage gives microseconds, and the median of a few runs
takes out a single run disturbed by the machine (scripts/bench's scaling lines use it)."""
import resource
import subprocess
import sys
import time


def main():
    reps, cmd = int(sys.argv[1]), sys.argv[2:]
    walls, cpus, rss, rc = [], [], 0, 0
    for _ in range(reps):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.monotonic()
        rc = subprocess.run(cmd, stdout=subprocess.DEVNULL, check=False).returncode or rc
        walls.append(time.monotonic() - start)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpus.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
        rss = max(rss, after.ru_maxrss)  # the largest child so far: these runs' own peak
    walls.sort()
    cpus.sort()
    print(f"{walls[reps // 2]:.3f} {cpus[reps // 2]:.3f} {rss} {rc}")


if __name__ == "__main__":
    main()
