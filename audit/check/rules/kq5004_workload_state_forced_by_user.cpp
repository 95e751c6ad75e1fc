// Only Kueue decides when a Workload holds quota. A person flipping spec.active
// (deactivating or reactivating it) overrides the queue's order; writing status
// conditions (QuotaReserved, Admitted, Evicted, Finished, ...) forces admission or eviction
// past the scheduler. Deactivation by a platform owner is operations, not tampering; a
// status write by anyone but Kueue's controller is. audit-evidence.md section 2.7.
#include "audit/check/identity.h"
#include "audit/check/rules/helpers.h"
#include "audit/check/rules/rules.h"

#include <set>

namespace kg::audit::check::rules {

const RuleInfo k_kq5004{"KQ5004", "workload-state-forced-by-user",
                        RuleFamily::history, RuleScope::history, Severity::warning,
                        "A Workload was deactivated, reactivated or had its admission status written by a non-Kueue "
                        "identity",
                        "Leave Workload status to Kueue and let only platform owners change spec.active; restrict "
                        "update/patch of workloads and workloads/status with RBAC.",
                        /*defers=*/false, /*security=*/true};

namespace {

/// Steps that come from status conditions only Kueue's controller should write.
bool status_step(const std::string& step) {
    static const std::set<std::string> k_steps{"quota_reserved", "admitted", "pods_ready", "evicted",
                                               "preempted",      "requeued", "pending",    "finished"};
    return k_steps.count(step) > 0;
}

std::string step_text(const std::string& step) {
    std::string out = step;
    for (char& c : out) {
        if (c == '_') {
            c = ' ';
        }
    }
    return out;
}

}  // namespace

void check_kq5004(const HistoryView& v, FindingSink& out) {
    // A write to the main resource (create, spec.active) cannot change status, which is a
    // subresource; conditions read from its response object are earlier state carried along,
    // not something this actor wrote.
    std::set<std::string> spec_writes;
    for (const audit::WorkloadStep& s : v.steps) {
        if (!s.evidence.empty() && (s.step == "created" || s.step == "deactivated" || s.step == "reactivated")) {
            spec_writes.insert(s.evidence);
        }
    }
    for (const audit::WorkloadStep& s : v.steps) {
        if (s.actor.empty() || is_kueue_identity(s.actor) || !v.period.contains(s.ts_us)) {
            continue;
        }
        bool activation = s.step == "deactivated" || s.step == "reactivated";
        if (!activation && (!status_step(s.step) || spec_writes.count(s.evidence))) {
            continue;
        }
        // Group membership is not part of a step; owners are matched by user and ServiceAccount.
        if (activation && is_platform_owner(v.policy, s.actor, {}, "")) {
            continue;
        }
        Report r;
        r.evidence = s.evidence;
        r.path = activation ? "spec.active" : "status.conditions";
        r.object = {"Workload", s.namespace_, s.name};
        r.actor = s.actor;
        r.time = s.time;
        r.ts_us = s.ts_us;
        std::string wl = describe("Workload", s.namespace_, s.name);
        if (activation) {
            r.message = wl + " " + s.step + " by " + s.actor + ", who is neither Kueue nor a platform owner";
        } else {
            r.message = wl + " status written by " + s.actor + " instead of Kueue: " + step_text(s.step) +
                        (s.cluster_queue.empty() ? "" : " in ClusterQueue \"" + s.cluster_queue + "\"") +
                        (s.step == "quota_reserved" || s.step == "admitted" ? " (admission forced)" : "");
        }
        out.report(k_kq5004, std::move(r));
    }
}

}  // namespace kg::audit::check::rules
