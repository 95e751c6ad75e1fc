// Every SARIF golden output (each testdata/*/golden case whose cmd asks for -o sarif)
// is checked against the SARIF 2.1.0 schema's rules for every object kueuegov emits:
// required properties (version, runs, tool.driver.name, rules[].id, message.text, the
// text of every multiformat message, artifactLocation or address in a physicalLocation),
// the enums (version, level), minimums (startLine, startColumn >= 1, ruleIndex >= -1),
// types, and additionalProperties: false (only properties the schema defines). On top,
// what GitHub code scanning needs: rules with help, a physical location per result,
// ruleIndex pointing at the rule with that id, partialFingerprints.
#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace fs = std::filesystem;
using nlohmann::json;

namespace {

/// Collects violations as "path: problem" so one run shows all of them.
struct Checker {
    std::vector<std::string> problems;

    void fail(const std::string& path, const std::string& what) { problems.push_back(path + ": " + what); }

    /// additionalProperties: false - only the properties the schema lists for this object.
    void only(const json& o, const std::string& path, const std::set<std::string>& allowed) {
        for (const auto& [k, v] : o.items()) {
            if (!allowed.count(k)) {
                fail(path, "property \"" + k + "\" is not defined by the SARIF 2.1.0 schema here");
            }
        }
    }
    bool object(const json& o, const std::string& path) {
        if (!o.is_object()) {
            fail(path, "expected an object");
            return false;
        }
        return true;
    }
    void string(const json& o, const char* key, const std::string& path, bool required) {
        if (!o.contains(key)) {
            if (required) fail(path, std::string("required property \"") + key + "\" is missing");
        } else if (!o[key].is_string() || o[key].get<std::string>().empty()) {
            fail(path + "." + key, "expected a non-empty string");
        }
    }
    void level(const json& o, const std::string& path) {
        static const std::set<std::string> k_levels{"none", "note", "warning", "error"};
        if (o.contains("level") && (!o["level"].is_string() || !k_levels.count(o["level"].get<std::string>()))) {
            fail(path + ".level", "expected one of none, note, warning, error");
        }
    }
    /// multiformatMessageString / message: text is required (kueuegov never uses message ids).
    void message(const json& o, const std::string& path) {
        if (!object(o, path)) return;
        only(o, path, {"text", "markdown", "id", "arguments", "properties"});
        string(o, "text", path, true);
        if (o.contains("markdown")) string(o, "markdown", path, false);
    }
    void uri_reference(const std::string& uri, const std::string& path) {
        for (char c : uri) {
            auto u = static_cast<unsigned char>(c);
            if (u <= 0x20 || u >= 0x7f || c == '"' || c == '<' || c == '>' || c == '\\' || c == '^' || c == '`' ||
                c == '{' || c == '|' || c == '}') {
                fail(path, "\"" + uri + "\" is not a URI reference (unencoded character)");
                return;
            }
        }
    }
    void rule(const json& r, const std::string& path) {
        if (!object(r, path)) return;
        only(r, path,
             {"id", "deprecatedIds", "guid", "deprecatedGuids", "name", "deprecatedNames", "shortDescription",
              "fullDescription", "messageStrings", "defaultConfiguration", "helpUri", "help", "relationships",
              "properties"});
        string(r, "id", path, true);
        for (const char* k : {"shortDescription", "fullDescription", "help"}) {
            if (r.contains(k)) message(r[k], path + "." + k);
            else fail(path, std::string("GitHub code scanning needs \"") + k + "\"");
        }
        if (r.contains("defaultConfiguration")) {
            const json& c = r["defaultConfiguration"];
            if (object(c, path + ".defaultConfiguration")) {
                only(c, path + ".defaultConfiguration", {"enabled", "level", "rank", "parameters", "properties"});
                level(c, path + ".defaultConfiguration");
            }
        }
        if (r.contains("help") && r["help"].is_object() && !r["help"].contains("markdown")) {
            fail(path + ".help", "GitHub shows help.markdown; it is missing");
        }
        if (r.contains("properties")) {
            const json& p = r["properties"];
            std::set<std::string> seen;
            if (object(p, path + ".properties") && p.contains("tags")) {
                for (const json& t : p["tags"]) {
                    if (!t.is_string() || !seen.insert(t.get<std::string>()).second) {
                        fail(path + ".properties.tags", "expected unique strings");
                    }
                }
            }
            // GitHub code scanning's rule properties: precision is one of four words;
            // security-severity is a number 0.0-10.0 written as a string, on security rules only.
            static const std::set<std::string> k_precision{"very-high", "high", "medium", "low"};
            if (p.contains("precision") &&
                (!p["precision"].is_string() || !k_precision.count(p["precision"].get<std::string>()))) {
                fail(path + ".properties.precision", "expected very-high, high, medium or low");
            }
            if (p.contains("security-severity")) {
                const json& v = p["security-severity"];
                bool number = false;
                if (v.is_string()) {
                    try {
                        std::size_t used = 0;
                        double d = std::stod(v.get<std::string>(), &used);
                        number = used == v.get<std::string>().size() && d >= 0.0 && d <= 10.0;
                    } catch (const std::exception&) {
                    }
                }
                if (!number) fail(path + ".properties.security-severity", "expected a string holding 0.0-10.0");
                if (!seen.count("security")) fail(path + ".properties", "security-severity without the security tag");
            }
        }
    }
    void location(const json& l, const std::string& path) {
        if (!object(l, path)) return;
        only(l, path, {"id", "physicalLocation", "logicalLocations", "message", "annotations", "relationships",
                       "properties"});
        if (l.contains("physicalLocation")) {
            const json& p = l["physicalLocation"];
            const std::string pp = path + ".physicalLocation";
            if (object(p, pp)) {
                only(p, pp, {"address", "artifactLocation", "region", "contextRegion", "properties"});
                if (!p.contains("artifactLocation") && !p.contains("address")) {
                    fail(pp, "needs artifactLocation or address");
                }
                if (p.contains("artifactLocation") && object(p["artifactLocation"], pp + ".artifactLocation")) {
                    only(p["artifactLocation"], pp + ".artifactLocation",
                         {"uri", "uriBaseId", "index", "description", "properties"});
                    string(p["artifactLocation"], "uri", pp + ".artifactLocation", true);
                    if (p["artifactLocation"].contains("uri") && p["artifactLocation"]["uri"].is_string()) {
                        uri_reference(p["artifactLocation"]["uri"].get<std::string>(), pp + ".artifactLocation.uri");
                    }
                }
                if (p.contains("region") && object(p["region"], pp + ".region")) {
                    const json& r = p["region"];
                    only(r, pp + ".region",
                         {"startLine", "startColumn", "endLine", "endColumn", "charOffset", "charLength",
                          "byteOffset", "byteLength", "snippet", "message", "sourceLanguage", "properties"});
                    for (const char* k : {"startLine", "startColumn", "endLine", "endColumn"}) {
                        if (r.contains(k) && (!r[k].is_number_integer() || r[k].get<long>() < 1)) {
                            fail(pp + ".region." + k, "expected an integer >= 1");
                        }
                    }
                }
            }
        }
        if (l.contains("logicalLocations")) {
            for (std::size_t i = 0; i < l["logicalLocations"].size(); ++i) {
                const json& ll = l["logicalLocations"][i];
                std::string lp = path + ".logicalLocations[" + std::to_string(i) + "]";
                if (object(ll, lp)) {
                    only(ll, lp, {"name", "index", "fullyQualifiedName", "decoratedName", "parentIndex", "kind",
                                  "properties"});
                    string(ll, "fullyQualifiedName", lp, false);
                    string(ll, "kind", lp, false);
                }
            }
        }
    }
    void result(const json& r, const std::string& path, const json& rules) {
        if (!object(r, path)) return;
        only(r, path,
             {"ruleId", "ruleIndex", "rule", "kind", "level", "message", "analysisTarget", "locations", "guid",
              "correlationGuid", "occurrenceCount", "partialFingerprints", "fingerprints", "stacks", "codeFlows",
              "graphs", "graphTraversals", "relatedLocations", "suppressions", "baselineState", "rank",
              "attachments", "hostedViewerUri", "workItemUris", "provenance", "fixes", "taxa", "webRequest",
              "webResponse", "properties"});
        if (r.contains("message")) message(r["message"], path + ".message");
        else fail(path, "required property \"message\" is missing");
        level(r, path);
        string(r, "ruleId", path, true);
        if (r.contains("ruleIndex")) {
            if (!r["ruleIndex"].is_number_integer() || r["ruleIndex"].get<long>() < -1) {
                fail(path + ".ruleIndex", "expected an integer >= -1");
            } else if (r["ruleIndex"].get<long>() >= static_cast<long>(rules.size())) {
                fail(path + ".ruleIndex", "points past tool.driver.rules");
            } else if (r["ruleIndex"].get<long>() >= 0 &&
                       rules[r["ruleIndex"].get<std::size_t>()].value("id", json()) != r.value("ruleId", json())) {
                fail(path + ".ruleIndex", "names a rule with another id than ruleId");
            }
        }
        bool physical = false;
        if (r.contains("locations")) {
            if (!r["locations"].is_array()) fail(path + ".locations", "expected an array");
            for (std::size_t i = 0; i < r["locations"].size(); ++i) {
                location(r["locations"][i], path + ".locations[" + std::to_string(i) + "]");
                physical = physical || r["locations"][i].contains("physicalLocation");
            }
        }
        if (!physical) fail(path, "GitHub code scanning needs a physicalLocation");
        if (!r.contains("partialFingerprints") || !r["partialFingerprints"].is_object() ||
            r["partialFingerprints"].empty()) {
            fail(path, "GitHub code scanning needs partialFingerprints");
        } else {
            for (const auto& [k, v] : r["partialFingerprints"].items()) {
                if (!v.is_string()) fail(path + ".partialFingerprints." + k, "expected a string");
            }
        }
    }
    void log(const json& doc) {
        if (!object(doc, "$")) return;
        only(doc, "$", {"$schema", "version", "runs", "inlineExternalProperties", "properties"});
        if (!doc.contains("version") || doc["version"] != "2.1.0") fail("$.version", "must be \"2.1.0\"");
        if (doc.contains("$schema")) string(doc, "$schema", "$", false);
        if (!doc.contains("runs") || !doc["runs"].is_array()) {
            fail("$", "required property \"runs\" is missing or not an array");
            return;
        }
        for (std::size_t i = 0; i < doc["runs"].size(); ++i) {
            const json& run = doc["runs"][i];
            const std::string rp = "$.runs[" + std::to_string(i) + "]";
            if (!object(run, rp)) continue;
            only(run, rp,
                 {"tool", "invocations", "conversion", "language", "versionControlProvenance",
                  "originalUriBaseIds", "artifacts", "logicalLocations", "graphs", "results", "automationDetails",
                  "runAggregates", "baselineGuid", "redactionTokens", "defaultEncoding", "defaultSourceLanguage",
                  "newlineSequences", "columnKind", "externalPropertyFileReferences", "threadFlowLocations", "taxonomies",
                  "addresses", "translations", "policies", "webRequests", "webResponses", "specialLocations",
                  "properties"});
            if (!run.contains("tool") || !object(run["tool"], rp + ".tool")) {
                fail(rp, "required property \"tool\" is missing");
                continue;
            }
            only(run["tool"], rp + ".tool", {"driver", "extensions", "properties"});
            if (!run["tool"].contains("driver") || !object(run["tool"]["driver"], rp + ".tool.driver")) {
                fail(rp + ".tool", "required property \"driver\" is missing");
                continue;
            }
            const json& driver = run["tool"]["driver"];
            only(driver, rp + ".tool.driver",
                 {"guid", "name", "organization", "product", "productSuite", "shortDescription", "fullDescription",
                  "fullName", "version", "semanticVersion", "dottedQuadFileVersion", "releaseDateUtc",
                  "downloadUri", "informationUri", "globalMessageStrings", "notifications", "rules", "taxa",
                  "locations", "language", "contents", "isComprehensive", "localizedDataSemanticVersion",
                  "minimumRequiredLocalizedDataSemanticVersion", "associatedComponent", "translationMetadata",
                  "supportedTaxonomies", "properties"});
            string(driver, "name", rp + ".tool.driver", true);
            const json rules = driver.value("rules", json::array());
            std::set<std::string> ids;
            for (std::size_t k = 0; k < rules.size(); ++k) {
                rule(rules[k], rp + ".tool.driver.rules[" + std::to_string(k) + "]");
                if (rules[k].contains("id") && !ids.insert(rules[k]["id"].dump()).second) {
                    fail(rp + ".tool.driver.rules[" + std::to_string(k) + "]", "duplicate rule id");
                }
            }
            if (run.contains("automationDetails")) {
                const json& a = run["automationDetails"];
                if (object(a, rp + ".automationDetails")) {
                    only(a, rp + ".automationDetails",
                         {"description", "id", "guid", "correlationGuid", "properties"});
                    string(a, "id", rp + ".automationDetails", false);
                }
            }
            std::set<std::string> bases;
            if (run.contains("originalUriBaseIds")) {
                for (const auto& [k, v] : run["originalUriBaseIds"].items()) {
                    bases.insert(k);
                    // An artifactLocation; a base URI must end with a slash (SARIF 3.14.14).
                    if (!v.is_object() || !v.contains("uri") || !v["uri"].is_string() ||
                        v["uri"].get<std::string>().empty() || v["uri"].get<std::string>().back() != '/') {
                        fail(rp + ".originalUriBaseIds." + k, "expected {\"uri\": ...} ending with '/'");
                    }
                }
            }
            if (run.contains("results")) {
                for (std::size_t k = 0; k < run["results"].size(); ++k) {
                    const std::string resp = rp + ".results[" + std::to_string(k) + "]";
                    result(run["results"][k], resp, rules);
                    for (const json& l : run["results"][k].value("locations", json::array())) {
                        const json a = l.value("physicalLocation", json::object()).value("artifactLocation", json());
                        if (a.is_object() && a.contains("uriBaseId") &&
                            (!a["uriBaseId"].is_string() || !bases.count(a["uriBaseId"].get<std::string>()))) {
                            fail(resp, "uriBaseId not declared in originalUriBaseIds");
                        }
                    }
                }
            }
        }
    }
};

std::vector<fs::path> sarif_goldens() {
    std::vector<fs::path> out;
    for (const auto& area : fs::directory_iterator(fs::path(KG_SOURCE_DIR) / "testdata")) {
        fs::path golden = area.path() / "golden";
        if (!fs::is_directory(golden)) continue;
        for (const auto& c : fs::directory_iterator(golden)) {
            std::ifstream cmd(c.path() / "cmd");
            std::stringstream ss;
            ss << cmd.rdbuf();
            if (ss.str().find("sarif") != std::string::npos) {
                out.push_back(c.path() / "expected.stdout");
            }
        }
    }
    std::sort(out.begin(), out.end());
    return out;
}

}  // namespace

TEST_CASE("every SARIF golden satisfies the SARIF 2.1.0 schema and GitHub's requirements", "[lint][sarif]") {
    std::vector<fs::path> files = sarif_goldens();
    REQUIRE(files.size() >= 2);
    for (const fs::path& f : files) {
        INFO(f.string());
        std::ifstream in(f);
        REQUIRE(in);
        json doc = json::parse(in);
        Checker c;
        c.log(doc);
        std::string all;
        for (const std::string& p : c.problems) all += p + "\n";
        INFO(all);
        CHECK(c.problems.empty());
        // A SARIF log without results would pass vacuously; every golden has some.
        CHECK(!doc["runs"][0]["results"].empty());
        CHECK(doc["runs"][0]["tool"]["driver"]["name"] == "kueuegov");
        // One category per verb, so lint and audit check uploads of a commit do not collide.
        std::string id = doc["runs"][0]["automationDetails"]["id"];
        CHECK((id == "kueuegov/lint/" || id == "kueuegov/audit-check/"));
        for (const json& r : doc["runs"][0]["tool"]["driver"]["rules"]) {
            INFO(r.value("id", ""));
            CHECK(r["properties"].contains("precision"));
            const json tags = r["properties"].value("tags", json::array());
            bool security = std::find(tags.begin(), tags.end(), "security") != tags.end();
            CHECK(security == r["properties"].contains("security-severity"));
            CHECK(r["help"]["markdown"].get<std::string>().rfind("# " + r["id"].get<std::string>(), 0) == 0);
        }
    }
}

TEST_CASE("the SARIF checker rejects what the schema forbids", "[lint][sarif]") {
    auto problems = [](const char* text) {
        Checker c;
        c.log(json::parse(text));
        return c.problems.size();
    };
    const char* ok = R"({"version":"2.1.0","runs":[{"tool":{"driver":{"name":"k","rules":[
        {"id":"KQ1","shortDescription":{"text":"s"},"fullDescription":{"text":"f"},"help":{"text":"h","markdown":"m"}}]}},
        "results":[{"ruleId":"KQ1","ruleIndex":0,"level":"error","message":{"text":"m"},
        "locations":[{"physicalLocation":{"artifactLocation":{"uri":"a.yaml"},"region":{"startLine":1}}}],
        "partialFingerprints":{"x":"1"}}]}]})";
    CHECK(problems(ok) == 0);
    CHECK(problems(R"({"version":"2.0.0","runs":[]})") == 1);
    CHECK(problems(R"({"version":"2.1.0"})") == 1);
    CHECK(problems(R"({"version":"2.1.0","runs":[{"tool":{"driver":{}}}]})") == 1);  // driver.name
    auto with = [&](const std::string& from, const std::string& to) {
        std::string s = ok;
        std::size_t at = s.find(from);
        REQUIRE(at != std::string::npos);
        return s.replace(at, from.size(), to);
    };
    CHECK(problems(with(R"("message":{"text":"m"},)", "").c_str()) == 1);
    CHECK(problems(with(R"("level":"error")", R"("level":"fatal")").c_str()) == 1);
    CHECK(problems(with(R"("startLine":1)", R"("startLine":0)").c_str()) == 1);
    CHECK(problems(with(R"("uri":"a.yaml")", R"("uri":"a b.yaml")").c_str()) == 1);
    CHECK(problems(with(R"("ruleIndex":0)", R"("ruleIndex":3)").c_str()) == 1);
    CHECK(problems(with(R"({"id":"KQ1",)", R"({"name":"x",)").c_str()) >= 1);
    CHECK(problems(with(R"("ruleId":"KQ1",)", R"("severity":"x","ruleId":"KQ1",)").c_str()) == 1);
    CHECK(problems(with(R"("help":{"text":"h","markdown":"m"})", R"("help":{"markdown":"h"})").c_str()) == 1);
    CHECK(problems(with(R"("help":{"text":"h","markdown":"m"})", R"("help":{"text":"h"})").c_str()) == 1);
    CHECK(problems(with(R"("partialFingerprints":{"x":"1"})", R"("partialFingerprints":{})").c_str()) == 1);
    CHECK(problems(with(R"("help":{"text":"h","markdown":"m"})", R"("help":{"text":"h","markdown":"m"},"properties":{"tags":["security"],"precision":"high","security-severity":"8.0"})").c_str()) == 0);
    CHECK(problems(with(R"("help":{"text":"h","markdown":"m"})", R"("help":{"text":"h","markdown":"m"},"properties":{"precision":"sure"})").c_str()) == 1);
    CHECK(problems(with(R"("help":{"text":"h","markdown":"m"})", R"("help":{"text":"h","markdown":"m"},"properties":{"tags":["security"],"security-severity":"11"})").c_str()) == 1);
    CHECK(problems(with(R"("help":{"text":"h","markdown":"m"})", R"("help":{"text":"h","markdown":"m"},"properties":{"security-severity":"5.0"})").c_str()) == 1);
    CHECK(problems(with(R"("uri":"a.yaml")", R"("uri":"a.yaml","uriBaseId":"SRCROOT")").c_str()) == 1);
    std::string rooted = with(R"("results":)", R"("originalUriBaseIds":{"SRCROOT":{"uri":"file:///r/"}},"results":)");
    rooted.replace(rooted.find(R"("uri":"a.yaml")"), 14, R"("uri":"a.yaml","uriBaseId":"SRCROOT")");
    CHECK(problems(rooted.c_str()) == 0);
    CHECK(problems(with(R"("results":)", R"("originalUriBaseIds":{"SRCROOT":{"uri":"file:///r"}},"results":)").c_str()) == 1);
    CHECK(problems(with(R"("results":)", R"("automationDetails":{"id":"kueuegov/lint/","x":1},"results":)").c_str()) == 1);
}
