// `--policy FILE` for the verbs that read only part of the policy (inspect, chargeback: the
// purposes). Diagnostics go to stderr with file:line:col; any error is a usage error.
#pragma once

#include "model/policy.h"

#include <string>

namespace kg::cli {

/// Reads `path` into `out` (files registered in `files`). Prints every diagnostic; false on an
/// unreadable file or any error (the caller exits 2). An empty path leaves `out` empty.
bool load_policy_flag(const std::string& path, model::SourceFiles& files, model::GovernancePolicy& out);

}  // namespace kg::cli
