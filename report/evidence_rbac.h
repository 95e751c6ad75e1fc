// The evidence report's RBAC section (design C7) as the report holds it: who could change queue
// policy at the start and at the end of the period, and the RBAC writes in between. Filled from
// audit/effects/rbac_section.h by add_rbac; rendered by report/evidence_rbac_render.h.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace kg::audit::effects {
struct RbacSection;
}

namespace kg::report {

struct ReportRbacGrant {
    std::string subject, binding, role, actions, since_start;
};

struct ReportRbacPoint {
    std::int64_t time = 0;  ///< Unix seconds
    bool known = false;
    std::int64_t stale = 0;
    std::vector<ReportRbacGrant> grants;
};

struct ReportRbacChange {
    std::string time, actor, verb, object, evidence;
    bool body = true;
};

struct ReportRbac {
    bool present = false;  ///< an evidence store was read (the section is shown)
    bool any_evidence = false;
    ReportRbacPoint start, end;
    std::vector<ReportRbacChange> changes;
};

struct ReportData;

/// Copies the engine's section into the report.
void add_rbac(ReportData& d, const audit::effects::RbacSection& s);

}  // namespace kg::report
