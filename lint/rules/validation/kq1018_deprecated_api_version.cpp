// v1beta1 Kueue objects are accepted (converted to v1beta2) but deprecated:
// spec.cohort became spec.cohortName, spec.admissionChecks became admissionChecksStrategy.
// Kueue: apis/kueue/v1beta1 conversion.
#include "lint/rules/helpers.h"

namespace kg::lint::rules {

const RuleInfo k_kq1018{"KQ1018", "deprecated-api-version",
                        RuleFamily::validation, RuleScope::definition, Severity::info,
                        "A Kueue object uses the deprecated v1beta1 API",
                        "Move to apiVersion kueue.x-k8s.io/v1beta2 (spec.cohort becomes spec.cohortName)."};

namespace {

void check(const model::ObjectMeta& m, const char* kind, FindingSink& out) {
    if (m.api_version == "kueue.x-k8s.io/v1beta1") {
        out.report(k_kq1018, m.doc_pos, "apiVersion", ref(kind, m),
                   std::string(kind) + " \"" + *m.name + "\" uses kueue.x-k8s.io/v1beta1, deprecated in favour of v1beta2");
    }
}

}  // namespace

void check_kq1018(const RuleContext& cx, FindingSink& out) {
    for (const auto& o : cx.cluster.resource_flavors) check(o.meta, "ResourceFlavor", out);
    for (const auto& o : cx.cluster.cluster_queues) check(o.meta, "ClusterQueue", out);
    for (const auto& o : cx.cluster.local_queues) check(o.meta, "LocalQueue", out);
    for (const auto& o : cx.cluster.workload_priority_classes) check(o.meta, "WorkloadPriorityClass", out);
}

}  // namespace kg::lint::rules
