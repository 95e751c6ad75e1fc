// Drops replaced definitions; the surviving objects keep their positions.
#include "lint/applied_view.h"

#include "lint/meta_key.h"

#include <set>
#include <string>
#include <unordered_set>

namespace kg::lint {

namespace {

/// Indexes of objects a later definition with the same key replaces.
template <typename Vec>
std::set<std::size_t> replaced(const Vec& objects) {
    std::unordered_set<MetaKey, MetaKey::Hash> seen;
    seen.reserve(objects.size());
    std::set<std::size_t> out;
    for (std::size_t i = objects.size(); i-- > 0;) {
        if (!seen.insert(MetaKey(objects[i].meta)).second) {
            out.insert(i);
        }
    }
    return out;
}

template <typename Vec>
void drop(Vec& objects, const std::set<std::size_t>& gone) {
    Vec kept;
    kept.reserve(objects.size() - gone.size());
    for (std::size_t i = 0; i < objects.size(); ++i) {
        if (!gone.count(i)) {
            kept.push_back(std::move(objects[i]));
        }
    }
    objects = std::move(kept);
}

}  // namespace

std::optional<model::Cluster> applied_view(const model::Cluster& c) {
    auto rf = replaced(c.resource_flavors), cq = replaced(c.cluster_queues), co = replaced(c.cohorts),
         lq = replaced(c.local_queues), wl = replaced(c.workloads), wpc = replaced(c.workload_priority_classes),
         pc = replaced(c.priority_classes), ac = replaced(c.admission_checks), ns = replaced(c.namespaces),
         node = replaced(c.nodes);
    if (rf.empty() && cq.empty() && co.empty() && lq.empty() && wl.empty() && wpc.empty() && pc.empty() &&
        ac.empty() && ns.empty() && node.empty()) {
        return std::nullopt;
    }
    model::Cluster v = c;
    drop(v.resource_flavors, rf);
    drop(v.cluster_queues, cq);
    drop(v.cohorts, co);
    drop(v.local_queues, lq);
    drop(v.workloads, wl);
    drop(v.workload_priority_classes, wpc);
    drop(v.priority_classes, pc);
    drop(v.admission_checks, ac);
    drop(v.namespaces, ns);
    drop(v.nodes, node);
    v.reindex();
    return v;
}

}  // namespace kg::lint
