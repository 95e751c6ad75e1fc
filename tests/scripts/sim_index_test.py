#!/usr/bin/env python3
"""sim/README.md is the index from a Kueue rule to the one file that implements it: every file
it names exists, and every source file of sim/ is named in it.
usage: sim_index_test.py SOURCE_DIR"""
import os
import re
import sys


def main():
    root = sys.argv[1]
    sim = os.path.join(root, "sim")
    text = open(os.path.join(sim, "README.md"), encoding="utf-8").read()
    named = set(re.findall(r"`([\w/]+\.(?:cpp|h))`", text)) | set(re.findall(r"`(\w+/)`", text))
    problems = []
    for n in sorted(named):
        if not n.startswith("model/") and not os.path.exists(os.path.join(sim, n)):
            problems.append(f"sim/README.md names {n}, which does not exist")
    for dirpath, _, files in os.walk(sim):
        for f in files:
            if not f.endswith(".cpp"):
                continue
            rel = os.path.relpath(os.path.join(dirpath, f), sim)
            folder = rel.split("/")[0] + "/" if "/" in rel else None
            if rel not in named and folder not in named:
                problems.append(f"sim/{rel} is not in sim/README.md's index")
    print("\n".join(problems) or f"{len(named)} entries, all present")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
