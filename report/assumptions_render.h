// Warnings for what the simulator assumed about objects the inputs lack (sim/assumptions.h),
// one line each on stderr: "kueuegov simulate: warning: Cohort "x" (named by ...) is not in
// the inputs: assumed ...".
#pragma once

#include "sim/assumptions.h"

#include <ostream>
#include <string_view>
#include <vector>

namespace kg::report {

void render_assumptions(std::ostream& err, std::string_view verb, const std::vector<sim::Assumption>& assumptions);

}  // namespace kg::report
