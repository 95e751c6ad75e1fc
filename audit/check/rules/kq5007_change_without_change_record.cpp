// The policy's changeRecordAnnotation names the annotation (a ticket or pull request) every
// change to a queue-policy object must carry, so each change traces to an approval (control
// C2 in audit-evidence.md section 4.3). Where the log has no body (Metadata level, as GKE's
// and EKS's policies log kueue.x-k8s.io) the annotation cannot be known: that is said, at
// info, instead of guessed. Kueue's own writes (status, finalizers) and no-op writes are not
// changes; deletes leave no object to annotate and are KQ5001's concern.
#include "audit/check/identity.h"
#include "audit/check/rules/helpers.h"
#include "audit/check/rules/rules.h"

namespace kg::audit::check::rules {

const RuleInfo k_kq5007{"KQ5007", "change-without-change-record",
                        RuleFamily::history, RuleScope::history, Severity::warning,
                        "A queue-policy object was changed without the change-record annotation the policy requires",
                        "Set the policy's changeRecordAnnotation (a ticket or pull request) on the object in the same "
                        "write as the change; log kueue.x-k8s.io at Request level so the annotation can be checked.",
                        /*defers=*/false, /*security=*/true};

void check_kq5007(const HistoryView& v, FindingSink& out) {
    const std::string& key = v.policy.change_record_annotation;
    if (key.empty()) {
        return;
    }
    for (const audit::ObjectChange& c : v.changes) {
        bool write = c.verb == "create" || c.verb == "update" || c.verb == "patch";
        if (c.origin != "audit" || !write || !is_policy_kind(c.kind) || refused(c.code) ||
            is_kueue_identity(c.actor) || !v.period.contains(c.ts_us)) {
            continue;
        }
        if (c.body_captured && c.fields.empty() && !c.first_version) {
            continue;  // the write changed nothing
        }
        Report r;
        r.evidence = c.evidence;
        r.path = "metadata.annotations[" + key + "]";
        r.object = {c.kind, c.namespace_, c.name};
        r.actor = c.actor;
        r.time = c.time;
        r.ts_us = c.ts_us;
        std::string what = describe(c.kind, c.namespace_, c.name) + " " + past_tense(c.verb) + " by " +
                           describe_actor(c.actor, c.impersonated);
        if (!c.body_captured) {
            r.severity = Severity::info;
            r.message = what + ": the audit log has no body for it (Metadata level), so whether it carried " + key +
                        " cannot be known";
        } else {
            std::string value;
            for (const auto& [k, val] : c.object_annotations) {
                if (k == key) {
                    value = val;
                }
            }
            if (!value.empty()) {
                continue;
            }
            r.message = what + " without a change record: annotation " + key + " is missing or empty";
        }
        out.report(k_kq5007, std::move(r));
    }
}

}  // namespace kg::audit::check::rules
