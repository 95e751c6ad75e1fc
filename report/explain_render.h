// Renders `explain`'s typed account of one workload (sim/explain/explanation.h) as text
// for people or as JSON (schema in man/kueuegov-explain.1). Every value read from the
// inputs goes through escape_terminal in text; JSON through json_text (escape_json.h).
#pragma once

#include "sim/explain/explanation.h"

#include <cstdint>
#include <optional>
#include <ostream>
#include <string>

namespace kg::report {

enum class ExplainFormat { text, json };

/// What Kueue's visibility API said about a pending workload: asked in live mode only.
struct VisibilityAnswer {
    bool answered = false;  ///< false: no served version listed the workload (or none is served)
    std::string api_version;  ///< visibility.kueue.x-k8s.io/v1beta2 or v1beta1
    std::int64_t in_cluster_queue = 0;
    std::int64_t in_local_queue = 0;
    std::string local_queue;  ///< NAMESPACE/NAME of the workload's LocalQueue
};

/// `visibility`, when given, follows the simulated account (text) or is the JSON's
/// "visibility" member (absent when not asked).
void render_explain(std::ostream& out, const sim::Explanation& e, ExplainFormat f,
                    const std::optional<VisibilityAnswer>& visibility = std::nullopt);

/// The verdict as one sentence (also the JSON's verdict.summary).
std::string verdict_sentence(const sim::Explanation& e);

}  // namespace kg::report
