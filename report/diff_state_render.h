// Renders what a queue change does to the exported workloads (lint/diff_state.h): a section
// of `kueuegov diff --state` in text, Markdown (PR comment) and JSON.
#pragma once

#include "lint/diff_state.h"
#include "sim/replay/waits.h"

#include <nlohmann/json.hpp>

#include <ostream>

namespace kg::report {

void render_state_text(std::ostream& out, const lint::StateImpact& s);
void render_state_markdown(std::ostream& out, const lint::StateImpact& s);
/// The "state" object of `diff -o json` (contract in man/kueuegov-diff.1).
nlohmann::ordered_json state_json(const lint::StateImpact& s);

/// Wait to admission per ClusterQueue from replaying the same arrivals under each policy
/// (`diff --trace/--generator`).
struct DiffWaits {
    std::string source;  ///< the trace or generator file
    std::map<std::string, sim::replay::QueueWaits> base, head;
};
void render_waits_text(std::ostream& out, const DiffWaits& w);
void render_waits_markdown(std::ostream& out, const DiffWaits& w);
/// The "waits" object of `diff -o json`: {source, queues: [{clusterQueue, base, head}]}.
nlohmann::ordered_json waits_json(const DiffWaits& w);

}  // namespace kg::report
