// Cohort parent cycles are accepted by the API server, but admission stops for the
// whole tree at run time. Kueue: pkg/cache/hierarchy (cycle checker).
#include "lint/rules/helpers.h"

namespace kg::lint::rules {

const RuleInfo k_kq2004{"KQ2004", "cohort-cycle",
                        RuleFamily::references, RuleScope::applied, Severity::error,
                        "Cohort parents form a cycle",
                        "Break the cycle: one Cohort of the loop must have no parentName."};

void check_kq2004(const RuleContext& cx, FindingSink& out) {
    CohortForest forest(cx.cluster);
    for (const model::Cohort& co : cx.cluster.cohorts) {
        if (!forest.in_cycle(*co.meta.name)) {
            continue;
        }
        // The loop as the hierarchy found it; a cohort that only leads into it says so.
        std::vector<std::string> loop = forest.cycle_of(*co.meta.name);
        std::string chain;
        for (const std::string& c : loop) chain += c + " -> ";
        chain += loop.front();
        bool on_loop = loop.front() == *co.meta.name;
        out.report(k_kq2004, or_doc(co.parent_name.pos, co.meta), "spec.parentName", ref("Cohort", co.meta),
                   "Cohort \"" + *co.meta.name + "\" " + (on_loop ? "is in" : "leads into") + " a parent cycle (" +
                       chain + "): no workload in this tree is admitted");
    }
}

}  // namespace kg::lint::rules
