// SARIF from RuleInfo: the rule's family, scope and security flag come from its registry
// entry, never from its id (a history rule KQ5xxx once showed as "quota").
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
    kg::report::render_findings_sarif(os, files, {}, rules, "test");
    return nlohmann::json::parse(os.str());
}

}  // namespace

TEST_CASE("SARIF rule tags name the family from RuleInfo, not from the id", "[report][sarif]") {
    auto j = sarif({{&k_history, ""}, {&k_quota, ""}, {&k_mislabelled, ""}});
    const auto& rules = j["runs"][0]["tool"]["driver"]["rules"];
    REQUIRE(rules.size() == 3);
    CHECK(rules[0]["properties"]["tags"] == nlohmann::json({"kueue", "history"}));
    CHECK(rules[1]["properties"]["tags"] == nlohmann::json({"kueue", "quota"}));
    CHECK(rules[2]["properties"]["tags"] == nlohmann::json({"kueue", "governance"}));
}
