// Chargeback exports: native CSV and JSON, and FinOps FOCUS (1.2 columns plus x_ Kueue detail)
// as CSV. Inputs are audit/chargeback.h results; this file owns all escaping (CSV formula
// neutralising, JSON strings). Semantics: /work/shared/design/audit-evidence.md sections 3.3-3.4.
#pragma once

#include "audit/chargeback.h"

#include <ostream>
#include <string>
#include <string_view>

namespace kg::report {

enum class ChargebackFormat { csv, json, focus };

void render_chargeback(std::ostream& out, const audit::ChargebackResult& r, ChargebackFormat f);

/// One CSV cell: quoted when it holds , " CR or LF; a cell starting with = + - @ TAB or CR is
/// prefixed with ' so spreadsheets do not run it as a formula (OWASP CSV injection).
std::string csv_cell(std::string_view s);

}  // namespace kg::report
