// Optional hook that records, per flavor and resource the flavor assigner evaluates,
// the numbers behind its decision (kueue-admission.md R5.4.1): the request, the
// quota it was checked against and the outcome. For a later `explain` verb. The
// simulator only calls it through a pointer that is null by default (zero cost).
#pragma once

#include <cstdint>
#include <string>

namespace kg::sim {

struct FlavorFitRecord {
    std::string workload;  ///< namespace/name
    std::string cluster_queue;
    std::string pod_set;
    std::string flavor;
    std::string resource;
    std::int64_t assumed = 0;    ///< usage of earlier pod sets of the same workload on this FR
    std::int64_t request = 0;    ///< this pod set's total
    std::int64_t available = 0;  ///< Available (R6.4), INT64_MAX when unlimited
    std::int64_t potential = 0;  ///< PotentialAvailable (R6.4), INT64_MAX when unlimited
    std::int64_t nominal = 0;
    std::string mode;  ///< fit | preempt | reclaim | noCandidates | noFit
    int borrowing_level = 0;
    std::string reason;  ///< the reason fragment Kueue writes, "" on a clean fit
};

class ExplainRecorder {
public:
    virtual ~ExplainRecorder() = default;
    virtual void flavor_fit(const FlavorFitRecord& r) = 0;
};

}  // namespace kg::sim
