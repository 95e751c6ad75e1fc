// `explain`: the account of one workload from the same code that decides. The path comes
// from sim/queue_path, the cohort chain from sim/hierarchy, the queue order from
// sim/priority, and the flavor numbers and decisions from a simulated run of the cycles
// `simulate` runs (through the ExplainRecorder hooks). Nothing here re-derives a Kueue rule.
#include "sim/explain/explanation.h"

#include "model/jobs/workload_for_job.h"
#include "model/pod_requests.h"
#include "sim/hierarchy.h"
#include "sim/priority.h"
#include "sim/simulate.h"
#include "sim/workload_info.h"

#include <algorithm>
#include <set>
#include <tuple>

namespace kg::sim {

using namespace model;

const char* state_name(WorkloadState s) {
    switch (s) {
        case WorkloadState::pending: return "pending";
        case WorkloadState::quota_reserved: return "quota reserved";
        case WorkloadState::admitted: return "admitted";
        case WorkloadState::finished: return "finished";
        case WorkloadState::inactive: return "deactivated";
    }
    return "pending";
}

namespace {

WorkloadState state_of(const Workload& wl) {
    if (wl.condition_true("Finished")) return WorkloadState::finished;
    if (!wl.active) return WorkloadState::inactive;
    if (wl.condition_true("Admitted")) return WorkloadState::admitted;
    if (wl.condition_true("QuotaReserved")) return WorkloadState::quota_reserved;
    return WorkloadState::pending;
}

void add_requests(const Workload& wl, Explanation& e) {
    for (const PodSet& ps : wl.pod_sets) {
        PodSetRequest r;
        r.name = *ps.name;
        r.count = effective_count(wl, ps);
        r.per_pod = pod_requests(ps.template_spec);
        r.total = scale_amounts(r.per_pod, r.count);
        e.requests.push_back(std::move(r));
    }
}

// R4.2: the ClusterQueue's queued workloads in queue order, and this one's place among them.
void find_place(const Cluster& cluster, const Workload& wl, Explanation& e) {
    if (e.state != WorkloadState::pending || e.path.first_problem() || !e.path.cluster_queue) return;
    const ClusterQueue& cq = *e.path.cluster_queue;
    bool by_creation = cluster.kueue_config && cluster.kueue_config->requeue_by_creation;
    std::vector<std::pair<const Workload*, std::int32_t>> queue;
    bool self_listed = false;
    for (const Workload& other : cluster.workloads) {
        if (state_of(other) != WorkloadState::pending || !hold_reason(other).empty()) continue;
        if (queue_blocker(cluster, other)) continue;
        const LocalQueue* lq = cluster.find_local_queue(*other.meta.namespace_, *other.queue_name);
        if (*lq->cluster_queue != *cq.meta.name) continue;
        self_listed = self_listed || &other == &wl;
        queue.emplace_back(&other, effective_priority(other, cluster));
    }
    if (!self_listed) queue.emplace_back(&wl, e.priority);
    std::stable_sort(queue.begin(), queue.end(), [by_creation](const auto& a, const auto& b) {
        return queue_order_less(*a.first, *b.first, a.second, b.second, by_creation);
    });
    QueuePlace place;
    place.strict_fifo = *cq.queueing_strategy == QueueingStrategy::strict_fifo;
    for (std::size_t i = 0; i < queue.size(); ++i) {
        if (queue[i].first == &wl) {
            place.position = static_cast<int>(i) + 1;
            break;
        }
        place.ahead.push_back(queue[i].first);
    }
    e.place = std::move(place);
}

// Keeps, for one workload, the flavor numbers of the last cycle it was a head and that
// head's outcome: the numbers behind the message the cycles leave on it.
class Recorder : public ExplainRecorder {
public:
    explicit Recorder(std::string key) : m_key(std::move(key)) {}
    void flavor_fit(const FlavorFitRecord& r) override {
        if (r.workload == m_key) m_cycle_fits.push_back(r);
    }
    bool wants_holders(const std::string& workload) const override { return workload == m_key; }
    bool wants_topology(const std::string& workload) const override { return workload == m_key; }
    void topology_fit(const TopologyFitRecord& r) override {
        if (r.workload == m_key) m_cycle_topology.push_back(r);
    }
    void holders(const std::string& workload, const std::vector<const WorkloadInfo*>& held) override {
        if (workload != m_key) return;
        m_cycle_holders.clear();
        for (const WorkloadInfo* w : held) {
            WorkloadInfo copy = *w;
            copy.obj = nullptr;  // may be a Workload the simulator derived and will free
            copy.pod_sets.clear();
            m_cycle_holders.push_back(std::move(copy));
        }
    }
    void head(const HeadRecord& r) override {
        if (r.workload != m_key) return;
        head_record = r;
        checks.clear();
        reserving = std::move(m_cycle_holders);
        m_cycle_holders.clear();
        // The first search of the cycle, at full counts: recomputations (R5.9.3) and the partial
        // admission search (R5.6) evaluate the same flavors again.
        std::set<std::tuple<std::string, std::string, std::string>> seen;
        for (const FlavorFitRecord& f : m_cycle_fits) {
            if (!seen.insert({f.pod_set, f.flavor, f.resource}).second) break;
            checks.push_back({f.pod_set, f.flavor, f.resource, Amount::of(saturating_add(f.assumed, f.request)),
                              f.nominal, f.available, f.potential, f.mode, f.reason});
        }
        m_cycle_fits.clear();
        // Topology: the placement of each pod set, flavor and usage (current or empty) behind
        // the decision: the last one (the recomputation when domains filled up earlier in the
        // cycle, TASRecomputeAssignmentWithinSchedulingCycle), or for a head that fits the last
        // one that fit (partial admission's search ends on the count it admits, not its last probe).
        topology.clear();
        std::set<std::tuple<std::string, std::string, bool>> placed;
        for (bool fitting_only : {r.mode == Mode::fit, false})
            for (auto it = m_cycle_topology.rbegin(); it != m_cycle_topology.rend(); ++it)
                if ((!fitting_only || it->fits) && placed.insert({it->pod_set, it->flavor, it->empty_cluster}).second)
                    topology.push_back(*it);
        std::reverse(topology.begin(), topology.end());
        m_cycle_topology.clear();
    }
    std::optional<HeadRecord> head_record;
    std::vector<FlavorCheck> checks;
    std::vector<TopologyFitRecord> topology;
    std::vector<WorkloadInfo> reserving;  ///< who held quota in its cohort tree at that nomination

private:
    std::string m_key;
    std::vector<WorkloadInfo> m_cycle_holders;
    std::vector<FlavorFitRecord> m_cycle_fits;
    std::vector<TopologyFitRecord> m_cycle_topology;
};

SimulatedOutcome outcome_of(const SimulationResult& result, const std::string& key, const Recorder& rec) {
    SimulatedOutcome o;
    o.cycles = static_cast<std::int64_t>(result.cycles.size());
    if (rec.head_record) {
        o.head_cycle = rec.head_record->cycle;
        o.head_inadmissible = rec.head_record->inadmissible;
        o.head_mode = rec.head_record->mode;
    }
    for (std::size_t i = 0; i < result.cycles.size(); ++i) {
        const CycleDecisions& c = result.cycles[i];
        auto cycle = static_cast<std::int64_t>(i) + 1;
        for (const AdmittedDecision& a : c.admitted) {
            if (a.workload != key || o.admitted_cycle) continue;
            o.admitted_cycle = cycle;
            o.admitted = a.admitted;
            o.cluster_queue = a.cluster_queue;
            o.flavors = a.flavors;
        }
        for (const PreemptedDecision& p : c.preempted) {
            if (p.preemptor == key) o.preempting.push_back({p.workload, p.reason, cycle});
            if (p.workload == key && !o.preempted) o.preempted = Preemption{p.preemptor, p.reason, cycle};
        }
    }
    if (!result.cycles.empty()) {
        for (const PendingDecision& p : result.cycles.back().pending) {
            if (p.workload != key) continue;
            o.pending_at_end = true;
            o.message = p.message;
            o.reason = p.reason;
            if (o.cluster_queue.empty()) o.cluster_queue = p.cluster_queue;
        }
    }
    return o;
}

Explanation trace(const Cluster& cluster, const CohortHierarchy& hierarchy, const Workload& wl,
                  bool from_job_without_label) {
    Explanation e;
    e.workload = &wl;
    e.state = state_of(wl);
    e.priority = effective_priority(wl, cluster);
    e.quota_reserved = wl.condition("QuotaReserved");
    e.evicted = wl.condition("Evicted");
    e.preempted = wl.condition("Preempted");
    e.eviction = account_eviction(cluster, wl, e.priority);
    add_requests(wl, e);
    e.path = trace_queue_path(cluster, hierarchy, wl, from_job_without_label);
    if (e.path.cluster_queue && !e.path.cluster_queue->cohort->empty())
        e.cohort_chain = hierarchy.chain(*e.path.cluster_queue->cohort);
    find_place(cluster, wl, e);
    return e;
}

std::optional<Explanation> find_subject(const Cluster& cluster, const CohortHierarchy& hierarchy, std::string_view ns,
                                        std::string_view name) {
    if (const Workload* wl = cluster.find_workload(ns, name)) return trace(cluster, hierarchy, *wl, false);
    for (const Workload& wl : cluster.workloads) {
        if (*wl.meta.namespace_ != ns) continue;
        for (const auto& [kind, owner] : wl.meta.owner_refs)
            if (owner == name) return trace(cluster, hierarchy, wl, false);
    }
    for (const Job& job : cluster.jobs) {
        if (*job.meta.namespace_ != ns || *job.meta.name != name) continue;
        Workload derived = jobs::workload_for_job(job, cluster);
        Explanation e = trace(cluster, hierarchy, derived, !job.has_queue_name);
        e.workload = nullptr;  // subject() is the derived copy, which moves with the result
        e.derived = std::move(derived);
        return e;
    }
    return std::nullopt;
}

}  // namespace

std::optional<Explanation> explain_workload(const Cluster& cluster, std::string_view ns, std::string_view name,
                                            const ExplainOptions& opt) {
    const CohortHierarchy hierarchy(cluster);
    std::optional<Explanation> e = find_subject(cluster, hierarchy, ns, name);
    if (!e) return e;
    std::string key = e->subject().meta.key();
    Recorder rec(key);
    SimOptions so;
    so.cycles = std::max<std::size_t>(opt.cycles, 1);
    so.fair_sharing = opt.fair_sharing;
    so.recorder = &rec;
    e->outcome = outcome_of(simulate(cluster, so), key, rec);
    std::vector<WorkloadInfo> reserving;
    if (!rec.head_record && e->state == WorkloadState::pending && !e->path.first_problem()) {
        // Not a head in the cycles run: its numbers as if it were the head now.
        Recorder as_head(key);
        so.recorder = &as_head;
        if (auto r = nominate_as_head(cluster, so, key)) {
            as_head.head(*r);
            e->flavor_checks = std::move(as_head.checks);
            e->topology = std::move(as_head.topology);
            reserving = std::move(as_head.reserving);
            e->flavors_as_if_head = true;
        }
    } else {
        e->flavor_checks = std::move(rec.checks);
        e->topology = std::move(rec.topology);
        reserving = std::move(rec.reserving);
    }
    e->holders = quota_holders(cluster, *e, reserving);
    e->verdict = compute_verdict(cluster, *e);
    return e;
}

}  // namespace kg::sim
