// The lint side of a diff: the findings HEAD introduces and those it fixes, each side linted
// with the defaults (no policy: the rules Kueue itself enforces, references and quota sanity)
// and compared by fingerprint as multisets, so a finding that appears twice and is fixed once
// still shows.
#pragma once

#include "lint/diff.h"

#include <vector>

namespace kg::lint {

/// Findings of `a` whose fingerprint `b` does not have (multiset difference).
std::vector<Finding> findings_minus(const std::vector<Finding>& a, const std::vector<Finding>& b);

/// diff_clusters(base, head) with findings_introduced and findings_fixed filled in.
ClusterDiff diff_with_findings(const Cluster& base, const Cluster& head);

}  // namespace kg::lint
