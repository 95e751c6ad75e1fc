// Adapter from the replay loop to the simulator. Virtual milliseconds become API
// seconds (Kueue's timestamps have 1 s resolution, R0.4) for backoff and ordering.
#include "sim/replay/sim_scheduler.h"

#include "model/amount.h"
#include "sim/replay/arrivals.h"
#include "sim/priority.h"
#include "sim/workload_info.h"

#include <functional>

namespace kg::sim::replay {

SimScheduler::SimScheduler(const model::Cluster& cluster, bool fair_sharing)
    : m_cluster(cluster), m_runner(cluster, fair_sharing || (cluster.kueue_config && cluster.kueue_config->fair_sharing)) {
    m_runner.set_report_pending(CycleRunner::PendingReport::none);
    for (const model::Workload& wl : cluster.workloads) {
        if (!wl.active || wl.condition_true("Finished")) {
            continue;
        }
        WorkloadInfo info = make_workload_info(cluster, wl);
        if (info.reserving) {
            m_runner.add_reserving(std::move(info));
        } else {
            m_runner.add_pending(std::move(info), "");
        }
    }
}

bool SimScheduler::from_manifests(const model::Workload* wl) const {
    const std::vector<model::Workload>& own = m_cluster.workloads;
    const std::less<const model::Workload*> before;
    return !own.empty() && !before(wl, &own.front()) && !before(&own.back(), wl);
}

void SimScheduler::add(const Arrival& a, std::size_t row, const std::string& key) {
    // The info is computed once per shared base: what the simulator reads through
    // WorkloadInfo::obj (pod sets, conditions, labels, queue name) is the base's, and so is
    // everything make_workload_info derives from it (priority, pod sets, ClusterQueue). The
    // arrival's own are its identity (key, uid) and, from its creation time, its queue order.
    auto [it, fresh] = m_bases.try_emplace(a.base.get());
    if (fresh) {
        it->second = {a.base, make_workload_info(m_cluster, *a.base)};
        it->second.shape = m_runner.shape_of(it->second.info);
        // Every arrival sets its own: copying the base's first would allocate them twice.
        it->second.info.key = std::string();
        it->second.info.uid = std::string();
    }
    WorkloadInfo info = it->second.info;
    info.key = key;
    info.uid = a.uid();
    const bool by_creation = m_cluster.kueue_config && m_cluster.kueue_config->requeue_by_creation;
    info.order_ts = queue_order_timestamp(*a.base, by_creation, a.creation_timestamp());  // R4.3
    const WorkloadIds::Id id = m_runner.add_pending(std::move(info), "", it->second.shape);
    if (m_id_of_row.size() <= row) m_id_of_row.resize(row + 1, WorkloadIds::none);
    m_id_of_row[row] = id;
    if (m_row_of_id.size() <= id) m_row_of_id.resize(static_cast<std::size_t>(id) + 1, k_none);
    m_row_of_id[id] = static_cast<std::uint32_t>(row);  // run_replay checks rows fit (KeyIndex::check_rows)
}

void SimScheduler::finish(std::size_t row, const std::string& key) {
    m_runner.finish(row < m_id_of_row.size() && m_id_of_row[row] != WorkloadIds::none ? m_id_of_row[row]
                                                                                      : m_runner.ids().find(key));
}

CycleResult SimScheduler::run_cycle(std::int64_t now_ms) {
    m_runner.set_now(k_replay_epoch + now_ms / 1000);
    m_runner.flush_requeues();
    sim::CycleDecisions d;
    m_runner.run_cycle(d);
    CycleResult out;
    for (const sim::AdmittedDecision& a : d.admitted) {
        Admitted adm;
        adm.workload = a.workload;
        if (a.id < m_row_of_id.size() && m_row_of_id[a.id] != k_none) adm.row = m_row_of_id[a.id];
        adm.cluster_queue = a.cluster_queue;
        adm.admitted = a.admitted;
        // The admitted Workload comes with the decision (a lookup of the reservation by key
        // cost a cache miss per admission). The manifests' workloads, which the replay skips,
        // get no usage, as before arrivals shared their Workloads.
        const model::Workload* obj = a.object;
        if (obj && !from_manifests(obj)) {
            for (const model::PodSet& ps : obj->pod_sets) {
                auto count = a.counts.find(*ps.name);
                auto flavors = a.flavors.find(*ps.name);
                if (flavors == a.flavors.end()) {
                    continue;
                }
                std::int32_t n = count == a.counts.end() ? ps.count : count->second;
                sim::PodSetReservation psr;
                psr.name = *ps.name;
                psr.count = n;
                // Per pod set of a shared base and count, computed once: the arrivals of a
                // template are admitted with the same counts, 500,000 times in ls-cq10x.
                auto [totals, fresh] = m_pod_set_totals.try_emplace({&ps, n});
                if (fresh) totals->second = model::pod_set_totals(ps, n);
                for (const auto& [resource, amount] : totals->second) {
                    auto fl = flavors->second.find(resource);
                    if (fl != flavors->second.end()) {
                        std::int64_t& u = adm.usage[{fl->second, resource}];
                        u = model::saturating_add(u, amount);
                        if (m_record) {
                            psr.flavors[resource] = fl->second;
                            psr.usage[resource] = amount;
                        }
                    }
                }
                if (m_record) adm.pod_sets.push_back(std::move(psr));
            }
        }
        out.admitted.push_back(std::move(adm));
    }
    m_runner.between_cycles();
    out.heads_moved = m_runner.next_heads_differ();
    out.preempted = std::move(d.preempted);
    out.pending = std::move(d.pending);
    return out;
}

std::map<std::string, Usage> SimScheduler::nominal_quota() const {
    std::map<std::string, Usage> out;
    for (const model::ClusterQueue& cq : m_cluster.cluster_queues) {
        Usage& u = out[*cq.meta.name];
        for (const model::ResourceGroup& rg : cq.resource_groups) {
            for (const model::FlavorQuotas& fq : rg.flavors) {
                for (const model::ResourceQuota& rq : fq.resources) {
                    u[{*fq.name, *rq.name}] = model::quota_amount(*rq.name, rq.nominal_quota.value).value();
                }
            }
        }
    }
    return out;
}

}  // namespace kg::sim::replay
