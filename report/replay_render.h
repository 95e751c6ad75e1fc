// Prints a replay like Kueue's scheduler-performance summary: average time to
// admission per workload class and ClusterQueue usage against nominal quota,
// plus per-queue waits; and the difference between two replays (--compare).
#pragma once

#include "sim/replay/replay_result.h"

#include <ostream>
#include <string>

namespace kg::report {

enum class ReplayFormat { text, json };

void render_replay(std::ostream& out, const sim::ReplayResult& r, ReplayFormat f);
void render_replay_compare(std::ostream& out, const sim::ReplayResult& base, const sim::ReplayResult& other,
                           const std::string& base_label, const std::string& other_label, ReplayFormat f);

}  // namespace kg::report
