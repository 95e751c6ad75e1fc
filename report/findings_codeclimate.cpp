// GitLab Code Quality (the Code Climate issue format GitLab reads from a `codequality`
// report artifact): a JSON array of issues with description, check_name, fingerprint,
// severity and location.path/lines.begin. GitLab matches issues between the base and the
// merge request by fingerprint, so it must survive line moves and differ between issues.
#include "report/findings_render.h"

#include "audit/sha256.h"
#include "report/artifact_path.h"
#include "report/escape_json.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <map>

namespace kg::report {

namespace {

/// Code Quality's five levels from the finding's severity (after the policy's overrides) and the
/// rule's security flag: a way around quota governance weighs one level more.
const char* quality_severity(model::Severity s, bool security) {
    switch (s) {
    case model::Severity::error: return security ? "blocker" : "critical";
    case model::Severity::warning: return security ? "major" : "minor";
    case model::Severity::info: break;
    }
    return "info";
}

}  // namespace

void render_findings_codeclimate(std::ostream& os, const model::SourceFiles& files,
                                 const std::vector<model::Finding>& fs, const std::vector<RuleEntry>& rules,
                                 const std::string& cwd, bool cluster_in_description) {
    using nlohmann::ordered_json;
    std::map<std::string_view, const model::RuleInfo*> by_id;
    for (const RuleEntry& e : rules) {
        by_id[e.info->id] = e.info;
    }
    // Rule, object and field path (never the line), plus which occurrence of that identity this
    // is: two findings of one rule on one field (history findings at two times) stay two issues.
    std::map<std::string, std::size_t> seen;
    ordered_json out = ordered_json::array();
    for (const model::Finding& f : fs) {
        const std::string identity = model::finding_fingerprint(f);
        const std::size_t occurrence = seen[identity]++;
        auto rule = by_id.find(f.rule);
        const bool security = rule != by_id.end() && rule->second->security;
        const std::string file = f.pos.file_id ? files.name(f.pos.file_id) : std::string("<input>");
        ordered_json issue;
        issue["type"] = "issue";
        issue["check_name"] = f.rule;
        issue["description"] =
            "[" + f.rule + " " + f.name + "] " + finding_message(f, cluster_in_description) + actor_time_text(f);
        issue["categories"] = ordered_json::array({security ? "Security" : "Bug Risk"});
        issue["severity"] = quality_severity(f.severity, security);
        if (!f.cluster.empty()) {  // not in the Code Climate spec; GitLab ignores fields it does not know
            issue["cluster"] = f.cluster;
        }
        issue["fingerprint"] =
            audit::sha256_hex("kueuegov-codequality/v1\t" + identity + "\t" + std::to_string(occurrence));
        issue["location"] = {{"path", artifact_path(file, cwd, cwd).path},
                             {"lines", {{"begin", std::max<std::uint32_t>(f.pos.line, 1)}}}};
        out.push_back(std::move(issue));
    }
    os << json_text(out, 2) << "\n";
}

}  // namespace kg::report
