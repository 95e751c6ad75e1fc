// Renders an explanation of one workload for `kueuegov explain`: requests, the
// admission path link by link, its place in the queue, and what Kueue reported.
#pragma once

#include "model/admission_path.h"

#include <ostream>

namespace kg::report {

enum class ExplainFormat { text, json };

void render_explain(std::ostream& out, const model::AdmissionPath& path, ExplainFormat f);

}  // namespace kg::report
