// The queue-policy objects (ResourceFlavor, ClusterQueue, Cohort, LocalQueue,
// WorkloadPriorityClass, AdmissionCheck) as they stood at one instant, rebuilt from
// the captured versions in the evidence store: what an evidence report shows as the
// queue definitions at the end of its period when no manifests are given.
#pragma once

#include "audit/store/store.h"

#include <cstdint>
#include <string>
#include <vector>

namespace kg::audit::query {

/// One object's last captured body before the instant, as JSON text.
struct PolicyObjectText {
    std::string kind, namespace_, name;
    std::string json;
    std::string time;      ///< RFC 3339 time of the version
    std::string evidence;  ///< "source-path:line"
};

/// For every queue-policy object, its last captured version with `ts_us` < `at_us` whose write
/// succeeded and carried a body; objects whose last write before the instant is a delete are
/// left out. Ordered by kind, namespace, name.
std::vector<PolicyObjectText> policy_objects_at(const EvidenceStore& store, std::int64_t at_us);

}  // namespace kg::audit::query
