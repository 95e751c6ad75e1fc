// Renders the queue topology (model/topology.h) for `kueuegov inspect`:
// a tree in text (normal and wide), and the same data as JSON or YAML.
#pragma once

#include "model/cluster.h"
#include "model/topology.h"

#include <ostream>

namespace kg::report {

enum class InspectFormat { text, wide, json, yaml };

void render_inspect(std::ostream& out, const model::Cluster& cluster, const model::Topology& topo, InspectFormat f);

}  // namespace kg::report
