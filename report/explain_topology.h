// The Topology-Aware Scheduling part of `explain` (sim::TopologyFitRecord): per level the
// domains and what is free in them for the pod set, and what would unblock it. Used by
// report/explain_render.cpp only.
#pragma once

#include "sim/explain/explanation.h"

#include <nlohmann/json.hpp>

#include <ostream>
#include <string>

namespace kg::report {

/// One sentence: "16 nvidia.com/gpu needed within one rack; free: r1 8, r2 6 — no rack fits;
/// block b1 has 18 free, so `preferred` would admit".
std::string topology_summary(const sim::TopologyFitRecord& r);

/// The text section (nothing when the explanation has no TAS placement).
void render_topology_text(std::ostream& out, const sim::Explanation& e);

/// The JSON array `topology` (schema in man/kueuegov-explain.1).
nlohmann::ordered_json topology_json(const sim::Explanation& e);

/// The failed placement that blocks the workload in the nomination explained, or null.
const sim::TopologyFitRecord* blocking_topology(const sim::Explanation& e);

}  // namespace kg::report
