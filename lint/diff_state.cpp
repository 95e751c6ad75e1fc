// The workloads of an export under two policies. Every decision comes from sim/: the first
// cycle from simulate (as `simulate --cycles 1` and `explain` run it), never-fits from a
// nomination on the idle cluster, borrowing and reclaimers from sim/exposure. This file
// only lines the two sides up and counts.
#include "lint/diff_state.h"

#include "lint/diff_state_queues.h"
#include "sim/simulate.h"

#include "model/enum_names.h"

#include <future>
#include <set>

namespace kg::lint {

const char* pending_outcome_name(PendingOutcome o) {
    switch (o) {
        case PendingOutcome::admitted: return "admitted";
        case PendingOutcome::preempting: return "preempting";
        case PendingOutcome::waits: return "waits";
        case PendingOutcome::never_fits: return "neverFits";
    }
    return "waits";
}

bool RunningImpact::newly_preemptible() const {
    if (!preempted_by_head.empty() && preempted_by_base.empty()) return true;
    for (const sim::Reclaimer& h : reclaimers_head) {
        bool before = false;
        for (const sim::Reclaimer& b : reclaimers_base) before = before || b.cluster_queue == h.cluster_queue;
        if (!before) return true;
    }
    return false;
}

bool StateImpact::any_newly_preemptible() const {
    for (const RunningImpact& r : running)
        if (r.newly_preemptible()) return true;
    return false;
}

bool StateImpact::any_new_never_fits() const {
    for (const PendingImpact& p : pending)
        if (p.head == PendingOutcome::never_fits && p.base != PendingOutcome::never_fits) return true;
    return false;
}

bool StateImpact::any_newly_inactive() const {
    for (const ClusterQueueChange& c : cluster_queues)
        if (c.before == QueueState::active && c.after != QueueState::active) return true;
    return !orphaned_local_queues.empty();
}

namespace {

// One policy's first cycle over the export.
struct Side {
    std::map<std::string, std::string> admitted;  ///< workload -> ClusterQueue
    std::map<std::string, std::string> preempting;  ///< preemptor -> ClusterQueue of its pending decision
    std::map<std::string, std::pair<std::string, std::string>> preempted;  ///< victim -> (preemptor, reason)
    std::map<std::string, sim::PendingDecision> pending;
    std::map<std::string, std::string> never;  ///< workload -> Kueue's message on the idle cluster
    std::map<std::string, sim::WorkloadExposure> exposure;
};

Side run(const model::Cluster& c) {
    Side s;
    sim::SimOptions opt;
    opt.cycles = 1;
    sim::SimulationResult r = sim::simulate(c, opt);
    if (!r.cycles.empty()) {
        sim::CycleDecisions& d = r.cycles.front();
        for (const sim::AdmittedDecision& a : d.admitted) s.admitted[a.workload] = a.cluster_queue;
        for (const sim::PreemptedDecision& p : d.preempted) s.preempted[p.workload] = {p.preemptor, p.reason};
        for (sim::PendingDecision& p : d.pending) s.pending[p.workload] = std::move(p);
    }
    for (const auto& [victim, by] : s.preempted)
        if (auto it = s.pending.find(by.first); it != s.pending.end()) s.preempting[by.first] = it->second.cluster_queue;
    for (const sim::HeadRecord& h : sim::nominate_on_idle_cluster(c, opt))
        if (!h.inadmissible && h.mode == sim::Mode::no_fit) s.never[h.workload] = h.message;
    for (sim::WorkloadExposure& e : sim::reclaim_exposure(c)) s.exposure[e.workload] = std::move(e);
    return s;
}

struct Where {
    std::string namespace_, local_queue;
};

// Namespace and LocalQueue of every workload of the export (and of its Jobs' Workloads).
std::map<std::string, Where> where_of(const model::Cluster& c) {
    std::map<std::string, Where> out;
    for (const model::Workload& wl : c.workloads) out[wl.meta.key()] = {*wl.meta.namespace_, *wl.queue_name};
    for (const model::Workload& wl : sim::workloads_for_jobs(c)) out[wl.meta.key()] = {*wl.meta.namespace_, *wl.queue_name};
    return out;
}

PendingOutcome outcome(const Side& s, const std::string& key, std::string& cq, std::string& reason, std::string& message) {
    if (auto it = s.admitted.find(key); it != s.admitted.end()) {
        cq = it->second;
        return PendingOutcome::admitted;
    }
    auto p = s.pending.find(key);
    if (p != s.pending.end()) cq = p->second.cluster_queue;
    if (s.preempting.count(key)) return PendingOutcome::preempting;
    if (p != s.pending.end()) {
        reason = p->second.reason;
        message = p->second.message;
    }
    return s.never.count(key) ? PendingOutcome::never_fits : PendingOutcome::waits;
}

void count_pending(ImpactCounts& c, PendingOutcome o) {
    ++c.pending;
    switch (o) {
        case PendingOutcome::admitted: ++c.admitted; break;
        case PendingOutcome::preempting: ++c.preempting; break;
        case PendingOutcome::waits: ++c.waiting; break;
        case PendingOutcome::never_fits: ++c.never_fits; break;
    }
}

void count_running(ImpactCounts& c, const sim::WorkloadExposure* e, bool preempted) {
    ++c.running;
    if (e && !e->borrowing.empty()) ++c.borrowing;
    if (e && !e->reclaimers.empty()) ++c.preemptible;
    if (preempted) ++c.preempted;
}

template <typename Map>
void keep_changed(Map& m) {
    for (auto it = m.begin(); it != m.end();) it = it->second.base == it->second.head ? m.erase(it) : std::next(it);
}

}  // namespace

StateImpact diff_state(const model::Cluster& base, const model::Cluster& head) {
    StateImpact out;
    // The two sides share nothing mutable (the simulator's only global, the (flavor, resource)
    // interner, locks), so the base runs on a second thread while this one runs the head.
    std::future<Side> base_side = std::async(std::launch::async, [&base] { return run(base); });
    const Side h = run(head);
    const Side b = base_side.get();
    std::map<std::string, Where> where = where_of(base);
    for (auto& [k, w] : where_of(head)) where[k] = w;
    auto groups = [&](const std::string& key, const std::string& cq) {
        const Where& w = where[key];
        std::string lq = w.namespace_ + "/" + w.local_queue;
        return std::vector<GroupImpact*>{cq.empty() ? nullptr : &out.by_cluster_queue[cq],
                                         w.local_queue.empty() ? nullptr : &out.by_local_queue[lq],
                                         &out.by_namespace[w.namespace_]};
    };

    // Pending at the start: what either side's first cycle admitted or left pending.
    std::set<std::string> pending_keys;
    for (const Side* s : {&b, &h}) {
        for (const auto& [k, v] : s->admitted) pending_keys.insert(k);
        for (const auto& [k, v] : s->pending) pending_keys.insert(k);
    }
    out.pending_total = pending_keys.size();
    for (const std::string& key : pending_keys) {
        PendingImpact p;
        p.workload = key;
        p.namespace_ = where[key].namespace_;
        p.local_queue = where[key].local_queue;
        p.base = outcome(b, key, p.cluster_queue_base, p.base_reason, p.base_message);
        p.head = outcome(h, key, p.cluster_queue_head, p.head_reason, p.head_message);
        if (auto it = h.never.find(key); it != h.never.end()) p.head_never_message = it->second;
        for (GroupImpact* g : groups(key, p.cluster_queue_base))
            if (g) count_pending(g->base, p.base);
        for (GroupImpact* g : groups(key, p.cluster_queue_head))
            if (g) count_pending(g->head, p.head);
        if (p.base != p.head || p.base_message != p.head_message || p.cluster_queue_base != p.cluster_queue_head)
            out.pending.push_back(std::move(p));
    }

    // Running: the workloads holding quota in the export (the same on both sides).
    std::set<std::string> running_keys;
    for (const Side* s : {&b, &h})
        for (const auto& [k, v] : s->exposure) running_keys.insert(k);
    out.running_total = running_keys.size();
    for (const std::string& key : running_keys) {
        RunningImpact r;
        r.workload = key;
        r.namespace_ = where[key].namespace_;
        r.local_queue = where[key].local_queue;
        auto eb = b.exposure.find(key), eh = h.exposure.find(key);
        const sim::WorkloadExposure* xb = eb == b.exposure.end() ? nullptr : &eb->second;
        const sim::WorkloadExposure* xh = eh == h.exposure.end() ? nullptr : &eh->second;
        if (xb) {
            r.cluster_queue = xb->cluster_queue;
            r.priority = xb->priority;
            r.borrowing_base = xb->borrowing;
            r.reclaimers_base = xb->reclaimers;
        }
        if (xh) {
            r.cluster_queue = xh->cluster_queue;
            r.priority = xh->priority;
            r.borrowing_head = xh->borrowing;
            r.reclaimers_head = xh->reclaimers;
        }
        if (auto it = b.preempted.find(key); it != b.preempted.end()) r.preempted_by_base = it->second.first;
        if (auto it = h.preempted.find(key); it != h.preempted.end()) {
            r.preempted_by_head = it->second.first;
            r.preempted_reason_head = it->second.second;
        }
        for (GroupImpact* g : groups(key, r.cluster_queue))
            if (g) {
                count_running(g->base, xb, !r.preempted_by_base.empty());
                count_running(g->head, xh, !r.preempted_by_head.empty());
            }
        auto names = [](const std::vector<sim::Reclaimer>& v) {
            std::vector<std::string> n;
            for (const sim::Reclaimer& x : v) n.push_back(x.cluster_queue + ":" + model::name_of(x.policy));
            return n;
        };
        if (r.borrowing_base != r.borrowing_head || names(r.reclaimers_base) != names(r.reclaimers_head) ||
            r.preempted_by_base != r.preempted_by_head)
            out.running.push_back(std::move(r));
    }
    keep_changed(out.by_cluster_queue);
    keep_changed(out.by_local_queue);
    keep_changed(out.by_namespace);

    out.cluster_queues = cluster_queue_changes(base, head);
    out.orphaned_local_queues = orphaned_local_queues(base, head);
    for (OrphanedLocalQueue& o : out.orphaned_local_queues)
        for (const std::string& key : pending_keys)
            if (where[key].namespace_ == o.namespace_ && where[key].local_queue == o.name) ++o.pending;
    out.cohort_trees = cohort_tree_changes(base, head);
    return out;
}

}  // namespace kg::lint
