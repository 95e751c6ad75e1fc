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
    scheduler reached (headCycle set), carries simulate's message verbatim;
  - TAS: pending with a topology message -> explain's `topology` holds the failed placement
    whose failure is that message, and its requested level has no domain with room; admitted
    with a topology assignment and no preemption -> explain's placement on the current usage
    fits, on the same level values simulate assigned.
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


def check_topology_pending(where, ex, message):
    """A pending message from TAS placement must be the failure explain's topology shows."""
    if 'topology "' not in message or ex["simulated"].get("headCycle") is None:
        return []
    failed = [t for t in ex.get("topology", []) if not t["fits"] and t["failure"] and t["failure"] in message]
    if not failed:
        return [f"{where}: simulate says {message!r}, explain's topology shows no such failed placement"]
    out = []
    for t in failed:
        levels = t.get("levels") or []
        if t["kind"] == "required" and levels and levels[-1]["fits"] and "allows to fit" in t["failure"]:
            out.append(f"{where}: explain says a {t['level']} domain has room, simulate says {t['failure']!r}")
    return out


def check_topology_admitted(where, ex, assigned):
    """An admission with a topology assignment comes from a placement explain shows fitting."""
    out = []
    for pod_set, ta in assigned.items():
        recs = [t for t in ex.get("topology", []) if t["podSet"] == pod_set and not t["emptyCluster"]]
        if ex["simulated"].get("headCycle") is not None and recs and not any(t["fits"] for t in recs):
            out.append(f"{where}: simulate places pod set {pod_set} on {ta}, explain's placement does not fit")
    return out


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
        admitted, preempted, pending, topologies = {}, {}, {}, {}
        for i, c in enumerate(sim.get("cycles", []), start=1):
            for a in c.get("admitted", []):
                admitted.setdefault(a["workload"], i)
                topologies.setdefault(a["workload"], a.get("topology"))
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
                problems += check_topology_pending(where, ex, pending[key])
            if key in admitted and not s.get("preempting"):
                problems += check_topology_admitted(where, ex, topologies.get(key) or {})
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
