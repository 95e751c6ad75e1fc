// The "Purposes" section of `inspect --policy` (sim/purpose_usage.h): quota held and work
// waiting per purpose, as text and as the `purposes` member of inspect's JSON/YAML.
#pragma once

#include "sim/purpose_usage.h"

#include <nlohmann/json.hpp>

#include <ostream>
#include <vector>

namespace kg::report {

/// "Purposes:" then one line per purpose: counts, then flavor/resource usage.
void render_purpose_usage_text(std::ostream& out, const std::vector<sim::PurposeUsage>& rows);
/// [{purpose, reserving, admitted, pending, usage: [{flavor, resource, used}]}]
nlohmann::ordered_json purpose_usage_json(const std::vector<sim::PurposeUsage>& rows);

}  // namespace kg::report
