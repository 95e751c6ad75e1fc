// Priority-based preemption with no WorkloadPriorityClass or PriorityClass among
// the inputs: every workload has priority 0, so LowerPriority never finds a victim.
// Kueue: pkg/scheduler/preemption (candidate selection by priority).
#include "lint/rules/helpers.h"

namespace kg::lint::rules {

const RuleInfo k_kq4003{"KQ4003", "priority-preemption-without-classes",
                        RuleFamily::quota, RuleScope::applied, Severity::warning,
                        "Preemption by priority is configured but no priority classes are defined",
                        "Define WorkloadPriorityClasses and label Jobs with kueue.x-k8s.io/priority-class."};

namespace {

/// True when any input shows a priority other than the default: a priority class of either
/// kind, a Workload's spec.priority or class reference, a Job's priority-class label or its
/// pods' priorityClassName.
bool priorities_in_inputs(const model::Cluster& c) {
    if (!c.workload_priority_classes.empty() || !c.priority_classes.empty()) {
        return true;
    }
    for (const model::Workload& w : c.workloads) {
        if ((w.priority && *w.priority != 0) || w.priority_class.kind != model::PriorityClassKind::none) {
            return true;
        }
    }
    for (const model::Job& j : c.jobs) {
        if (!j.priority_class->empty() || !j.pod_priority_class->empty()) {
            return true;
        }
    }
    return false;
}

}  // namespace

void check_kq4003(const RuleContext& cx, FindingSink& out) {
    if (priorities_in_inputs(cx.cluster)) {
        return;
    }
    // Classes may well be defined outside the inputs (a queue repository rarely holds them):
    // the finding is a warning only when the inputs are the whole cluster.
    const Severity sev = cx.complete ? k_kq4003.severity : Severity::info;
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
        out.report_as(sev, k_kq4003, or_doc(pos, cq.meta), std::string("spec.preemption.") + field,
                      ref("ClusterQueue", cq.meta),
                      "ClusterQueue \"" + *cq.meta.name + "\" preempts by priority (spec.preemption." + field +
                          "), but no WorkloadPriorityClass or PriorityClass is " +
                          (cx.complete ? "defined: all workloads have priority 0"
                                       : "in the inputs, and no workload carries a priority (pass --complete when "
                                         "they are the whole cluster)"));
    }
}

}  // namespace kg::lint::rules
