// WorkloadInfo construction. Kueue: pkg/workload/workload.go (NewInfo,
// totalRequestsFromAdmission, GetQueueOrderTimestamp), pkg/util/priority/priority.go.
#include "sim/workload_info.h"

#include "sim/priority.h"

#include <algorithm>

namespace kg::sim {

bool is_reserving(const model::Workload& wl) {
    return wl.active && wl.admission && wl.condition_true("QuotaReserved") && !wl.condition_true("Finished");
}

WorkloadInfo make_workload_info(const model::Cluster& cl, const model::Workload& wl) {
    WorkloadInfo info;
    info.obj = &wl;
    info.key = wl.meta.key();
    info.ns = *wl.meta.namespace_;
    info.uid = wl.meta.uid;
    info.priority = effective_priority(wl, cl);  // R1.6
    bool by_creation = cl.kueue_config && cl.kueue_config->requeue_by_creation;
    info.order_ts = queue_order_timestamp(wl, by_creation);  // R4.3
    static const std::vector<std::string> no_prefixes;
    const auto& prefixes = cl.kueue_config ? cl.kueue_config->exclude_resource_prefixes : no_prefixes;
    for (const auto& ps : wl.pod_sets) {
        PodSetInfo p;
        p.name = *ps.name;
        p.count = model::effective_count(wl, ps);
        p.min_count = ps.min_count;
        p.per_pod = model::pod_requests(ps.template_spec);
        model::drop_excluded_resources(p.per_pod, prefixes);
        p.per_pod.erase("pods");
        p.spec = &ps.template_spec;
        info.pod_sets.push_back(std::move(p));
    }
    if (const auto* lq = cl.find_local_queue(info.ns, *wl.queue_name)) info.cluster_queue = *lq->cluster_queue;
    info.evicted = wl.condition_true("Evicted");
    if (const auto* c = wl.condition("QuotaReserved"); c && c->status == model::ConditionStatus::true_)
        info.quota_reserved_at = c->last_transition_time;
    if (is_reserving(wl)) {
        info.reserving = true;
        info.cluster_queue = wl.admission->cluster_queue;
        for (const auto& psa : wl.admission->pod_set_assignments) {
            std::int32_t admitted = psa.count.value_or(1);
            std::int32_t effective = admitted;
            for (const auto& ps : wl.pod_sets) {
                if (*ps.name != psa.name) continue;
                if (!psa.count) admitted = effective = ps.count;
                effective = std::min(admitted, model::effective_count(wl, ps));
            }
            for (const auto& [res, flv] : psa.flavors) {
                info.used_frs.insert({flv, res});
                std::int64_t v = 0;
                if (auto u = psa.resource_usage.find(res); u != psa.resource_usage.end())
                    v = model::request_amount(res, u->second);
                if (effective < admitted && admitted > 0) v = v / admitted * effective;  // R2.6
                FR f{flv, res};
                info.usage[f] = model::saturating_add(info.usage[f], v);
            }
        }
    }
    return info;
}

model::ResourceAmounts pod_set_totals_at(const PodSetInfo& ps, std::int32_t count, bool with_pods) {
    model::ResourceAmounts out = model::scale_amounts(ps.per_pod, count);
    if (with_pods) out["pods"] = count;
    return out;
}

}  // namespace kg::sim
