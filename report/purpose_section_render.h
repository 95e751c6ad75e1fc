// How evidence_report.cpp renders the per-purpose section (report/purpose_section.h): kept
// apart so that mstch stays inside report/'s renderers and out of the CLI's includes.
#pragma once

#include "report/evidence_report.h"

#include <mstch/mstch.hpp>
#include <nlohmann/json.hpp>

namespace kg::report {

/// The mustache context of the section (an empty array when ReportData::purposes is unset).
mstch::array purpose_context(const ReportData& d);
/// [{purpose, admissions, waitSeconds {p50, p90, p99}, preemptions, usage [{resource, used: "12.000000 GPU-Hours"}]}]
nlohmann::json purposes_json(const ReportData& d);

}  // namespace kg::report
