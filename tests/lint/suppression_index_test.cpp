// The engine keys objects by (kind, namespace, name) for ignore annotations only when some
// object carries one; when it does, the last definition of an object decides, as before.
#include "lint/engine.h"
#include "model/loader.h"

#include <catch2/catch.hpp>

#include <string>

namespace {

const char* k_annotated = R"(apiVersion: kueue.x-k8s.io/v1beta2
kind: ClusterQueue
metadata:
  name: held
  annotations:
    kueuegov.io/ignore: "KQ4002: paused for the migration"
spec:
  stopPolicy: Hold
)";

const char* k_plain = R"(apiVersion: kueue.x-k8s.io/v1beta2
kind: ClusterQueue
metadata:
  name: held
spec:
  stopPolicy: Hold
)";

kg::lint::LintResult lint(const std::string& text) {
    static kg::model::Cluster cluster;
    cluster = kg::model::Cluster{};
    kg::model::DiagSink diags;
    kg::model::load_text("m.yaml", text, cluster, diags);
    kg::model::GovernancePolicy policy;
    kg::model::KueueConfig kueue;
    kg::lint::RuleContext cx{cluster, policy, kueue, diags.items()};
    kg::lint::LintOptions opt;
    opt.enable = {"KQ4002"};
    return kg::lint::run_lint(cx, opt);
}

}  // namespace

TEST_CASE("without any ignore annotation nothing is suppressed", "[lint][engine]") {
    auto res = lint(k_plain);
    CHECK(res.findings.size() == 1);
    CHECK(res.suppressed == 0);
}

// KQ4002 judges each definition (its scope is the definitions), so both report.
TEST_CASE("a redefinition without the ignore annotation is not suppressed by the earlier one", "[lint][engine]") {
    auto res = lint(std::string(k_annotated) + "---\n" + k_plain);
    CHECK(res.findings.size() == 2);
    CHECK(res.suppressed == 0);
}

TEST_CASE("a redefinition with the ignore annotation suppresses the object's findings", "[lint][engine]") {
    auto res = lint(std::string(k_plain) + "---\n" + k_annotated);
    CHECK(res.findings.empty());
    CHECK(res.suppressed == 2);
}
