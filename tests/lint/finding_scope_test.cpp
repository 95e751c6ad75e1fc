// lint -n/-l (lint/finding_scope.h): every rule still sees the whole input, only the findings
// are narrowed; cluster-scoped objects are in no namespace; findings about no object stay.
#include "lint/engine.h"
#include "lint/finding_scope.h"
#include "model/loader.h"
#include "model/selector_text.h"
#include "loaded_cluster.h"

#include <catch2/catch.hpp>

namespace {

const char* k_two_teams = R"(apiVersion: kueue.x-k8s.io/v1beta2
kind: ClusterQueue
metadata:
  name: shared
  labels: {tier: gpu}
spec:
  stopPolicy: Hold
---
apiVersion: kueue.x-k8s.io/v1beta2
kind: LocalQueue
metadata:
  name: a
  namespace: team-a
  labels: {tier: gpu}
spec:
  clusterQueue: shared
  stopPolicy: Hold
---
apiVersion: kueue.x-k8s.io/v1beta2
kind: LocalQueue
metadata:
  name: b
  namespace: team-b
spec:
  clusterQueue: shared
  stopPolicy: Hold
---
apiVersion: kueue.x-k8s.io/v1beta2
kind: LocalQueue
metadata:
  name: lost
  namespace: team-a
spec:
  clusterQueue: nowhere
)";

struct Linted {
    kg::model::Cluster cluster;
    kg::lint::LintResult res;
};

/// Names (namespace/name or name) of the objects the findings are about, in order.
std::vector<std::string> objects(const kg::lint::LintResult& r) {
    std::vector<std::string> out;
    for (const auto& f : r.findings) out.push_back((f.object.namespace_.empty() ? "" : f.object.namespace_ + "/") + f.object.name);
    return out;
}

kg::lint::LintResult lint_scoped(const std::string& ns, const std::string& selector) {
    kg::model::DiagSink diags;
    kg::model::Cluster& cluster = kg::lint::test::loaded_cluster(k_two_teams, diags);
    kg::model::GovernancePolicy policy;
    kg::model::KueueConfig kueue;
    kg::lint::RuleContext cx{cluster, policy, kueue, diags.items()};
    kg::lint::LintOptions opt;
    opt.enable = {"KQ4002", "KQ2002"};  // stopPolicy Hold; LocalQueue names a missing ClusterQueue
    opt.scope.namespace_ = ns;
    if (!selector.empty()) {
        auto s = kg::model::parse_selector_text(selector);
        REQUIRE(s.has_value());
        opt.scope.selector = *s;
    }
    return kg::lint::run_lint(cx, opt);
}

}  // namespace

TEST_CASE("lint without a scope reports every object", "[lint][scope]") {
    auto r = lint_scoped("", "");
    CHECK(objects(r) == std::vector<std::string>{"shared", "team-a/a", "team-b/b", "team-a/lost"});
    CHECK(r.out_of_scope == 0);
}

TEST_CASE("-n keeps the namespace's objects and leaves the cluster-scoped ones out", "[lint][scope]") {
    auto r = lint_scoped("team-a", "");
    CHECK(objects(r) == std::vector<std::string>{"team-a/a", "team-a/lost"});
    CHECK(r.out_of_scope == 2);
    // The LocalQueue of team-a that reaches the shared ClusterQueue is not told it is missing:
    // the cluster-scoped object was loaded and judged against, only not reported.
    for (const auto& f : r.findings) CHECK(!(f.rule == "KQ2002" && f.object.name == "a"));
}

TEST_CASE("-l keeps objects whose labels match, of any scope", "[lint][scope]") {
    auto r = lint_scoped("", "tier=gpu");
    CHECK(objects(r) == std::vector<std::string>{"shared", "team-a/a"});
    CHECK(r.out_of_scope == 2);
    r = lint_scoped("team-a", "!tier");
    CHECK(objects(r) == std::vector<std::string>{"team-a/lost"});
    CHECK(r.out_of_scope == 3);
}

TEST_CASE("a finding about no object is in every scope", "[lint][scope]") {
    kg::model::Cluster cluster;
    kg::lint::FindingScope scope;
    scope.namespace_ = "team-a";
    scope.selector = *kg::model::parse_selector_text("tier=gpu");
    kg::lint::FindingScoper scoper(cluster, scope);
    kg::model::Finding unreadable;
    unreadable.rule = "KQ1000";
    CHECK(scoper.in_scope(unreadable));
    kg::model::Finding ns;
    ns.object = {"Namespace", "", "team-a"};
    CHECK_FALSE(scoper.in_scope(ns));  // the Namespace itself is in -n team-a, but has no tier label
    scope.selector.reset();
    CHECK(kg::lint::FindingScoper(cluster, scope).in_scope(ns));
}
