// What `kueuegov inspect` shows when asked for less than everything, with kubectl's words:
// `inspect clusterqueue team-a`, `inspect cohort gpu-pool`, `inspect localqueue ns/name`,
// `-n NAMESPACE` and `-l SELECTOR`. Narrows a built QueueOverview; computes nothing new.
#pragma once

#include "model/result.h"
#include "model/selector.h"
#include "sim/queue_overview.h"

#include <optional>
#include <string>

namespace kg::sim {

enum class OverviewKind { all, cluster_queue, cohort, local_queue };

struct OverviewScope {
    OverviewKind kind = OverviewKind::all;
    /// One object of `kind` (a LocalQueue as NAMESPACE/NAME or NAME); empty: every object of it.
    std::string name;
    /// -n: only LocalQueues in this namespace, and the ClusterQueues they feed. Empty: all.
    std::string namespace_;
    /// -l: labels of the objects of `kind` (ClusterQueues when the kind is `all`).
    std::optional<model::LabelSelector> selector;
};

/// `t` narrowed to `s`. ClusterQueues and LocalQueues asked for by kind are shown without
/// their cohort tree (standalone_queues); a cohort keeps its subtree. An unknown name is an
/// error naming the kind and the name; a filter that matches nothing is an empty overview.
model::Result<QueueOverview> scope_overview(QueueOverview t, const OverviewScope& s);

}  // namespace kg::sim
