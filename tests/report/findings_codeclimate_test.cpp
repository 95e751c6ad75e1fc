// GitLab Code Quality: the fields GitLab requires with their types, the five-level severity
// from the finding's severity and RuleInfo's security flag, fingerprints that survive line
// moves and differ between issues, paths relative to the working directory.
#include "report/findings_render.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <set>
#include <sstream>

namespace {

using kg::model::RuleFamily;
using kg::model::RuleInfo;
using kg::model::RuleScope;
using kg::model::Severity;

const RuleInfo k_plain{"KQ4005", "strict-fifo-blocked", RuleFamily::quota, RuleScope::applied, Severity::warning,
                       "s", "r."};
const RuleInfo k_security{"KQ3002", "job-bypasses-queue", RuleFamily::governance, RuleScope::applied,
                          Severity::warning, "s", "r.", false, true};

kg::model::Finding finding(kg::model::SourceFiles& files, const char* rule, Severity sev, std::uint32_t line,
                           const char* file = "queues/a.yaml") {
    kg::model::Finding f;
    f.rule = rule;
    f.name = "n";
    f.severity = sev;
    f.message = "m";
    f.pos = {files.add(file), line, 3};
    f.path = "spec.x";
    f.object = {"ClusterQueue", "", "team-a"};
    return f;
}

nlohmann::json render(const kg::model::SourceFiles& files, const std::vector<kg::model::Finding>& fs) {
    std::ostringstream os;
    kg::report::render_findings_codeclimate(os, files, fs, {{&k_plain, ""}, {&k_security, ""}}, "/repo");
    return nlohmann::json::parse(os.str());
}

}  // namespace

TEST_CASE("Code Quality issues carry every field GitLab requires", "[report][codeclimate]") {
    kg::model::SourceFiles files;
    auto j = render(files, {finding(files, "KQ4005", Severity::warning, 12), finding(files, "KQ9999", Severity::info, 0)});
    REQUIRE(j.is_array());
    REQUIRE(j.size() == 2);
    for (const auto& i : j) {
        CHECK(i["description"].is_string());
        CHECK(i["check_name"].is_string());
        CHECK(i["fingerprint"].is_string());
        CHECK(i["fingerprint"].get<std::string>().size() == 64);
        CHECK(i["severity"].is_string());
        CHECK(i["location"]["path"] == "queues/a.yaml");
        CHECK(i["location"]["lines"]["begin"].is_number_integer());
        CHECK(i["location"]["lines"]["begin"].get<int>() >= 1);  // a line-less finding points at line 1
    }
    CHECK(j[0]["check_name"] == "KQ4005");
    CHECK(j[0]["description"] == "[KQ4005 n] m");
    CHECK(j[0]["location"]["lines"]["begin"] == 12);
}

TEST_CASE("Code Quality severity: info, minor, major, critical, blocker", "[report][codeclimate]") {
    kg::model::SourceFiles files;
    auto j = render(files, {finding(files, "KQ4005", Severity::info, 1), finding(files, "KQ4005", Severity::warning, 2),
                            finding(files, "KQ3002", Severity::warning, 3), finding(files, "KQ4005", Severity::error, 4),
                            finding(files, "KQ3002", Severity::error, 5), finding(files, "KQ3002", Severity::info, 6)});
    CHECK(j[0]["severity"] == "info");
    CHECK(j[1]["severity"] == "minor");
    CHECK(j[2]["severity"] == "major");
    CHECK(j[3]["severity"] == "critical");
    CHECK(j[4]["severity"] == "blocker");
    CHECK(j[5]["severity"] == "info");
    CHECK(j[2]["categories"] == nlohmann::json({"Security"}));
    CHECK(j[1]["categories"] == nlohmann::json({"Bug Risk"}));
}

TEST_CASE("Code Quality fingerprints survive line moves and differ between issues", "[report][codeclimate]") {
    kg::model::SourceFiles files;
    auto before = render(files, {finding(files, "KQ4005", Severity::warning, 10)});
    auto moved = render(files, {finding(files, "KQ4005", Severity::warning, 40)});
    CHECK(before[0]["fingerprint"] == moved[0]["fingerprint"]);
    // Same rule, object and field twice (history findings at two times), and another rule.
    auto three = render(files, {finding(files, "KQ4005", Severity::warning, 10), finding(files, "KQ4005", Severity::warning, 20),
                                finding(files, "KQ3002", Severity::warning, 10)});
    std::set<std::string> fps;
    for (const auto& i : three) {
        fps.insert(i["fingerprint"].get<std::string>());
    }
    CHECK(fps.size() == 3);
    CHECK(three[0]["fingerprint"] == before[0]["fingerprint"]);
}

TEST_CASE("Code Quality paths are relative to the working directory", "[report][codeclimate]") {
    kg::model::SourceFiles files;
    auto j = render(files, {finding(files, "KQ4005", Severity::warning, 1, "/repo/deploy/q.yaml"),
                            finding(files, "KQ4005", Severity::warning, 1, "./deploy/../q.yaml")});
    CHECK(j[0]["location"]["path"] == "deploy/q.yaml");
    CHECK(j[1]["location"]["path"] == "q.yaml");
}
