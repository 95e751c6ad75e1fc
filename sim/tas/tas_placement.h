// Where the pods of one pod set go within one TAS flavor: Kueue's two-phase placement
// (pkg/cache/scheduler/tas_flavor_snapshot.go findTopologyAssignment): count the pods and
// slices that fit per domain bottom-up, pick the level and domains (BestFit, or
// LeastFreeCapacity for unconstrained requests as TASProfileMixed does), then descend level
// by level to the leaves. Pod-set groups (leader/worker placement) are not modelled.
#pragma once
#include "sim/explain_recorder.h"
#include "sim/tas/tas_tree.h"

#include <optional>

namespace kg::sim::tas {

/// Usage per leaf domain id (requests and `pods`).
using DomainUsage = std::map<std::string, ResourceAmounts>;

struct PlacementRequest {
    std::string pod_set;
    const model::PodSetTopologyRequest* request = nullptr;  ///< null: implied TAS
    const model::PodSpec* spec = nullptr;
    ResourceAmounts per_pod;  ///< one pod's requests, without `pods`
    std::int32_t count = 0;
    bool implied = false;
};

struct PlacementResult {
    std::optional<model::TopologyAssignment> assignment;
    std::string failure;  ///< Kueue's reason, verbatim, when no placement exists
};

/// `usage` is the TAS usage of admitted workloads per leaf (null: simulate an empty cluster,
/// Kueue's WithSimulateEmpty); `assumed` what earlier pod sets of the same workload took. With
/// `trace` set, the counts the decision was made on are copied there (for `explain`).
PlacementResult find_placement(const TasFlavor& f, const LeafUsage* usage, const DomainUsage& assumed,
                               const PlacementRequest& req, TopologyPlacementTrace* trace = nullptr);

/// Usage by leaf domain id in the flavor's dense form; amounts of leaves or resources the
/// flavor does not have are dropped (a leaf without the resource has room for none anyway).
LeafUsage leaf_usage(const TasFlavor& f, const DomainUsage& u);

/// How the request asks (required, preferred, unconstrained, slices, implied) and the level
/// Kueue's levelKey reads, "" when none.
std::pair<std::string, std::string> request_kind_and_level(const TasFlavor& f, const PlacementRequest& req);

/// CountIn: how many times `req` fits in `cap`.
std::int32_t count_pods(const ResourceAmounts& req, const ResourceAmounts& cap);

/// Kueue's HasLevel: the flavor's topology has every level the request names.
bool has_levels(const TasFlavor& f, const model::PodSetTopologyRequest& r);

/// Kueue's PodSetSliceRequiredTopologyConstraints: the multi-layer list, or the single
/// podSetSliceRequiredTopology layer.
std::vector<model::SliceConstraint> slice_constraints(const model::PodSetTopologyRequest* r);

/// Kueue's IsExplicitlyRequestingTAS for one pod set.
bool explicitly_requests_tas(const model::PodSet& ps);

}  // namespace kg::sim::tas
