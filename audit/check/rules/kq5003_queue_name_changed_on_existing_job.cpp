// A Job's kueue.x-k8s.io/queue-name label decides whose quota it uses. Changing it on an
// existing Job moves the Job to another LocalQueue (or out of Kueue, when removed) after the
// fact; Kueue's webhook refuses the change while the Job runs, and the refused attempt is
// evidence too (info). audit-evidence.md section 2.7.
#include "audit/check/identity.h"
#include "audit/check/rules/helpers.h"
#include "audit/check/rules/rules.h"

namespace kg::audit::check::rules {

const RuleInfo k_kq5003{"KQ5003", "queue-name-changed-on-existing-job",
                        RuleFamily::history, RuleScope::history, Severity::warning,
                        "The queue-name label of an existing Job was changed, added or removed",
                        "Submit a new Job to the other queue instead of relabelling one; restrict who may patch "
                        "Jobs' kueue.x-k8s.io/queue-name label (a ValidatingAdmissionPolicy can).",
                        /*defers=*/false, /*security=*/true};

namespace {

std::string quoted(const std::optional<std::string>& v) { return v ? "\"" + *v + "\"" : "(none)"; }

}  // namespace

void check_kq5003(const HistoryView& v, FindingSink& out) {
    static const std::string k_label = "kueue.x-k8s.io/queue-name";
    for (const audit::JobLabelChange& c : v.label_changes) {
        if (c.label != k_label || c.old_value == c.new_value || !v.period.contains(c.ts_us) || is_kueue_identity(c.actor)) {
            continue;
        }
        Report r;
        r.evidence = c.evidence;
        r.path = "metadata.labels[" + k_label + "]";
        r.object = {c.kind, c.namespace_, c.name};
        r.actor = c.actor;
        r.time = c.time;
        r.ts_us = c.ts_us;
        std::string job = "existing " + describe(c.kind, c.namespace_, c.name);
        std::string who = c.actor.empty() ? "an unknown identity" : c.actor;
        if (refused(c.code)) {
            r.severity = Severity::info;
            std::string what = !c.old_value ? "add queue-name " + quoted(c.new_value) + " to " + job
                               : !c.new_value ? "remove queue-name " + quoted(c.old_value) + " from " + job
                                              : "change the queue-name of " + job + " from " + quoted(c.old_value) +
                                                    " to " + quoted(c.new_value);
            r.message = who + " tried to " + what + " (refused with HTTP " + std::to_string(*c.code) + ")";
        } else {
            std::string what = !c.old_value ? "queue-name " + quoted(c.new_value) + " added to " + job
                               : !c.new_value ? "queue-name " + quoted(c.old_value) + " removed from " + job
                                              : "queue-name of " + job + " changed from " + quoted(c.old_value) +
                                                    " to " + quoted(c.new_value);
            r.message = what + " by " + who;
        }
        out.report(k_kq5003, std::move(r));
    }
}

}  // namespace kg::audit::check::rules
