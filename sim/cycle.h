// One scheduling cycle and the state carried between cycles (queues, reservations,
// evictions in flight). Kueue: pkg/scheduler/scheduler.go, pkg/cache/queue.
#pragma once

#include "model/decisions.h"
#include "sim/flavor_assigner.h"
#include "sim/preemption/preemption.h"

#include <map>
#include <set>
#include <string>
#include <vector>

namespace kg::sim {

/// A head and what the scheduler computed for it (Kueue scheduler.entry).
struct Entry {
    std::string key;
    const WorkloadInfo* info = nullptr;
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
    /// Whether each cycle lists every pending workload (simulate does; replay does not need it).
    void set_report_pending(bool on) { m_report_pending = on; }
    void add_reserving(WorkloadInfo info);
    void add_pending(WorkloadInfo info, std::string message);
    /// Runs one cycle, appending its decisions. Returns whether anything changed.
    bool run_cycle(model::CycleDecisions& out);
    /// R5.12: evictions release their quota; returns whether any did.
    bool between_cycles();
    /// A workload finished (replay): its quota is released; its cohort tree is requeued (R4.5)
    /// by the next flush_requeues(), as Kueue batches requeue-all events before the next cycle.
    void finish(const std::string& key);
    /// Applies the requeue-all of every tree in which a workload finished since the last call.
    void flush_requeues();

private:
    struct Pending {
        WorkloadInfo info;
        std::string message;
        std::string reason;
        bool inadmissible = false;  ///< in the CQ's inadmissible set (R4.1)
        ScanProgress progress;      ///< R5.5.6 recorded flavor-scan progress
        std::int64_t recorded_cycle = -1;
        std::uint64_t recorded_generation = 0;
        std::string shape;            ///< R4.4.4 scheduling shape
        bool has_condition = false;   ///< carries a QuotaReserved condition
        std::string condition_reason; ///< its reason
        /// Cached R3.2 result: the cluster is immutable for the runner's life, so a workload's
        /// LocalQueue/ClusterQueue blocker never changes. 0 unknown, 1 queued, 2 held (own
        /// message), 3 blocked by `blocker`.
        mutable int blocker_state = 0;
        mutable std::string blocker;
    };

    std::string queue_blocker(const Pending& p) const;  ///< R3.2 message, "" when queued
    std::vector<std::string> pop_heads();
    void nominate(Entry& e, Snapshot& snap);
    void compute_assignment(Entry& e, Snapshot& snap, const NominationMapping* restrict_to);
    std::vector<Target> targets_for(Snapshot& snap, const WorkloadInfo& wl, int cq, const Assignment& a);
    std::vector<Entry*> order_classical(std::vector<Entry>& entries) const;
    Entry* next_fair_sharing(std::vector<Entry*>& remaining, Snapshot& snap) const;
    void process(Entry& e, Snapshot& snap, std::set<std::string>& targets_so_far, model::CycleDecisions& out,
                 bool& changed);
    void admit(Entry& e, model::CycleDecisions& out);
    void requeue(Entry& e);
    void requeue_all(int cq_tree_node, const Snapshot& snap);
    std::vector<WorkloadInfo> reserving_list() const;

    const model::Cluster& m_cl;
    bool m_fair_sharing;
    model::Timestamp m_now = 0;
    std::map<std::string, Pending> m_pending;
    std::map<std::string, WorkloadInfo> m_reserving;
    std::map<std::string, std::string> m_evicted_now;  ///< evicted in the last cycle (-> eviction message), quota still held
    std::map<std::string, std::string> m_sticky;  ///< CQ -> sticky preemptor (R4.7)
    std::vector<std::string> m_strategies;
    ExplainRecorder* m_recorder = nullptr;
    bool m_report_pending = true;
    std::set<std::string> m_finished_cqs;  ///< CQs with a finished workload awaiting requeue-all
    std::int64_t m_cycle = 0;
    /// R4.4.4: per CQ, scheduling shapes that recently failed -> their QuotaReserved reason.
    std::map<std::string, std::map<std::string, std::string>> m_bulk;
    void bulk_move(const Pending& failed);
    /// R5.5.6: per CQ, bumped whenever one of its reserving workloads leaves the cache.
    std::map<std::string, std::uint64_t> m_generation;
};

}  // namespace kg::sim
