// Optional hooks through which the scheduler reports what it computed for each workload,
// for `explain`: per flavor and resource the flavor assigner evaluates, the numbers behind
// its decision (kueue-admission.md R5.4.1); per head of a cycle, the nomination's outcome
// (R5.2.1, R5.9). The simulator only calls them through a pointer that is null by default
// (zero cost), so `explain` reads the very computation that decides.
#pragma once

#include "model/amount.h"
#include "model/pod_requests.h"
#include "sim/fit_mode.h"

#include <cstdint>
#include <optional>
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

/// One topology domain as TAS placement counted it for one pod set (Kueue's domainState).
struct TopologyDomainFit {
    std::string id;                ///< Kueue's DomainID (values joined by ",")
    std::string name;              ///< the domain's own value at its level
    std::int32_t pods = 0;         ///< pods of the pod set that fit
    std::int32_t slices = 0;       ///< slices that fit
    model::ResourceAmounts free;   ///< the pod set's resources (and `pods`) free on the nodes it may use
};

struct TopologyLevelFit {
    std::string level;  ///< the level's node label
    std::vector<TopologyDomainFit> domains;  ///< most room first (slices, pods, then values)
};

/// What one run of TAS placement (sim/tas/tas_placement) counted, recorded as it decides.
struct TopologyPlacementTrace {
    std::vector<TopologyLevelFit> levels;  ///< from the highest level down to the requested one
    std::int32_t slice_size = 1;
    std::string slice_level;
    int fit_level = -1;                    ///< index into `levels` where the placement fit, -1: none
    std::vector<std::string> fit_domains;  ///< the domain ids chosen at fit_level
    std::string limiting;                  ///< the requested resource scarcest in the best domain
};

/// A workload holding usage in a topology domain.
struct TopologyHolder {
    std::string workload;
    model::ResourceAmounts amounts;  ///< with `pods`
};

/// One pod set's TAS placement attempt in one flavor (the TAS block of assignFlavors).
struct TopologyFitRecord {
    std::string workload, cluster_queue, pod_set, flavor, topology;
    std::string kind;   ///< required | preferred | unconstrained | slices | implied
    std::string level;  ///< the requested level's node label ("" when not found)
    std::int32_t count = 0;
    model::ResourceAmounts per_pod;  ///< one pod's requests, without `pods`
    bool empty_cluster = false;      ///< placed as if nothing were admitted (Kueue's WithSimulateEmpty)
    bool fits = false;
    std::string failure;  ///< Kueue's reason, verbatim
    TopologyPlacementTrace trace;
    /// A failed `required` request placed again as `preferred` on the same usage.
    std::optional<TopologyPlacementTrace> as_preferred;
    bool preferred_fits = false;
    std::string best_domain;  ///< the requested level's domain with most room
    std::vector<TopologyHolder> best_domain_holders;  ///< admitted workloads using it, most first
    bool fits_without_holders = false;  ///< the placement succeeds once they release it
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
    /// Whether topology_fit() is wanted for this workload (it costs a copy of the domain counts).
    virtual bool wants_topology(const std::string& /*workload*/) const { return false; }
    virtual void topology_fit(const TopologyFitRecord&) {}
};

}  // namespace kg::sim
