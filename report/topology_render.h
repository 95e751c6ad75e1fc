// Renders `inspect topology` (sim/tas/tas_overview.h): the domain tree of each TAS flavor
// with used/capacity per resource as text, or the whole tree as JSON, YAML or names.
#pragma once

#include "report/inspect_render.h"
#include "sim/tas/tas_overview.h"

#include <ostream>
#include <vector>

namespace kg::report {

void render_topologies(std::ostream& out, const std::vector<sim::TopologyOverview>& topologies, InspectFormat f);

/// `-o name`: topology.kueue.x-k8s.io/NAME, one a line.
void render_topology_names(std::ostream& out, const std::vector<sim::TopologyOverview>& topologies);

}  // namespace kg::report
