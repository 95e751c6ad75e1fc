// Cohort forest construction: implicit cohorts (R1.3.2) and cycle marking (R1.3.3).
// Kueue: pkg/cache/hierarchy/manager.go (implicit cohorts), cycle.go (HasCycle).
#include "sim/hierarchy.h"

#include <algorithm>
#include <set>

namespace kg::sim {

CohortHierarchy::CohortHierarchy(const model::Cluster& cluster) {
    auto node = [this](const std::string& name) -> CohortNode& {
        CohortNode& n = m_cohorts[name];
        n.name = name;
        return n;
    };
    // A name defined twice: the later definition wins, as a later apply would.
    for (const model::Cohort& co : cluster.cohorts) {
        CohortNode& n = node(*co.meta.name);
        n.object = &co;
        n.parent = *co.parent_name;
    }
    std::vector<std::string> explicit_names;
    for (const auto& [name, n] : m_cohorts) explicit_names.push_back(name);
    for (const std::string& name : explicit_names) {
        std::string parent = m_cohorts[name].parent;
        if (!parent.empty()) node(parent).child_cohorts.push_back(name);
    }
    for (const model::ClusterQueue& cq : cluster.cluster_queues) {
        if (!cq.cohort->empty()) node(*cq.cohort).cluster_queues.push_back(*cq.meta.name);
    }
    // R1.3.3: a chain of parents that revisits a cohort has a cycle.
    for (auto& [name, n] : m_cohorts) {
        std::set<std::string> seen;
        for (std::string cur = name; !cur.empty();) {
            if (!seen.insert(cur).second) {
                n.in_cycle = true;
                break;
            }
            auto it = m_cohorts.find(cur);
            cur = it == m_cohorts.end() ? "" : it->second.parent;
        }
    }
    for (auto& [name, n] : m_cohorts) {
        std::sort(n.child_cohorts.begin(), n.child_cohorts.end());
        std::sort(n.cluster_queues.begin(), n.cluster_queues.end());
        n.cluster_queues.erase(std::unique(n.cluster_queues.begin(), n.cluster_queues.end()), n.cluster_queues.end());
    }
    for (std::size_t i = 0; i < cluster.cluster_queues.size(); ++i) {
        const std::string& co = *cluster.cluster_queues[i].cohort;
        if (co.empty()) continue;
        std::string r = root(co);
        if (!r.empty()) m_members[r].push_back(i);
    }
}

const CohortNode* CohortHierarchy::find(const std::string& cohort) const {
    auto it = m_cohorts.find(cohort);
    return it == m_cohorts.end() ? nullptr : &it->second;
}

bool CohortHierarchy::in_cycle(const std::string& cohort) const {
    const CohortNode* n = find(cohort);
    return n && n->in_cycle;
}

std::string CohortHierarchy::root(const std::string& cohort) const {
    if (in_cycle(cohort)) return {};
    std::string cur = cohort;
    for (const CohortNode* n = find(cur); n && !n->parent.empty(); n = find(cur)) cur = n->parent;
    return cur;
}

std::vector<std::string> CohortHierarchy::chain(const std::string& cohort) const {
    std::vector<std::string> out;
    std::set<std::string> seen;
    for (std::string cur = cohort; !cur.empty() && seen.insert(cur).second;) {
        out.push_back(cur);
        const CohortNode* n = find(cur);
        cur = n ? n->parent : "";
    }
    return out;
}

std::vector<std::string> CohortHierarchy::cycle_of(const std::string& cohort) const {
    if (!in_cycle(cohort)) return {};
    std::vector<std::string> path = chain(cohort);
    // The chain stops just before the first repeat: the last node's parent is where the loop
    // closes.
    const CohortNode* last = find(path.back());
    auto start = std::find(path.begin(), path.end(), last ? last->parent : std::string());
    return {start, path.end()};
}

std::vector<std::string> CohortHierarchy::roots() const {
    std::vector<std::string> out;
    for (const auto& [name, n] : m_cohorts)
        if (n.parent.empty() || n.in_cycle) out.push_back(name);
    return out;
}

const std::vector<std::size_t>& CohortHierarchy::members(const std::string& root) const {
    static const std::vector<std::size_t> k_none;
    auto it = m_members.find(root);
    return it == m_members.end() ? k_none : it->second;
}

}  // namespace kg::sim
