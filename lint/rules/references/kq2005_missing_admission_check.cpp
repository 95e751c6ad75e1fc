// A ClusterQueue naming a missing or inactive AdmissionCheck stays inactive
// (AdmissionCheckNotFound / AdmissionCheckInactive).
// Kueue: pkg/cache/scheduler/clusterqueue.go inactiveReason.
#include "lint/rules/helpers.h"

namespace kg::lint::rules {

const RuleInfo k_kq2005{"KQ2005", "missing-admission-check",
                        RuleFamily::references, RuleScope::applied, Severity::error,
                        "A ClusterQueue references an AdmissionCheck that does not exist or is inactive",
                        "Create the AdmissionCheck (and its controller), or remove it from the queue."};

void check_kq2005(const RuleContext& cx, FindingSink& out) {
    for (const model::ClusterQueue& cq : cx.cluster.cluster_queues) {
        for (std::size_t i = 0; i < cq.admission_checks.size(); ++i) {
            const auto& name = cq.admission_checks[i].name;
            const model::AdmissionCheck* ac = cx.cluster.find_admission_check(*name);
            std::string path = "spec.admissionChecksStrategy.admissionChecks[" + std::to_string(i) + "].name";
            if (!ac) {
                const std::size_t n = cx.cluster.admission_checks.size();
                out.report_as(reference_severity(cx, k_kq2005, n), k_kq2005, or_doc(name.pos, cq.meta), path,
                              ref("ClusterQueue", cq.meta),
                              "ClusterQueue \"" + *cq.meta.name + "\" references missing AdmissionCheck \"" + *name +
                                  "\": the queue stays inactive (AdmissionCheckNotFound)" +
                                  not_in_inputs_note(cx, "AdmissionCheck", n));
            } else if (ac->active == false) {
                out.report(k_kq2005, or_doc(name.pos, cq.meta), path, ref("ClusterQueue", cq.meta),
                           "ClusterQueue \"" + *cq.meta.name + "\" references AdmissionCheck \"" + *name +
                               "\", which is not Active: the queue stays inactive (AdmissionCheckInactive)");
            }
        }
    }
}

}  // namespace kg::lint::rules
