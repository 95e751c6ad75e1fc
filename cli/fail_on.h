// The exit status of verbs that report findings (lint, audit check) under --fail-on.
#pragma once

#include "model/finding.h"

#include <optional>
#include <string>
#include <vector>

namespace kg::cli {

/// The severity --fail-on names (error | warning | info), or nullopt for "never".
std::optional<model::Severity> fail_threshold(const std::string& fail_on);

/// k_exit_findings when a finding is at or above `fail_on` (error | warning | info), else
/// k_exit_ok; "never" always gives k_exit_ok.
int exit_for_findings(const std::vector<model::Finding>& findings, const std::string& fail_on);

}  // namespace kg::cli
