// Runs the history rules over a view: selection (--enable/--disable and the policy's
// rules: section), severity overrides, evidence references turned into file:line
// positions, and a deterministic order (time, then rule, object, message).
#pragma once

#include "audit/check/rule.h"
#include "model/source_pos.h"

#include <set>
#include <string>
#include <vector>

namespace kg::audit::check {

struct CheckOptions {
    /// When non-empty, only these rules run (this also re-enables rules the policy disables).
    std::set<std::string> enable;
    std::set<std::string> disable;
};

struct CheckResult {
    model::SourceFiles files;  ///< the evidence sources findings point into
    std::vector<model::Finding> findings;
    std::vector<const Rule*> rules_run;
};

CheckResult run_checks(const HistoryView& view, const CheckOptions& opt);

}  // namespace kg::audit::check
