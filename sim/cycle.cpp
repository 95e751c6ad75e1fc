// One scheduling cycle. kueue-admission.md R4.2, R4.9, §5.1, R5.2.1, R5.6, R5.8.1,
// R5.9.1-R5.9.3, R5.10, R5.11, R5.12. Kueue: pkg/scheduler/scheduler.go (schedule,
// nominate, getAssignments, processEntry), pkg/cache/queue/cluster_queue.go.
#include "sim/cycle.h"

#include "sim/preemption_message.h"
#include "sim/queue_path.h"
#include "sim/snapshot_build.h"
#include "sim/workload_info.h"

#include <algorithm>

namespace kg::sim {

CycleRunner::CycleRunner(const model::Cluster& cl, bool fair_sharing) : m_cl(cl), m_fair_sharing(fair_sharing) {
    if (cl.kueue_config) m_strategies = cl.kueue_config->fair_sharing_strategies;
    // The tree and quotas never change during a run; reservations are added to this snapshot as
    // they start (add_reserving, admissions) and leave it as they end (evictions, finishes).
    m_live = build_snapshot(cl, {});
    // R4.5 requeue-all reaches the whole cohort tree.
    const Snapshot& snap = m_live;
    for (int n = 0; n < static_cast<int>(snap.nodes.size()); ++n) m_paths.push_back(snap.path(n));
    std::map<int, std::vector<std::string>> by_root;
    for (const auto& n : snap.nodes)
        if (n.is_cq) by_root[snap.root(snap.find_cq(n.name))].push_back(n.name);
    for (auto& [root, names] : by_root) {
        auto shared = std::make_shared<const std::vector<std::string>>(std::move(names));
        for (const auto& name : *shared) m_tree_of[name] = shared;
    }
}

bool CycleRunner::best_effort(const std::string& cq) const {
    const auto* q = m_cl.find_cluster_queue(cq);
    return q && *q->queueing_strategy == model::QueueingStrategy::best_effort_fifo;
}

void CycleRunner::add_reserving(WorkloadInfo info) {
    std::string key = info.key;
    // R5.12.2: a workload already evicted still holds its quota until its job stops; with no
    // release delay that happens before the next cycle.
    if (info.evicted) {
        const auto* c = info.obj->condition("Evicted");
        m_evicted_now[key] = c ? c->message : "";
    }
    start_reservation(key, std::move(info));
}

namespace {

// Near INT64_MAX saturating sums stop commuting; the victim-free shadow snapshot of R5.9 then
// falls back to removing and restoring victims in place.
bool huge(const FRAmounts& usage) {
    for (const auto& [f, v] : usage)
        if (v > (std::int64_t{1} << 60) || v < 0) return true;
    return false;
}

}  // namespace

void CycleRunner::start_reservation(const std::string& key, WorkloadInfo info) {
    if (auto it = m_reserving.find(key); it != m_reserving.end()) end_reservation(it);
    auto [it, inserted] = m_reserving.emplace(key, std::move(info));
    if (huge(it->second.usage)) ++m_huge_reserving;
    m_live.add_workload(it->second);
}

void CycleRunner::end_reservation(std::unordered_map<std::string, WorkloadInfo>::iterator it) {
    if (huge(it->second.usage)) --m_huge_reserving;
    m_live.forget_workload(it->first);
    m_reserving.erase(it);
}

namespace {

// R4.4.4 scheduling shape: priority and, per pod set, what decides its fit (not namespace or queue).
std::string scheduling_shape(const WorkloadInfo& info) {
    std::string out = std::to_string(info.priority);
    for (const auto& ps : info.pod_sets) {
        out += "|" + ps.name + "#" + std::to_string(ps.count) + "#" + (ps.min_count ? std::to_string(*ps.min_count) : "-");
        for (const auto& [r, v] : ps.per_pod) out += ";" + r + "=" + std::to_string(v);
        const model::PodSpec& spec = *ps.spec;
        for (const auto& [k, v] : spec.node_selector) out += ";ns:" + k + "=" + v;
        if (spec.node_affinity)
            for (const auto& t : spec.node_affinity->required_terms) {
                out += ";term";
                for (const auto& e : t.match_expressions) {
                    out += ":" + *e.key + "/" + model::selector_op_name(e.op);
                    for (const auto& v : e.values) out += "," + v;
                }
            }
        for (const auto& t : spec.tolerations)
            out += ";tol:" + t.key + "/" + std::to_string(static_cast<int>(t.op)) + "/" + t.value + "/" +
                   std::to_string(static_cast<int>(t.effect));
        out += ";rc:" + spec.runtime_class_name;
    }
    return out;
}

}  // namespace

void CycleRunner::add_pending(WorkloadInfo info, std::string message) {
    Pending p;
    const model::Workload& wl = *info.obj;
    p.shape = scheduling_shape(info);
    if (const auto* c = wl.condition("QuotaReserved")) {
        p.has_condition = true;
        p.condition_reason = c->reason;
    }
    // R4.6 backoff: not eligible for the active heap.
    bool inadmissible = false;
    if (const auto* c = wl.condition("Requeued"); c && c->status == model::ConditionStatus::false_) inadmissible = true;
    if (wl.requeue_at && *wl.requeue_at > m_now) inadmissible = true;
    p.message = std::move(message);
    std::string key = info.key;
    p.info = std::move(info);
    bool queued = is_queued(p);
    bool be = best_effort(p.info.cluster_queue);
    // R4.8 (cluster_queue.go PushOrUpdate): in BestEffortFIFO an arrival whose shape was
    // bulk-moved goes straight to the inadmissible set until the next requeue-all.
    if (be && m_queues.bulk_moved(p.info.cluster_queue, p.shape)) inadmissible = true;
    m_queues.insert(key, std::move(p), queued, inadmissible, be);
}

// R3.2 / R1.5.4: why a pending workload is never considered ("" when it is queued in a CQ).
std::string CycleRunner::queue_blocker(const Pending& p) const {
    if (p.blocker_state == 0) {
        const model::Workload& wl = *p.info.obj;
        if (!hold_reason(wl).empty()) {
            p.blocker_state = 2;  // held: it keeps the message it has
        } else if (auto blocked = sim::queue_blocker(m_cl, wl)) {
            p.blocker = std::move(blocked->message);
            p.blocker_state = 3;
        } else {
            p.blocker_state = 1;
        }
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

// R4.2 heap order and R4.9 heads: one per active CQ, in CQ name order.
std::vector<std::string> CycleRunner::pop_heads() { return m_queues.heads(m_sticky); }

std::vector<Target> CycleRunner::targets_for(Snapshot& snap, const WorkloadInfo& wl, int cq, const Assignment& a) {
    PreemptionRequest req;
    req.preemptor = &wl;
    req.cq = cq;
    for (const auto& [f, v] : a.usage)
        if (v > 0) req.requests[f] = v;
    req.needing = a.frs_needing_preemption();
    req.strategies = m_strategies;
    return m_fair_sharing ? fair_sharing_targets(snap, req) : classical_targets(snap, req);
}

void CycleRunner::compute_assignment(Entry& e, Snapshot& snap, const NominationMapping* restrict_to) {
    // R5.5.6: resume the flavor scan where the last attempt stopped, unless that record is stale
    // (older than one cycle while the CQ's allocatable generation moved) or this is a recomputation.
    Pending& p = m_queues.at(e.key);
    if (p.recorded_cycle >= 0 && m_cycle - p.recorded_cycle > 1 &&
        m_generation[e.info->cluster_queue] > p.recorded_generation)
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
            snap.remove_workload(x.key);
            all_outside = all_outside && x.cq != e.cq;
        }
        int level = snap.lowest_fitting_subtree(e.cq, f, val).first;
        for (const auto& x : t) snap.restore_workload(x.key);
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

// R5.2.1 and the assignment.
void CycleRunner::nominate(Entry& e, Snapshot& snap) {
    const WorkloadInfo& wl = *e.info;
    e.inadmissible = true;
    e.requeue = "Generic";
    const model::ClusterQueue* cq = m_cl.find_cluster_queue(wl.cluster_queue);
    if (!cq || e.cq < 0) {  // #3; queued workloads have a ClusterQueue, so only defensively
        e.message = "ClusterQueue " + wl.cluster_queue + " not found";
        e.reason = "Misconfigured";
        return;
    }
    if (auto blocked = nomination_blocker(m_cl, *cq, *wl.obj, snap.nodes[e.cq].active)) {
        e.message = std::move(blocked->message);
        e.reason = std::move(blocked->reason);
        if (blocked->step == PathStep::namespace_selected) e.requeue = "NamespaceMismatch";
        return;
    }
    e.inadmissible = false;
    compute_assignment(e, snap, nullptr);
    e.mode = e.assignment.mode();
    e.message = e.assignment.message();
}

std::optional<HeadRecord> CycleRunner::nominate_alone(const std::string& key) {
    if (!m_queues.contains(key)) return std::nullopt;
    Pending& p = m_queues.at(key);
    if (!is_queued(p)) return std::nullopt;
    ++m_cycle;
    Entry e;
    e.key = key;
    e.info = &p.info;
    e.cq = m_live.find_cq(p.info.cluster_queue);
    m_live.begin_journal();
    nominate(e, m_live);
    m_live.rollback();
    HeadRecord r{e.key, p.info.cluster_queue, m_cycle, e.inadmissible, e.mode, e.reason, e.message, {}};
    for (const auto& t : e.targets) r.targets.emplace_back(t.key, t.reason);
    return r;
}

// R5.8.1 classical order.
std::vector<Entry*> CycleRunner::order_classical(std::vector<Entry>& entries) const {
    std::vector<Entry*> out;
    for (auto& e : entries)
        if (!e.inadmissible) out.push_back(&e);
    std::stable_sort(out.begin(), out.end(), [](const Entry* a, const Entry* b) {
        if (a->assignment.borrowing != b->assignment.borrowing) return a->assignment.borrowing < b->assignment.borrowing;
        if (a->info->priority != b->info->priority) return a->info->priority > b->info->priority;
        if (a->info->order_ts != b->info->order_ts) return a->info->order_ts < b->info->order_ts;
        return a->key < b->key;
    });
    return out;
}

bool CycleRunner::run_cycle(sim::CycleDecisions& out) {
    ++m_cycle;
    bool changed = false;
    std::vector<std::string> heads = pop_heads();
    // The cycle works on the live snapshot itself and rolls its tentative accounting back at
    // the end; the reservations it made are then added for good.
    Snapshot& snap = m_live;
    snap.begin_journal();
    bool huge_usage = m_huge_reserving > 0;
    std::vector<Entry> entries;
    entries.reserve(heads.size());
    for (const auto& key : heads) {
        Entry e;
        e.key = key;
        e.info = &m_queues.at(key).info;
        e.cq = snap.find_cq(e.info->cluster_queue);
        entries.push_back(std::move(e));
    }
    for (auto& e : entries) {
        nominate(e, snap);
        huge_usage = huge_usage || huge(e.assignment.usage);
    }
    ChosenTargets targets_so_far;
    targets_so_far.shadow_exact = !huge_usage;
    if (m_fair_sharing) {
        std::vector<Entry*> remaining;
        for (auto& e : entries)
            if (!e.inadmissible) remaining.push_back(&e);
        while (!remaining.empty()) {
            Entry* e = next_fair_sharing(remaining, snap);
            process(*e, snap, targets_so_far, out, changed);
        }
    } else {
        for (Entry* e : order_classical(entries)) process(*e, snap, targets_so_far, out, changed);
    }
    snap.rollback();
    for (auto& [key, info] : m_admitted_now) start_reservation(key, std::move(info));
    m_admitted_now.clear();
    for (WorkloadInfo* v : m_victims) v->evicted = true;
    m_victims.clear();
    if (m_recorder) {
        for (const auto& e : entries) {
            // Not e.info: an admitted entry's queue element is gone (admit).
            std::string cq = e.cq >= 0 ? m_live.nodes[e.cq].name : std::string();
            HeadRecord r{e.key, std::move(cq), m_cycle, e.inadmissible, e.mode, e.reason, e.message, {}};
            for (const auto& t : e.targets) r.targets.emplace_back(t.key, t.reason);
            m_recorder->head(r);
        }
    }
    for (auto& e : entries) {
        if (m_queues.contains(e.key)) requeue(e);
    }
    // Every workload without quota at the end of the cycle, by key.
    std::vector<const Pending*> pending;
    if (m_report_pending == PendingReport::all) {
        pending.reserve(m_queues.all().size());
        for (const auto& [key, p] : m_queues.all()) pending.push_back(&p);
    } else if (m_report_pending == PendingReport::changed) {
        pending = m_queues.take_changed();
    }
    std::sort(pending.begin(), pending.end(),
              [](const Pending* a, const Pending* b) { return a->info.key < b->info.key; });
    for (const Pending* pp : pending) {
        const Pending& p = *pp;
        std::string blocker = queue_blocker(p);
        sim::PendingDecision d;
        d.workload = p.info.key;
        d.cluster_queue = p.info.cluster_queue;
        d.message = blocker.empty() ? p.message : blocker;
        d.reason = p.reason;
        out.pending.push_back(std::move(d));
    }
    return changed;
}

// R5.9.1
void CycleRunner::process(Entry& e, Snapshot& snap, ChosenTargets& targets_so_far,
                          sim::CycleDecisions& out, bool& changed) {
    int cq = e.cq;
    auto overlaps = [&]() {
        for (const auto& t : e.targets)
            if (targets_so_far.keys.count(t.key)) return true;
        return false;
    };
    // Only victims in this entry's cohort tree change what fits in it; removing (and restoring)
    // those of other trees would cost O(victims) per entry for nothing.
    static const std::set<std::string> k_none;
    auto in_tree = targets_so_far.by_root.find(snap.root(cq));
    const std::set<std::string>& tree_targets = in_tree == targets_so_far.by_root.end() ? k_none : in_tree->second;
    const bool exact = targets_so_far.shadow_exact;
    // R5.9.3 recomputation on overlapping targets, on the snapshot without the victims so far.
    if (overlaps()) {
        NominationMapping mapping;
        for (const auto& ps : e.assignment.pod_sets)
            for (const auto& [res, fc] : ps.flavors) mapping[{ps.name, res}] = fc.flavor;
        if (exact) {
            compute_assignment(e, victim_free(targets_so_far, snap), &mapping);
        } else {
            for (const auto& k : tree_targets) snap.remove_workload(k);
            compute_assignment(e, snap, &mapping);
            for (const auto& k : tree_targets) snap.restore_workload(k);
        }
        e.mode = e.assignment.mode();
        if (e.mode == Mode::fit) e.mode = Mode::deferred_fit;
        e.message = e.assignment.message();
    }
    const FRAmounts& usage = e.assignment.usage;
    // Step 3: fits with the victims so far and its own treated as gone.
    std::set<std::string> removed;
    for (const auto& t : e.targets)
        if (!exact || !targets_so_far.keys.count(t.key)) removed.insert(t.key);
    if (!exact) removed.insert(tree_targets.begin(), tree_targets.end());
    Snapshot& check = exact ? victim_free(targets_so_far, snap) : snap;
    for (const auto& k : removed) check.remove_workload(k);
    bool fits = true;
    for (const auto& [f, v] : usage)
        if (check.available(cq, f) < Amount::of(v)) fits = false;
    for (const auto& k : removed) check.restore_workload(k);
    // Usage the cycle adds goes to both snapshots.
    auto add_usage = [&](const FR& f, std::int64_t v) {
        snap.add_usage(cq, f, v);
        if (targets_so_far.shadow_exact && targets_so_far.shadow_ready) targets_so_far.shadow.add_usage(cq, f, v);
    };

    if (e.mode == Mode::no_fit) {
        e.reason = e.assignment.no_fit_reason;
        e.requeue = "NoFit";
        return;
    }
    if (e.mode == Mode::preempt && e.targets.empty()) {
        e.reason = "WaitingForQuota";
        e.requeue = "PreemptionNoCandidates";
        // R5.9.2 capacity reservation.
        if (*snap.nodes[cq].cq->preemption.reclaim_within_cohort != model::ReclaimWithinCohort::any) {
            for (const auto& [f, u] : usage) {
                std::int64_t cur = snap.usage(cq, f);
                Amount nom = snap.nominal(cq, f);
                if (e.assignment.borrowing > 0) {
                    const auto& q = snap.nodes[cq].quotas[f];
                    if (!q.borrowing_limit) {
                        add_usage(f, u);
                        continue;
                    }
                    Amount room = nom.add(*q.borrowing_limit).sub(Amount::of(cur));
                    if (room < Amount::of(u)) {
                        if (room < Amount::of(0)) {
                            snap.set_own_usage(cq, f, model::saturating_add(cur, room.value()));
                            // Not a usage change the shadow can mirror: exact fallback from here on.
                            targets_so_far.shadow_exact = false;
                        } else {
                            add_usage(f, room.value());
                        }
                    } else {
                        add_usage(f, u);
                    }
                } else {
                    Amount room = nom.sub(Amount::of(cur));
                    std::int64_t v = room < Amount::of(u) ? room.value() : u;
                    if (v > 0) add_usage(f, v);
                }
            }
        }
        return;
    }
    if (e.mode == Mode::deferred_fit) {
        for (const auto& [f, v] : usage) add_usage(f, v);
        e.message = "Workload has overlapping preemption targets with another workload, but will fit after these "
                    "preemptions complete";
        e.reason = "WaitingForPreemptedWorkloads";
        e.requeue = "PendingPreemption";
        return;
    }
    if (overlaps()) {
        e.message = "Workload has overlapping preemption targets with another workload";
        e.reason = "WaitingForQuota";
        e.requeue = "FailedAfterNomination";
        return;
    }
    if (!fits) {
        e.message = "Workload no longer fits after processing another workload";
        e.reason = "WaitingForQuota";
        e.requeue = "FailedAfterNomination";
        return;
    }
    for (const auto& t : e.targets) {
        if (targets_so_far.keys.insert(t.key).second && exact) {
            if (!targets_so_far.shadow_ready) {
                targets_so_far.shadow = snap;  // equal until now: no victim removed yet
                targets_so_far.shadow_ready = true;
            }
            targets_so_far.shadow.remove_workload(t.key);
        }
        targets_so_far.by_root[snap.root(t.cq)].insert(t.key);
    }
    for (const auto& [f, v] : usage) add_usage(f, v);
    if (e.mode == Mode::preempt) {
        // R7.9 issuing preemptions.
        const WorkloadInfo& w = *e.info;
        std::string job_uid;  // "UNKNOWN" in the message when absent
        if (auto it = w.obj->meta.labels.find("kueue.x-k8s.io/job-uid"); it != w.obj->meta.labels.end())
            job_uid = it->second;
        for (const auto& t : e.targets) {
            auto rit = m_reserving.find(t.key);
            if (rit == m_reserving.end() || rit->second.evicted || m_evicted_now.count(t.key)) continue;
            sim::PreemptedDecision d;
            d.workload = t.key;
            d.preemptor = e.key;
            d.reason = t.reason;
            d.message = format_preemption_message({w.uid, job_uid, t.reason, m_paths[cq], m_paths[t.cq]});
            m_evicted_now[t.key] = d.message;
            out.preempted.push_back(std::move(d));
            // Marked evicted after the cycle: the snapshot points at this info and must keep
            // seeing the state the cycle started from.
            m_victims.push_back(&rit->second);
            changed = true;
        }
        e.message += ". Pending the preemption of " + std::to_string(e.targets.size()) + " workload(s)";
        e.reason = "WaitingForPreemptedWorkloads";
        e.requeue = "PendingPreemption";
        return;
    }
    admit(e, out);
    changed = true;
}

// R5.11
void CycleRunner::admit(Entry& e, sim::CycleDecisions& out) {
    sim::AdmittedDecision d;
    d.workload = e.key;
    d.cluster_queue = e.info->cluster_queue;
    WorkloadInfo info = *e.info;
    info.reserving = true;
    info.evicted = false;
    info.quota_reserved_at = m_now;
    info.usage = e.assignment.usage;
    info.used_frs.clear();
    std::set<std::string> flavors_used;
    for (const auto& ps : e.assignment.pod_sets) {
        auto& m = d.flavors[ps.name];
        for (const auto& [res, fc] : ps.flavors) {
            m[res] = fc.flavor;
            info.used_frs.insert({fc.flavor, res});
            flavors_used.insert(fc.flavor);
        }
        d.counts[ps.name] = ps.count;
    }
    // R5.11.2: required admission checks; the simulator transitions them to Ready at the end of the cycle.
    const auto* cq = m_cl.find_cluster_queue(d.cluster_queue);
    bool checks = false;
    for (const auto& ac : cq->admission_checks) {
        if (ac.on_flavors.empty()) checks = true;
        for (const auto& f : ac.on_flavors)
            if (flavors_used.count(*f)) checks = true;
    }
    d.admitted = !checks;
    out.admitted.push_back(std::move(d));
    m_sticky.erase(e.info->cluster_queue);
    std::string key = e.key;
    m_queues.erase(key);
    // Reserves for good once the cycle's snapshot is rolled back (run_cycle): until then the
    // cycle sees this usage only as its own accounting, as Kueue's cycle snapshot does.
    m_admitted_now.emplace_back(std::move(key), std::move(info));
}

// R5.10.1 placement after a failed attempt (R4.4).
void CycleRunner::requeue(Entry& e) {
    auto& p = m_queues.at(e.key);
    m_queues.unqueue(p);  // its condition and placement change
    p.message = e.message;
    p.reason = e.reason;
    m_queues.mark_changed(p);
    const auto* cq = m_cl.find_cluster_queue(e.info->cluster_queue);
    bool strict = cq && *cq->queueing_strategy == model::QueueingStrategy::strict_fifo;
    bool immediate = strict ? e.requeue != "NamespaceMismatch"
                            : (e.requeue == "FailedAfterNomination" || e.requeue == "PendingPreemption" ||
                               e.requeue == "PreemptionFailed");
    if (!e.inadmissible) {
        if (e.requeue == "PendingPreemption" || e.requeue == "PreemptionFailed") {
            p.progress.clear();  // preemptions issued or deferred: restart from the first flavor
            p.recorded_cycle = -1;
        } else {
            p.progress = e.assignment.progress();
            p.recorded_cycle = m_cycle;
            p.recorded_generation = m_generation[e.info->cluster_queue];
        }
    }
    p.has_condition = true;
    p.condition_reason = e.reason;
    bool untried = false;
    for (const auto& [k, idx] : p.progress) untried = untried || idx != -1;
    bool inadmissible = !immediate && !untried;
    m_queues.enqueue(p, inadmissible);
    if (!strict && inadmissible && (e.requeue == "NoFit" || e.requeue == "PreemptionNoCandidates")) m_queues.bulk_move(p);
    if (e.requeue == "PendingPreemption") m_sticky[e.info->cluster_queue] = e.key;
}

// R4.5 requeue-all for the cohort tree of `cq`: clears the bulk-move records and makes every
// inadmissible workload of the tree active again.
void CycleRunner::requeue_all(const std::string& cq) {
    auto it = m_tree_of.find(cq);
    if (it == m_tree_of.end()) return;
    for (const auto& name : *it->second) m_queues.requeue_all(name);
}

// R5.12.2: evictions release their reservation before the next cycle.
bool CycleRunner::between_cycles() {
    if (m_evicted_now.empty()) return false;
    for (const auto& [key, eviction_message] : m_evicted_now) {
        auto it = m_reserving.find(key);
        if (it == m_reserving.end()) continue;
        WorkloadInfo info = it->second;
        end_reservation(it);
        ++m_generation[info.cluster_queue];
        const std::string& msg = eviction_message;  // QuotaReserved=False message after release (R5.12.2)
        std::string admitted_in = info.cluster_queue;
        info.reserving = false;
        info.usage.clear();
        info.used_frs.clear();
        info.evicted = true;
        // Back to its target CQ through its LocalQueue.
        if (const auto* lq = m_cl.find_local_queue(info.ns, *info.obj->queue_name)) info.cluster_queue = *lq->cluster_queue;
        Pending p;
        p.shape = scheduling_shape(info);  // R4.4.4: its own shape, so bulk moves match it exactly
        p.info = std::move(info);
        p.message = msg;
        p.reason = "PendingEvaluation";
        p.has_condition = true;  // QuotaReserved=False, reason PendingEvaluation (R5.12.2)
        p.condition_reason = p.reason;
        bool queued = is_queued(p);
        bool be = best_effort(p.info.cluster_queue);
        m_queues.insert(key, std::move(p), queued, false, be);
        requeue_all(admitted_in);
    }
    m_evicted_now.clear();
    return true;
}

}  // namespace kg::sim
