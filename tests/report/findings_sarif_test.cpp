// SARIF from RuleInfo: the rule's family, precision and security flag come from its registry
// entry, never from its id (a history rule KQ5xxx once showed as "quota"); help from the rule
// docs; automationDetails; artifact URIs relative to the working directory or --sarif-root.
#include "report/findings_render.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <sstream>

namespace {

using kg::model::RuleFamily;
using kg::model::RuleInfo;
using kg::model::RuleScope;
using kg::model::Severity;

const RuleInfo k_history{"KQ5001", "policy-object-changed-by-non-owner", RuleFamily::history, RuleScope::history,
                         Severity::warning, "A queue-policy object was changed by a non-owner",
                         "Change it through the owners' pipeline.", false, true};
const RuleInfo k_quota{"KQ4005", "strict-fifo-blocked", RuleFamily::quota, RuleScope::applied, Severity::warning,
                       "A StrictFIFO head blocks the queue", "Use BestEffortFIFO."};
// An id in one family's range with another family's metadata: the renderer must follow the data.
const RuleInfo k_mislabelled{"KQ1999", "test-only", RuleFamily::governance, RuleScope::applied, Severity::error,
                             "Test rule", "Fix it."};

nlohmann::json sarif(const std::vector<kg::report::RuleEntry>& rules) {
    kg::model::SourceFiles files;
    std::ostringstream os;
    kg::report::render_findings_sarif(os, files, {}, rules, {"test"});
    return nlohmann::json::parse(os.str());
}

/// The artifactLocation of one finding in `file` (as the loader names it).
nlohmann::json location_of(const std::string& file, const kg::report::SarifRun& run) {
    kg::model::SourceFiles files;
    kg::model::Finding f;
    f.rule = "KQ4005";
    f.message = "m";
    f.pos = {files.add(file), 3, 5};
    std::ostringstream os;
    kg::report::render_findings_sarif(os, files, {f}, {}, run);
    auto j = nlohmann::json::parse(os.str());
    return j["runs"][0]["results"][0]["locations"][0]["physicalLocation"]["artifactLocation"];
}

}  // namespace

TEST_CASE("SARIF rule tags name the family from RuleInfo, not from the id", "[report][sarif]") {
    auto j = sarif({{&k_history, ""}, {&k_quota, ""}, {&k_mislabelled, ""}});
    const auto& rules = j["runs"][0]["tool"]["driver"]["rules"];
    REQUIRE(rules.size() == 3);
    CHECK(rules[0]["properties"]["tags"] == nlohmann::json({"kueue", "history", "security"}));
    CHECK(rules[1]["properties"]["tags"] == nlohmann::json({"kueue", "quota"}));
    CHECK(rules[2]["properties"]["tags"] == nlohmann::json({"kueue", "governance"}));
}

TEST_CASE("SARIF rules carry help from the docs, precision and security-severity from RuleInfo", "[report][sarif]") {
    const char* doc = "# KQ5001 policy-object-changed-by-non-owner\n\nWhy it `matters`.\n\n## Bad\n\n```yaml\nkind: x\n```\n";
    auto j = sarif({{&k_history, doc}, {&k_quota, ""}});
    const auto& rules = j["runs"][0]["tool"]["driver"]["rules"];
    CHECK(rules[0]["help"]["markdown"] == doc);
    CHECK(rules[0]["help"]["text"] == "KQ5001 policy-object-changed-by-non-owner\n\nWhy it matters.\n\nBad\n\n    kind: x\n");
    CHECK(rules[0]["properties"]["precision"] == "high");
    CHECK(rules[0]["properties"]["security-severity"] == "5.0");  // a warning
    // No docs: the remediation, in both forms. Not a security rule: no security-severity.
    CHECK(rules[1]["help"]["text"] == "Use BestEffortFIFO.");
    CHECK(rules[1]["help"]["markdown"] == "Use BestEffortFIFO.");
    CHECK(rules[1]["properties"]["precision"] == "medium");
    CHECK_FALSE(rules[1]["properties"].contains("security-severity"));
}

TEST_CASE("SARIF automationDetails.id keeps lint and audit check uploads apart", "[report][sarif]") {
    kg::model::SourceFiles files;
    std::ostringstream lint, check, none;
    kg::report::render_findings_sarif(lint, files, {}, {}, {"v", "kueuegov/lint/"});
    kg::report::render_findings_sarif(check, files, {}, {}, {"v", "kueuegov/audit-check/"});
    kg::report::render_findings_sarif(none, files, {}, {}, {"v"});
    CHECK(nlohmann::json::parse(lint.str())["runs"][0]["automationDetails"]["id"] == "kueuegov/lint/");
    CHECK(nlohmann::json::parse(check.str())["runs"][0]["automationDetails"]["id"] == "kueuegov/audit-check/");
    CHECK_FALSE(nlohmann::json::parse(none.str())["runs"][0].contains("automationDetails"));
}

TEST_CASE("SARIF artifact URIs are relative to the working directory, or to --sarif-root with uriBaseId",
          "[report][sarif]") {
    const kg::report::SarifRun cwd{"v", "", "/repo/sub", ""};
    CHECK(location_of("queues/a.yaml", cwd) == nlohmann::json({{"uri", "queues/a.yaml"}}));
    CHECK(location_of("./queues/../queues/a.yaml", cwd) == nlohmann::json({{"uri", "queues/a.yaml"}}));
    CHECK(location_of("/repo/sub/queues/a b.yaml", cwd) == nlohmann::json({{"uri", "queues/a%20b.yaml"}}));
    CHECK(location_of("../other/a.yaml", cwd) == nlohmann::json({{"uri", "../other/a.yaml"}}));
    CHECK(location_of("/etc/a.yaml", cwd) == nlohmann::json({{"uri", "file:///etc/a.yaml"}}));
    CHECK(location_of("<stdin>", cwd) == nlohmann::json({{"uri", "%3Cstdin%3E"}}));

    const kg::report::SarifRun rooted{"v", "", "/repo/sub", "/repo"};
    CHECK(location_of("queues/a.yaml", rooted) ==
          nlohmann::json({{"uri", "sub/queues/a.yaml"}, {"uriBaseId", "SRCROOT"}}));
    CHECK(location_of("/repo/x.yaml", rooted) == nlohmann::json({{"uri", "x.yaml"}, {"uriBaseId", "SRCROOT"}}));
    CHECK(location_of("/elsewhere/x.yaml", rooted) == nlohmann::json({{"uri", "file:///elsewhere/x.yaml"}}));
    CHECK(location_of("../../up.yaml", rooted) == nlohmann::json({{"uri", "../../up.yaml"}}));

    kg::model::SourceFiles files;
    std::ostringstream os;
    kg::report::render_findings_sarif(os, files, {}, {}, rooted);
    CHECK(nlohmann::json::parse(os.str())["runs"][0]["originalUriBaseIds"] ==
          nlohmann::json({{"SRCROOT", {{"uri", "file:///repo/"}}}}));
}
