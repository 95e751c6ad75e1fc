// Preemption target search (Kueue pkg/scheduler/preemption/preemption.go GetTargets):
// classical (kueue-admission.md §7) and fair sharing (§8). Both mutate the snapshot
// while searching and restore it before returning.
#pragma once

#include "sim/snapshot.h"

#include <set>
#include <string>
#include <functional>
#include <vector>

namespace kg::sim {

struct Target {
    std::string key;
    std::string reason;  ///< InClusterQueue | InCohortReclamation | InCohortReclaimWhileBorrowing | InCohortFairSharing
    int cq = -1;
    /// The candidate's info in the snapshot searched (it holds it at node `cq`), so the search
    /// removes and restores it without looking its key up.
    const WorkloadInfo* info = nullptr;
};

struct PreemptionRequest {
    const WorkloadInfo* preemptor = nullptr;
    int cq = -1;
    FRAmounts requests;  ///< R: per FR, non-zero quantities of the assignment
    FRSet needing;  ///< F: FRs whose mode is Preempt
    /// Fair-sharing strategies (R8.4.2); empty = default.
    std::vector<std::string> strategies;
    /// TAS (preemption.go workloadFits): whether the preemptor's pod sets can be placed with
    /// the workloads removed from the snapshot gone; empty = no topology to place.
    std::function<bool(const Snapshot&)> topology_fits;
};

/// §7 (classical/candidate_generator.go, hierarchical_preemption.go, preemption.go minimalPreemptions).
std::vector<Target> classical_targets(Snapshot& snap, const PreemptionRequest& req);
/// §8.4 (preemption.go fairPreemptions, fairsharing/*.go).
std::vector<Target> fair_sharing_targets(Snapshot& snap, const PreemptionRequest& req);

/// R7.3 CandidatesOrdering: a before b.
bool candidate_less(const Snapshot& snap, const WorkloadInfo& a, const WorkloadInfo& b, int preemptor_cq);
/// The same with the candidates' ClusterQueue nodes already known (no name lookups).
bool candidate_less_in(const WorkloadInfo& a, int a_cq, const WorkloadInfo& b, int b_cq, int preemptor_cq);
/// R7.3 past `evicted` and the preemptor's own queue: priority, newest reservation, uid, key.
bool candidate_order_less(const WorkloadInfo& a, const WorkloadInfo& b);
/// Node `q`'s reserving workloads sorted by candidate_order_less, kept on the node between
/// searches; null while a search has some of them taken out (then sort what is gathered).
const std::vector<const WorkloadInfo*>* candidate_order(const Snapshot& snap, int q);
/// R7.5 step 2 fits(borrow).
/// `topology`, when given and set, must hold too.
bool fits_after_removal(const Snapshot& snap, int cq, const FRAmounts& requests, bool allow_borrowing,
                        const std::function<bool(const Snapshot&)>* topology = nullptr);
/// R7.5 step 3: drops targets not needed, restoring their usage; `targets` are removed from `snap`.
void fill_back(Snapshot& snap, std::vector<Target>& targets, int cq, const FRAmounts& requests, bool allow_borrowing,
               const std::function<bool(const Snapshot&)>* topology = nullptr);
/// Whether `wl` uses one of the FRs in `frs` (R7.1 last paragraph).
bool uses_frs(const WorkloadInfo& wl, const FRSet& frs);
/// R7.1: may a preemptor `w` evict candidate `c` of its own ClusterQueue under this policy?
bool policy_allows(model::WithinClusterQueue p, const WorkloadInfo& w, const WorkloadInfo& c);
/// R7.1: may a preemptor `w` reclaim from candidate `c` of another ClusterQueue under this policy?
bool policy_allows(model::ReclaimWithinCohort p, const WorkloadInfo& w, const WorkloadInfo& c);

}  // namespace kg::sim
