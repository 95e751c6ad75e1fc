// Renders `explain`'s typed account of one workload (sim/explain/explanation.h) as text
// for people or as JSON (schema in man/kueuegov-explain.1). Every value read from the
// inputs goes through escape_terminal in text; JSON escapes through nlohmann.
#pragma once

#include "sim/explain/explanation.h"

#include <ostream>

namespace kg::report {

enum class ExplainFormat { text, json };

void render_explain(std::ostream& out, const sim::Explanation& e, ExplainFormat f);

/// The verdict as one sentence (also the JSON's verdict.summary).
std::string verdict_sentence(const sim::Explanation& e);

}  // namespace kg::report
