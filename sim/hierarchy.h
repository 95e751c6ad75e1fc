// The cohort forest of a loaded cluster, as Kueue's cache builds it (kueue-admission.md
// R1.3.2 implicit cohorts, R1.3.3 cycles). Kueue: pkg/cache/hierarchy (manager.go,
// cycle.go). Every walk up a cohort chain goes through here: the snapshot, lint's
// cohort rules, `inspect` and `explain` read one answer.
#pragma once

#include "model/cluster.h"

#include <map>
#include <string>
#include <vector>

namespace kg::sim {

struct CohortNode {
    std::string name;
    const model::Cohort* object = nullptr;  ///< nullptr for an implicit cohort (R1.3.2)
    std::string parent;                     ///< "" for a root
    /// R1.3.3: the chain of parents from this cohort reaches a cycle (this cohort may be on the
    /// loop or lead into it). Kueue's cycle checker marks the whole ancestry.
    bool in_cycle = false;
    std::vector<std::string> child_cohorts;  ///< sorted
    std::vector<std::string> cluster_queues;  ///< sorted, the ClusterQueues naming this cohort
};

class CohortHierarchy {
public:
    explicit CohortHierarchy(const model::Cluster& cluster);

    /// Every cohort, explicit or implicit, by name.
    const std::map<std::string, CohortNode>& cohorts() const { return m_cohorts; }
    const CohortNode* find(const std::string& cohort) const;
    bool in_cycle(const std::string& cohort) const;
    /// The root of the tree holding `cohort`; "" when its chain reaches a cycle.
    std::string root(const std::string& cohort) const;
    /// `cohort` and its ancestors up to the root, stopping before the first repeat (cycle).
    std::vector<std::string> chain(const std::string& cohort) const;
    /// The loop that `cohort`'s chain reaches, starting at its first node on the loop;
    /// empty when there is none.
    std::vector<std::string> cycle_of(const std::string& cohort) const;
    /// Roots, sorted: cohorts without a parent, and cohorts whose chain reaches a cycle (they
    /// are cut out of the tree and stand alone, as the snapshot treats them).
    std::vector<std::string> roots() const;
    /// ClusterQueues (indexes into cluster.cluster_queues) whose cohort lies in `root`'s tree.
    const std::vector<std::size_t>& members(const std::string& root) const;
    const std::map<std::string, std::vector<std::size_t>>& trees() const { return m_members; }

private:
    std::map<std::string, CohortNode> m_cohorts;
    std::map<std::string, std::vector<std::size_t>> m_members;
};

}  // namespace kg::sim
