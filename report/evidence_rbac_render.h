// The RBAC section (C7) for the layouts and for JSON: internal to report/evidence_report.cpp,
// kept apart so the section's rendering is one file (mstch and nlohmann stay in report/).
#pragma once

#include "report/evidence_rbac.h"

#include <mstch/mstch.hpp>
#include <nlohmann/json.hpp>

namespace kg::report {

/// The `rbac` object of the mustache context: strings escaped by the format's escape function.
mstch::map rbac_context(const ReportRbac& r);

/// The `rbac` member of the JSON report (escaped by the JSON writer).
nlohmann::json rbac_json(const ReportRbac& r);

}  // namespace kg::report
