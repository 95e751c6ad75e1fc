// Usage per purpose: the live work of sim/live_work.h (reserving Workloads with the quota they
// hold, pending Workloads and Jobs), counted per purpose as the queue overview counts it per
// ClusterQueue.
#include "sim/purpose_usage.h"

#include "model/amount.h"
#include "sim/live_work.h"


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
    LiveWorkVisitor v;
    v.reserving = [&](const Workload& wl) {
        PurposeUsage& r = row(purpose_of(policy, cluster, wl));
        ++r.reserving;
        if (wl.condition_true("Admitted")) ++r.admitted;
    };
    v.reserved_amount = [&](const Workload& wl, const std::string& flavor, const std::string& resource,
                            std::int64_t amount) {
        std::int64_t& u = row(purpose_of(policy, cluster, wl)).usage[{flavor, resource}];
        u = saturating_add(u, amount);
    };
    v.pending_workload = [&](const Workload& wl) { ++row(purpose_of(policy, cluster, wl)).pending; };
    v.pending_job = [&](const Job& job) { ++row(purpose_of(policy, job)).pending; };
    visit_live_work(cluster, v);
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
