// In a cohort tree where every ClusterQueue has reclaimWithinCohort: Never (the
// default), quota lent to a peer cannot be taken back by preemption: the owner waits
// until the borrower's workloads finish. Kueue: pkg/scheduler/preemption (reclaim).
#include "lint/rules/helpers.h"

namespace kg::lint::rules {

const RuleInfo k_kq4001{"KQ4001", "lending-never-reclaimable",
                        RuleFamily::quota, RuleScope::applied, Severity::warning,
                        "A ClusterQueue lends quota that no queue in its cohort can reclaim",
                        "Set spec.preemption.reclaimWithinCohort to LowerPriority or Any, or lendingLimit: 0."};

void check_kq4001(const RuleContext& cx, FindingSink& out) {
    CohortForest forest(cx.cluster);
    const auto& cqs = cx.cluster.cluster_queues;
    for (const auto& [root, members] : forest.trees()) {
        if (members.size() < 2) {
            continue;
        }
        bool all_never = true, chosen = false;
        for (std::size_t i : members) {
            const auto& reclaim = cqs[i].preemption.reclaim_within_cohort;
            all_never = all_never && *reclaim == model::ReclaimWithinCohort::never;
            chosen = chosen || reclaim.pos.known();
        }
        if (!all_never) {
            continue;
        }
        // Never by Kueue's default alone is how most cohorts start: info, unless the policy's
        // rules: section raises it. An explicit Never somewhere was chosen: a warning.
        const Severity sev = chosen ? k_kq4001.severity : Severity::info;
        for (std::size_t i : members) {
            const model::ClusterQueue& cq = cqs[i];
            std::string lends;
            for (const auto& rg : cq.resource_groups) {
                for (const auto& f : rg.flavors) {
                    for (const auto& r : f.resources) {
                        bool zero_lend = r.lending_limit && r.lending_limit->value.is_zero();
                        if (lends.empty() && r.nominal_quota->sign() > 0 && !zero_lend) {
                            lends = *r.name + " of flavor \"" + *f.name + "\"";
                        }
                    }
                }
            }
            if (lends.empty()) {
                continue;
            }
            out.report_as(sev, k_kq4001, or_doc(cq.cohort.pos, cq.meta), "spec.preemption.reclaimWithinCohort",
                          ref("ClusterQueue", cq.meta),
                          "ClusterQueue \"" + *cq.meta.name + "\" lends " + lends + " in cohort tree \"" + root +
                              "\", where every ClusterQueue has reclaimWithinCohort Never" +
                              (chosen ? "" : " (Kueue's default)") +
                              ": lent quota is back only when borrowers finish");
        }
    }
}

}  // namespace kg::lint::rules
