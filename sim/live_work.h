// The work an export shows, as `inspect` counts it: unfinished Workloads that reserve quota
// (with the flavor x resource amounts they hold), unfinished Workloads still pending, and
// suspended queue-labelled Jobs for which Kueue has not made a Workload yet. Written once here;
// the queue overview (per ClusterQueue) and purpose usage (per purpose) both walk it.
// Kueue: pkg/workload (R1.5.3 reservation; status.admission resourceUsage as
// `kubectl get clusterqueue -o wide` reports flavor usage).
#pragma once

#include "model/cluster.h"

#include <cstdint>
#include <functional>
#include <string>

namespace kg::sim {

struct LiveWorkVisitor {
    /// An unfinished Workload that reserves quota (is_reserving).
    std::function<void(const model::Workload&)> reserving;
    /// One flavor x resource amount that reserving Workload holds, after `reserving`.
    std::function<void(const model::Workload&, const std::string& flavor, const std::string& resource,
                       std::int64_t amount)>
        reserved_amount;
    /// An unfinished Workload that does not reserve quota.
    std::function<void(const model::Workload&)> pending_workload;
    /// A suspended Job with a queue name and no Workload in the inputs: waiting for Kueue.
    std::function<void(const model::Job&)> pending_job;
};

/// Calls the visitor for each piece of live work in the cluster, Workloads first, in input order.
/// Finished Workloads are skipped; a callback left empty is not called.
void visit_live_work(const model::Cluster& cluster, const LiveWorkVisitor& v);

}  // namespace kg::sim
