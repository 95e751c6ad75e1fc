// History findings (audit check) carry the cluster they concern (issue 15). Every machine
// format carries it as a field whenever it is set; the text people read (text line, SARIF
// message, Code Quality description) names it only when asked (the store holds several
// clusters); lint findings, which have none, render exactly as before.
#include "report/findings_render.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <sstream>

namespace {

kg::model::Finding cluster_finding(kg::model::SourceFiles& files, const std::string& cluster) {
    kg::model::Finding f;
    f.rule = "KQ5004";
    f.name = "workload-deactivated-by-non-owner";
    f.severity = kg::model::Severity::warning;
    f.message = "Workload \"ml/w\" deactivated by bob@example.com";
    f.pos = {files.add("audit.log"), 7, 0};
    f.path = "spec.active";
    f.object = {"Workload", "ml", "w"};
    f.cluster = cluster;
    return f;
}

}  // namespace

TEST_CASE("text names the cluster only when the summary asks", "[report][findings][cluster]") {
    kg::model::SourceFiles files;
    const kg::model::Finding f = cluster_finding(files, "eu");
    std::ostringstream plain, shown;
    kg::report::render_findings_text(plain, files, {f}, {});
    kg::report::FindingsSummary sum;
    sum.show_cluster = true;
    kg::report::render_findings_text(shown, files, {f}, sum);
    CHECK(plain.str().rfind("audit.log:7: warning: [KQ5004] Workload \"ml/w\" deactivated", 0) == 0);
    CHECK(shown.str().rfind("audit.log:7: warning: [KQ5004] cluster eu: Workload \"ml/w\" deactivated", 0) == 0);
}

TEST_CASE("a hostile cluster name is escaped in text like every other value", "[report][findings][cluster]") {
    kg::model::SourceFiles files;
    const kg::model::Finding f = cluster_finding(files, "eu\x1b[31m");
    kg::report::FindingsSummary sum;
    sum.show_cluster = true;
    std::ostringstream os;
    kg::report::render_findings_text(os, files, {f}, sum);
    CHECK(os.str().find('\x1b') == std::string::npos);
}

TEST_CASE("json carries a cluster key only for findings with a cluster", "[report][findings][cluster]") {
    kg::model::SourceFiles files;
    kg::model::Finding f = cluster_finding(files, "us-east/1");
    std::ostringstream os;
    kg::report::render_findings_json(os, files, {f}, {});
    const auto j = nlohmann::json::parse(os.str());
    CHECK(j["findings"][0]["cluster"] == "us-east/1");
    CHECK(j["findings"][0]["message"] == f.message);  // the field, not a prefix, names it
    f.cluster.clear();
    std::ostringstream lint;
    kg::report::render_findings_json(lint, files, {f}, {});
    CHECK_FALSE(nlohmann::json::parse(lint.str())["findings"][0].contains("cluster"));
}

TEST_CASE("sarif keeps the cluster in properties and, when asked, in the message", "[report][findings][cluster]") {
    kg::model::SourceFiles files;
    const kg::model::Finding eu = cluster_finding(files, "eu");
    const kg::model::Finding us = cluster_finding(files, "us");
    std::ostringstream os, shown;
    kg::report::render_findings_sarif(os, files, {eu, us}, {}, {"test"});
    kg::report::SarifRun run{"test"};
    run.cluster_in_message = true;
    kg::report::render_findings_sarif(shown, files, {eu}, {}, run);
    const auto j = nlohmann::json::parse(os.str());
    const auto& r0 = j["runs"][0]["results"][0];
    const auto& r1 = j["runs"][0]["results"][1];
    CHECK(r0["properties"]["cluster"] == "eu");
    CHECK(r0["message"]["text"] == eu.message);
    // The same rule on the same object in two clusters is two alerts, not one.
    CHECK(r0["partialFingerprints"] != r1["partialFingerprints"]);
    const auto s = nlohmann::json::parse(shown.str());
    CHECK(s["runs"][0]["results"][0]["message"]["text"] == "cluster eu: " + eu.message);
}

TEST_CASE("code quality issues carry the cluster and tell two clusters apart", "[report][findings][cluster]") {
    kg::model::SourceFiles files;
    const kg::model::Finding eu = cluster_finding(files, "eu");
    const kg::model::Finding us = cluster_finding(files, "us");
    std::ostringstream os, shown;
    kg::report::render_findings_codeclimate(os, files, {eu, us}, {}, "/");
    kg::report::render_findings_codeclimate(shown, files, {eu}, {}, "/", true);
    const auto j = nlohmann::json::parse(os.str());
    CHECK(j[0]["cluster"] == "eu");
    CHECK(j[1]["cluster"] == "us");
    CHECK(j[0]["fingerprint"] != j[1]["fingerprint"]);
    CHECK(j[0]["description"].get<std::string>().find("cluster eu") == std::string::npos);
    CHECK(nlohmann::json::parse(shown.str())[0]["description"].get<std::string>().find("] cluster eu: Workload") !=
          std::string::npos);
}

TEST_CASE("the fingerprint of a finding without a cluster is what it always was", "[model][finding][cluster]") {
    kg::model::SourceFiles files;
    kg::model::Finding f = cluster_finding(files, "");
    CHECK(kg::model::finding_fingerprint(f) == "KQ5004\tWorkload\tml\tw\tspec.active");
    // A store that never named its cluster keeps the alerts its code scanning already tracks.
    f.cluster = "default";
    CHECK(kg::model::finding_fingerprint(f) == "KQ5004\tWorkload\tml\tw\tspec.active");
    f.cluster = "eu";
    CHECK(kg::model::finding_fingerprint(f) == "KQ5004\tWorkload\tml\tw\tspec.active\teu");
}

TEST_CASE("audit check's JUnit: a suite per cluster, a case per rule, failures at --fail-on", "[report][findings][cluster]") {
    kg::model::SourceFiles files;
    const kg::model::RuleInfo rule{"KQ5004", "workload-deactivated-by-non-owner", kg::model::RuleFamily::history,
                                   kg::model::RuleScope::applied, kg::model::Severity::warning, "s", "r."};
    kg::model::Finding eu = cluster_finding(files, "eu<&>");
    kg::model::Finding us = cluster_finding(files, "us");
    us.severity = kg::model::Severity::info;
    std::ostringstream os;
    kg::report::render_history_junit(os, files, {eu, us},
                                      {{"eu<&>", "quiet", "us"}, {{&rule, ""}}, kg::model::Severity::warning, 0.5});
    const std::string x = os.str();
    CHECK(x.find("<testsuites name=\"kueuegov audit check\" time=\"0.500\" tests=\"3\" failures=\"1\"") !=
          std::string::npos);
    // The hostile cluster name is escaped; a cluster without findings still has its passing case.
    CHECK(x.find("<testsuite name=\"eu&lt;&amp;&gt;\" id=\"1\" tests=\"1\" failures=\"1\"") != std::string::npos);
    CHECK(x.find("<testsuite name=\"quiet\" id=\"2\" tests=\"1\" failures=\"0\"") != std::string::npos);
    CHECK(x.find("<testcase name=\"KQ5004 workload-deactivated-by-non-owner\" classname=\"cluster quiet\">"
                 "</testcase>") != std::string::npos);
    // Below --fail-on: listed in system-out, not a failure.
    const auto us_suite = x.find("<testsuite name=\"us\" id=\"3\" tests=\"1\" failures=\"0\"");
    REQUIRE(us_suite != std::string::npos);
    CHECK(x.find("<system-out>audit.log:7: info: [KQ5004", us_suite) != std::string::npos);
    CHECK(x.find("<failure", us_suite) == std::string::npos);
}
