// The static topology of one TAS ResourceFlavor: the domain tree built from the Nodes the
// flavor selects, and each leaf's free capacity (allocatable minus the requests of bound
// non-TAS Pods). Kueue: pkg/cache/scheduler/tas_topology_tree.go (newTopologyTree, addNode,
// initialize), tas_nodes_cache.go (sync, find), tas_flavor.go (snapshot),
// tas_non_tas_pod_cache.go, pkg/util/tas/node.go (NodeMatchesFlavor).
#pragma once
#include "model/cluster.h"
#include "model/pod_requests.h"

#include <map>
#include <string>
#include <vector>

namespace kg::sim::tas {

using model::ResourceAmounts;

struct Domain {
    std::string id;                   ///< Kueue's DomainID: values joined by "," (leaf: hostname only)
    std::vector<std::string> values;  ///< one per level down to this one
    int level = 0;
    int parent = -1;
    std::vector<int> children;
    int leaf = -1;  ///< index in TasFlavor::leaves, -1 above the lowest level
};

struct Leaf {
    int domain = -1;
    ResourceAmounts free;                  ///< allocatable minus non-TAS pod usage (with `pods`)
    const model::Node* node = nullptr;     ///< set when the lowest level is the hostname
    /// node has taints: kept here because every placement asks it of every leaf, and reading
    /// it from the Node (one cache miss per leaf) was a fifth of a placement's time.
    bool tainted = false;
};

struct TasFlavor {
    std::string flavor;
    std::string topology;
    std::vector<std::string> levels;
    bool lowest_is_hostname = false;
    std::vector<model::Toleration> tolerations;
    std::vector<Domain> domains;
    std::vector<std::map<std::string, int>> per_level;  ///< domain id -> index, per level
    std::vector<int> roots;
    std::vector<Leaf> leaves;
    std::map<std::string, int> leaf_by_id;  ///< leaf domain id -> leaf index
    /// The dense form every placement reads, built once per run: the resources any leaf has
    /// (sorted), each leaf's free amount of each (leaves x resources, row-major), and each
    /// domain's rank in the order of its level values (Kueue sorts ties by them).
    std::vector<std::string> resources;
    std::vector<std::int64_t> free_dense;
    std::vector<int> value_rank;
    std::vector<std::vector<int>> level_domains;  ///< per level, per_level's indices in id order
    /// Domain d's children are child_list[child_start[d] .. child_start[d + 1]): the counts are
    /// summed up the tree once per placement, and Domain (strings, vectors) is too wide to walk.
    std::vector<int> child_start;
    std::vector<int> child_list;

    int level_index(const std::string& key) const;
    /// Index in `resources`, -1 when no leaf has the resource.
    int resource_index(const std::string& name) const;
};

/// Usage per leaf in the flavor's dense form (leaves x resources, row-major).
using LeafUsage = std::vector<std::int64_t>;

/// "kubernetes.io/hostname", Kueue's corev1.LabelHostname.
inline constexpr const char* k_hostname = "kubernetes.io/hostname";

/// Kueue's DomainID: the values joined by ",".
std::string domain_id(const std::vector<std::string>& values);

/// A node's allocatable as amounts (cpu in milli).
ResourceAmounts node_allocatable(const model::Node& n);

/// The TAS flavors of the cluster: every ResourceFlavor with a topologyName whose Topology
/// exists, keyed by flavor name. Nodes that are not Ready or are unschedulable are left out,
/// as Kueue's nodes cache drops them (SchedulerLibraryIntegration off).
std::map<std::string, TasFlavor> build_tas_flavors(const model::Cluster& cl);

}  // namespace kg::sim::tas
