// Renders the queue topology (sim/queue_overview.h) for `kueuegov inspect`:
// a tree in text (normal and wide), and the same data as JSON or YAML.
#pragma once

#include "model/cluster.h"
#include "sim/purpose_usage.h"
#include "sim/queue_overview.h"

#include <ostream>

namespace kg::report {

enum class InspectFormat { text, wide, json, yaml };

/// `purposes` (inspect --policy with a purposes: section) adds the usage per purpose: a section
/// after the tree, or a `purposes` member in JSON and YAML.
void render_inspect(std::ostream& out, const model::Cluster& cluster, const sim::QueueOverview& topo, InspectFormat f,
                    const std::vector<sim::PurposeUsage>* purposes = nullptr);

/// Which kinds `-o name` lists.
struct InspectNames {
    bool cohorts = true, cluster_queues = true, local_queues = true;
};

/// `-o name`: one `KIND.kueue.x-k8s.io/NAME` line per object, as `kubectl get -o name`
/// prints them (no namespace), cohorts, then ClusterQueues, then LocalQueues, each sorted.
/// Implicit cohorts are not objects and are not listed.
void render_inspect_names(std::ostream& out, const sim::QueueOverview& topo, InspectNames kinds);

}  // namespace kg::report
