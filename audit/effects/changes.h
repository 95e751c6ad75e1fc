// The changes to queue-policy objects during the period, as the evidence report lists them:
// time, actor, verb, object and a one-line summary of what changed (or why that is unknown).
#pragma once

#include "audit/effects/effects.h"
#include "audit/history.h"

#include <string>
#include <vector>

namespace kg::audit::effects {

struct ChangeLine {
    std::int64_t time = 0;  ///< Unix seconds
    std::string actor, verb, object, summary;
};

/// "created", "deleted", "refused with HTTP n", or the changed fields as "path: before -> after"
/// (at most four, then how many more); says when the log carried no body.
std::string change_summary(const ObjectChange& c);

/// The audit-log writes in the period (export snapshots are not changes), ordered by time.
/// Every version was read, so the first change in the period is diffed against the one before.
std::vector<ChangeLine> changes_in_period(const std::vector<ObjectChange>& changes, Span span);

}  // namespace kg::audit::effects
