// The engine's own behaviour: suppression annotations, baselines, policy overrides,
// enable/disable, and the annotation syntax.
#include "lint/engine.h"
#include "lint/suppression.h"
#include "model/loader.h"

#include <catch2/catch.hpp>

namespace {

const char* k_manifest = R"(apiVersion: kueue.x-k8s.io/v1beta2
kind: ClusterQueue
metadata:
  name: held
  annotations:
    kueuegov.io/ignore: "KQ4002: paused for the migration"
spec:
  stopPolicy: Hold
---
apiVersion: kueue.x-k8s.io/v1beta2
kind: ClusterQueue
metadata:
  name: also-held
spec:
  stopPolicy: Hold
)";

// `held` again, without the annotation.
const char* k_plain_held = R"(apiVersion: kueue.x-k8s.io/v1beta2
kind: ClusterQueue
metadata:
  name: held
spec:
  stopPolicy: Hold
)";

// k_manifest's first object: `held` with its ignore annotation.
std::string annotated_held() {
    const std::string all = k_manifest;
    return all.substr(0, all.find("---\n"));
}

kg::lint::LintResult lint(const std::string& text, const kg::lint::LintOptions& opt,
                          const kg::model::GovernancePolicy& policy = {}) {
    static kg::model::Cluster cluster;
    cluster = kg::model::Cluster{};
    kg::model::DiagSink diags;
    kg::model::load_text("m.yaml", text, cluster, diags);
    kg::model::KueueConfig kueue;
    kg::lint::RuleContext cx{cluster, policy, kueue, diags.items()};
    return kg::lint::run_lint(cx, opt);
}

}  // namespace

TEST_CASE("an ignore annotation with a reason suppresses that rule on that object only", "[lint][engine]") {
    kg::lint::LintOptions opt;
    opt.enable = {"KQ4002"};
    auto res = lint(k_manifest, opt);
    REQUIRE(res.findings.size() == 1);
    CHECK(res.findings[0].object.name == "also-held");
    CHECK(res.suppressed == 1);
}

TEST_CASE("a baseline hides accepted findings by rule, object and path", "[lint][engine]") {
    kg::lint::LintOptions opt;
    opt.enable = {"KQ4002"};
    auto first = lint(k_manifest, opt);
    std::string text = kg::lint::write_baseline(first.findings);
    auto parsed = kg::lint::read_baseline(text, "b.txt");
    REQUIRE(parsed.has_value());
    opt.baseline = *parsed;
    auto second = lint(k_manifest, opt);
    CHECK(second.findings.empty());
    CHECK(second.baselined == 1);
    auto bad = kg::lint::read_baseline("not a baseline\n", "b.txt");
    REQUIRE(!bad.has_value());
    CHECK(bad.error().message.find("b.txt:1:1: expected a baseline entry") == 0);
}

TEST_CASE("the policy overrides severity and switches rules off; --disable wins", "[lint][engine]") {
    kg::model::GovernancePolicy policy;
    policy.rules["KQ4002"].severity = kg::model::Severity::error;
    kg::lint::LintOptions opt;
    opt.enable = {"KQ4002"};
    auto res = lint(k_manifest, opt, policy);
    REQUIRE(res.findings.size() == 1);
    CHECK(res.findings[0].severity == kg::model::Severity::error);
    policy.rules["KQ4002"].enabled = false;
    CHECK(lint(k_manifest, {}, policy).findings.empty());
    opt.disable = {"KQ4002"};
    CHECK(lint(k_manifest, opt).findings.empty());
}

TEST_CASE("ignore clauses need known ids and a reason", "[lint][engine]") {
    auto ok = kg::lint::parse_ignore("KQ4005: deliberate; KQ4002,KQ4004: migration");
    REQUIRE(ok.size() == 2);
    CHECK(ok[0].error.empty());
    CHECK(ok[1].ids == std::vector<std::string>{"KQ4002", "KQ4004"});
    CHECK(kg::lint::parse_ignore("KQ4005")[0].error.find("expected a reason") == 0);
    CHECK(kg::lint::parse_ignore("KQ9999: why")[0].error == "unknown rule \"KQ9999\"");
}

TEST_CASE("cross-object rules see only the last definition of an object; validation sees every one",
          "[lint][engine]") {
    const char* text = R"(apiVersion: kueue.x-k8s.io/v1beta2
kind: ClusterQueue
metadata:
  name: team
spec:
  namespaceSelector: {}
  resourceGroups:
  - coveredResources: ["cpu"]
    flavors:
    - name: gone
      resources:
      - {name: cpu, nominalQuota: "-1"}
---
apiVersion: kueue.x-k8s.io/v1beta2
kind: ClusterQueue
metadata:
  name: team
spec:
  namespaceSelector: {}
  resourceGroups:
  - coveredResources: ["cpu"]
    flavors:
    - name: also-gone
      resources:
      - {name: cpu, nominalQuota: "4"}
)";
    kg::lint::LintOptions opt;
    opt.enable = {"KQ1005", "KQ2001", "KQ2009"};
    auto res = lint(text, opt);
    REQUIRE(res.findings.size() == 3);
    CHECK(res.findings[0].rule == "KQ2009");  // line 4, the replaced definition
    CHECK(res.findings[0].pos.line == 4);
    CHECK(res.findings[1].rule == "KQ1005");  // the first definition is still validated
    CHECK(res.findings[1].pos.line == 12);
    CHECK(res.findings[2].rule == "KQ2001");  // only the surviving definition's flavor
    CHECK(res.findings[2].message.find("also-gone") != std::string::npos);
    CHECK(kg::lint::find_rule("KQ1005")->info->scope == kg::model::RuleScope::definition);
    CHECK(kg::lint::find_rule("KQ2001")->info->scope == kg::model::RuleScope::applied);
}

// The engine keys objects by (kind, namespace, name) for ignore annotations only when some
// object carries one; when it does, the last definition of an object decides.
TEST_CASE("without any ignore annotation nothing is suppressed", "[lint][engine]") {
    kg::lint::LintOptions opt;
    opt.enable = {"KQ4002"};
    auto res = lint(k_plain_held, opt);
    CHECK(res.findings.size() == 1);
    CHECK(res.suppressed == 0);
}

// KQ4002 judges each definition (its scope is the definitions), so both report.
TEST_CASE("a redefinition without the ignore annotation is not suppressed by the earlier one", "[lint][engine]") {
    kg::lint::LintOptions opt;
    opt.enable = {"KQ4002"};
    auto res = lint(annotated_held() + "---\n" + k_plain_held, opt);
    CHECK(res.findings.size() == 2);
    CHECK(res.suppressed == 0);
}

TEST_CASE("a redefinition with the ignore annotation suppresses the object's findings", "[lint][engine]") {
    kg::lint::LintOptions opt;
    opt.enable = {"KQ4002"};
    auto res = lint(std::string(k_plain_held) + "---\n" + annotated_held(), opt);
    CHECK(res.findings.empty());
    CHECK(res.suppressed == 2);
}
