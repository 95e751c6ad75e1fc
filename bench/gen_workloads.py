#!/usr/bin/env python3
"""Writes a `kubectl get workloads -A -o yaml`-shaped export of N Workloads (default
20,000, about 16 MB as YAML) and the same as JSON, for the loader benchmark.

usage: gen_workloads.py OUTDIR [N]
About a third of the workloads hold quota (status.admission, QuotaReserved and
Admitted conditions), the rest are pending with Kueue's message, as in a busy cluster.
Deterministic: the same N gives the same bytes.
"""
import json
import os
import sys


def workload(i):
    ns = f"team-{i % 40:02d}"
    name = f"job-train-{i:06d}-{(i * 2654435761) % 0xfffff:05x}"
    admitted = i % 3 == 0
    gpus = 1 + i % 4
    wl = {
        "apiVersion": "kueue.x-k8s.io/v1beta2",
        "kind": "Workload",
        "metadata": {
            "creationTimestamp": f"2026-11-20T{(i // 3600) % 24:02d}:{(i // 60) % 60:02d}:{i % 60:02d}Z",
            "name": name,
            "namespace": ns,
            "ownerReferences": [{"apiVersion": "batch/v1", "kind": "Job", "name": name[4:-6]}],
            "resourceVersion": str(1000000 + i),
            "uid": f"{i:08x}-1111-4000-8000-000000000000",
        },
        "spec": {
            "active": True,
            "podSets": [{
                "count": 2,
                "name": "main",
                "template": {"spec": {
                    "containers": [{
                        "image": "registry.example.com/train:1.0",
                        "name": "train",
                        "resources": {"requests": {"cpu": "8", "memory": "64Gi"},
                                      "limits": {"nvidia.com/gpu": str(gpus)}},
                    }],
                    "restartPolicy": "Never",
                }},
            }],
            "priority": 100,
            "priorityClassRef": {"group": "kueue.x-k8s.io", "kind": "WorkloadPriorityClass", "name": "batch"},
            "queueName": "training",
        },
        "status": {},
    }
    if admitted:
        wl["status"] = {
            "admission": {"clusterQueue": f"cq-{i % 40:02d}", "podSetAssignments": [{
                "count": 2, "name": "main",
                "flavors": {"cpu": "h100", "memory": "h100", "nvidia.com/gpu": "h100"},
                "resourceUsage": {"cpu": "16", "memory": "128Gi", "nvidia.com/gpu": str(2 * gpus)}}]},
            "conditions": [
                {"lastTransitionTime": "2026-11-20T08:00:01Z", "message": f"Quota reserved in ClusterQueue cq-{i % 40:02d}",
                 "reason": "QuotaReserved", "status": "True", "type": "QuotaReserved"},
                {"lastTransitionTime": "2026-11-20T08:00:01Z", "message": "The workload is admitted",
                 "reason": "Admitted", "status": "True", "type": "Admitted"}],
        }
    else:
        wl["status"] = {"conditions": [
            {"lastTransitionTime": "2026-11-20T08:00:01Z",
             "message": f"couldn't assign flavors to pod set main: insufficient unused quota for nvidia.com/gpu in flavor h100, {2 * gpus} more needed",
             "reason": "Pending", "status": "False", "type": "QuotaReserved"}]}
    return wl


def yaml_scalar(v):
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return str(v)
    s = str(v)
    if s == "" or s[0] in "0123456789-{[*&!|>'\"%@`#," or ": " in s or s in ("true", "false", "null"):
        return json.dumps(s)
    return s


def emit(out, v, indent):
    pad = " " * indent
    if isinstance(v, dict):
        for k, x in v.items():
            if isinstance(x, (dict, list)) and x:
                out.append(f"{pad}{k}:\n")
                emit(out, x, indent + 2 if isinstance(x, dict) else indent)
            elif isinstance(x, (dict, list)):
                out.append(f"{pad}{k}: {'{}' if isinstance(x, dict) else '[]'}\n")
            else:
                out.append(f"{pad}{k}: {yaml_scalar(x)}\n")
    else:
        for x in v:
            if isinstance(x, dict):
                first = True
                for k, y in x.items():
                    lead = f"{pad}- " if first else f"{pad}  "
                    first = False
                    if isinstance(y, (dict, list)) and y:
                        out.append(f"{lead}{k}:\n")
                        emit(out, y, indent + 4 if isinstance(y, dict) else indent + 2)
                    else:
                        out.append(f"{lead}{k}: {yaml_scalar(y) if not isinstance(y, (dict, list)) else ('{}' if isinstance(y, dict) else '[]')}\n")
            else:
                out.append(f"{pad}- {yaml_scalar(x)}\n")


def main():
    outdir = sys.argv[1]
    n = int(sys.argv[2]) if len(sys.argv) > 2 else 20000
    os.makedirs(outdir, exist_ok=True)
    items = [workload(i) for i in range(n)]
    doc = {"apiVersion": "v1", "items": items, "kind": "List", "metadata": {"resourceVersion": ""}}
    with open(os.path.join(outdir, f"workloads-{n}.json"), "w") as f:
        json.dump(doc, f, indent=4)
    out = ["apiVersion: v1\nitems:\n"]
    emit(out, items, 0)
    out.append("kind: List\nmetadata:\n  resourceVersion: \"\"\n")
    with open(os.path.join(outdir, f"workloads-{n}.yaml"), "w") as f:
        f.write("".join(out))


if __name__ == "__main__":
    main()
