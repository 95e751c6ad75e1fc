// Queue policy lives in ResourceFlavors, ClusterQueues, Cohorts, WorkloadPriorityClasses
// and AdmissionChecks; the policy's platformOwners say who may change them. A write by
// anyone else (Kueue's own controller aside: status and finalizers) is out of band.
// Refused attempts (HTTP status >= 300) changed nothing but are evidence: info.
#include "audit/check/identity.h"
#include "audit/check/rules/helpers.h"
#include "audit/check/rules/rules.h"

namespace kg::audit::check::rules {

const RuleInfo k_kq5001{"KQ5001", "policy-object-changed-by-non-owner",
                        RuleFamily::history, RuleScope::history, Severity::warning,
                        "A queue-policy object was changed by an identity the policy does not name as a platform owner",
                        "Make such changes through the platform owners' pipeline, or add the identity to the policy's "
                        "platformOwners if it is one.",
                        /*defers=*/false, /*security=*/true};

void check_kq5001(const HistoryView& v, FindingSink& out) {
    if (!has_platform_owners(v.policy)) {
        return;
    }
    for (const audit::ObjectChange& c : v.changes) {
        if (c.origin != "audit" || c.verb == "snapshot" || !is_policy_kind(c.kind) || !v.period.contains(c.ts_us)) {
            continue;
        }
        if (is_kueue_identity(c.actor) || is_platform_owner(v.policy, c.actor, c.actor_groups, c.impersonated)) {
            continue;
        }
        Report r;
        r.evidence = c.evidence;
        r.object = {c.kind, c.namespace_, c.name};
        r.actor = c.actor;
        r.time = c.time;
        r.ts_us = c.ts_us;
        std::string who = describe_actor(c.actor, c.impersonated);
        if (refused(c.code)) {
            r.severity = Severity::info;
            r.message = who + ", not a platform owner, tried to " + c.verb + " " + describe(c.kind, c.namespace_, c.name) +
                        " (refused with HTTP " + std::to_string(*c.code) + ")";
        } else {
            r.message = describe(c.kind, c.namespace_, c.name) + " " + past_tense(c.verb) + " by " + who +
                        ", who is not a platform owner";
        }
        out.report(k_kq5001, std::move(r));
    }
}

}  // namespace kg::audit::check::rules
