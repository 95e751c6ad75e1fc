#!/usr/bin/env python3
"""explain never contradicts simulate: for every scenario, every workload's explanation
agrees with the simulated cycles (admitted, preempted, pending with the same message).

usage: explain_consistency.py KUEUEGOV SCENARIO_DIR...

For each scenario (the conformance format: `objects`, `cycles`, `fairSharing`), runs
`simulate -o json` once and `explain NS/NAME -o json` for every Workload with the same
cycles and fair-sharing setting, then checks:
  - admitted by simulate in cycle k  -> explain's simulated.admittedCycle == k and its verdict
    is admittedNextCycle or admittedAfterPreempting;
  - preempted by simulate            -> explain's simulated.preemptedBy names the same
    preemptor and reason;
  - pending at the end of simulate   -> explain says pending with the message verbatim, and
    its verdict is one a waiting workload can have;
  - a broken link of the path whose check runs for every queued workload (R3.2), or that the
    scheduler reached (headCycle set), carries simulate's message verbatim.
Python standard library plus PyYAML (python3-yaml, installed by scripts/setup).
"""
import json
import os
import subprocess
import sys
import tempfile

import yaml

PENDING_VERDICTS = {
    "waitsForQuota", "waitsForPreemptions", "neverFits", "behindStrictFIFOHead", "waitsBehind",
    "blockedOnPath", "clusterQueueInactive", "stopped", "held", "admittedAfterPreempting",
}
QUEUE_BLOCKER_STEPS = {"localQueue", "localQueueActive", "clusterQueue", "clusterQueueActive"}


def run(cmd):
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=60)
    if proc.returncode != 0:
        raise RuntimeError(f"{' '.join(cmd)}: exit {proc.returncode}: {proc.stderr.strip()[-300:]}")
    return json.loads(proc.stdout)


def check_scenario(binary, path):
    with open(path) as f:
        sc = yaml.safe_load(f)
    objects = sc.get("objects") or []
    cycles = str(sc.get("cycles", 1))
    flags = ["--cycles", cycles] + (["--fair-sharing"] if sc.get("fairSharing") else [])
    with tempfile.NamedTemporaryFile("w", suffix=".yaml", delete=False) as tmp:
        yaml.safe_dump_all(objects, tmp, sort_keys=False)
        manifest = tmp.name
    problems, checked = [], 0
    try:
        sim = run([binary, "simulate", "-o", "json", *flags, manifest])
        admitted, preempted, pending = {}, {}, {}
        for i, c in enumerate(sim.get("cycles", []), start=1):
            for a in c.get("admitted", []):
                admitted.setdefault(a["workload"], i)
            for p in c.get("preempted", []):
                preempted.setdefault(p["workload"], (p.get("preemptor"), p.get("reason")))
        for p in (sim.get("cycles") or [{}])[-1].get("pending", []):
            pending[p["workload"]] = p.get("message", "")
        for o in objects:
            if not isinstance(o, dict) or o.get("kind") != "Workload":
                continue
            meta = o.get("metadata") or {}
            key = f"{meta.get('namespace', 'default')}/{meta.get('name')}"
            ex = run([binary, "explain", key, "-f", manifest, "-o", "json", *flags])
            checked += 1
            s, v = ex["simulated"], ex["verdict"]
            where = f"{os.path.basename(path)}: {key}"
            if key in admitted:
                if s.get("admittedCycle") != admitted[key]:
                    problems.append(f"{where}: simulate admits it in cycle {admitted[key]}, explain says {s.get('admittedCycle')}")
                if v["kind"] not in ("admittedNextCycle", "admittedAfterPreempting"):
                    problems.append(f"{where}: simulate admits it, explain's verdict is {v['kind']}")
            if key in preempted:
                by = s.get("preemptedBy") or {}
                if (by.get("workload"), by.get("reason")) != preempted[key]:
                    problems.append(f"{where}: simulate preempts it by {preempted[key]}, explain says {by}")
            if key in pending:
                if not s.get("pending") or s.get("message") != pending[key]:
                    problems.append(f"{where}: simulate leaves it pending with {pending[key]!r}, explain says {s.get('message')!r}")
                if key not in admitted and key not in preempted and v["kind"] not in PENDING_VERDICTS:
                    problems.append(f"{where}: pending in simulate, explain's verdict is {v['kind']}")
                broken = next((l for l in ex["path"] if not l["ok"]), None)
                reached = broken and (broken["step"] in QUEUE_BLOCKER_STEPS or s.get("headCycle") is not None)
                if reached and broken["step"] not in ("queueName", "held") and broken.get("message") != pending[key]:
                    problems.append(f"{where}: explain blames {broken['step']} ({broken.get('message')!r}), "
                                    f"simulate says {pending[key]!r}")
    finally:
        os.unlink(manifest)
    return checked, problems


def main():
    if len(sys.argv) < 3:
        print(__doc__, file=sys.stderr)
        return 2
    binary, dirs = sys.argv[1], sys.argv[2:]
    files = []
    for d in dirs:
        files += sorted(os.path.join(d, f) for f in os.listdir(d) if f.endswith(".yaml"))
    total, problems = 0, []
    for f in files:
        try:
            n, p = check_scenario(binary, f)
        except (RuntimeError, json.JSONDecodeError, subprocess.TimeoutExpired) as e:
            n, p = 0, [f"{os.path.basename(f)}: {e}"]
        total += n
        problems += p
    for p in problems:
        print(p)
    print(f"{len(files)} scenarios, {total} workloads explained, {len(problems)} disagreements")
    return 1 if problems or total == 0 else 0


if __name__ == "__main__":
    sys.exit(main())
