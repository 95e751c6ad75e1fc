// Priority-based preemption with no WorkloadPriorityClass or PriorityClass among
// the inputs: every workload has priority 0, so LowerPriority never finds a victim.
// Kueue: pkg/scheduler/preemption (candidate selection by priority).
#include "lint/rules/helpers.h"

namespace kg::lint::rules {

const RuleInfo k_kq4003{"KQ4003", "priority-preemption-without-classes", Severity::warning,
                        "Preemption by priority is configured but no priority classes are defined",
                        "Define WorkloadPriorityClasses and label Jobs with kueue.x-k8s.io/priority-class."};

void check_kq4003(const RuleContext& cx, FindingSink& out) {
    if (!cx.cluster.workload_priority_classes.empty() || !cx.cluster.priority_classes.empty()) {
        return;
    }
    for (const model::ClusterQueue& cq : cx.cluster.cluster_queues) {
        const auto& p = cq.preemption;
        if (!p.present) {
            continue;
        }
        const char* field = nullptr;
        SourcePos pos;
        if (*p.within_cluster_queue != model::WithinClusterQueue::never) {
            field = "withinClusterQueue";
            pos = p.within_cluster_queue.pos;
        } else if (*p.reclaim_within_cohort == model::ReclaimWithinCohort::lower_priority) {
            field = "reclaimWithinCohort";
            pos = p.reclaim_within_cohort.pos;
        } else if (p.borrow_within_cohort->policy == model::BorrowWithinCohortPolicy::lower_priority) {
            field = "borrowWithinCohort";
            pos = p.borrow_within_cohort.pos;
        }
        if (!field) {
            continue;
        }
        out.report(k_kq4003, or_doc(pos, cq.meta), std::string("spec.preemption.") + field,
                   ref("ClusterQueue", cq.meta),
                   "ClusterQueue \"" + *cq.meta.name + "\" preempts by priority (spec.preemption." + field +
                       "), but no WorkloadPriorityClass or PriorityClass is defined: all workloads have priority 0");
    }
}

}  // namespace kg::lint::rules
