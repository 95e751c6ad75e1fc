// Renders `kueuegov simulate` results: the JSON contract of the admission
// conformance suite (FORMAT.md) and a kubectl-like per-cycle text summary.
#pragma once

#include "sim/decisions.h"

#include <ostream>

namespace kg::report {

enum class SimulateFormat { text, json };

void render_simulation(std::ostream& out, const sim::SimulationResult& r, SimulateFormat f);

}  // namespace kg::report
