// `--policy FILE`, read the same way by every verb that takes it (lint, audit check, report,
// inspect, chargeback): diagnostics to stderr with file:line:col, and a rule id that neither lint
// nor audit check knows is an error everywhere, so a typo that would silently switch nothing off
// is refused whichever verb reads the file first.
#pragma once

#include "model/policy.h"

#include <string>

namespace kg::cli {

/// Reads `path` into `out` (files registered in `files`). Prints every diagnostic when
/// `print_diagnostics` (a verb reading the file once per cluster prints them once); false on an
/// unreadable file, any error or an unknown rule id (the caller exits 2). An empty path leaves
/// `out` empty and returns true.
bool load_policy_flag(const std::string& path, model::SourceFiles& files, model::GovernancePolicy& out,
                      bool print_diagnostics = true);

}  // namespace kg::cli
