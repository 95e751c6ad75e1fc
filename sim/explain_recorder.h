// Optional hooks through which the scheduler reports what it computed for each workload,
// for `explain`: per flavor and resource the flavor assigner evaluates, the numbers behind
// its decision (kueue-admission.md R5.4.1); per head of a cycle, the nomination's outcome
// (R5.2.1, R5.9). The simulator only calls them through a pointer that is null by default
// (zero cost), so `explain` reads the very computation that decides.
#pragma once

#include "model/amount.h"
#include "sim/fit_mode.h"

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace kg::sim {

struct FlavorFitRecord {
    std::string workload;  ///< namespace/name
    std::string cluster_queue;
    std::string pod_set;
    std::string flavor;
    std::string resource;
    std::int64_t assumed = 0;  ///< usage of earlier pod sets of the same workload on this FR
    std::int64_t request = 0;  ///< this pod set's total
    model::Amount available;   ///< Available (R6.4)
    model::Amount potential;   ///< PotentialAvailable (R6.4): the most it could ever get
    model::Amount nominal;
    GMode mode = GMode::no_fit;
    int borrowing_level = 0;
    std::string reason;  ///< the reason fragment Kueue writes, "" on a clean fit
};

/// One head of one cycle, after nomination and processing (R5.2.1, R5.9).
struct HeadRecord {
    std::string workload;
    std::string cluster_queue;
    std::int64_t cycle = 0;
    bool inadmissible = false;  ///< stopped at a nomination check, before any flavor was tried
    Mode mode = Mode::no_fit;
    std::string reason;   ///< QuotaReserved=False reason when it stays pending
    std::string message;  ///< likewise, its message
    std::vector<std::pair<std::string, std::string>> targets;  ///< preemption targets (workload, reason)
};

struct WorkloadInfo;

class ExplainRecorder {
public:
    virtual ~ExplainRecorder() = default;
    virtual void flavor_fit(const FlavorFitRecord& r) = 0;
    virtual void head(const HeadRecord&) {}
    /// Whether holders() is wanted for this head (it costs a walk of the cohort tree).
    virtual bool wants_holders(const std::string& /*workload*/) const { return false; }
    /// At nomination of a head that does not fit as it is: the workloads reserving quota in its
    /// ClusterQueue's cohort tree at that moment (valid during the call only).
    virtual void holders(const std::string& /*workload*/, const std::vector<const WorkloadInfo*>& /*reserving*/) {}
};

}  // namespace kg::sim
