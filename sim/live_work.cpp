// One walk over the live work of an export (live_work.h).
#include "sim/live_work.h"

#include "model/amount.h"
#include "sim/workload_info.h"

#include <set>
#include <utility>

namespace kg::sim {

using namespace model;

void visit_live_work(const Cluster& cluster, const LiveWorkVisitor& v) {
    std::set<std::pair<std::string, std::string>> jobs_with_workload;  // (namespace, job name)
    for (const Workload& wl : cluster.workloads) {
        for (const auto& [kind, name] : wl.meta.owner_refs) {
            jobs_with_workload.insert({*wl.meta.namespace_, name});
        }
        if (wl.condition_true("Finished")) {
            continue;
        }
        if (!is_reserving(wl)) {
            if (v.pending_workload) v.pending_workload(wl);
            continue;
        }
        if (v.reserving) v.reserving(wl);
        if (!v.reserved_amount) continue;
        for (const PodSetAssignment& psa : wl.admission->pod_set_assignments) {
            for (const auto& [resource, qty] : psa.resource_usage) {
                auto fl = psa.flavors.find(resource);
                if (fl != psa.flavors.end()) {
                    v.reserved_amount(wl, fl->second, resource, request_amount(resource, qty));
                }
            }
        }
    }
    if (!v.pending_job) return;
    for (const Job& job : cluster.jobs) {
        if (job.suspend && job.has_queue_name && !jobs_with_workload.count({*job.meta.namespace_, *job.meta.name})) {
            v.pending_job(job);
        }
    }
}

}  // namespace kg::sim
