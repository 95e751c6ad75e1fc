// The pending side of Kueue's queue manager (pkg/cache/queue/cluster_queue.go,
// inadmissible_workloads.go): every ClusterQueue has an active heap and an
// inadmissible set (R4.1), ordered by R4.2. Workloads of one scheduling shape
// (R4.4.4) are kept together, each shape with its own active and inadmissible
// sets, so a bulk move or a requeue-all moves whole sets instead of scanning
// every pending workload: a cycle costs O(heads x log n), not O(pending workloads),
// which is what makes long replays fast. The ClusterQueues with a head, and per
// cohort tree those with something to requeue, are indexed, so neither the heads nor
// a tree's requeue-all visit the ClusterQueues that have nothing (10,000 in ls-cq10x).
#pragma once

#include "sim/flavor_assigner.h"
#include "sim/snapshot.h"

#include <cstdint>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace kg::sim {

struct ShapeGroup;
struct QueueOfCQ;
/// Empty shape groups a ClusterQueue's queue keeps (PendingQueues::unqueue).
inline constexpr std::size_t k_kept_groups = 8;

/// A workload without quota, as the queue manager holds it.
/// R4.4.4 scheduling shape: priority and, per pod set, what decides its fit (not namespace or
/// queue). Workloads of one shape are bulk-moved together in BestEffortFIFO.
std::string scheduling_shape(const WorkloadInfo& info);

/// Kept small: a replay may hold every one of its 500,000 workloads here at once, so the
/// shape is shared and the small fields are packed together.
struct PendingWorkload {
    WorkloadInfo info;
    std::string message;
    std::string reason;
    ScanProgress progress;  ///< R5.5.6 recorded flavor-scan progress
    std::int64_t recorded_cycle = -1;
    std::uint64_t recorded_generation = 0;
    /// R4.4.4 scheduling shape, the one copy PendingQueues::shape_of keeps.
    const std::string* shape = nullptr;
    std::string condition_reason;  ///< reason of its QuotaReserved condition (has_condition)
    mutable std::string blocker;   ///< see blocker_state
    /// Cached R3.2 result: the cluster is immutable for the runner's life, so a workload's
    /// LocalQueue/ClusterQueue blocker never changes. 0 unknown, 1 queued, 2 held (own
    /// message), 3 blocked by `blocker`.
    mutable int blocker_state = 0;
    bool has_condition = false;    ///< carries a QuotaReserved condition
    /// Placement, owned by PendingQueues: whether it sits in a queue at all (false when
    /// blocked by R3.2), and the shape group of its ClusterQueue while it is enqueued.
    bool queued = false;
    bool changed = false;  ///< listed for take_changed() (when tracking changes)
    std::uint32_t changed_slot = 0;  ///< while `changed`: its place in PendingQueues' change list
    /// Listed by a cycle with a message (CycleRunner's PendingReport::changed). Until then an
    /// empty message is not listed: the listener has nothing of this workload's to change.
    mutable bool listed_message = false;
    ShapeGroup* group = nullptr;
    QueueOfCQ* queue = nullptr;  ///< its ClusterQueue's queue, set when queued
};

/// R4.2 heap order without the sticky preemptor (handled at pop): higher priority,
/// earlier queue-order timestamp, UID, then key (R0.3) - a total order.
struct HeapOrder {
    bool operator()(const PendingWorkload* a, const PendingWorkload* b) const;
};
using MemberSet = std::set<PendingWorkload*, HeapOrder>;

struct ShapeGroup {
    const std::string* shape = nullptr;  ///< PendingQueues::shape_of's copy
    MemberSet active;
    MemberSet inadmissible;
    /// Members whose QuotaReserved reason a bulk move overwrites (R4.4.4); usually none,
    /// so a bulk move need not visit the members one by one.
    std::size_t overwritable = 0;
};

/// A ClusterQueue's queue: its shape groups, the groups with active members ordered by
/// their first member (so the head is the first member of the first group), and the
/// R4.4.4 bulk-move record.
struct QueueOfCQ {
    const std::string* name = nullptr;  ///< its key in PendingQueues' map
    int tree = -1;                      ///< its cohort tree (PendingQueues::set_tree), -1 none
    /// The ClusterQueue's node in the runner's snapshot, which never changes: found by name
    /// for the first head of the queue and kept (CycleRunner::run_cycle). -2: not yet.
    int node = -2;
    bool in_dirty = false;              ///< listed in its tree's dirty list
    bool with_head = false;             ///< listed in PendingQueues' m_with_head
    struct GroupOrder {
        bool operator()(const ShapeGroup* a, const ShapeGroup* b) const {
            return HeapOrder{}(*a->active.begin(), *b->active.begin());
        }
    };
    bool best_effort = true;
    /// By shape, keyed by the interned copy (PendingQueues::shape_of), which every pending
    /// workload points at: a lookup compares pointers, not shape strings. Never walked in an
    /// order that matters (requeue_all moves every group; each move stands alone).
    std::unordered_map<const std::string*, ShapeGroup> groups;
    std::set<ShapeGroup*, GroupOrder> by_head;  ///< groups with active members
    std::map<std::string, std::string> bulk;    ///< shape -> QuotaReserved reason
    /// Whether `shape` is recorded as bulk-moved here (R4.8 routes such arrivals to inadmissible).
    bool bulk_moved(const std::string& shape) const { return bulk.count(shape) > 0; }
    std::size_t inadmissible = 0;               ///< members in inadmissible sets
};

class PendingQueues {
public:
    /// Adds (or replaces) a pending workload; `queued` false keeps it out of every queue.
    /// `key` is p.info.key; the workload is numbered by ids() (p.info.id is set from `key`).
    /// `queue`: queue_of(p.info.cluster_queue) when the caller has it (saves a lookup).
    PendingWorkload& insert(const std::string& key, PendingWorkload p, bool queued, bool inadmissible,
                            bool best_effort, QueueOfCQ* queue = nullptr);
    /// The same for a workload already numbered: p.info.id must be ids().intern(p.info.key).
    PendingWorkload& insert(PendingWorkload p, bool queued, bool inadmissible, bool best_effort,
                            QueueOfCQ* queue = nullptr);
    /// The queue of ClusterQueue `cq`, or nullptr while nothing was ever queued in it: an
    /// arrival reads its BestEffortFIFO flag and bulk-move record, and is queued there, after
    /// one lookup by name instead of three.
    QueueOfCQ* queue_of(const std::string& cq) {
        auto it = m_queues.find(cq);
        return it == m_queues.end() ? nullptr : &it->second;
    }
    /// Erases workload number `id` if it is pending (a workload that finished while waiting).
    void erase(WorkloadIds::Id id);
    void erase(const std::string& key) { erase(m_ids.find(key)); }
    /// Erases pending workload `p` and returns its info: what an admission keeps.
    WorkloadInfo take(PendingWorkload& p);
    /// The same by key, which must be pending.
    WorkloadInfo take(const std::string& key) { return take(at(key)); }
    PendingWorkload* find(const std::string& key) { return find(m_ids.find(key)); }
    /// By number; nullptr when that workload is not pending (or `id` is none).
    PendingWorkload* find(WorkloadIds::Id id) {
        return id < m_by_id.size() ? m_by_id[id].get() : nullptr;
    }
    /// The pending workload `key`; throws std::out_of_range when there is none.
    PendingWorkload& at(const std::string& key);
    bool contains(const std::string& key) const {
        const WorkloadIds::Id id = m_ids.find(key);
        return id < m_by_id.size() && m_by_id[id];
    }
    /// Every pending workload, in no particular order.
    std::vector<const PendingWorkload*> all() const;
    /// How many workloads are pending.
    std::size_t size() const { return m_size; }
    /// The numbers of every workload seen so far, pending or not: the runner numbers its
    /// reservations with the same ones (a workload keeps its number as it is admitted, evicted
    /// and queued again), so both are reached by index instead of by name.
    WorkloadIds& ids() { return m_ids; }
    const WorkloadIds& ids() const { return m_ids; }

    /// Takes a workload out of its queue, so its condition or placement can change...
    void unqueue(PendingWorkload& p);
    /// ...and puts it back, into the active heap or the inadmissible set (no-op unless queued).
    void enqueue(PendingWorkload& p, bool inadmissible);
    /// Whether it is in the inadmissible set of its ClusterQueue.
    bool is_inadmissible(const PendingWorkload& p) const;
    /// R4.9 heads in ClusterQueue name order; `sticky` maps CQ -> its sticky preemptor (R4.7).
    std::vector<std::string> heads(const std::map<std::string, std::string>& sticky) const;
    /// The same heads as the pending workloads themselves: a cycle works on them without
    /// copying each key and looking it up again.
    std::vector<PendingWorkload*> head_workloads(const std::map<std::string, std::string>& sticky);
    /// R4.4.4 bulk move of `failed`'s shape in its CQ.
    void bulk_move(const PendingWorkload& failed);
    /// The one copy of `shape` that pending workloads point at: a shape is shared by every
    /// workload of one priority and pod sets (a generator template), thousands of them.
    const std::string* shape_of(std::string shape) { return &*m_shapes.insert(std::move(shape)).first; }
    /// Whether `shape` is recorded as bulk-moved in `cq` (R4.8 routes such arrivals to inadmissible).
    bool bulk_moved(const std::string& cq, const std::string& shape) const;
    /// R4.5 for one ClusterQueue: clears its bulk-move record, inadmissible -> active.
    /// Returns how many workloads it made active.
    std::size_t requeue_all(const std::string& cq);
    /// Numbers the cohort trees (R4.5) so requeue_tree can reach a tree's queues without
    /// looking up each of its ClusterQueues: `cq` belongs to tree `tree` (0, 1, ...).
    void set_tree(const std::string& cq, int tree);
    /// requeue_all for every ClusterQueue of `tree`. Only the queues that have a bulk-move
    /// record or inadmissible members are visited (requeue_all is a no-op on the others), so
    /// the cost does not grow with the size of the tree. Returns how many became active.
    std::size_t requeue_tree(int tree);

    /// Change tracking, so a caller can list only the workloads whose message or reason may
    /// have changed instead of all of them every cycle. Inserted workloads count as changed.
    void track_changes(bool on) { m_track = on; }
    void mark_changed(PendingWorkload& p);
    /// The workloads changed since the last call (each once, in no particular order).
    std::vector<const PendingWorkload*> take_changed();

private:

    WorkloadIds m_ids;
    /// Pending workloads by number (null: not pending). Each record has a heap block of its
    /// own, so that its address holds while the vector grows: queues and cycles point at it.
    std::vector<std::unique_ptr<PendingWorkload>> m_by_id;
    std::size_t m_size = 0;  ///< non-null entries of m_by_id
    std::unordered_set<std::string> m_shapes;  ///< shape_of's; elements never move
    bool m_track = false;
    /// The changed workloads; an entry erased since is nulled (changed_slot), so that listing
    /// a change costs no copy of its key and taking them no lookup by key.
    std::vector<PendingWorkload*> m_changed;
    /// The queue of ClusterQueue `cq`, made on first use (BestEffortFIFO or not, its tree).
    QueueOfCQ& queue_for(const std::string& cq, bool best_effort);
    void forget_change(PendingWorkload& p) {
        if (p.changed) m_changed[p.changed_slot] = nullptr;
    }
    /// By ClusterQueue name; hashed (every arrival looks its queue up twice, and an ordered
    /// search over 10,000 names compared a dozen of them) and never walked. Nodes never move,
    /// so QueueOfCQ::name may point at the key.
    std::unordered_map<std::string, QueueOfCQ> m_queues;
    /// The queues with a head (non-empty by_head), in ClusterQueue name order: heads() visits
    /// these instead of every ClusterQueue, which with 10,000 ClusterQueues and few heads per
    /// cycle was most of a cycle. Kept by listed(), called wherever by_head may change.
    struct ByName {
        bool operator()(const QueueOfCQ* a, const QueueOfCQ* b) const { return *a->name < *b->name; }
    };
    std::set<QueueOfCQ*, ByName> m_with_head;
    void listed(QueueOfCQ& q);
    /// Marks `q` as possibly needing a requeue (bulk record or inadmissible members).
    void dirty(QueueOfCQ& q);
    std::unordered_map<std::string, int> m_tree_of;   ///< CQ -> tree, from set_tree
    std::vector<std::vector<QueueOfCQ*>> m_dirty;     ///< per tree: queues dirty() listed
};

}  // namespace kg::sim
