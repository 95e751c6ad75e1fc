// Kueue's manager Configuration (--kueue-config, the policy's kueue: section or a
// Configuration among the inputs) as Kueue validates it at start-up: a manager given such
// a file does not start, so every queue waits. Kueue: pkg/config/validation.go Validate.
#include "lint/rules/helpers.h"

namespace kg::lint::rules {

const RuleInfo k_kq1023{"KQ1023", "invalid-kueue-config",
                        RuleFamily::validation, RuleScope::definition, Severity::error,
                        "Kueue's manager Configuration has a value Kueue refuses at start-up",
                        "Fix the Configuration field at the position shown before rolling it out."};

void check_kq1023(const RuleContext& cx, FindingSink& out) {
    for (const model::ConfigIssue& i : cx.kueue.issues) {
        out.report(k_kq1023, i.pos, i.path, {"Configuration", "", ""},
                   "Kueue Configuration is invalid: " + i.message);
    }
}

}  // namespace kg::lint::rules
