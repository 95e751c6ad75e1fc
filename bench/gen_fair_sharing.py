#!/usr/bin/env python3
"""Writes the fair-sharing replay inputs for N ClusterQueues (N a multiple of 10): a Kueue
generator config of N/10 cohorts x 10 ClusterQueues with the per-queue load of Kueue's
large-scale config, and the Cohort objects that put those cohorts under one root (two
levels, where fair sharing is expensive). For N = 400 and N = 1000 the bytes are those of
../shared/data/perf-scale/fs-N.yaml and fs-N-cohorts.yaml; other sizes give the same shape,
so scripts/bench can fit how the replay's cost grows with N.

usage: gen_fair_sharing.py OUTDIR N
writes OUTDIR/fs-N.yaml and OUTDIR/fs-N-cohorts.yaml
"""
import os
import sys

GENERATOR = """cohorts:
- className: cohort
  count: {cohorts}
  queuesSets:
  - className: cq
    count: 10
    nominalQuota: 20
    borrowingLimit: 100
    reclaimWithinCohort: Any
    withinClusterQueue: LowerPriority
    workloadsSets:
    - count: 35
      creationIntervalMs: 60
      workloads:
      - className: small
        runtimeMs: 150
        priority: 50
        request: 1
    - count: 11
      creationIntervalMs: 300
      workloads:
      - className: medium
        runtimeMs: 350
        priority: 100
        request: 5
    - count: 4
      creationIntervalMs: 700
      workloads:
      - className: large
        runtimeMs: 700
        priority: 200
        request: 20
"""

COHORT = """apiVersion: kueue.x-k8s.io/v1beta2
kind: Cohort
metadata:
  name: {name}
spec:{spec}"""


def main():
    if len(sys.argv) != 3 or not sys.argv[2].isdigit() or int(sys.argv[2]) % 10 or int(sys.argv[2]) == 0:
        sys.exit("usage: gen_fair_sharing.py OUTDIR N (N a positive multiple of 10)")
    out, n = sys.argv[1], int(sys.argv[2])
    os.makedirs(out, exist_ok=True)
    cohorts = n // 10
    with open(os.path.join(out, f"fs-{n}.yaml"), "w") as f:
        f.write(GENERATOR.format(cohorts=cohorts))
    docs = [COHORT.format(name="root", spec=" {}")]
    docs += [COHORT.format(name=f"cohort-{i}", spec="\n  parentName: root") for i in range(cohorts)]
    with open(os.path.join(out, f"fs-{n}-cohorts.yaml"), "w") as f:
        f.write("\n---\n".join(docs) + "\n")


if __name__ == "__main__":
    main()
