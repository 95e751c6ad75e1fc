// One object's history as `kueuegov audit timeline` prints it: steps in time order with
// who did what and how long each waited for the previous one. Built by
// audit/check/timeline.h from the store's history, rendered by report/timeline_render.h.
#pragma once

#include "model/finding.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace kg::audit {

struct TimelineEntry {
    std::string time;       ///< RFC 3339 as the source carried it
    std::int64_t ts_us = 0;
    std::optional<std::int64_t> wait_us;  ///< since the previous entry; nullopt for the first
    std::string subject;    ///< "" for the timeline's own object, else e.g. "Workload ml/job-x-1a2b3"
    std::string step;       ///< "created", "quota reserved", "patch", "queue-name changed", ...
    std::string actor;      ///< "" when unknown
    std::string detail;     ///< ClusterQueue, reason, message, changed fields, HTTP status
    std::string evidence;   ///< "source-path:line"
};

struct Timeline {
    model::ObjectRef object;
    std::vector<TimelineEntry> entries;  ///< by time, then as recorded
};

}  // namespace kg::audit
