// The cluster as it is after applying every input in order: of several definitions
// of one object (same kind, namespace and name), only the last survives, as with
// `kubectl apply -f DIR`. Cross-object rules reason about this view, so an earlier,
// replaced definition never produces findings about objects it no longer affects.
#pragma once

#include "model/cluster.h"

#include <optional>

namespace kg::lint {

/// The applied view of `c`, or nullopt when no object is defined twice (use `c` itself).
/// Jobs and Pods are kept as written: generateName makes equal names legitimate.
std::optional<model::Cluster> applied_view(const model::Cluster& c);

}  // namespace kg::lint
