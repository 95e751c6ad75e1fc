#!/usr/bin/env python3
"""Writes the inputs of the `diff --state` benchmark: OUTDIR/diff-state/{base,head}.yaml, two
versions of a 1,000-ClusterQueue policy (100 cohorts x 10 queues), and export.json, a
`kubectl get workloads -A -o json`-shaped List of 50,000 Workloads (50 per queue: 20 holding
quota, 30 pending), as in a busy cluster.

usage: gen_diff_state.py OUTDIR [QUEUES] [WORKLOADS_PER_QUEUE]
The head halves the nominal quota and lendingLimit of every tenth queue (its running work
then borrows and is exposed to reclaim), holds every fiftieth, removes one, and moves a
queue of every twentieth cohort into the next cohort (trees merge and split), so every
part of the report has work to do. Deterministic: the same arguments give the same bytes.
"""
import json
import os
import sys


def cluster_queue(i, head):
    nominal, lending = (8, 4) if head and i % 10 == 3 else (16, 8)
    cohort = i // 10
    if head and cohort % 20 == 0 and i % 10 == 9:
        cohort += 1
    spec = {
        "cohortName": f"cohort-{cohort:03d}",
        "namespaceSelector": {},
        "preemption": {"reclaimWithinCohort": "Any" if i % 2 == 0 else "Never",
                       "withinClusterQueue": "LowerPriority"},
        "resourceGroups": [{"coveredResources": ["cpu", "nvidia.com/gpu"], "flavors": [{
            "name": "h100", "resources": [
                {"name": "cpu", "nominalQuota": 128},
                {"name": "nvidia.com/gpu", "nominalQuota": nominal, "lendingLimit": lending}]}]}],
    }
    if head and i % 50 == 7:
        spec["stopPolicy"] = "Hold"
    return {"apiVersion": "kueue.x-k8s.io/v1beta2", "kind": "ClusterQueue",
            "metadata": {"name": f"cq-{i:04d}"}, "spec": spec}


def policy(queues, head):
    docs = [{"apiVersion": "kueue.x-k8s.io/v1beta2", "kind": "ResourceFlavor", "metadata": {"name": "h100"}}]
    for i in range(queues):
        if not (head and i == queues // 2):  # removed: its LocalQueue is left without a ClusterQueue
            docs.append(cluster_queue(i, head))
        docs.append({"apiVersion": "kueue.x-k8s.io/v1beta2", "kind": "LocalQueue",
                     "metadata": {"name": "training", "namespace": f"ns-{i:04d}"},
                     "spec": {"clusterQueue": f"cq-{i:04d}"}})
    return "".join("---\n" + json.dumps(d) + "\n" for d in docs)


def workload(q, j, n):
    i = q * n + j
    running = j < n * 2 // 5
    gpus = 1 if j % 3 else 2
    wl = {
        "apiVersion": "kueue.x-k8s.io/v1beta2", "kind": "Workload",
        "metadata": {"name": f"job-{i:06d}", "namespace": f"ns-{q:04d}", "uid": f"{i:08x}-0000-4000-8000-000000000000",
                     "creationTimestamp": f"2026-11-20T{(j // 3600) % 24:02d}:{(j // 60) % 60:02d}:{j % 60:02d}Z"},
        "spec": {"queueName": "training", "priority": 100 * (j % 3), "podSets": [{
            "name": "main", "count": 1, "template": {"spec": {"restartPolicy": "Never", "containers": [{
                "name": "main", "image": "registry.example.com/train:1.0",
                "resources": {"requests": {"cpu": "4", "nvidia.com/gpu": str(gpus)}}}]}}}]},
        "status": {},
    }
    if running:
        wl["status"] = {
            "admission": {"clusterQueue": f"cq-{q:04d}", "podSetAssignments": [{
                "name": "main", "count": 1, "flavors": {"cpu": "h100", "nvidia.com/gpu": "h100"},
                "resourceUsage": {"cpu": "4", "nvidia.com/gpu": str(gpus)}}]},
            "conditions": [
                {"type": "QuotaReserved", "status": "True", "reason": "QuotaReserved",
                 "message": f"Quota reserved in ClusterQueue cq-{q:04d}", "lastTransitionTime": "2026-11-20T08:00:01Z"},
                {"type": "Admitted", "status": "True", "reason": "Admitted", "message": "The workload is admitted",
                 "lastTransitionTime": "2026-11-20T08:00:01Z"}]}
    return wl


def main():
    out = os.path.join(sys.argv[1], "diff-state")
    queues = int(sys.argv[2]) if len(sys.argv) > 2 else 1000
    per_queue = int(sys.argv[3]) if len(sys.argv) > 3 else 50
    os.makedirs(out, exist_ok=True)
    for name, head in (("base.yaml", False), ("head.yaml", True)):
        with open(os.path.join(out, name), "w") as f:
            f.write(policy(queues, head))
    with open(os.path.join(out, "export.json"), "w") as f:
        f.write('{"apiVersion": "v1", "kind": "List", "items": [\n')
        f.write(",\n".join(json.dumps(workload(q, j, per_queue)) for q in range(queues) for j in range(per_queue)))
        f.write("\n]}\n")


if __name__ == "__main__":
    main()
