// Renders the queue topology (sim/queue_overview.h) for `kueuegov inspect`:
// a tree in text (normal and wide), and the same data as JSON or YAML.
#pragma once

#include "model/cluster.h"
#include "sim/queue_overview.h"

#include <ostream>

namespace kg::report {

enum class InspectFormat { text, wide, json, yaml };

void render_inspect(std::ostream& out, const model::Cluster& cluster, const sim::QueueOverview& topo, InspectFormat f);

}  // namespace kg::report
