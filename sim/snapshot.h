// The scheduler's view of one cycle (Kueue pkg/cache/scheduler/snapshot.go,
// clusterqueue_snapshot.go, cohort_snapshot.go, resource_node.go): the cohort tree
// with quotas and usage per (flavor, resource), the reserving workloads of every
// ClusterQueue, and the quota arithmetic of kueue-admission.md §6 (R6.1-R6.6).
#pragma once

#include "model/amount.h"
#include "model/cluster.h"
#include "model/pod_requests.h"
#include "sim/drs.h"
#include "sim/flavor_resource.h"
#include "sim/workload_ids.h"

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

namespace kg::sim {

using model::Amount;

using FRAmounts = FRMap<std::int64_t>;

struct PodSetInfo {
    std::string name;
    std::int32_t count = 1;  ///< effective count (R2.6)
    std::optional<std::int32_t> min_count;
    model::ResourceAmounts per_pod;  ///< without `pods`
    const model::PodSpec* spec = nullptr;
};

/// A workload's pod sets: read as a const vector, shared by the copies of one WorkloadInfo and
/// copied on the first write to a shared one. A replay's arrivals copy the info of their
/// template's base, and a vector apiece (with each pod set's name and per-pod map) was three
/// allocations and some 200 bytes per pending workload, 500,000 of them in ls-cq10x.
class PodSets {
public:
    using value_type = PodSetInfo;
    using const_iterator = std::vector<PodSetInfo>::const_iterator;
    using iterator = const_iterator;
    const_iterator begin() const { return all().begin(); }
    const_iterator end() const { return all().end(); }
    std::size_t size() const { return all().size(); }
    bool empty() const { return all().empty(); }
    const PodSetInfo& operator[](std::size_t i) const { return all()[i]; }
    const PodSetInfo& front() const { return all().front(); }
    const PodSetInfo& back() const { return all().back(); }
    void push_back(PodSetInfo p) { own().push_back(std::move(p)); }
    void clear() { m_sets.reset(); }

private:
    const std::vector<PodSetInfo>& all() const {
        static const std::vector<PodSetInfo> k_none;
        return m_sets ? *m_sets : k_none;
    }
    std::vector<PodSetInfo>& own() {
        if (!m_sets) {
            m_sets = std::make_shared<std::vector<PodSetInfo>>();
        } else if (m_sets.use_count() > 1) {
            m_sets = std::make_shared<std::vector<PodSetInfo>>(*m_sets);
        }
        return *m_sets;
    }
    std::shared_ptr<std::vector<PodSetInfo>> m_sets;
};

/// A workload as the scheduler sees it (Kueue pkg/workload Info).
struct WorkloadInfo {
    const model::Workload* obj = nullptr;
    std::string key;  ///< namespace/name
    /// The runner's number for `key` (PendingQueues::ids), set when the runner adds it and kept
    /// as the workload moves between pending and reserving; none before.
    WorkloadIds::Id id = WorkloadIds::none;
    std::string ns;
    std::string uid;
    std::int32_t priority = 0;      ///< R1.6
    model::Timestamp order_ts = 0;  ///< R4.3
    std::string cluster_queue;      ///< target (pending) or admitting (reserving) CQ
    PodSets pod_sets;
    // Reserving workloads only.
    bool reserving = false;
    bool evicted = false;
    std::optional<model::Timestamp> quota_reserved_at;
    FRAmounts usage;
    FRSet used_frs;  ///< from podSetAssignments flavors
};

struct Quota {
    Amount nominal;
    std::optional<Amount> borrowing_limit;
    std::optional<Amount> lending_limit;
};

struct ResourceGroupInfo {
    std::vector<std::string> covered;
    std::vector<std::string> flavors;
};

/// A ClusterQueue or a Cohort of the tree (Kueue resourceNode + hierarchy).
struct ResourceNode {
    std::string name;
    bool is_cq = false;
    int parent = -1;
    std::vector<int> child_cqs;
    std::vector<int> child_cohorts;
    FRMap<Quota> quotas;
    FRMap<Amount> subtree;  ///< SQ (R6.2)
    FRAmounts usage;               ///< U (R6.3)
    double weight = 1.0;
    // ClusterQueue only.
    const model::ClusterQueue* cq = nullptr;
    std::vector<ResourceGroupInfo> groups;
    bool active = true;                   ///< snapshot-active (R3.1.3)
    std::vector<const WorkloadInfo*> workloads;  ///< reserving workloads
    /// node_share's cache (sim/fair_sharing.h): the share depends on this node's usage and on
    /// quotas that never change, so set_own_usage and rollback, the only writers of usage,
    /// reset it. A copy of the snapshot copies it along with the usage it was computed from.
    mutable DRS drs;
    mutable bool drs_valid = false;
    /// The denominator of that share per resource (R8.2.1: what the parent could lend, summed
    /// over the root's flavors), which depends on quotas only: computed on first use.
    mutable std::vector<std::pair<const std::string*, double>> lendable;
    mutable bool lendable_known = false;
    /// The reserving workloads in R7.3's order apart from `evicted` (candidate_order in
    /// sim/preemption), built for membership generation `order_of`. `members` is bumped when a
    /// workload joins or leaves for good (add_workload, forget_workload); `removed` counts those
    /// a search took out and has not restored yet. The order holds while `order_of == members`
    /// and `removed == 0`: removing and restoring a workload changes its place in `workloads`
    /// but not the set, and the order is over keys that never change.
    mutable std::vector<const WorkloadInfo*> candidate_order;
    mutable std::uint64_t order_of = UINT64_MAX;
    std::uint64_t members = 0;
    int removed = 0;
    /// Which child cohorts' shares borrow, for the fair-sharing target search
    /// (borrowing_children in sim/preemption): it ranks only those (and the preemptor's own),
    /// and a cohort under the root of a 1,000-queue tree has a hundred children. Known after
    /// a first look at every child (`kids_known`); from then on set_own_usage and rollback, the
    /// only writers of usage, list in `kids_changed` each child cohort whose usage moved, and
    /// only those are looked at again. A copy of the snapshot copies the lists with the usage.
    mutable bool kids_known = false;
    mutable std::vector<std::size_t> kids_borrowing;  ///< positions in child_cohorts, any order
    mutable std::vector<int> kid_slot;                ///< by position: index in kids_borrowing or -1
    mutable std::vector<int> kids_changed;            ///< child cohort nodes
    mutable bool listed_as_changed = false;           ///< this node is in its parent's kids_changed
    mutable std::size_t pos_in_parent = 0;            ///< set with the parent's first look
    /// How many of this node's usage entries exceed its subtree quota (R6.5 "within nominal"
    /// fails for a set of FRs only if one of them does), and, for a cohort, its child
    /// ClusterQueues with any such entry, in no order (`over_slot`: a child's place there).
    /// Kept by the usage writes (set_own_usage, rollback), so that classical preemption
    /// visits the ClusterQueues of a cohort over nominal instead of all 1,000 of them.
    int over = 0;
    std::vector<int> over_cqs;
    int over_slot = -1;
};

class Snapshot {
public:
    std::vector<ResourceNode> nodes;
    std::map<std::string, int> cq_index;
    std::map<std::string, int> cohort_index;
    /// Reserving workloads by number (WorkloadInfo::id; one without a number, as from
    /// build_snapshot of an export, is held in usage and membership only). The snapshot points
    /// at them, so each must outlive its place here: the CycleRunner calls forget_workload
    /// before it destroys a reservation's info. With the node of its ClusterQueue (-1 when the
    /// snapshot has none), found once.
    struct Held {
        const WorkloadInfo* info = nullptr;
        int cq = -1;
    };
    std::unordered_map<WorkloadIds::Id, Held> workloads;

    int find_cq(const std::string& name) const;
    /// Hashes cq_index for find_cq, which every head and every admission calls: with 10,000
    /// ClusterQueues a search of the ordered map compared a dozen names. The tree never changes
    /// after build_snapshot, so copies of the snapshot share the one index.
    void index_cluster_queues();
    /// Whether no subtree quota is negative: then a usage entry is the only way for a node
    /// to be over nominal, which ResourceNode::over counts (a missing entry reads as 0).
    bool quotas_non_negative() const;
    bool has_parent(int n) const { return nodes[n].parent >= 0; }

    // R6.1-R6.4 (the three lookups are inline: the preemption search calls them for every
    // ClusterQueue of a cohort)
    Amount nominal(int n, const FR& f) const {
        auto it = nodes[n].quotas.find(f);
        return it == nodes[n].quotas.end() ? Amount::of(0) : it->second.nominal;
    }
    Amount subtree_quota(int n, const FR& f) const {
        auto it = nodes[n].subtree.find(f);
        return it == nodes[n].subtree.end() ? Amount::of(0) : it->second;
    }
    Amount guaranteed(int n, const FR& f) const;  ///< LQ: non-lendable quota
    std::int64_t usage(int n, const FR& f) const {
        auto it = nodes[n].usage.find(f);
        return it == nodes[n].usage.end() ? 0 : it->second;
    }
    Amount local_available(int n, const FR& f) const;
    Amount available(int n, const FR& f) const;  ///< max(0, avail) for CQs
    Amount potential_available(int n, const FR& f) const;
    // R6.5
    bool borrowing_with(int n, const FR& f, std::int64_t v) const;
    bool within_nominal(int n, const FRSet& frs) const {
        for (const FR& f : frs)
            if (subtree_quota(n, f) < Amount::of(usage(n, f))) return false;
        return true;
    }
    /// R6.6: (level, mayReclaimInHierarchy).
    std::pair<int, bool> lowest_fitting_subtree(int cq, const FR& f, std::int64_t v) const;
    int height(int n) const;
    /// Root cohort (or the CQ itself without cohort).
    int root(int n) const;
    /// Ancestors from the parent up to the root.
    std::vector<int> ancestors(int n) const;

    // Usage maintenance (R6.3), exactly reversible.
    void add_usage(int n, const FR& f, std::int64_t v);
    void remove_usage(int n, const FR& f, std::int64_t v);
    void add_usage(int cq, const FRAmounts& u);
    void remove_usage(int cq, const FRAmounts& u);
    void add_workload(const WorkloadInfo& wl);     ///< usage + membership; `wl` must outlive its place here
    /// The same with find_cq(wl.cluster_queue) known: an admission's node, found at nomination.
    void add_workload(const WorkloadInfo& wl, int cq);
    void remove_workload(WorkloadIds::Id id);   ///< usage + membership (keeps the info)
    void restore_workload(WorkloadIds::Id id);  ///< undo remove_workload
    /// The same for a workload held by node `cq` (as add_workload placed it), without looking its
    /// key up: the preemption searches remove and restore every candidate they try.
    void remove_workload(const WorkloadInfo& wl, int cq);
    void restore_workload(const WorkloadInfo& wl, int cq);
    /// The workload leaves the snapshot for good (usage, membership and the key), so that its
    /// info may be destroyed: the runner's live snapshot when a reservation ends.
    /// Returns the node it was held by (-1: none, or not held).
    int forget_workload(WorkloadIds::Id id);

    /// Sets a node's own usage without passing any of it to the cohorts above: the one write
    /// of usage (add_usage/remove_usage pass theirs up through it), so the journal sees every
    /// change. Called directly for R5.9.2's capacity reservation when the room left is negative.
    void set_own_usage(int n, const FR& f, std::int64_t v);
    /// How many usage entries of the nodes lie outside [0, 2^59], kept by the usage writes
    /// (set_own_usage, rollback), so that a check for usage near INT64_MAX (the fair-sharing
    /// iterator's, once per cycle) need not visit every node while none does.
    std::size_t far_usage() const { return m_far_usage; }
    static bool far(std::int64_t v) { return v < 0 || v > (std::int64_t{1} << 59); }

    /// From now on every usage change is recorded, so that rollback() can undo a cycle's
    /// tentative accounting on the runner's live snapshot instead of copying the snapshot for
    /// each cycle. Workload membership is not recorded: within a cycle every remove_workload is
    /// paired with a restore_workload. A copy of a snapshot does not journal.
    void begin_journal();
    /// Undoes every usage change since begin_journal(), newest first, and stops recording.
    void rollback();

    /// "/root/.../cq" preemption path (R7.9).
    std::string path(int n) const;

private:
    Amount avail_raw(int n, const FR& f) const;

    struct UsageUndo {
        int node;
        FR fr;
        std::optional<std::int64_t> before;  ///< nullopt: the entry did not exist
    };
    /// Not copied: a copy (the R5.9 shadow) is scratch and never rolled back.
    struct Journal {
        std::vector<UsageUndo> undo;
        bool on = false;
        Journal() = default;
        Journal(const Journal&) {}
        Journal& operator=(const Journal&) {
            undo.clear();
            on = false;
            return *this;
        }
    };
    /// Lists cohort `n` in its parent's kids_changed (see ResourceNode::kids_known).
    void usage_moved(int n);
    /// Keeps ResourceNode::over and the parent's over_cqs as `n`'s usage of `f` goes from
    /// `before` to `after` (0 for no entry).
    void over_moved(int n, const FR& f, std::int64_t before, std::int64_t after);
    mutable int m_quotas_non_negative = -1;  ///< quotas_non_negative(), -1 not known yet
    std::shared_ptr<const std::unordered_map<std::string, int>> m_cq_hash;  ///< index_cluster_queues'
    Journal m_journal;
    std::size_t m_far_usage = 0;  ///< far_usage()
};

}  // namespace kg::sim
