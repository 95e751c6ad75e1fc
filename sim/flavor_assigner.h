// Flavor assignment (Kueue pkg/scheduler/flavorassigner/flavorassigner.go,
// podset_reducer.go): per pod set and resource group, the flavor search with
// fungibility (kueue-admission.md §5.3-§5.7).
#pragma once

#include "sim/explain_recorder.h"
#include "sim/fit_mode.h"
#include "sim/snapshot.h"

#include <functional>
#include <string>
#include <vector>

namespace kg::sim {

namespace tas {
class TasState;
}

struct FlavorChoice {
    std::string flavor;
    GMode mode = GMode::fit;
    int level = 0;
    /// R5.5.6: index of the last flavor visited by the search, -1 when it reached the last one.
    int tried_index = -1;
};

/// R5.5.6 recorded scan progress: (pod set index, resource) -> last tried flavor index.
using ScanProgress = std::map<std::pair<std::size_t, std::string>, int>;

struct PodSetAssignment {
    std::string name;
    /// TAS: where the pods go (sim/tas), and "Pending" when the placement waits for a
    /// ProvisioningRequest (delayedTopologyRequest).
    std::optional<model::TopologyAssignment> topology;
    std::string delayed_topology;
    std::map<std::string, FlavorChoice> flavors;  ///< resource -> choice
    std::vector<std::string> reasons;
    std::string error;
    std::int32_t count = 0;
    model::ResourceAmounts requests;  ///< totals at `count`
    Mode mode() const;                ///< R5.7.1
};

struct Assignment {
    std::vector<PodSetAssignment> pod_sets;
    int borrowing = 0;  ///< R5.7.2
    FRAmounts usage;
    Mode mode() const;
    std::string message() const;  ///< R5.7.3
    std::string no_fit_reason;    ///< R5.7.4 category (simplified)
    /// FRs whose per-FR mode is Preempt (what preemption must free).
    FRSet frs_needing_preemption() const;
    std::vector<std::int32_t> counts() const;
    /// R5.5.6: the progress this assignment records (pod sets without flavors record nothing).
    ScanProgress progress() const;
};

/// R7.8: the preemption oracle for one FR: (mode in {no_candidates, preempt, reclaim}, level).
using Oracle = std::function<std::pair<GMode, int>(const FR& f, std::int64_t val)>;
/// (pod set name, resource) -> flavor chosen at nomination (R5.9.3), or null.
using NominationMapping = std::map<std::pair<std::string, std::string>, std::string>;

struct AssignerInput {
    const model::Cluster* cluster = nullptr;
    const Snapshot* snapshot = nullptr;
    const WorkloadInfo* wl = nullptr;
    int cq = -1;
    bool fair_sharing = false;
    Oracle oracle;
    const NominationMapping* restrict_to = nullptr;
    ExplainRecorder* recorder = nullptr;  ///< optional; null = no recording
    /// R5.5.6: where each search resumes (recorded index + 1); null = from the first flavor.
    const ScanProgress* resume = nullptr;
    /// Topology-Aware Scheduling state; null = TAS is not considered.
    const tas::TasState* tas = nullptr;
};

/// §5.3-§5.5, §5.7 for the given pod counts (one per pod set).
Assignment assign_flavors(const AssignerInput& in, const std::vector<std::int32_t>& counts);

/// Whether the CQ covers the synthetic `pods` resource (R2.7).
bool covers_pods(const ResourceNode& cq);

}  // namespace kg::sim
