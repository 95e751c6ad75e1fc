// `kueuegov audit timeline` output: text for people (one line per step with the wait since
// the previous one) and JSON for tools (field names are interface; man kueuegov-audit).
#pragma once

#include "audit/timeline.h"

#include <cstdint>
#include <ostream>
#include <string>

namespace kg::report {

/// "+4m12s", "+2h0m5s", "+350ms", "+0s"; negative waits (clock skew between sources) keep their sign.
std::string format_wait(std::int64_t us);

void render_timeline_text(std::ostream& os, const audit::Timeline& t);
void render_timeline_json(std::ostream& os, const audit::Timeline& t);

}  // namespace kg::report
