// A Cohort's parentName naming no Cohort is accepted: the parent becomes an implicit
// root with no quota of its own, which is rarely what the author meant.
// Kueue: pkg/cache/hierarchy (implicit cohorts).
#include "lint/rules/helpers.h"

namespace kg::lint::rules {

const RuleInfo k_kq2003{"KQ2003", "missing-parent-cohort",
                        RuleFamily::references, RuleScope::applied, Severity::warning,
                        "A Cohort's parentName names a Cohort that does not exist",
                        "Create the parent Cohort, or fix spec.parentName."};

void check_kq2003(const RuleContext& cx, FindingSink& out) {
    for (const model::Cohort& co : cx.cluster.cohorts) {
        if (!co.parent_name->empty() && !cx.cluster.find_cohort(*co.parent_name)) {
            // Cohorts are in the inputs here (this one is), so the parent's absence is known.
            out.report(k_kq2003, or_doc(co.parent_name.pos, co.meta), "spec.parentName", ref("Cohort", co.meta),
                       "Cohort \"" + *co.meta.name + "\" names missing parent Cohort \"" + *co.parent_name +
                           "\": it becomes an implicit root with no quota of its own");
        }
    }
}

}  // namespace kg::lint::rules
