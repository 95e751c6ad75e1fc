// Cycle order with fair sharing: the tournament of kueue-admission.md R8.3.1/R8.3.2.
// Kueue: pkg/scheduler/fair_sharing_iterator.go.
#pragma once

#include "sim/fair_sharing.h"
#include "sim/per_node.h"
#include "sim/scheduler.h"

#include <cstddef>
#include <vector>

namespace kg::sim {

/// Hands out a cycle's heads one at a time in fair-sharing order. Each pick compares the
/// dominant resource shares along the heads' paths as if each head's usage were added; those
/// shares change only where processing a head changed usage, which is the processed head's
/// own path (usage propagates up from its ClusterQueue, nowhere else), so they are kept
/// between picks and recomputed only there. For the same reason the winner of each cohort's
/// subtree is kept between picks and replayed only on the processed head's path: the same
/// answers Kueue's iterator computes, in time proportional to the path and its siblings
/// instead of to every head of the tree.
class FairSharingIterator {
public:
    FairSharingIterator(std::vector<Entry*> entries, Snapshot& snap);
    bool empty() const { return m_left == 0; }
    /// The next head to process, removed from the iterator.
    Entry* next();
    /// After `e` was processed: forget the shares its usage may have changed.
    void processed(const Entry& e);

private:
    struct Item {
        Entry* entry;
        int root;               ///< root node of its tree
        std::vector<int> path;  ///< its ClusterQueue, then each ancestor up to the root
        std::vector<DRS> drs;   ///< drs[i]: share of path[i] under path[i + 1], with its usage added
        std::vector<char> valid;
        bool taken = false;
    };
    /// A cohort's tournament: its winner while `valid`, and the heads whose ClusterQueue is a
    /// direct child, in the order the heads were given (ties keep it).
    struct Cohort {
        int node = -1;
        /// The child cohorts with a head somewhere below: in the order of the cohort's
        /// children when usage is not exact (play() refreshes in that order), else in the
        /// order the heads reached them (the winner is the one best participant, found the
        /// same in any order: see `match`). The others have no winner, so leaving them out of the tournament changes
        /// no result, and a cycle costs what its heads' paths cost instead of a visit to every
        /// cohort of the tree (a hundred under the root of a 1,000-queue tree, every cycle).
        std::vector<int> kids;
        std::vector<Item*> own;
        Item* winner = nullptr;
        bool valid = false;
        /// The tournament as a tree of matches (exact usage only): leaves are the winners of
        /// `kids`, then the own heads, padded to a power of two; node i plays 2i
        /// against 2i + 1, the left one keeping ties, so the root is the first best as a scan
        /// would find it (beats is a total order: the last tie-break is the unique queue
        /// name). A replay after a pick then costs one match per level for each leaf that
        /// changed, not one per participant: the root cohort of a 1,000-queue tree has a
        /// hundred children and is replayed on every pick.
        bool built = false;
        std::size_t width = 0;
        std::vector<Item*> match;
    };
    void refresh(Item& it);
    const DRS& share_at(const Item& it, int ancestor) const;
    bool beats(int at, const Item& a, const Item& b) const;
    Item* play(int cohort);
    Item* play_tree(int cohort);
    void set_leaf(int cohort, std::size_t leaf, Item* it);
    Entry* take(Item& it);
    void forget_winners(int cq);
    void invalidate_below(int node, int changed);

    Snapshot& m_snap;
    /// Usage in this cycle stays far from INT64_MAX, so adding a head's usage and removing it
    /// again leaves the snapshot as it was, and winners may be kept. Otherwise every pick
    /// refreshes every head of its tree and replays the whole tournament, as Kueue does (each
    /// refresh may then move usage, and when it happens is part of the result).
    bool m_exact = true;
    std::vector<Item> m_items;         ///< in the order the heads were given (ties keep it)
    std::vector<std::size_t> m_order;  ///< m_items by (root name, ClusterQueue name)
    std::size_t m_first = 0;           ///< m_order before it is taken
    std::size_t m_left = 0;
    /// The cohorts on some head's path, and the slot of each node in m_cohorts (-1: none):
    /// only those take part, so only those are built.
    std::vector<Cohort> m_cohorts;
    PerNode<int> m_slot;
    Cohort& cohort(int node) { return m_cohorts[static_cast<std::size_t>(m_slot[static_cast<std::size_t>(node)])]; }
};

}  // namespace kg::sim
