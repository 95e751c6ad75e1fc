// Renders a queue change (lint/diff.h) for review: Markdown for a pull
// request comment, JSON for tools, plain text for a terminal.
#pragma once

#include "lint/diff.h"
#include "lint/diff_state.h"

#include <ostream>
#include <string>

namespace kg::report {

enum class DiffFormat { text, markdown, json };

struct DiffLabels {
    std::string base;  ///< what BASE was, e.g. "git:main"
    std::string head;
};

/// `state`: the effect on exported workloads (`diff --state`), rendered after the policy diff.
struct DiffWaits;
/// `waits`: per-queue waits from replaying a trace under each side (`diff --trace/--generator`).
void render_diff(std::ostream& out, const lint::ClusterDiff& diff, const DiffLabels& labels, DiffFormat f,
                 const lint::StateImpact* state = nullptr, const DiffWaits* waits = nullptr);

}  // namespace kg::report
