// C7 in the evidence report (evidence_rbac.h, evidence_rbac_render.h).
#include "report/evidence_rbac.h"

#include "audit/effects/rbac_section.h"
#include "model/time.h"
#include "report/evidence_rbac_render.h"
#include "report/evidence_report.h"

namespace kg::report {

namespace {

ReportRbacPoint point(const audit::effects::RbacPoint& p) {
    ReportRbacPoint o;
    o.time = p.at_us / 1'000'000;
    o.known = p.known;
    o.stale = static_cast<std::int64_t>(p.stale);
    for (const auto& g : p.grants) o.grants.push_back({g.subject, g.binding, g.role, g.actions, g.since_start});
    return o;
}

mstch::map point_ctx(const ReportRbacPoint& p) {
    mstch::array grants;
    for (const auto& g : p.grants)
        grants.push_back(mstch::map{{"subject", g.subject}, {"binding", g.binding}, {"role", g.role},
                                    {"actions", g.actions}, {"since_start", g.since_start},
                                    {"has_since_start", !g.since_start.empty()}});
    return mstch::map{{"time", model::format_rfc3339(p.time)}, {"known", p.known}, {"unknown", !p.known},
                      {"stale", std::to_string(p.stale)}, {"has_stale", p.stale > 0},
                      {"has_grants", !grants.empty()}, {"no_grants", p.known && grants.empty()},
                      {"grants", grants}};
}

nlohmann::json point_json(const ReportRbacPoint& p) {
    nlohmann::json grants = nlohmann::json::array();
    for (const auto& g : p.grants)
        grants.push_back({{"subject", g.subject}, {"binding", g.binding}, {"role", g.role}, {"actions", g.actions},
                          {"sinceStart", g.since_start}});
    return {{"time", model::format_rfc3339(p.time)}, {"known", p.known}, {"staleObjects", p.stale},
            {"canChangeQueuePolicy", grants}};
}

}  // namespace

void add_rbac(ReportData& d, const audit::effects::RbacSection& s) {
    d.rbac.present = true;
    d.rbac.any_evidence = s.any_evidence;
    d.rbac.start = point(s.start);
    d.rbac.end = point(s.end);
    for (const auto& c : s.changes) d.rbac.changes.push_back({c.time, c.actor, c.verb, c.object, c.evidence, c.body});
}

mstch::map rbac_context(const ReportRbac& r) {
    mstch::array changes;
    for (const auto& c : r.changes)
        changes.push_back(mstch::map{{"time", c.time}, {"actor", c.actor}, {"verb", c.verb}, {"object", c.object},
                                     {"evidence", c.evidence}, {"no_body", !c.body}});
    return mstch::map{{"present", r.present},
                      {"any_evidence", r.any_evidence},
                      {"no_evidence", r.present && !r.any_evidence},
                      {"start", point_ctx(r.start)},
                      {"end", point_ctx(r.end)},
                      {"has_changes", !changes.empty()},
                      {"changes", changes}};
}

nlohmann::json rbac_json(const ReportRbac& r) {
    if (!r.present) return nullptr;
    nlohmann::json changes = nlohmann::json::array();
    for (const auto& c : r.changes)
        changes.push_back({{"time", c.time}, {"actor", c.actor}, {"verb", c.verb}, {"object", c.object},
                           {"evidence", c.evidence}, {"bodyLogged", c.body}});
    return {{"evidence", r.any_evidence}, {"start", point_json(r.start)}, {"end", point_json(r.end)},
            {"changes", changes}};
}

}  // namespace kg::report
