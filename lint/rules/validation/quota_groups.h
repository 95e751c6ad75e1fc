// Walks the resourceGroups of a ClusterQueue or Cohort with the owner's kind and
// name, so the resourceGroups parity rules (KQ1001-KQ1005) check both kinds alike,
// as Kueue's validateResourceGroups(..., isCohort) does.
#pragma once

#include "lint/rules/helpers.h"

#include <functional>

namespace kg::lint::rules {

struct QuotaOwner {
    const char* kind;  ///< "ClusterQueue" or "Cohort"
    const model::ObjectMeta& meta;
    const std::vector<model::ResourceGroup>& groups;
    bool has_parent;  ///< cohortName (CQ) or parentName (Cohort) set

    /// `ClusterQueue "name" is invalid: ` as kubectl prints it.
    std::string invalid() const { return std::string(kind) + " \"" + *meta.name + "\" is invalid: "; }
    model::ObjectRef object() const { return ref(kind, meta); }
};

inline void for_each_quota_owner(const model::Cluster& c, const std::function<void(const QuotaOwner&)>& fn) {
    for (const model::ClusterQueue& cq : c.cluster_queues) {
        fn(QuotaOwner{"ClusterQueue", cq.meta, cq.resource_groups, !cq.cohort->empty()});
    }
    for (const model::Cohort& co : c.cohorts) {
        fn(QuotaOwner{"Cohort", co.meta, co.resource_groups, !co.parent_name->empty()});
    }
}

/// A quantity as the API server echoes it in "Invalid value" ("-1", "500m").
inline std::string q_str(const model::Quantity& q) { return "\"" + q.to_string() + "\""; }

}  // namespace kg::lint::rules
