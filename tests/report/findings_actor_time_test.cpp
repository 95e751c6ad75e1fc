// History findings (audit check) carry an actor and a time; lint findings carry neither.
// The renderers print both only when set, so lint output stays byte-identical.
#include "report/findings_render.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <sstream>

namespace {

kg::model::Finding history_finding(kg::model::SourceFiles& files) {
    kg::model::Finding f;
    f.rule = "KQ5001";
    f.name = "policy-object-changed-by-non-owner";
    f.severity = kg::model::Severity::warning;
    f.message = "ClusterQueue \"team-a\" patched by bob@example.com";
    f.pos = {files.add("audit.log"), 12, 0};
    f.object = {"ClusterQueue", "", "team-a"};
    f.actor = "bob@example.com";
    f.time = "2026-10-05T09:12:44.131907Z";
    return f;
}

}  // namespace

TEST_CASE("text output appends actor and time when set", "[report][findings]") {
    kg::model::SourceFiles files;
    kg::model::Finding f = history_finding(files);
    std::ostringstream os;
    kg::report::render_findings_text(os, files, {f}, {});
    CHECK(os.str().rfind("audit.log:12: warning: [KQ5001] ClusterQueue \"team-a\" patched by bob@example.com "
                         "(by bob@example.com at 2026-10-05T09:12:44.131907Z)\n",
                         0) == 0);
    f.actor.clear();
    std::ostringstream only_time;
    kg::report::render_findings_text(only_time, files, {f}, {});
    CHECK(only_time.str().find("bob@example.com (at 2026-10-05T09:12:44.131907Z)\n") != std::string::npos);
}

TEST_CASE("json output has actor and time keys only when set", "[report][findings]") {
    kg::model::SourceFiles files;
    kg::model::Finding f = history_finding(files);
    std::ostringstream os;
    kg::report::render_findings_json(os, files, {f}, {});
    auto j = nlohmann::json::parse(os.str());
    CHECK(j["findings"][0]["actor"] == "bob@example.com");
    CHECK(j["findings"][0]["time"] == "2026-10-05T09:12:44.131907Z");
    f.actor.clear();
    f.time.clear();
    std::ostringstream lint;
    kg::report::render_findings_json(lint, files, {f}, {});
    auto l = nlohmann::json::parse(lint.str());
    CHECK_FALSE(l["findings"][0].contains("actor"));
    CHECK_FALSE(l["findings"][0].contains("time"));
}

TEST_CASE("sarif output puts actor and time in the result's properties", "[report][findings]") {
    kg::model::SourceFiles files;
    kg::model::Finding f = history_finding(files);
    std::ostringstream os;
    kg::report::render_findings_sarif(os, files, {f}, {}, {"test"});
    auto j = nlohmann::json::parse(os.str());
    const auto& res = j["runs"][0]["results"][0];
    CHECK(res["properties"]["actor"] == "bob@example.com");
    CHECK(res["properties"]["time"] == "2026-10-05T09:12:44.131907Z");
    f.actor.clear();
    f.time.clear();
    std::ostringstream lint;
    kg::report::render_findings_sarif(lint, files, {f}, {}, {"test"});
    CHECK_FALSE(nlohmann::json::parse(lint.str())["runs"][0]["results"][0].contains("properties"));
}
