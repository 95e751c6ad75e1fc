#!/usr/bin/env python3
"""check-layering fails on a tree that crosses the direction or a door, and passes a clean one.
usage: check_layering_test.py PATH/TO/check-layering"""
import os
import subprocess
import sys
import tempfile


def tree(files):
    root = tempfile.mkdtemp()
    for path, text in files.items():
        os.makedirs(os.path.dirname(os.path.join(root, path)), exist_ok=True)
        with open(os.path.join(root, path), "w") as f:
            f.write(text)
    return root


def run(script, root):
    return subprocess.run([sys.executable, script, root], capture_output=True, text=True)


def main():
    script = sys.argv[1]
    clean = tree({"model/a.h": "#pragma once\n", "sim/b.cpp": '#include "model/a.h"\n',
                  "report/r.cpp": '#include "sim/b.h"\n#include <mstch/mstch.hpp>\n'})
    bad = tree({"model/a.h": '#include "sim/b.h"\n', "lint/l.cpp": '#include "audit/x.h"\n',
                "audit/s.cpp": "#include <sqlite3.h>\n", "sim/c.cpp": "  #  include <CLI/CLI.hpp>\n",
                "rbac/e.cpp": '#include "sim/b.h"\n'})
    ok = run(script, clean)
    ko = run(script, bad)
    failures = []
    if ok.returncode != 0:
        failures.append("clean tree rejected:\n" + ok.stdout)
    if ko.returncode != 1:
        failures.append("bad tree accepted:\n" + ko.stdout)
    for needle in ("model/a.h:1: model/ may not include sim/b.h", "lint/l.cpp:1: lint/ may not include audit/x.h",
                   "audit/s.cpp:1: sqlite3.h is included only under audit/store/sqlite.cpp", "sim/c.cpp:1: CLI/CLI.hpp",
                   "rbac/e.cpp:1: rbac/ may not include sim/b.h"):
        if needle not in ko.stdout:
            failures.append(f"missing: {needle}\n{ko.stdout}")
    print("\n".join(failures) or "ok")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
