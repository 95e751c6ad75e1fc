// Fields and values spelled as another API version spells them. kubectl applies with
// strict field validation, so an unknown field is rejected ("strict decoding error:
// unknown field"); an old enum value fails the CRD's enum. kueuegov reads both
// spellings (so the rest of the analysis still works) and reports the mismatch here:
// v1beta2 has spec.cohortName, admissionChecksStrategy, MayStopSearch and Cohort
// spec.parentName; v1beta1 has spec.cohort (kueue-validation.md, v1beta1 differences).
#include "lint/rules/helpers.h"

namespace kg::lint::rules {

const RuleInfo k_kq1021{"KQ1021", "field-of-other-api-version",
                        RuleFamily::validation, RuleScope::definition, Severity::error,
                        "A field or value is spelled as another Kueue API version spells it",
                        "Use the spelling of the object's apiVersion (v1beta2: spec.cohortName, "
                        "admissionChecksStrategy, MayStopSearch, parentName)."};

namespace {

struct Spelling {
    const char* used;     ///< as recorded by the decoder
    const char* version;  ///< the apiVersion that rejects it
    const char* problem;  ///< after "<path>: "
};

constexpr Spelling k_spellings[] = {
    {"spec.cohort", "kueue.x-k8s.io/v1beta2", "strict decoding error: unknown field \"spec.cohort\" (v1beta2 calls it spec.cohortName)"},
    {"spec.admissionChecks", "kueue.x-k8s.io/v1beta2",
     "strict decoding error: unknown field \"spec.admissionChecks\" (v1beta2 lists them in "
     "spec.admissionChecksStrategy.admissionChecks)"},
    {"spec.flavorFungibility.whenCanBorrow=Borrow", "kueue.x-k8s.io/v1beta2",
     "Unsupported value: \"Borrow\": supported values: \"MayStopSearch\", \"TryNextFlavor\""},
    {"spec.flavorFungibility.whenCanPreempt=Preempt", "kueue.x-k8s.io/v1beta2",
     "Unsupported value: \"Preempt\": supported values: \"MayStopSearch\", \"TryNextFlavor\""},
    {"spec.cohortName", "kueue.x-k8s.io/v1beta1",
     "strict decoding error: unknown field \"spec.cohortName\" (v1beta1 calls it spec.cohort)"},
    {"spec.parent", "kueue.x-k8s.io/v1beta2", "strict decoding error: unknown field \"spec.parent\" (use spec.parentName)"},
    {"spec.parent", "kueue.x-k8s.io/v1beta1", "strict decoding error: unknown field \"spec.parent\" (use spec.parentName)"},
};

void check(const model::ObjectMeta& m, const char* kind, const std::vector<model::Located<std::string>>& used,
           FindingSink& out) {
    for (const auto& u : used) {
        for (const Spelling& s : k_spellings) {
            if (*u != s.used || m.api_version != s.version) {
                continue;
            }
            std::string path = u->substr(0, u->find('='));
            out.report(k_kq1021, or_doc(u.pos, m), path, ref(kind, m),
                       std::string(kind) + " \"" + *m.name + "\" (" + m.api_version + ") is invalid: " + path + ": " +
                           s.problem);
        }
    }
}

}  // namespace

void check_kq1021(const RuleContext& cx, FindingSink& out) {
    for (const auto& cq : cx.cluster.cluster_queues) check(cq.meta, "ClusterQueue", cq.version_spellings, out);
    for (const auto& c : cx.cluster.cohorts) check(c.meta, "Cohort", c.version_spellings, out);
}

}  // namespace kg::lint::rules
