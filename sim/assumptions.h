// What the simulator has to assume because an object that the inputs reference is not in
// them: a Cohort named by a ClusterQueue, a ResourceFlavor, an AdmissionCheck, the Topology of
// a TAS flavor, a priority class, a ClusterQueue named by a LocalQueue, or any Namespace object
// at all. Kueue itself never guesses (the object exists in the cluster or the reference is broken), so an
// export that leaves a kind out can make `simulate` decide differently from the cluster;
// `simulate`, `explain` and `inspect` say each assumption instead of deciding silently.
#pragma once

#include "model/cluster.h"

#include <string>
#include <vector>

namespace kg::sim {

struct Assumption {
    std::string kind;           ///< the missing object's kind
    std::string name;           ///< its name
    std::string referenced_by;  ///< "ClusterQueue team-a", "Workload ns/wl", ...
    std::string assumed;        ///< what the simulator does without it
};

/// Every missing reference once (by kind and name, the first referrer named), sorted by kind
/// and name.
std::vector<Assumption> missing_references(const model::Cluster& cluster);

/// "Cohort \"gpu-pool\" (named by ClusterQueue team-a) is not in the inputs: assumed ..."
std::string assumption_text(const Assumption& a);

}  // namespace kg::sim
