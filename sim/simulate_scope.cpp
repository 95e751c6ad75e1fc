// Narrowing simulate's decisions (simulate_scope.h). Keys are NAMESPACE/NAME as the
// decisions spell them; a workload derived from a Job (no Workload object in the inputs) has
// no labels here, so only an empty or purely negative selector keeps it.
#include "sim/simulate_scope.h"

#include <algorithm>

namespace kg::sim {

namespace {

bool in_scope(const std::string& key, const model::Cluster& cluster, const std::string& ns,
              const std::optional<model::LabelSelector>& selector) {
    std::size_t slash = key.find('/');
    std::string wl_ns = slash == std::string::npos ? std::string() : key.substr(0, slash);
    if (!ns.empty() && wl_ns != ns) {
        return false;
    }
    if (!selector) {
        return true;
    }
    const model::Workload* wl =
        slash == std::string::npos ? nullptr : cluster.find_workload(wl_ns, std::string_view(key).substr(slash + 1));
    return selector->matches(wl ? wl->meta.labels : model::Labels{});
}

}  // namespace

void scope_decisions(SimulationResult& r, const model::Cluster& cluster, const std::string& ns,
                     const std::optional<model::LabelSelector>& selector) {
    if (ns.empty() && !selector) {
        return;
    }
    auto out = [&](const std::string& key) { return !in_scope(key, cluster, ns, selector); };
    for (CycleDecisions& c : r.cycles) {
        std::erase_if(c.admitted, [&](const AdmittedDecision& d) { return out(d.workload); });
        std::erase_if(c.pending, [&](const PendingDecision& d) { return out(d.workload); });
        std::erase_if(c.preempted, [&](const PreemptedDecision& d) { return out(d.workload) && out(d.preemptor); });
    }
}

}  // namespace kg::sim
