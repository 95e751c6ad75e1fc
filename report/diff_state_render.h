// Renders what a queue change does to the exported workloads (lint/diff_state.h): a section
// of `kueuegov diff --state` in text, Markdown (PR comment) and JSON.
#pragma once

#include "lint/diff_state.h"

#include <nlohmann/json.hpp>

#include <ostream>

namespace kg::report {

void render_state_text(std::ostream& out, const lint::StateImpact& s);
void render_state_markdown(std::ostream& out, const lint::StateImpact& s);
/// The "state" object of `diff -o json` (contract in man/kueuegov-diff.1).
nlohmann::ordered_json state_json(const lint::StateImpact& s);

}  // namespace kg::report
