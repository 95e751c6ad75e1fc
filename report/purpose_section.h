// The evidence report's "What the work was for" section (issue 19 item 5): admissions, waits,
// preemptions and resource-hours per purpose. Its own file so the section can change without
// touching the others: the report verb calls add_purposes, evidence_report.cpp renders it
// through purpose_section_render.h.
#pragma once

#include "audit/effects/purpose_effects.h"
#include "report/evidence_report.h"

namespace kg::report {

/// Fills ReportData::purposes from the engine's result.
void add_purposes(ReportData& d, const std::vector<audit::effects::PurposeEffects>& effects);

}  // namespace kg::report
