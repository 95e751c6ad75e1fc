// Renders a queue change (lint/diff.h) for review: Markdown for a pull
// request comment, JSON for tools, plain text for a terminal.
#pragma once

#include "lint/diff.h"

#include <ostream>
#include <string>

namespace kg::report {

enum class DiffFormat { text, markdown, json };

struct DiffLabels {
    std::string base;  ///< what BASE was, e.g. "git:main"
    std::string head;
};

void render_diff(std::ostream& out, const lint::ClusterDiff& diff, const DiffLabels& labels, DiffFormat f);

}  // namespace kg::report
