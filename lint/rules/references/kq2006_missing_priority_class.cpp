// A Job's kueue.x-k8s.io/priority-class label, or a Workload's priorityClassRef,
// naming no WorkloadPriorityClass: Kueue cannot create the Workload.
// Kueue: pkg/util/priority (GetPriorityFromWorkloadPriorityClass).
#include "lint/rules/helpers.h"

namespace kg::lint::rules {

const RuleInfo k_kq2006{"KQ2006", "missing-priority-class",
                        RuleFamily::references, RuleScope::applied, Severity::error,
                        "A Job or Workload names a WorkloadPriorityClass that does not exist",
                        "Create the WorkloadPriorityClass, or fix the kueue.x-k8s.io/priority-class label."};

void check_kq2006(const RuleContext& cx, FindingSink& out) {
    const std::size_t n = cx.cluster.workload_priority_classes.size();
    const Severity sev = reference_severity(cx, k_kq2006, n);
    const std::string note = not_in_inputs_note(cx, "WorkloadPriorityClass", n);
    for (const model::Job& j : cx.cluster.jobs) {
        if (!j.priority_class->empty() && !cx.cluster.find_workload_priority_class(*j.priority_class)) {
            out.report_as(sev, k_kq2006, or_doc(j.priority_class.pos, j.meta),
                          "metadata.labels[kueue.x-k8s.io/priority-class]", ref(j.meta.kind.c_str(), j.meta),
                          j.meta.kind + " \"" + j.meta.key() + "\" names missing WorkloadPriorityClass \"" +
                              *j.priority_class + "\"" + note);
        }
    }
    for (const model::Workload& w : cx.cluster.workloads) {
        if (w.priority_class.kind == model::PriorityClassKind::workload_priority_class &&
            !cx.cluster.find_workload_priority_class(*w.priority_class.name)) {
            out.report_as(sev, k_kq2006, or_doc(w.priority_class.name.pos, w.meta), "spec.priorityClassRef.name",
                          ref("Workload", w.meta),
                          "Workload \"" + w.meta.key() + "\" names missing WorkloadPriorityClass \"" +
                              *w.priority_class.name + "\"" + note);
        }
    }
}

}  // namespace kg::lint::rules
