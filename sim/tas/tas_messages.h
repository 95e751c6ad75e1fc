// Node filters of TAS placement and Kueue's "doesn't allow to fit" messages, verbatim.
// Kueue: pkg/cache/scheduler/scheduling_simulator_default.go (FindFeasibleNodes),
// pkg/cache/scheduler/simulator/types.go (NodeExclusionStats), tas_flavor_snapshot.go
// (tasExclusionStats.formatReasons, notFitMessage, multiLayerNotFitMessage).
#pragma once
#include "model/objects.h"

#include <map>
#include <string>
#include <tuple>
#include <vector>

namespace kg::sim::tas {

struct ExclusionStats {
    int total_nodes = 0;
    int node_selector = 0;
    int affinity = 0;
    int topology_domain = 0;
    std::map<std::string, int> taints;     ///< Taint.ToString() -> nodes
    std::map<std::string, int> resources;  ///< limiting resource -> nodes
    bool any() const;
    std::string reasons() const;  ///< formatReasons
};

/// FindFeasibleNodes for one node: untolerated scheduling taints, then the pod's nodeSelector,
/// then its required node affinity. Records why a node is excluded.
bool node_feasible(const model::Node& n, const model::PodSpec& spec, const std::vector<model::Toleration>& tolerations,
                   ExclusionStats& stats);

/// notFitMessage.
std::string not_fit_message(const std::string& topology, std::int32_t fit, std::int32_t total, std::int32_t slice_size,
                            const ExclusionStats& stats);

/// multiLayerNotFitMessage; `fits` holds (level, slices that fit, slices needed) per layer.
std::string multi_layer_not_fit_message(const std::string& topology, bool has_domain,
                                        const std::vector<std::tuple<std::string, std::int32_t, std::int32_t>>& fits,
                                        const ExclusionStats& stats);

/// Go's %q of a plain string.
std::string go_quote(const std::string& s);

}  // namespace kg::sim::tas
