// JSON findings: the machine contract of `kueuegov lint -o json` (field names are
// interface; see man/kueuegov-lint.1).
#include "report/findings_render.h"

#include "report/escape_json.h"

#include <nlohmann/json.hpp>

namespace kg::report {

void render_findings_json(std::ostream& os, const model::SourceFiles& files, const std::vector<model::Finding>& fs,
                          const FindingsSummary& sum) {
    using nlohmann::ordered_json;
    ordered_json arr = ordered_json::array();
    std::size_t counts[3] = {0, 0, 0};
    for (const model::Finding& f : fs) {
        ++counts[static_cast<int>(f.severity)];
        ordered_json j;
        j["rule"] = f.rule;
        j["name"] = f.name;
        j["severity"] = model::severity_name(f.severity);
        j["file"] = f.pos.file_id ? files.name(f.pos.file_id) : std::string();
        j["line"] = f.pos.line;
        j["column"] = f.pos.col;
        j["path"] = f.path;
        j["message"] = f.message;
        if (!f.cluster.empty()) {
            j["cluster"] = f.cluster;
        }
        j["object"] = {{"kind", f.object.kind}, {"namespace", f.object.namespace_}, {"name", f.object.name}};
        if (!f.related.empty()) {
            ordered_json rel = ordered_json::array();
            for (const model::RelatedPos& r : f.related) {
                rel.push_back({{"file", r.pos.file_id ? files.name(r.pos.file_id) : std::string()},
                               {"line", r.pos.line},
                               {"column", r.pos.col},
                               {"message", r.message}});
            }
            j["related"] = rel;
        }
        if (!f.hint.empty()) {
            j["hint"] = f.hint;
        }
        if (!f.actor.empty()) {
            j["actor"] = f.actor;
        }
        if (!f.time.empty()) {
            j["time"] = f.time;
        }
        arr.push_back(std::move(j));
    }
    ordered_json out;
    out["findings"] = std::move(arr);
    out["summary"] = {{"errors", counts[0]},     {"warnings", counts[1]},     {"infos", counts[2]},
                      {"total", fs.size()},      {"suppressed", sum.suppressed}, {"baselined", sum.baselined},
                      {"files", sum.files},      {"objects", sum.objects}};
    os << json_text(out, 2) << "\n";
}

void render_rule_list_json(std::ostream& os, const std::vector<RuleEntry>& rules) {
    using nlohmann::ordered_json;
    ordered_json arr = ordered_json::array();
    for (const RuleEntry& r : rules) {
        const model::RuleInfo& i = *r.info;
        arr.push_back({{"id", i.id},
                       {"name", i.name},
                       {"family", model::family_name(i.family)},
                       {"scope", model::scope_name(i.scope)},
                       {"severity", model::severity_name(i.severity)},
                       {"summary", i.summary},
                       {"remediation", i.remediation}});
    }
    os << json_text(ordered_json{{"rules", arr}}, 2) << "\n";
}

}  // namespace kg::report
