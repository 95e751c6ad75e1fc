// Nomination of a cycle's heads: whether a pending workload is queued at all (R1.5.4,
// R3.2), the checks at nomination (R5.2.1), flavor assignment with partial admission
// (R5.3-R5.6) and the preemption targets that go with it (R7.8). Kueue:
// pkg/scheduler/scheduler.go (nominate, getAssignments), pkg/controller/core
// workload_controller.go (getQueueBlocker).
#include "sim/scheduler.h"
#include "sim/tas/tas_assign.h"

#include "sim/queue_path.h"

namespace kg::sim {

// R3.2 / R1.5.4: why a pending workload is never considered ("" when it is queued in a CQ).
std::string CycleRunner::queue_blocker(const Pending& p) const {
    if (p.blocker_state == 0) {
        // Per Workload object: a replay's arrivals share theirs (sim/replay/arrivals.h).
        auto [it, fresh] = m_queue_checks.try_emplace(p.info.obj);
        QueueCheck& check = it->second;
        if (fresh) {
            const model::Workload& wl = *p.info.obj;
            if (!hold_reason(wl).empty()) {
                check.state = 2;  // held: it keeps the message it has
            } else if (auto blocked = sim::queue_blocker(m_cl, wl)) {
                check.blocker = std::move(blocked->message);
                check.state = 3;
            } else {
                check.state = 1;
            }
        }
        p.blocker_state = check.state;
        if (check.state == 3) p.blocker = check.blocker;
    }
    if (p.blocker_state == 2) return p.message;
    return p.blocker_state == 3 ? p.blocker : std::string();
}

// Whether the workload sits in its ClusterQueue's queue at all: held workloads (R1.5.4) and
// those whose LocalQueue or ClusterQueue blocks them (R3.2) are never heads.
bool CycleRunner::is_queued(const Pending& p) const {
    queue_blocker(p);
    return p.blocker_state == 1;
}

std::vector<Target> CycleRunner::targets_for(Snapshot& snap, const WorkloadInfo& wl, int cq, const Assignment& a) {
    PreemptionRequest req;
    req.preemptor = &wl;
    req.cq = cq;
    for (const auto& [f, v] : a.usage)
        if (v > 0) req.requests[f] = v;
    req.needing = a.frs_needing_preemption();
    req.strategies = m_strategies;
    if (!m_tas.empty() && tas::has_topology_requests(m_tas, snap.nodes[cq], wl, a))
        req.topology_fits = [&](const Snapshot& s) { return tas::fits_without_removed(m_tas, m_cl, s, m_queues.ids(), cq, wl, a); };
    return m_fair_sharing ? fair_sharing_targets(snap, req) : classical_targets(snap, req);
}

void CycleRunner::compute_assignment(Entry& e, Snapshot& snap, const NominationMapping* restrict_to) {
    // R5.5.6: resume the flavor scan where the last attempt stopped, unless that record is stale
    // (older than one cycle while the CQ's allocatable generation moved) or this is a recomputation.
    Pending& p = *e.pending;
    if (p.recorded_cycle >= 0 && m_cycle - p.recorded_cycle > 1 &&
        generation(e.cq, e.info->cluster_queue) > p.recorded_generation)
        p.progress.clear();
    const WorkloadInfo& wl = *e.info;
    AssignerInput in;
    in.cluster = &m_cl;
    in.snapshot = &snap;
    in.wl = &wl;
    in.cq = e.cq;
    in.fair_sharing = m_fair_sharing;
    in.restrict_to = restrict_to;
    in.recorder = m_recorder;
    in.resume = restrict_to ? nullptr : &p.progress;
    in.tas = m_tas.empty() ? nullptr : &m_tas;
    // Targets for a one-FR request, as the oracle computed them: when the whole assignment is that
    // one FR the same search would run again on the same snapshot (the oracle restores what it
    // removes), so its answer is reused.
    std::map<std::pair<FR, std::int64_t>, std::vector<Target>> single_fr;
    auto targets_of = [&](const Assignment& a) {
        FRSet needing = a.frs_needing_preemption();
        std::size_t positive = 0;
        for (const auto& [f, v] : a.usage) positive += v > 0 ? 1 : 0;
        if (positive == 1 && needing.size() == 1) {
            for (const auto& [f, v] : a.usage) {
                if (v <= 0 || f != *needing.begin()) continue;
                if (auto it = single_fr.find({f, v}); it != single_fr.end()) return it->second;
            }
        }
        return targets_for(snap, wl, e.cq, a);
    };
    // R7.8 preemption oracle for one FR.
    in.oracle = [&](const FR& f, std::int64_t val) -> std::pair<GMode, int> {
        PreemptionRequest req;
        req.preemptor = &wl;
        req.cq = e.cq;
        req.requests[f] = val;
        req.needing = {f};
        req.strategies = m_strategies;
        std::vector<Target> t = m_fair_sharing ? fair_sharing_targets(snap, req) : classical_targets(snap, req);
        single_fr[{f, val}] = t;
        if (t.empty()) return {GMode::no_candidates, snap.lowest_fitting_subtree(e.cq, f, val).first};
        bool all_outside = true;
        for (const auto& x : t) {
            snap.remove_workload(*x.info, x.cq);
            all_outside = all_outside && x.cq != e.cq;
        }
        int level = snap.lowest_fitting_subtree(e.cq, f, val).first;
        for (const auto& x : t) snap.restore_workload(*x.info, x.cq);
        return {all_outside ? GMode::reclaim : GMode::preempt, level};
    };
    std::vector<std::int32_t> counts;
    for (const auto& ps : wl.pod_sets) counts.push_back(ps.count);
    Assignment full = assign_flavors(in, counts);
    std::vector<Target> targets;
    if (full.mode() == Mode::preempt) targets = targets_of(full);
    bool partial = false;
    for (const auto& ps : wl.pod_sets) partial = partial || (ps.min_count && *ps.min_count < ps.count);
    if (full.mode() == Mode::fit || (full.mode() == Mode::preempt && !targets.empty()) || !partial) {
        e.assignment = std::move(full);
        e.targets = std::move(targets);
        return;
    }
    // R5.6 partial admission: lower-bound binary search over the reduction index.
    std::vector<std::int64_t> d;
    std::int64_t total = 0;
    for (const auto& ps : wl.pod_sets) {
        std::int64_t di = ps.min_count ? ps.count - *ps.min_count : 0;
        d.push_back(di);
        total += di;
    }
    std::int64_t lo = 0, hi = total + 1, last_ok = -1;
    Assignment best_a;
    std::vector<Target> best_t;
    while (lo < hi) {
        std::int64_t mid = (lo + hi) / 2;
        std::vector<std::int32_t> c;
        for (std::size_t i = 0; i < wl.pod_sets.size(); ++i)
            c.push_back(static_cast<std::int32_t>(wl.pod_sets[i].count - (total ? d[i] * mid / total : 0)));
        Assignment a = assign_flavors(in, c);
        std::vector<Target> t;
        if (a.mode() == Mode::preempt) t = targets_of(a);
        if (a.mode() == Mode::fit || (a.mode() == Mode::preempt && !t.empty())) {
            hi = mid;
            last_ok = mid;
            best_a = std::move(a);
            best_t = std::move(t);
        } else {
            lo = mid + 1;
        }
    }
    if (last_ok >= 0 && lo == last_ok) {
        e.assignment = std::move(best_a);
        e.targets = std::move(best_t);
    } else {
        e.assignment = std::move(full);
        e.targets.clear();
    }
}

void CycleRunner::reserve_placement(Entry& e) {
    if (m_tas.empty()) return;
    if (e.targets.empty()) {
        tas::reserve_topology(m_tas, m_cl, m_live.nodes[e.cq], *e.info, e.assignment, nullptr);
        return;
    }
    // With targets: placed as if they were gone (SimulateWorkloadUsageRemoval).
    std::vector<std::pair<std::string, std::vector<tas::DomainRequest>>> held;
    for (const auto& t : e.targets) {
        held.emplace_back(t.key, m_tas.held(t.key));
        m_tas.remove(t.key);
    }
    tas::reserve_topology(m_tas, m_cl, m_live.nodes[e.cq], *e.info, e.assignment, &m_tas);
    for (const auto& [k, u] : held) m_tas.add(k, u);
}

// R5.2.1 and the assignment.
void CycleRunner::nominate(Entry& e, Snapshot& snap) {
    const WorkloadInfo& wl = *e.info;
    e.inadmissible = true;
    e.requeue = "Generic";
    // The snapshot's node of the ClusterQueue is the cluster's of that name (build_snapshot),
    // found once per head: a lookup by name here was 2% of a 10,000-queue replay.
    const model::ClusterQueue* cq = e.cq >= 0 ? snap.nodes[e.cq].cq : nullptr;
    if (!cq) {  // #3; queued workloads have a ClusterQueue, so only defensively
        e.message = "ClusterQueue " + wl.cluster_queue + " not found";
        e.reason = "Misconfigured";
        return;
    }
    auto [check, fresh] = m_nomination_checks.try_emplace({wl.obj, cq, snap.nodes[e.cq].active});
    if (fresh) check->second = nomination_blocker(m_cl, *cq, *wl.obj, snap.nodes[e.cq].active);
    if (const std::optional<PathCheck>& blocked = check->second) {
        e.message = blocked->message;
        e.reason = blocked->reason;
        if (blocked->step == PathStep::namespace_selected) e.requeue = "NamespaceMismatch";
        return;
    }
    e.inadmissible = false;
    compute_assignment(e, snap, nullptr);
    if (e.assignment.mode() == Mode::preempt) reserve_placement(e);
    e.mode = e.assignment.mode();
    e.message = e.assignment.message();
    if (m_recorder && e.mode != Mode::fit && m_recorder->wants_holders(e.key)) {
        // Who holds the quota of this cohort tree now, for explain (R3.1.4: inactive queues too).
        std::vector<const WorkloadInfo*> reserving;
        int root = snap.root(e.cq);
        for (int n = 0; n < static_cast<int>(snap.nodes.size()); ++n)
            if (snap.nodes[n].is_cq && snap.root(n) == root)
                reserving.insert(reserving.end(), snap.nodes[n].workloads.begin(), snap.nodes[n].workloads.end());
        m_recorder->holders(e.key, reserving);
    }
}

std::optional<HeadRecord> CycleRunner::nominate_alone(const std::string& key) {
    if (!m_queues.contains(key)) return std::nullopt;
    Pending& p = m_queues.at(key);
    if (!is_queued(p)) return std::nullopt;
    ++m_cycle;
    Entry e;
    e.key = key;
    e.info = &p.info;
    e.pending = &p;
    e.cq = m_live.find_cq(p.info.cluster_queue);
    m_live.begin_journal();
    nominate(e, m_live);
    m_live.rollback();
    HeadRecord r{e.key, p.info.cluster_queue, m_cycle, e.inadmissible, e.mode, e.reason, e.message, {}};
    for (const auto& t : e.targets) r.targets.emplace_back(t.key, t.reason);
    return r;
}

}  // namespace kg::sim
