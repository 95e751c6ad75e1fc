// One scheduling cycle: heads (R4.9), order (R5.8.1), processing with in-cycle accounting
// (R5.9.1-R5.9.3), admission (R5.11). Nomination is in nomination.cpp, requeueing in
// scheduler_requeue.cpp. Kueue: pkg/scheduler/scheduler.go (schedule, processEntry),
// pkg/cache/queue/cluster_queue.go.
#include "sim/scheduler.h"

#include "sim/fair_sharing_iterator.h"

#include "sim/preemption_message.h"
#include "sim/snapshot_build.h"
#include "sim/tas/tas_assign.h"
#include "sim/workload_info.h"

#include <algorithm>
#include <string_view>

namespace kg::sim {

CycleRunner::CycleRunner(const model::Cluster& cl, bool fair_sharing) : m_cl(cl), m_fair_sharing(fair_sharing) {
    if (cl.kueue_config) m_strategies = cl.kueue_config->fair_sharing_strategies;
    // The tree and quotas never change during a run; reservations are added to this snapshot as
    // they start (add_reserving, admissions) and leave it as they end (evictions, finishes).
    m_live = build_snapshot(cl, {});
    m_generation_of_node.assign(m_live.nodes.size(), 0);
    m_tas = tas::TasState(cl);
    // R4.5 requeue-all reaches the whole cohort tree.
    const Snapshot& snap = m_live;
    for (int n = 0; n < static_cast<int>(snap.nodes.size()); ++n) m_paths.push_back(snap.path(n));
    std::map<int, std::vector<std::string>> by_root;
    for (const auto& n : snap.nodes)
        if (n.is_cq) by_root[snap.root(snap.find_cq(n.name))].push_back(n.name);
    for (auto& [root, names] : by_root) {
        const int tree = static_cast<int>(m_trees.size());
        for (const auto& name : names) {
            m_tree_of[name] = tree;
            m_queues.set_tree(name, tree);
        }
        m_trees.push_back(std::move(names));
    }
}

bool CycleRunner::best_effort(const std::string& cq) const {
    auto [it, fresh] = m_best_effort.try_emplace(cq, false);
    if (fresh) {
        const auto* q = m_cl.find_cluster_queue(cq);
        it->second = q && *q->queueing_strategy == model::QueueingStrategy::best_effort_fifo;
    }
    return it->second;
}

WorkloadIds::Id CycleRunner::add_reserving(WorkloadInfo info) {
    // R5.12.2: a workload already evicted still holds its quota until its job stops; with no
    // release delay that happens before the next cycle.
    if (info.evicted) {
        const auto* c = info.obj->condition("Evicted");
        m_evicted_now[info.key] = c ? c->message : "";
    }
    // Numbered here, whatever the caller's info held: a number is the runner's own.
    info.id = m_queues.ids().intern(info.key);
    const WorkloadIds::Id id = info.id;
    const int node = m_live.find_cq(info.cluster_queue);
    start_reservation(std::move(info), node);
    return id;
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

void CycleRunner::start_reservation(WorkloadInfo info, int node) {
    const WorkloadIds::Id id = info.id;
    if (m_reserving.size() <= id) m_reserving.resize(static_cast<std::size_t>(id) + 1);
    if (m_reserving[id]) end_reservation(id);  // a reservation already held ends first
    m_reserving[id] = std::make_unique<WorkloadInfo>(std::move(info));
    const WorkloadInfo& held = *m_reserving[id];
    if (huge(held.usage)) ++m_huge_reserving;
    m_live.add_workload(held, node);
    if (!m_tas.empty()) {
        auto now = m_tas_admitted_now.find(held.key);
        m_tas.add(held.key, now != m_tas_admitted_now.end() ? now->second : tas::admitted_usage(m_tas, *held.obj));
        if (now != m_tas_admitted_now.end()) m_tas_admitted_now.erase(now);
    }
}

void CycleRunner::end_reservation(WorkloadIds::Id id, bool bump) {
    std::unique_ptr<WorkloadInfo> gone = std::move(m_reserving[id]);
    if (huge(gone->usage)) --m_huge_reserving;
    const int node = m_live.forget_workload(gone->id);
    if (bump) ++generation(node, gone->cluster_queue);
    m_tas.remove(gone->key);
}

const std::string* CycleRunner::shape_of(const WorkloadInfo& info) {
    return m_queues.shape_of(scheduling_shape(info));
}

WorkloadIds::Id CycleRunner::add_pending(WorkloadInfo info, std::string message, const std::string* shape) {
    Pending p;
    const model::Workload& wl = *info.obj;
    p.shape = shape ? shape : shape_of(info);
    if (const auto* c = wl.condition("QuotaReserved")) {
        p.has_condition = true;
        p.condition_reason = c->reason;
    }
    // R4.6 backoff: not eligible for the active heap.
    bool inadmissible = false;
    if (const auto* c = wl.condition("Requeued"); c && c->status == model::ConditionStatus::false_) inadmissible = true;
    if (wl.requeue_at && *wl.requeue_at > m_now) inadmissible = true;
    p.message = std::move(message);
    info.id = m_queues.ids().intern(info.key);  // as in add_reserving
    const WorkloadIds::Id id = info.id;
    p.info = std::move(info);
    bool queued = is_queued(p);
    // Its queue, when one exists, knows whether it is BestEffortFIFO (set from best_effort()
    // when it was made) and its bulk-move record.
    QueueOfCQ* queue = m_queues.queue_of(p.info.cluster_queue);
    bool be = queue ? queue->best_effort : best_effort(p.info.cluster_queue);
    // R4.8 (cluster_queue.go PushOrUpdate): in BestEffortFIFO an arrival whose shape was
    // bulk-moved goes straight to the inadmissible set until the next requeue-all.
    if (be && queue && queue->bulk_moved(*p.shape)) inadmissible = true;
    m_queues.insert(std::move(p), queued, inadmissible, be, queue);
    return id;
}

// R4.2 heap order and R4.9 heads: one per active CQ, in CQ name order.
std::vector<PendingWorkload*> CycleRunner::pop_heads() { return m_queues.head_workloads(m_sticky); }

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
    const std::vector<Pending*> head_workloads = pop_heads();
    // The cycle works on the live snapshot itself and rolls its tentative accounting back at
    // the end; the reservations it made are then added for good.
    Snapshot& snap = m_live;
    snap.begin_journal();
    m_tas.begin();
    bool huge_usage = m_huge_reserving > 0;
    std::vector<Entry> entries;
    entries.reserve(head_workloads.size());
    for (Pending* p : head_workloads) {
        Entry e;
        e.key = p->info.key;
        e.info = &p->info;
        e.pending = p;
        // A head is queued, so its queue is its ClusterQueue's (PendingQueues::insert).
        int& node = p->queue->node;
        if (node == -2) node = snap.find_cq(e.info->cluster_queue);
        e.cq = node;
        entries.push_back(std::move(e));
    }
    for (auto& e : entries) {
        nominate(e, snap);
        huge_usage = huge_usage || huge(e.assignment.usage);
    }
    ChosenTargets targets_so_far;
    targets_so_far.shadow_exact = !huge_usage;
    if (m_fair_sharing) {
        std::vector<Entry*> admissible;
        for (auto& e : entries)
            if (!e.inadmissible) admissible.push_back(&e);
        FairSharingIterator order(std::move(admissible), snap);
        while (!order.empty()) {
            Entry* e = order.next();
            process(*e, snap, targets_so_far, out, changed);
            order.processed(*e);
        }
    } else {
        for (Entry* e : order_classical(entries)) process(*e, snap, targets_so_far, out, changed);
    }
    snap.rollback();
    m_tas.rollback();
    for (auto& [info, node] : m_admitted_now) start_reservation(std::move(info), node);
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
        if (e.pending) requeue(e);  // not admitted: still pending
    }
    // Every workload without quota at the end of the cycle, by key.
    std::vector<const Pending*> pending;
    if (m_report_pending == PendingReport::all) {
        pending = m_queues.all();
    } else if (m_report_pending == PendingReport::changed) {
        pending = m_queues.take_changed();
        // Arrivals are listed as changed, and in a replay hundreds of thousands arrive
        // between two cycles with no message yet: listing them all at once was a fifth of
        // the replay's peak memory, for nothing to write. They are dropped before the sort
        // (whether one is listed depends on it alone), which sorted them all by key.
        std::erase_if(pending, [&](const Pending* p) {
            if (p->listed_message) return false;
            if (p->blocker_state == 0) queue_blocker(*p);  // sets blocker_state and blocker
            const bool blocked = p->blocker_state == 3 && !p->blocker.empty();
            if ((blocked ? p->blocker : p->message).empty()) return true;
            p->listed_message = true;
            return false;
        });
    }
    std::sort(pending.begin(), pending.end(),
              [](const Pending* a, const Pending* b) { return a->info.key < b->info.key; });
    // The heads in the order popped (ClusterQueue name order), unsorted: sorting them by key
    // here and again in next_heads_differ after every cycle cost 0.6 of ls-cq10x's 23 billion
    // instructions.
    std::vector<std::string> heads;
    heads.reserve(entries.size());
    for (Entry& e : entries) heads.push_back(std::move(e.key));
    std::unordered_set<std::string_view> head_keys;  // for PendingDecision::head
    if (!pending.empty()) head_keys.insert(heads.begin(), heads.end());
    out.pending.reserve(out.pending.size() + pending.size());
    for (const Pending* pp : pending) {
        const Pending& p = *pp;
        std::string blocker = queue_blocker(p);
        const std::string& message = blocker.empty() ? p.message : blocker;
        sim::PendingDecision d;
        d.workload = p.info.key;
        d.cluster_queue = p.info.cluster_queue;
        d.message = message;
        d.reason = p.reason;
        d.head = head_keys.count(d.workload) > 0;
        out.pending.push_back(std::move(d));
    }
    m_last_heads = std::move(heads);
    return changed;
}

bool CycleRunner::next_heads_differ() const {
    // Whether the next heads, as a set of keys, differ from the last cycle's. This runs after
    // every cycle, so nothing is sorted: both lists come in ClusterQueue name order, where the
    // same heads usually sit in the same places, and heads are distinct workloads, so two
    // lists of one length are the same set when each key of one is in the other.
    const std::vector<PendingWorkload*> next = const_cast<PendingQueues&>(m_queues).head_workloads(m_sticky);
    if (next.empty()) return false;
    if (next.size() != m_last_heads.size()) return true;
    std::size_t same = 0;
    while (same < next.size() && next[same]->info.key == m_last_heads[same]) ++same;
    if (same == next.size()) return false;
    const std::unordered_set<std::string_view> last(m_last_heads.begin() + static_cast<std::ptrdiff_t>(same),
                                                    m_last_heads.end());
    for (std::size_t i = same; i < next.size(); ++i) {
        if (last.count(next[i]->info.key) == 0) return true;
    }
    return false;
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
    const WorkloadIds& ids = m_queues.ids();  // victims are named by key in targets_so_far
    // R5.9.3 recomputation on overlapping targets, on the snapshot without the victims so far.
    if (overlaps()) {
        NominationMapping mapping;
        for (const auto& ps : e.assignment.pod_sets)
            for (const auto& [res, fc] : ps.flavors) mapping[{ps.name, res}] = fc.flavor;
        if (exact) {
            compute_assignment(e, victim_free(targets_so_far, snap), &mapping);
        } else {
            for (const auto& k : tree_targets) snap.remove_workload(ids.find(k));
            compute_assignment(e, snap, &mapping);
            for (const auto& k : tree_targets) snap.restore_workload(ids.find(k));
        }
        e.mode = e.assignment.mode();
        if (e.mode == Mode::fit) e.mode = Mode::deferred_fit;
        e.message = e.assignment.message();
    }
    // Step 3: fits with the victims so far and its own treated as gone.
    auto quota_fits = [&]() {
        std::set<std::string> removed;
        for (const auto& t : e.targets)
            if (!exact || !targets_so_far.keys.count(t.key)) removed.insert(t.key);
        if (!exact) removed.insert(tree_targets.begin(), tree_targets.end());
        Snapshot& check = exact ? victim_free(targets_so_far, snap) : snap;
        for (const auto& k : removed) check.remove_workload(ids.find(k));
        bool ok = true;
        for (const auto& [f, v] : e.assignment.usage)
            if (check.available(cq, f) < Amount::of(v)) ok = false;
        for (const auto& k : removed) check.restore_workload(ids.find(k));
        return ok;
    };
    // Kueue's fits() checks the topology too, with the victims so far and the entry's own
    // targets gone (ClusterQueueSnapshot.Fits: quota first, then TAS).
    auto placement_fits = [&]() {
        if (m_tas.empty()) return true;
        if (targets_so_far.keys.empty() && e.targets.empty()) return tas::placement_fits(m_tas, *e.info, e.assignment);
        tas::TasState view = m_tas;
        for (const auto& k : targets_so_far.keys) view.remove(k);
        for (const auto& t : e.targets) view.remove(t.key);
        return tas::placement_fits(view, *e.info, e.assignment);
    };
    bool fits = quota_fits();
    // TASRecomputeAssignmentWithinSchedulingCycle (scheduler.go updateAssignmentIfNeeded): a
    // placement whose quota still fits but whose domains filled up is computed again.
    if (fits && !m_tas.empty() && e.mode != Mode::no_fit && !placement_fits()) {
        NominationMapping mapping;
        for (const auto& ps : e.assignment.pod_sets)
            for (const auto& [res, fc] : ps.flavors) mapping[{ps.name, res}] = fc.flavor;
        compute_assignment(e, snap, &mapping);
        e.mode = e.assignment.mode();
        e.message = e.assignment.message();
        if (e.mode == Mode::preempt) reserve_placement(e);
        fits = quota_fits();
    }
    fits = fits && placement_fits();
    const FRAmounts& usage = e.assignment.usage;
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
        // R5.9.2 capacity reservation (reserveCapacityForUnreclaimablePreempt), its placement too.
        if (*snap.nodes[cq].cq->preemption.reclaim_within_cohort != model::ReclaimWithinCohort::any) {
            add_tas_usage(e);
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
        add_tas_usage(e);
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
            targets_so_far.shadow.remove_workload(*t.info, t.cq);  // the shadow holds the same infos
        }
        targets_so_far.by_root[snap.root(t.cq)].insert(t.key);
    }
    for (const auto& [f, v] : usage) add_usage(f, v);
    add_tas_usage(e);
    if (e.mode == Mode::preempt) {
        // R7.9 issuing preemptions.
        const WorkloadInfo& w = *e.info;
        std::string job_uid;  // "UNKNOWN" in the message when absent
        if (auto it = w.obj->meta.labels.find("kueue.x-k8s.io/job-uid"); it != w.obj->meta.labels.end())
            job_uid = it->second;
        for (const auto& t : e.targets) {
            // t.info is the snapshot's, so the reservation's own.
            WorkloadInfo* victim = reserving_at(t.info->id);
            if (!victim || victim->evicted || m_evicted_now.count(t.key)) continue;
            sim::PreemptedDecision d;
            d.workload = t.key;
            d.preemptor = e.key;
            d.reason = t.reason;
            d.message = format_preemption_message({w.uid, job_uid, t.reason, m_paths[cq], m_paths[t.cq]});
            m_evicted_now[t.key] = d.message;
            out.preempted.push_back(std::move(d));
            // Marked evicted after the cycle: the snapshot points at this info and must keep
            // seeing the state the cycle started from.
            m_victims.push_back(victim);
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

void CycleRunner::add_tas_usage(const Entry& e) {
    if (!m_tas.empty()) m_tas.add(e.key, tas::assignment_usage(m_tas, *e.info, e.assignment));
}

// R5.11
void CycleRunner::admit(Entry& e, sim::CycleDecisions& out) {
    sim::AdmittedDecision d;
    d.workload = e.key;
    d.id = e.info->id;
    // The pending element goes, so its info is moved out rather than copied (e.info dangles
    // from here on, as it did when the element was erased).
    WorkloadInfo info = m_queues.take(*e.pending);
    e.pending = nullptr;
    d.cluster_queue = info.cluster_queue;
    // From the info as it was pending, like everything nomination computed.
    if (!m_tas.empty()) m_tas_admitted_now[e.key] = tas::assignment_usage(m_tas, info, e.assignment);
    info.reserving = true;
    info.evicted = false;
    info.quota_reserved_at = m_now;
    info.usage = e.assignment.usage;
    info.used_frs.clear();
    const model::ClusterQueue* cq = m_live.nodes[e.cq].cq;  // d.cluster_queue's (nominate)
    // Only admission checks read the flavors used (most ClusterQueues have none).
    const bool any_checks = !cq->admission_checks.empty();
    std::set<std::string> flavors_used;
    for (const auto& ps : e.assignment.pod_sets) {
        auto& m = d.flavors[ps.name];
        for (const auto& [res, fc] : ps.flavors) {
            m[res] = fc.flavor;
            info.used_frs.insert({fc.flavor, res});
            if (any_checks) flavors_used.insert(fc.flavor);
        }
        d.counts[ps.name] = ps.count;
        if (ps.topology) d.topology[ps.name] = *ps.topology;
        if (!ps.delayed_topology.empty()) d.delayed_topology[ps.name] = ps.delayed_topology;
    }
    // R5.11.2: required admission checks; the simulator transitions them to Ready at the end of the cycle.
    bool checks = false;
    for (const auto& ac : cq->admission_checks) {
        if (ac.on_flavors.empty()) checks = true;
        for (const auto& f : ac.on_flavors)
            if (flavors_used.count(*f)) checks = true;
    }
    d.admitted = !checks;
    d.object = info.obj;
    out.admitted.push_back(std::move(d));
    m_sticky.erase(info.cluster_queue);
    // Reserves for good once the cycle's snapshot is rolled back (run_cycle): until then the
    // cycle sees this usage only as its own accounting, as Kueue's cycle snapshot does.
    m_admitted_now.emplace_back(std::move(info), e.cq);  // e.cq: info.cluster_queue's node
}

}  // namespace kg::sim
