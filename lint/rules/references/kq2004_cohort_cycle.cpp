// Cohort parent cycles are accepted by the API server, but admission stops for the
// whole tree at run time. Kueue: pkg/cache/hierarchy (cycle checker).
#include "lint/rules/helpers.h"

namespace kg::lint::rules {

const RuleInfo k_kq2004{"KQ2004", "cohort-cycle", Severity::error,
                        "Cohort parents form a cycle",
                        "Break the cycle: one Cohort of the loop must have no parentName."};

void check_kq2004(const RuleContext& cx, FindingSink& out) {
    CohortForest forest(cx.cluster);
    for (const model::Cohort& co : cx.cluster.cohorts) {
        if (!forest.in_cycle(*co.meta.name)) {
            continue;
        }
        std::string chain = *co.meta.name;
        std::string cur = *co.parent_name;
        for (int guard = 0; guard < 64 && !cur.empty() && cur != *co.meta.name; ++guard) {
            chain += " -> " + cur;
            const model::Cohort* p = cx.cluster.find_cohort(cur);
            cur = p ? *p->parent_name : std::string();
        }
        out.report(k_kq2004, or_doc(co.parent_name.pos, co.meta), "spec.parentName", ref("Cohort", co.meta),
                   "Cohort \"" + *co.meta.name + "\" is in a parent cycle (" + chain + " -> " + *co.meta.name +
                       "): no workload in this tree is admitted");
    }
}

}  // namespace kg::lint::rules
