// SARIF 2.1.0 as GitHub code scanning accepts it: tool.driver.rules with help,
// results with physical locations (1-based regions) and partialFingerprints.
#include "report/findings_render.h"

#include "report/escape_json.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <map>

namespace kg::report {

namespace {

const char* sarif_level(model::Severity s) {
    switch (s) {
    case model::Severity::error: return "error";
    case model::Severity::warning: return "warning";
    case model::Severity::info: return "note";
    }
    return "warning";
}

/// A relative path as a URI reference: percent-encode what RFC 3986 does not allow.
std::string uri(std::string_view path) {
    std::string out;
    for (char c : path) {
        auto u = static_cast<unsigned char>(c);
        if (std::isalnum(u) || c == '/' || c == '.' || c == '-' || c == '_' || c == '~') {
            out += c;
        } else {
            char buf[4];
            std::snprintf(buf, sizeof buf, "%%%02X", u);
            out += buf;
        }
    }
    if (out.rfind("./", 0) == 0) {
        out.erase(0, 2);
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

}  // namespace

void render_findings_sarif(std::ostream& os, const model::SourceFiles& files, const std::vector<model::Finding>& fs,
                           const std::vector<RuleEntry>& rules, const std::string& version) {
    using nlohmann::ordered_json;
    ordered_json jrules = ordered_json::array();
    std::map<std::string, std::size_t> index;
    for (const RuleEntry& e : rules) {
        const model::RuleInfo& r = *e.info;
        const std::string summary = r.summary, remediation = r.remediation;
        index[r.id] = jrules.size();
        jrules.push_back({{"id", r.id},
                          {"name", r.name},
                          {"shortDescription", {{"text", summary}}},
                          {"fullDescription", {{"text", summary + ". " + remediation}}},
                          {"help", {{"text", remediation}, {"markdown", e.doc.empty() ? remediation : std::string(e.doc)}}},
                          {"defaultConfiguration", {{"level", sarif_level(r.severity)}}},
                          {"properties", {{"tags", {"kueue", model::family_name(r.family)}}}}});
    }
    ordered_json results = ordered_json::array();
    for (const model::Finding& f : fs) {
        ordered_json res;
        res["ruleId"] = f.rule;
        if (auto it = index.find(f.rule); it != index.end()) {
            res["ruleIndex"] = it->second;
        }
        res["level"] = sarif_level(f.severity);
        res["message"] = {{"text", f.message}};
        ordered_json loc;
        if (f.pos.file_id != 0) {
            ordered_json region{{"startLine", std::max<std::uint32_t>(f.pos.line, 1)}};
            if (f.pos.col) {
                region["startColumn"] = f.pos.col;
            }
            loc["physicalLocation"] = {{"artifactLocation", {{"uri", uri(files.name(f.pos.file_id))}}},
                                       {"region", region}};
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
        // History findings: SARIF has no actor or time fields on a result, so they go in its property bag.
        if (!f.actor.empty() || !f.time.empty()) {
            ordered_json props = ordered_json::object();
            if (!f.actor.empty()) {
                props["actor"] = f.actor;
            }
            if (!f.time.empty()) {
                props["time"] = f.time;
            }
            res["properties"] = std::move(props);
        }
        results.push_back(std::move(res));
    }
    ordered_json out;
    out["$schema"] = "https://json.schemastore.org/sarif-2.1.0.json";
    out["version"] = "2.1.0";
    out["runs"] = ordered_json::array({{{"tool",
                                         {{"driver",
                                           {{"name", "kueuegov"},
                                            {"version", version},
                                            {"informationUri", "https://github.com/kueuegov/kueuegov"},
                                            {"rules", jrules}}}}},
                                        {"results", results}}});
    os << json_text(out, 2) << "\n";
}

}  // namespace kg::report
