// SARIF 2.1.0 as GitHub code scanning reads it: tool.driver.rules with help (text and
// Markdown from the embedded rule docs), precision and, for rules about ways around quota
// governance, the "security" tag with a security-severity; results with physical locations
// (1-based regions, URIs relative to the working directory or --sarif-root) and
// partialFingerprints; automationDetails.id, so lint and audit check uploads of one commit
// stay two analyses instead of replacing each other.
#include "report/findings_render.h"

#include "report/artifact_path.h"
#include "report/escape_json.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdio>
#include <map>
#include <sstream>

namespace kg::report {

namespace {

using nlohmann::ordered_json;

const char* sarif_level(model::Severity s) {
    switch (s) {
    case model::Severity::error: return "error";
    case model::Severity::warning: return "warning";
    case model::Severity::info: return "note";
    }
    return "warning";
}

/// GitHub's security-severity scale (0.0-10.0; 7.0 and above is "high", 4.0 and above
/// "medium"), from the rule's default severity.
const char* security_severity(model::Severity s) {
    switch (s) {
    case model::Severity::error: return "8.0";
    case model::Severity::warning: return "5.0";
    case model::Severity::info: return "2.0";
    }
    return "5.0";
}

/// The rule docs as plain text for help.text: headings without their marks, code blocks
/// indented by four spaces instead of fenced, inline code without backticks.
std::string markdown_plain(std::string_view md) {
    std::istringstream in{std::string(md)};
    std::string out, line;
    bool code = false;
    while (std::getline(in, line)) {
        if (line.rfind("```", 0) == 0) {
            code = !code;
            continue;
        }
        if (code) {
            out += "    " + line + "\n";
            continue;
        }
        std::size_t hashes = line.find_first_not_of('#');
        if (hashes != 0 && hashes != std::string::npos && line[hashes] == ' ') {
            line.erase(0, hashes + 1);
        }
        line.erase(std::remove(line.begin(), line.end(), '`'), line.end());
        out += line + "\n";
    }
    return out;
}

/// FNV-1a 64 of the fingerprint, as 16 hex digits (stable across line moves).
std::string hash_hex(std::string_view s) {
    std::uint64_t h = 1469598103934665603ULL;
    for (char c : s) {
        h ^= static_cast<unsigned char>(c);
        h *= 1099511628211ULL;
    }
    char buf[17];
    std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(h));
    return buf;
}

ordered_json rule_json(const RuleEntry& e) {
    const model::RuleInfo& r = *e.info;
    const std::string summary = r.summary, remediation = r.remediation;
    ordered_json tags = ordered_json::array({"kueue", model::family_name(r.family)});
    ordered_json props = ordered_json::object();
    if (r.security) {
        tags.push_back("security");
    }
    props["tags"] = std::move(tags);
    props["precision"] = model::precision_name(model::rule_precision(r));
    if (r.security) {
        props["security-severity"] = security_severity(r.severity);
    }
    ordered_json help = e.doc.empty() ? ordered_json{{"text", remediation}, {"markdown", remediation}}
                                      : ordered_json{{"text", markdown_plain(e.doc)}, {"markdown", std::string(e.doc)}};
    return {{"id", r.id},
            {"name", r.name},
            {"shortDescription", {{"text", summary}}},
            {"fullDescription", {{"text", summary + ". " + remediation}}},
            {"help", std::move(help)},
            {"defaultConfiguration", {{"level", sarif_level(r.severity)}}},
            {"properties", std::move(props)}};
}

}  // namespace

void render_findings_sarif(std::ostream& os, const model::SourceFiles& files, const std::vector<model::Finding>& fs,
                           const std::vector<RuleEntry>& rules, const SarifRun& run) {
    ordered_json jrules = ordered_json::array();
    std::map<std::string, std::size_t> index;
    for (const RuleEntry& e : rules) {
        index[e.info->id] = jrules.size();
        jrules.push_back(rule_json(e));
    }
    const bool rooted = !run.root.empty();
    const std::string& base = rooted ? run.root : run.cwd;
    ordered_json results = ordered_json::array();
    for (const model::Finding& f : fs) {
        ordered_json res;
        res["ruleId"] = f.rule;
        if (auto it = index.find(f.rule); it != index.end()) {
            res["ruleIndex"] = it->second;
        }
        res["level"] = sarif_level(f.severity);
        res["message"] = {{"text", finding_message(f, run.cluster_in_message)}};
        ordered_json loc;
        if (f.pos.file_id != 0) {
            ordered_json region{{"startLine", std::max<std::uint32_t>(f.pos.line, 1)}};
            if (f.pos.col) {
                region["startColumn"] = f.pos.col;
            }
            ArtifactPath p = artifact_path(files.name(f.pos.file_id), run.cwd, base);
            ordered_json artifact{{"uri", path_uri(p.path)}};
            if (rooted && p.under_base) {
                artifact["uriBaseId"] = "SRCROOT";
            }
            loc["physicalLocation"] = {{"artifactLocation", std::move(artifact)}, {"region", region}};
        }
        if (!f.object.kind.empty()) {
            std::string fq = f.object.kind + "/" + (f.object.namespace_.empty() ? "" : f.object.namespace_ + "/") +
                             f.object.name;
            loc["logicalLocations"] = ordered_json::array({{{"fullyQualifiedName", fq}, {"kind", "object"}}});
        }
        if (!loc.empty()) {
            res["locations"] = ordered_json::array({loc});
        }
        res["partialFingerprints"] = {{"kueuegovFinding/v1", hash_hex(model::finding_fingerprint(f))}};
        // History findings: SARIF has no actor, time or cluster fields on a result, so they go in
        // its property bag.
        if (!f.actor.empty() || !f.time.empty() || !f.cluster.empty()) {
            ordered_json props = ordered_json::object();
            if (!f.actor.empty()) {
                props["actor"] = f.actor;
            }
            if (!f.time.empty()) {
                props["time"] = f.time;
            }
            if (!f.cluster.empty()) {
                props["cluster"] = f.cluster;
            }
            res["properties"] = std::move(props);
        }
        results.push_back(std::move(res));
    }
    ordered_json jrun{{"tool",
                       {{"driver",
                         {{"name", "kueuegov"},
                          {"version", run.version},
                          {"informationUri", "https://github.com/kueuegov/kueuegov"},
                          {"rules", jrules}}}}}};
    if (!run.automation_id.empty()) {
        jrun["automationDetails"] = {{"id", run.automation_id}};
    }
    if (rooted) {
        // The absolute root, so a consumer on this machine can resolve SRCROOT (SARIF 3.14.14).
        std::string root_uri = path_uri(run.root);
        if (root_uri.empty() || root_uri.back() != '/') {
            root_uri += '/';
        }
        jrun["originalUriBaseIds"] = {{"SRCROOT", {{"uri", root_uri}}}};
    }
    jrun["results"] = std::move(results);
    ordered_json out;
    out["$schema"] = "https://json.schemastore.org/sarif-2.1.0.json";
    out["version"] = "2.1.0";
    out["runs"] = ordered_json::array({std::move(jrun)});
    os << json_text(out, 2) << "\n";
}

}  // namespace kg::report
