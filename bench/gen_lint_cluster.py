#!/usr/bin/env python3
"""Writes a GitOps-shaped queue configuration of N objects (default 10,000) for the
lint benchmark: ResourceFlavors, a two-level Cohort tree, ClusterQueues, Namespaces,
LocalQueues, WorkloadPriorityClasses, Nodes, Jobs and Workloads, spread over several
files as a repository would hold them, plus a policy with trust domains so the
cross-domain rules do real work.

usage: gen_lint_cluster.py OUTDIR [N]
The mix (per 10,000): 8 flavors, 4 WorkloadPriorityClasses, 24 Cohorts, 240
ClusterQueues, 120 Namespaces, 480 LocalQueues, 600 Nodes, 4,262 Jobs, 4,262
Workloads. A few objects break rules (missing queue, Job without queue-name, StrictFIFO
head too big) so findings are rendered too. Deterministic: the same N gives the same bytes.
"""
import os
import sys

FLAVORS = [("h100", "nvidia.com/gpu", "NVIDIA-H100-80GB-HBM3"), ("a100", "nvidia.com/gpu", "NVIDIA-A100-SXM4-80GB"),
           ("l4", "nvidia.com/gpu", "NVIDIA-L4"), ("mi300", "amd.com/gpu", "AMD-MI300X"),
           ("tpu-v5e", "google.com/tpu", "tpu-v5-lite-podslice"), ("cpu-spot", None, "spot"),
           ("cpu-ondemand", None, "on-demand"), ("cpu-arm", None, "arm64")]


def counts(n):
    scale = n / 10000
    fixed = {"flavors": len(FLAVORS), "wpcs": 4}
    c = {"cohorts": max(2, round(24 * scale)), "cqs": max(4, round(240 * scale)),
         "namespaces": max(4, round(120 * scale)), "lqs": max(4, round(480 * scale)),
         "nodes": max(8, round(600 * scale))}
    rest = n - fixed["flavors"] - fixed["wpcs"] - sum(c.values())
    c["jobs"] = rest // 2
    c["workloads"] = rest - c["jobs"]
    c.update(fixed)
    return c


def flavors():
    out = []
    for name, res, product in FLAVORS:
        key = "nvidia.com/gpu.product" if res == "nvidia.com/gpu" else "cloud.example.com/pool"
        out.append(f"""apiVersion: kueue.x-k8s.io/v1beta2
kind: ResourceFlavor
metadata:
  name: {name}
spec:
  nodeLabels:
    {key}: {product}
""")
    return out


def priority_classes():
    return [f"""apiVersion: kueue.x-k8s.io/v1beta2
kind: WorkloadPriorityClass
metadata:
  name: {name}
value: {value}
description: "{name} work"
""" for name, value in (("low", 100), ("medium", 1000), ("high", 10000), ("critical", 100000))]


def cohorts(c):
    out = []
    roots = max(1, c["cohorts"] // 6)
    for i in range(c["cohorts"]):
        # a leaf department holds one tenant (its index mod 6); tenants 0+1 and 2+3 (allowed
        # to share by the policy) share a root, 4 and 5 have their own
        parent = "" if i < roots else f"\n  parentName: org-{(0, 0, 1, 1, 2, 3)[(i - roots) % 6] % roots:02d}"
        name = f"org-{i:02d}" if i < roots else f"dept-{i:03d}"
        out.append(f"""apiVersion: kueue.x-k8s.io/v1beta2
kind: Cohort
metadata:
  name: {name}
spec:{parent or " {}"}
""")
    return out, roots


def cluster_queue(i, c, roots):
    gpu_name, gpu_res, _ = FLAVORS[i % 5]
    leaves = max(1, c["cohorts"] - roots)
    leaf = roots + ((i % 6) + 6 * ((i // 6) % max(1, leaves // 6))) % leaves
    if i == 4:
        leaf += 1  # the one mistake: a tenant-4 queue in a tenant-5 department (KQ3001)
    cohort = f"dept-{leaf:03d}" if c["cohorts"] > roots else "org-00"
    strategy = "StrictFIFO" if i % 17 == 0 else "BestEffortFIFO"
    return f"""apiVersion: kueue.x-k8s.io/v1beta2
kind: ClusterQueue
metadata:
  name: cq-{i:04d}
spec:
  cohortName: {cohort}
  queueingStrategy: {strategy}
  namespaceSelector:
    matchLabels:
      tenant: tenant-{i % 6}
  preemption:
    reclaimWithinCohort: Any
    withinClusterQueue: LowerPriority
  fairSharing:
    weight: "{1 + i % 3}"
  resourceGroups:
  - coveredResources: ["cpu", "memory"]
    flavors:
    - name: cpu-ondemand
      resources:
      - {{name: cpu, nominalQuota: "{64 + i % 64}", borrowingLimit: "32"}}
      - {{name: memory, nominalQuota: "{256 + i % 256}Gi", lendingLimit: "64Gi"}}
    - name: cpu-spot
      resources:
      - {{name: cpu, nominalQuota: "32"}}
      - {{name: memory, nominalQuota: "128Gi"}}
  - coveredResources: ["{gpu_res}"]
    flavors:
    - name: {gpu_name}
      resources:
      - {{name: "{gpu_res}", nominalQuota: "{8 * (1 + i % 4)}", lendingLimit: "4"}}
"""


def namespace(i):
    return f"""apiVersion: v1
kind: Namespace
metadata:
  name: team-{i:03d}
  labels:
    tenant: tenant-{i % 6}
"""


def lq_cluster_queue(i, c):
    # the queue's CQ selects namespaces of the same tenant label value
    ns = i % c["namespaces"]
    cq = (ns % 6) + 6 * ((i // c["namespaces"]) % max(1, c["cqs"] // 6))
    return cq if cq < c["cqs"] else ns % 6


def local_queue(i, c):
    ns = i % c["namespaces"]
    cq = lq_cluster_queue(i, c)
    return f"""apiVersion: kueue.x-k8s.io/v1beta2
kind: LocalQueue
metadata:
  name: lq-{i:04d}
  namespace: team-{ns:03d}
spec:
  clusterQueue: cq-{cq:04d}
"""


def node(i):
    name, res, product = FLAVORS[i % len(FLAVORS)]
    key = "nvidia.com/gpu.product" if res == "nvidia.com/gpu" else "cloud.example.com/pool"
    acc = f"\n    {res}: \"8\"" if res else ""
    return f"""apiVersion: v1
kind: Node
metadata:
  name: node-{name}-{i:04d}
  labels:
    {key}: {product}
    kubernetes.io/arch: amd64
status:
  capacity:
    cpu: "96"
    memory: 1536Gi{acc}
  allocatable:
    cpu: "94"
    memory: 1500Gi{acc}
"""


def job(i, c):
    ns = i % c["namespaces"]
    lq = ns + c["namespaces"] * (i % max(1, c["lqs"] // c["namespaces"]))
    label = "" if i % 97 == 0 else f"\n    kueue.x-k8s.io/queue-name: lq-{lq:04d}"
    gpu = FLAVORS[lq_cluster_queue(lq, c) % 5][1]
    big = 4096 if i % 1013 == 0 else 1 + i % 8
    return f"""apiVersion: batch/v1
kind: Job
metadata:
  name: train-{i:05d}
  namespace: team-{ns:03d}
  labels:{label}
    kueue.x-k8s.io/priority-class: {("low", "medium", "high")[i % 3]}
spec:
  parallelism: 2
  completions: 2
  suspend: true
  template:
    spec:
      restartPolicy: Never
      containers:
      - name: train
        image: registry.example.com/train:1.0
        resources:
          requests: {{cpu: "8", memory: 64Gi, "{gpu}": "{big}"}}
          limits: {{"{gpu}": "{big}"}}
"""


def workload(i, c):
    ns = i % c["namespaces"]
    lq = ns + c["namespaces"] * (i % max(1, c["lqs"] // c["namespaces"]))
    return f"""apiVersion: kueue.x-k8s.io/v1beta2
kind: Workload
metadata:
  name: job-infer-{i:05d}
  namespace: team-{ns:03d}
  creationTimestamp: "2026-11-20T{(i // 3600) % 24:02d}:{(i // 60) % 60:02d}:{i % 60:02d}Z"
spec:
  queueName: lq-{lq:04d}
  priority: {(100, 1000, 10000)[i % 3]}
  podSets:
  - name: main
    count: 1
    template:
      spec:
        containers:
        - name: infer
          image: registry.example.com/infer:1.0
          resources:
            requests: {{cpu: "4", memory: 16Gi}}
"""


POLICY = """apiVersion: kueuegov.io/v1alpha1
kind: GovernancePolicy
trustDomains:
  namespaceLabel: tenant
  allowSharing:
    - [tenant-0, tenant-1]
    - [tenant-2, tenant-3]
"""


def write(path, docs):
    with open(path, "w") as f:
        f.write("---\n".join(docs))


def main():
    out = sys.argv[1]
    n = int(sys.argv[2]) if len(sys.argv) > 2 else 10000
    c = counts(n)
    d = os.path.join(out, f"lint-{n}")
    os.makedirs(d, exist_ok=True)
    coh, roots = cohorts(c)
    write(os.path.join(d, "flavors.yaml"), flavors() + priority_classes())
    write(os.path.join(d, "cohorts.yaml"), coh)
    write(os.path.join(d, "cluster-queues.yaml"), [cluster_queue(i, c, roots) for i in range(c["cqs"])])
    write(os.path.join(d, "namespaces.yaml"), [namespace(i) for i in range(c["namespaces"])])
    write(os.path.join(d, "local-queues.yaml"), [local_queue(i, c) for i in range(c["lqs"])])
    write(os.path.join(d, "nodes.yaml"), [node(i) for i in range(c["nodes"])])
    write(os.path.join(d, "jobs.yaml"), [job(i, c) for i in range(c["jobs"])])
    write(os.path.join(d, "workloads.yaml"), [workload(i, c) for i in range(c["workloads"])])
    with open(os.path.join(out, f"lint-{n}-policy.yaml"), "w") as f:
        f.write(POLICY)
    print(f"{d}: {sum(c.values())} objects ({', '.join(f'{k} {v}' for k, v in c.items())})")


if __name__ == "__main__":
    main()
