// Chargeback exports: native CSV and JSON (chargeback_export.cpp), and FinOps FOCUS 1.2 as CSV
// (chargeback_focus.cpp). Inputs are audit/chargeback.h results; cells and strings go through report/escape.h
// (CSV formula neutralising, JSON strings). Semantics: /work/shared/design/audit-evidence.md sections 3.3-3.4.
#pragma once

#include "audit/chargeback.h"

#include <ostream>
#include <string>
#include <vector>

namespace kg::report {

enum class ChargebackFormat { csv, json, focus };

void render_chargeback(std::ostream& out, const audit::ChargebackResult& r, ChargebackFormat f);

/// FinOps FOCUS 1.2 as CSV: every column the specification makes mandatory, the conditional and
/// recommended ones kueuegov can fill, then Kueue detail in x_ columns. One result per billing
/// period (audit::compute_chargeback_by_month); rows of each carry its calendar month as
/// BillingPeriodStart/End and the part of the period inside it as ChargePeriodStart/End.
void render_focus(std::ostream& out, const std::vector<audit::ChargebackResult>& periods);

}  // namespace kg::report
