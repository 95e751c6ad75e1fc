// Usage per purpose: reserving Workloads add their status.admission resourceUsage (R1.5.3, as
// the queue overview sums it per ClusterQueue); other unfinished Workloads and suspended
// queue-labelled Jobs without a Workload count as pending.
#include "sim/purpose_usage.h"

#include "model/amount.h"
#include "sim/workload_info.h"

#include <set>

namespace kg::sim {

using namespace model;

std::vector<PurposeUsage> purpose_usage(const Cluster& cluster, const PurposePolicy& policy) {
    if (policy.empty()) {
        return {};
    }
    std::map<std::string, PurposeUsage> by;
    auto row = [&](const std::optional<PurposeMatch>& m) -> PurposeUsage& {
        const std::string key = m ? m->purpose : std::string(k_no_purpose);
        PurposeUsage& r = by[key];
        r.purpose = key;
        return r;
    };
    std::set<std::pair<std::string, std::string>> jobs_with_workload;  // (namespace, job name)
    for (const Workload& wl : cluster.workloads) {
        for (const auto& [kind, name] : wl.meta.owner_refs) {
            jobs_with_workload.insert({*wl.meta.namespace_, name});
        }
        if (wl.condition_true("Finished")) {
            continue;
        }
        PurposeUsage& r = row(purpose_of(policy, cluster, wl));
        if (!is_reserving(wl)) {
            ++r.pending;
            continue;
        }
        ++r.reserving;
        if (wl.condition_true("Admitted")) {
            ++r.admitted;
        }
        for (const PodSetAssignment& psa : wl.admission->pod_set_assignments) {
            for (const auto& [resource, qty] : psa.resource_usage) {
                auto fl = psa.flavors.find(resource);
                if (fl != psa.flavors.end()) {
                    std::int64_t& u = r.usage[{fl->second, resource}];
                    u = saturating_add(u, request_amount(resource, qty));
                }
            }
        }
    }
    for (const Job& job : cluster.jobs) {
        if (job.suspend && job.has_queue_name && !jobs_with_workload.count({*job.meta.namespace_, *job.meta.name})) {
            ++row(purpose_of(policy, job)).pending;
        }
    }
    std::vector<PurposeUsage> out;
    for (auto& [name, r] : by) {
        if (name != k_no_purpose) {
            out.push_back(std::move(r));
        }
    }
    if (auto it = by.find(std::string(k_no_purpose)); it != by.end()) {
        out.push_back(std::move(it->second));
    }
    return out;
}

}  // namespace kg::sim
