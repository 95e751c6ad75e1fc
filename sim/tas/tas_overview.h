// What `inspect topology` shows: each Topology, and per TAS flavor naming it the domain tree
// the simulator builds (sim/tas/tas_tree) with capacity, what admitted workloads' topology
// assignments use, and what is free, per domain. Built from the same TasState the scheduler
// starts a run from, so `inspect` and `simulate` see the same free capacity.
#pragma once

#include "model/cluster.h"
#include "model/pod_requests.h"

#include <string>
#include <vector>

namespace kg::sim {

struct TopologyDomainUsage {
    std::string id;    ///< Kueue's DomainID (values joined by ",")
    std::string name;  ///< the value at its own level
    model::ResourceAmounts capacity;  ///< allocatable minus bound non-TAS pods, with `pods`
    model::ResourceAmounts used;      ///< by admitted workloads' topology assignments
    model::ResourceAmounts free;      ///< capacity minus used
    std::vector<std::string> workloads;  ///< the admitted workloads using it, sorted
    std::vector<TopologyDomainUsage> children;
};

struct FlavorTopology {
    std::string flavor;
    bool built = false;  ///< false: the Topology has no levels (Kueue keeps no TAS cache for it)
    std::size_t leaves = 0;
    std::vector<TopologyDomainUsage> roots;  ///< sorted by name
};

struct TopologyOverview {
    std::string name;
    std::vector<std::string> levels;     ///< node labels, highest first
    std::vector<FlavorTopology> flavors;  ///< the ResourceFlavors naming it, sorted by name
};

/// Every Topology of the inputs, sorted by name.
std::vector<TopologyOverview> topology_overview(const model::Cluster& cl);

}  // namespace kg::sim
