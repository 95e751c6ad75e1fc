// Accelerator work that the policy's purpose mapping (issue 19 item 5) gives no purpose: the
// institution cannot say what its GPUs are for, and reports count it under "no purpose".
// Silent without a `purposes:` section. The purpose comes from model::purpose_of, the one
// resolver inspect, report and chargeback also use. Not a Kueue check.
#include "lint/rules/helpers.h"

#include "model/purpose.h"

namespace kg::lint::rules {

const RuleInfo k_kq3010{"KQ3010", "accelerator-work-without-purpose",
                        RuleFamily::governance, RuleScope::applied, Severity::warning,
                        "Accelerator work maps to no purpose in the policy file",
                        "Add a purposes entry for its LocalQueue, labels or namespace, or label the job so an "
                        "existing selector matches it."};

namespace {

std::string accelerator_list(const std::set<std::string>& acc) {
    std::string s;
    for (const std::string& a : acc) {
        s += (s.empty() ? "" : ", ") + a;
    }
    return s;
}

}  // namespace

void check_kq3010(const RuleContext& cx, FindingSink& out) {
    const model::PurposePolicy& pp = cx.policy.purposes;
    if (pp.empty()) {
        return;
    }
    const std::string where = " (no purposes entry matches its LocalQueue, labels or namespace)";
    for (const model::Job& j : cx.cluster.jobs) {
        // Children (a JobSet's Jobs, a Job's Pods) are the owner's work, judged once there.
        if (!j.meta.owner_refs.empty()) {
            continue;
        }
        std::set<std::string> acc = accelerators_requested(j.pod_sets, cx.policy.accelerators);
        if (acc.empty() || model::purpose_of(pp, j)) {
            continue;
        }
        out.report(k_kq3010, or_doc(j.meta.name.pos, j.meta), "metadata.labels", ref(j.meta.kind.c_str(), j.meta),
                   j.meta.kind + " \"" + j.meta.key() + "\" requests " + accelerator_list(acc) +
                       " but maps to no purpose" + where);
    }
    for (const model::Workload& wl : cx.cluster.workloads) {
        // A Workload owned by a Job is that Job's work; the Job may not be in the inputs, so it is
        // judged here only when it names no owner.
        if (!wl.meta.owner_refs.empty()) {
            continue;
        }
        std::set<std::string> acc = accelerators_requested(wl.pod_sets, cx.policy.accelerators);
        if (acc.empty() || model::purpose_of(pp, cx.cluster, wl)) {
            continue;
        }
        out.report(k_kq3010, or_doc(wl.meta.name.pos, wl.meta), "metadata.labels", ref("Workload", wl.meta),
                   "Workload \"" + wl.meta.key() + "\" requests " + accelerator_list(acc) + " but maps to no purpose" +
                       where);
    }
}

}  // namespace kg::lint::rules
