// Which object an `audit timeline` target names, and its timeline from the evidence store.
// TARGET is NAMESPACE/NAME (a Workload, else a Job, else a LocalQueue), KIND/NAME for
// cluster-scoped kinds (ClusterQueue/team-a), KIND/NAMESPACE/NAME, or a bare cluster-scoped NAME
// (an error when several kinds have history under it). Kinds match case-insensitively, but a
// lower-case first part of two is a namespace (namespaces are lower-case DNS labels).
#pragma once

#include "audit/timeline.h"
#include "audit/store/store.h"
#include "model/result.h"

#include <string>

namespace kg::audit {

/// The target's timeline (empty entries when the store has no history for it), or an error
/// that says what was expected ("timeline target \"x\": ...").
model::Result<Timeline> timeline_for_target(const EvidenceStore& store, const std::string& target);

}  // namespace kg::audit
