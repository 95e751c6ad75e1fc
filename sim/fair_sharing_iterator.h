// Cycle order with fair sharing: the tournament of kueue-admission.md R8.3.1/R8.3.2.
// Kueue: pkg/scheduler/fair_sharing_iterator.go.
#pragma once

#include "sim/fair_sharing.h"
#include "sim/scheduler.h"

#include <vector>

namespace kg::sim {

/// Hands out a cycle's heads one at a time in fair-sharing order. Each pick compares the
/// dominant resource shares along the heads' paths as if each head's usage were added; those
/// shares change only where processing a head changed usage, which is the processed head's
/// own path (usage propagates up from its ClusterQueue, nowhere else), so they are kept
/// between picks and recomputed only there: the same answers Kueue's iterator computes,
/// without recomputing every head's shares on every pick.
class FairSharingIterator {
public:
    FairSharingIterator(std::vector<Entry*> entries, Snapshot& snap);
    bool empty() const { return m_items.empty(); }
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
    };
    void refresh(Item& it);
    const DRS& share_at(const Item& it, int ancestor) const;
    bool beats(int at, const Item& a, const Item& b) const;
    Item* tournament(int cohort, const std::vector<Item*>& tree);

    Snapshot& m_snap;
    std::vector<Item> m_items;  ///< in the order the heads were given (ties keep it)
};

}  // namespace kg::sim
