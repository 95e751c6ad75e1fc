// One scheduling cycle and the state carried between cycles (queues, reservations,
// evictions in flight). Kueue: pkg/scheduler/scheduler.go, pkg/cache/queue.
#pragma once

#include "sim/decisions.h"
#include "sim/flavor_assigner.h"
#include "sim/pending_queues.h"
#include "sim/preemption/preemption.h"
#include "sim/queue_path.h"
#include "sim/tas/tas_state.h"

#include <map>
#include <optional>
#include <memory>
#include <set>
#include <string>
#include <tuple>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace kg::sim {

/// A head and what the scheduler computed for it (Kueue scheduler.entry).
struct Entry {
    std::string key;
    const WorkloadInfo* info = nullptr;
    /// Its pending element (info is its info) until admit() takes it out of the queues.
    PendingWorkload* pending = nullptr;
    int cq = -1;
    bool inadmissible = false;
    std::string message;
    std::string reason;   ///< QuotaReserved=False reason
    std::string requeue;  ///< requeue reason (R5.10.1)
    Assignment assignment;
    std::vector<Target> targets;
    Mode mode = Mode::no_fit;
};

class CycleRunner {
public:
    CycleRunner(const model::Cluster& cl, bool fair_sharing);
    void set_now(model::Timestamp now) { m_now = now; }
    void set_recorder(ExplainRecorder* r) { m_recorder = r; }
    /// Which pending workloads each cycle lists: every one (simulate), only those whose message
    /// or reason may have changed since the last cycle (replay --events writes a step only on a
    /// change; one whose message has been empty since it was queued is left out, as it has
    /// nothing to write), or none (a plain replay).
    enum class PendingReport { all, changed, none };
    void set_report_pending(PendingReport r) {
        m_report_pending = r;
        m_queues.track_changes(r == PendingReport::changed);
    }
    /// Adds a workload that holds quota; returns its number (WorkloadInfo::id, which the
    /// runner sets from info.key whatever it was).
    WorkloadIds::Id add_reserving(WorkloadInfo info);
    /// `shape`: shape_of(info), when the caller keeps it (a replay's arrivals share theirs).
    /// Returns its number, as add_reserving.
    WorkloadIds::Id add_pending(WorkloadInfo info, std::string message, const std::string* shape = nullptr);
    /// The interned R4.4.4 scheduling shape of `info` (its priority and pod sets).
    const std::string* shape_of(const WorkloadInfo& info);
    /// The workload `key` while it reserves quota (after the cycle that admitted it), or nullptr.
    const WorkloadInfo* reserving(const std::string& key) const {
        return reserving_at(m_queues.ids().find(key));
    }
    /// Runs one cycle, appending its decisions. Returns whether anything changed.
    bool run_cycle(sim::CycleDecisions& out);
    /// The heads the next cycle would pop (R4.x), without popping them.
    std::vector<std::string> next_heads() const { return m_queues.heads(m_sticky); }
    /// The next cycle would try heads, and not the ones the last cycle tried: their going
    /// inadmissible left the workloads behind them to try (Kueue's scheduler loop goes on while
    /// any queue has an active head; simulate --until-stable and the replay ask this).
    bool next_heads_differ() const;
    /// R5.12: evictions release their quota; returns whether any did.
    bool between_cycles();
    /// Workload number `id` finished (replay): its quota is released; its cohort tree is
    /// requeued (R4.5) by the next flush_requeues(), as Kueue batches requeue-all events before
    /// the next cycle. One still pending just leaves its queue.
    void finish(WorkloadIds::Id id);
    /// The numbers of the workloads the runner has seen (WorkloadInfo::id, as add_pending
    /// and add_reserving return them).
    const WorkloadIds& ids() const { return m_queues.ids(); }
    /// Applies the requeue-all of every tree in which a workload finished since the last call.
    void flush_requeues();
    /// Deferred requeueing (the replay's controller model): finishes and completed evictions
    /// leave the cohort tree's inadmissible workloads where they are; the caller requeues the
    /// tree with requeue_tree() when Kueue's requeuer would (R4.5, its 1 s batch period).
    void set_deferred_requeue(bool on) { m_deferred_requeue = on; }
    /// R4.5 requeue-all of the cohort tree of `cq` now; true when a workload became active.
    bool requeue_tree(const std::string& cq);
    /// One name per cohort tree (its first ClusterQueue), so requeue notices can be batched.
    const std::string& tree_of(const std::string& cq) const;
    /// Nominates a queued workload as if it were its ClusterQueue's head (R5.2.1, flavor
    /// assignment, preemption targets) and rolls everything back; nullopt when not queued.
    std::optional<HeadRecord> nominate_alone(const std::string& key);

private:
    using Pending = PendingWorkload;

    std::string queue_blocker(const Pending& p) const;  ///< R3.2 message, "" when queued
    /// The R3.2 and R5.2.1 checks read only a Workload object and the cluster, both unchanged
    /// for the runner's life, and a replay's arrivals share their objects: each object is
    /// checked once (500,000 arrivals, 30,000 objects in ls-cq10x).
    struct QueueCheck {
        int state = 0;  ///< as PendingWorkload::blocker_state
        std::string blocker;
    };
    mutable std::unordered_map<const model::Workload*, QueueCheck> m_queue_checks;
    std::map<std::tuple<const model::Workload*, const model::ClusterQueue*, bool>, std::optional<PathCheck>>
        m_nomination_checks;
    bool is_queued(const Pending& p) const;
    std::vector<PendingWorkload*> pop_heads();
    void nominate(Entry& e, Snapshot& snap);
    void compute_assignment(Entry& e, Snapshot& snap, const NominationMapping* restrict_to);
    std::vector<Target> targets_for(Snapshot& snap, const WorkloadInfo& wl, int cq, const Assignment& a);
    std::vector<Entry*> order_classical(std::vector<Entry>& entries) const;
    /// R5.9 `targetsSoFar`, also grouped by the root of the victim's cohort tree.
    struct ChosenTargets {
        std::unordered_set<std::string> keys;  ///< looked up for every target of every entry
        std::map<int, std::set<std::string>> by_root;
        /// The cycle's snapshot with every victim in `keys` removed, kept in step with it: a
        /// workload's usage reaches the cohort tree as a function of the CQ totals (R6.3), so
        /// removals and additions commute, and a fits check costs O(own victims) instead of
        /// removing and restoring every victim so far. `shadow_exact` false: the old way.
        /// Until the first victim the shadow would equal the cycle's snapshot, so it is only
        /// copied then (`shadow_ready`); most cycles preempt nothing and never copy it.
        Snapshot shadow;
        bool shadow_exact = true;
        bool shadow_ready = false;
    };
    /// The snapshot a fits check reads: the shadow once it exists, else the cycle's own.
    static Snapshot& victim_free(ChosenTargets& t, Snapshot& snap) { return t.shadow_ready ? t.shadow : snap; }
    void process(Entry& e, Snapshot& snap, ChosenTargets& targets_so_far, sim::CycleDecisions& out,
                 bool& changed);
    void admit(Entry& e, sim::CycleDecisions& out);
    void requeue(Entry& e);
    /// R4.5 requeue-all of the cohort tree of ClusterQueue `cq`.
    void requeue_all(const std::string& cq);

    const model::Cluster& m_cl;
    bool m_fair_sharing;
    /// The cluster's tree and quotas with every reserving workload's usage, kept up to date as
    /// reservations start and end, so a cycle starts from a copy instead of re-adding them all.
    Snapshot m_live;
    std::vector<std::string> m_paths;  ///< per node of the (immutable) tree, its R7.9 path
    /// Reserving workloads whose usage is near INT64_MAX (see run_cycle).
    std::size_t m_huge_reserving = 0;
    /// `node`: m_live.find_cq(info.cluster_queue), which an admission found at nomination.
    /// `info.id` is set (the workload is numbered by m_queues.ids()).
    void start_reservation(WorkloadInfo info, int node);
    /// `bump`: R5.5.6, the workload left the cache for good (finished or evicted), which bumps
    /// its ClusterQueue's generation.
    void end_reservation(WorkloadIds::Id id, bool bump = false);
    /// The reservation of workload number `id`, or nullptr.
    WorkloadInfo* reserving_at(WorkloadIds::Id id) const {
        return id < m_reserving.size() ? m_reserving[id].get() : nullptr;
    }
    model::Timestamp m_now = 0;
    PendingQueues m_queues;
    /// Reserving workloads by number (null: not reserving). Each info has a heap block of its
    /// own, so its address holds while the vector grows: the snapshot points at it.
    std::vector<std::unique_ptr<WorkloadInfo>> m_reserving;
    std::map<std::string, std::string> m_evicted_now;  ///< evicted in the last cycle (-> eviction message), quota still held
    std::vector<WorkloadInfo*> m_victims;  ///< evicted in the running cycle
    std::vector<std::string> m_last_heads;  ///< the heads the last cycle tried, in the order popped
    std::vector<std::pair<WorkloadInfo, int>> m_admitted_now;  ///< info, CQ node
    /// TAS usage per domain (sim/tas), rolled back with m_live after each cycle; the usage of
    /// the admissions of the running cycle waits here until they start for good.
    tas::TasState m_tas;
    std::unordered_map<std::string, std::vector<tas::DomainRequest>> m_tas_admitted_now;
    /// The cycle's TAS accounting for an entry that keeps (or reserves) its placement.
    void add_tas_usage(const Entry& e);
    /// scheduler.go updateAssignmentForTAS: a Preempt entry's placement once its targets (or,
    /// without targets, every TAS workload) are gone.
    void reserve_placement(Entry& e);  ///< reserved in the running cycle
    std::map<std::string, std::string> m_sticky;  ///< CQ -> sticky preemptor (R4.7)
    std::vector<std::string> m_strategies;
    ExplainRecorder* m_recorder = nullptr;
    PendingReport m_report_pending = PendingReport::all;
    std::set<std::string> m_finished_cqs;  ///< CQs with a finished workload awaiting requeue-all
    bool m_deferred_requeue = false;
    std::int64_t m_cycle = 0;
    /// ClusterQueue -> the number of its cohort tree (R4.5), and per tree its ClusterQueues;
    /// the cluster is immutable. PendingQueues knows the same numbers (set_tree).
    std::unordered_map<std::string, int> m_tree_of;  ///< looked up, never walked
    std::vector<std::vector<std::string>> m_trees;
    bool best_effort(const std::string& cq) const;
    mutable std::unordered_map<std::string, bool> m_best_effort;  ///< best_effort's, by ClusterQueue
    /// R5.5.6: per CQ, bumped whenever one of its reserving workloads leaves the cache.
    /// By the ClusterQueue's node in m_live (a finish knows it from the snapshot, a head from
    /// its entry), so no name is looked up: in ls-cq10x, 500,000 finishes each hashed and
    /// compared a name here. Names the snapshot lacks (node -1) are kept by name.
    std::vector<std::uint64_t> m_generation_of_node;
    std::unordered_map<std::string, std::uint64_t> m_generation;  ///< looked up, never walked
    std::uint64_t& generation(int node, const std::string& cq) {
        return node >= 0 ? m_generation_of_node[static_cast<std::size_t>(node)] : m_generation[cq];
    }
};

}  // namespace kg::sim
