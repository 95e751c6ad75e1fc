// Data and JSON of the per-purpose section. Values stay raw here: mstch escapes for the format
// at render time, and JSON escaping is the JSON writer's.
#include "report/purpose_section.h"
#include "report/purpose_section_render.h"

namespace kg::report {

void add_purposes(ReportData& d, const std::vector<audit::effects::PurposeEffects>& effects) {
    std::vector<ReportPurpose> out;
    for (const audit::effects::PurposeEffects& e : effects) {
        ReportPurpose p;
        p.purpose = e.purpose;
        p.admissions = e.admissions;
        p.preemptions = e.preemptions;
        p.waits_seconds = e.waits_seconds;
        for (const audit::effects::PurposeResourceHours& u : e.usage) {
            p.usage.emplace_back(u.resource,
                                 audit::format_unit_hours(u.used, u.resource) + " " + audit::chargeback_unit(u.resource));
        }
        out.push_back(std::move(p));
    }
    d.purposes = std::move(out);
}

mstch::array purpose_context(const ReportData& d) {
    mstch::array rows;
    if (!d.purposes) {
        return rows;
    }
    for (const ReportPurpose& p : *d.purposes) {
        std::string usage;
        for (const auto& [resource, hours] : p.usage) {
            usage += (usage.empty() ? "" : "; ") + resource + ": " + hours;
        }
        rows.push_back(mstch::map{{"purpose", p.purpose},
                                  {"admissions", std::to_string(p.admissions)},
                                  {"p50", wait_text(percentile(p.waits_seconds, 50))},
                                  {"p90", wait_text(percentile(p.waits_seconds, 90))},
                                  {"preemptions", std::to_string(p.preemptions)},
                                  {"usage", usage.empty() ? std::string("-") : usage}});
    }
    return rows;
}

nlohmann::json purposes_json(const ReportData& d) {
    nlohmann::json out = nlohmann::json::array();
    if (!d.purposes) {
        return out;
    }
    for (const ReportPurpose& p : *d.purposes) {
        nlohmann::json wait = {{"p50", nullptr}, {"p90", nullptr}, {"p99", nullptr}};
        for (int q : {50, 90, 99}) {
            if (auto v = percentile(p.waits_seconds, q)) {
                wait["p" + std::to_string(q)] = *v;
            }
        }
        nlohmann::json usage = nlohmann::json::array();
        for (const auto& [resource, hours] : p.usage) {
            usage.push_back({{"resource", resource}, {"used", hours}});
        }
        out.push_back({{"purpose", p.purpose},
                       {"admissions", p.admissions},
                       {"waitSeconds", wait},
                       {"preemptions", p.preemptions},
                       {"usage", usage}});
    }
    return out;
}

}  // namespace kg::report
