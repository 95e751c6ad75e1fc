// What a simulation decided, cycle by cycle (kueuegov simulate): workloads that got a
// quota reservation (with flavors and pod counts), workloads evicted to make room
// (with their preemptor and Kueue's preemption reason) and workloads still pending
// (with the QuotaReserved=False message Kueue would write). Rendered by report/.
#pragma once

#include "model/objects.h"
#include "sim/workload_ids.h"

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace kg::sim {

struct AdmittedDecision {
    std::string workload;  ///< namespace/name
    WorkloadIds::Id id = WorkloadIds::none;  ///< the runner's number for it (CycleRunner::ids)
    std::string cluster_queue;
    /// podSet name -> resource -> flavor (only resources that got a flavor).
    std::map<std::string, std::map<std::string, std::string>> flavors;
    /// podSet name -> admitted pod count (fewer than spec count under partial admission).
    std::map<std::string, std::int32_t> counts;
    /// podSet name -> topology assignment (TAS pod sets only), domains in Kueue's order.
    std::map<std::string, model::TopologyAssignment> topology;
    /// podSet name -> delayed topology request state ("Pending" until the second pass).
    std::map<std::string, std::string> delayed_topology;
    /// False while admission checks are not all Ready (quota reserved only, R5.11.2).
    bool admitted = true;
    /// The admitted Workload, as the simulator read it (alive as long as its cluster): the
    /// replay reads its pod sets without looking the reservation up by key again.
    const model::Workload* object = nullptr;
};

struct PreemptedDecision {
    std::string workload;
    std::string preemptor;
    std::string reason;  ///< InClusterQueue | InCohortReclamation | InCohortFairSharing | InCohortReclaimWhileBorrowing
    std::string message;
};

struct PendingDecision {
    std::string workload;
    std::string cluster_queue;  ///< "" when unknown (missing LocalQueue)
    std::string reason;         ///< QuotaReserved=False reason
    std::string message;
    /// A head of this cycle: Kueue's scheduler writes its condition inside the cycle
    /// (scheduler.go requeueAndUpdate); any other change is written by the workload controller.
    bool head = false;
};

struct CycleDecisions {
    std::vector<AdmittedDecision> admitted;
    std::vector<PreemptedDecision> preempted;
    std::vector<PendingDecision> pending;  ///< every workload without quota at the end of the cycle
};

struct SimulationResult {
    std::vector<CycleDecisions> cycles;
};

}  // namespace kg::sim
