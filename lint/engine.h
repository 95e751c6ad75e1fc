// The lint engine: picks the rules to run (enable/disable, policy overrides), runs
// them, applies severity overrides, suppression annotations and the baseline, and
// returns sorted findings. Rules never see any of this.
#pragma once

#include "lint/finding_scope.h"
#include "lint/rule.h"

#include <set>
#include <string>
#include <vector>

namespace kg::lint {

struct LintOptions {
    /// When non-empty, only these rules run (this also re-enables rules the policy disables).
    std::set<std::string> enable;
    std::set<std::string> disable;
    /// Fingerprints of accepted findings (read_baseline); each entry hides one matching finding.
    std::vector<std::string> baseline;
    /// -n/-l: report only findings about objects in scope (every rule still sees everything).
    FindingScope scope;
};

struct LintResult {
    std::vector<model::Finding> findings;  ///< sorted by model::finding_less
    std::size_t suppressed = 0;            ///< hidden by kueuegov.io/ignore
    std::size_t baselined = 0;             ///< hidden by the baseline
    std::size_t out_of_scope = 0;          ///< about objects outside -n/-l
    std::vector<const Rule*> rules_run;
};

/// Runs the selected rules over the context. Rules of RuleScope::definition judge each
/// definition on its own and see every object; the others see lint::applied_view, where of
/// several definitions of one object only the last survives (KQ2009 reports the others).
LintResult run_lint(const RuleContext& cx, const LintOptions& opt);

/// A finding's identity across edits: rule, object and field path, never the line.
std::string fingerprint(const model::Finding& f);
/// Baseline file: `# kueuegov lint baseline v1` then one fingerprint per line.
std::string write_baseline(const std::vector<model::Finding>& findings);
/// Parses a baseline; an error names the line that is not a fingerprint.
model::Result<std::vector<std::string>> read_baseline(std::string_view text, const std::string& name);

}  // namespace kg::lint
