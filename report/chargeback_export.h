// Chargeback exports: native CSV and JSON, and FinOps FOCUS (1.2 columns plus x_ Kueue detail)
// as CSV. Inputs are audit/chargeback.h results; cells and strings go through report/escape.h
// (CSV formula neutralising, JSON strings). Semantics: /work/shared/design/audit-evidence.md sections 3.3-3.4.
#pragma once

#include "audit/chargeback.h"

#include <ostream>
#include <string>

namespace kg::report {

enum class ChargebackFormat { csv, json, focus };

void render_chargeback(std::ostream& out, const audit::ChargebackResult& r, ChargebackFormat f);

}  // namespace kg::report
