"""The synthetic Kubernetes audit-log generator behind scripts/gen-audit-log, by concern:
common (constants, the events file, clocks and identities), writer (audit lines in time
order), policy (queue objects and their edits), workloads (one workload's requests), day
(one day of the trace and the governance signals), noise (unrelated traffic), generator.
"""
