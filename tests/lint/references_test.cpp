// Reference rules know what the inputs can prove (issue 11 item 2): a reference to a kind
// the inputs hold no object of is info unless --complete; an object without
// metadata.namespace is never an error from a guessed namespace; KQ4003 reads every
// priority the inputs show.
#include "lint/engine.h"
#include "model/loader.h"
#include "loaded_cluster.h"

#include <catch2/catch.hpp>

namespace {

std::vector<kg::model::Finding> lint(const std::string& text, const std::string& rule, bool complete = false,
                                     const kg::model::GovernancePolicy& policy = {}) {
    kg::model::DiagSink diags;
    kg::model::Cluster& cluster = kg::lint::test::loaded_cluster(text, diags);
    kg::model::KueueConfig kueue;
    kg::lint::RuleContext cx{cluster, policy, kueue, diags.items(), complete};
    kg::lint::LintOptions opt;
    opt.enable = {rule};
    return kg::lint::run_lint(cx, opt).findings;
}

const std::string k_cq = R"(apiVersion: kueue.x-k8s.io/v1beta2
kind: ClusterQueue
metadata:
  name: cq
spec:
  namespaceSelector: {}
  preemption:
    withinClusterQueue: LowerPriority
  resourceGroups:
  - coveredResources: ["nvidia.com/gpu"]
    flavors:
    - name: a100
      resources:
      - name: nvidia.com/gpu
        nominalQuota: 8
)";

const std::string k_rf_other = R"(---
apiVersion: kueue.x-k8s.io/v1beta2
kind: ResourceFlavor
metadata:
  name: h100
)";

std::string job(const std::string& ns, const std::string& queue, const std::string& extra_labels = "") {
    return "---\napiVersion: batch/v1\nkind: Job\nmetadata:\n  name: train\n" +
           (ns.empty() ? std::string() : "  namespace: " + ns + "\n") + "  labels:\n    kueue.x-k8s.io/queue-name: " +
           queue + "\n" + extra_labels +
           "spec:\n  template:\n    spec:\n      restartPolicy: Never\n      containers:\n      - name: m\n"
           "        image: x\n        resources:\n          requests:\n            nvidia.com/gpu: \"1\"\n";
}

std::string lq(const std::string& ns, const std::string& name) {
    return "---\napiVersion: kueue.x-k8s.io/v1beta2\nkind: LocalQueue\nmetadata:\n  namespace: " + ns +
           "\n  name: " + name + "\nspec:\n  clusterQueue: cq\n";
}

using kg::model::Severity;

}  // namespace

TEST_CASE("a missing ResourceFlavor is info when the inputs hold none, an error otherwise", "[lint][references]") {
    auto alone = lint(k_cq, "KQ2001");
    REQUIRE(alone.size() == 1);
    CHECK(alone[0].severity == Severity::info);
    CHECK(alone[0].message ==
          "ClusterQueue \"cq\" references missing ResourceFlavor \"a100\": the queue stays inactive (FlavorNotFound); "
          "no ResourceFlavor is in the inputs (pass --complete when they are the whole cluster)");
    auto complete = lint(k_cq, "KQ2001", true);
    REQUIRE(complete.size() == 1);
    CHECK(complete[0].severity == Severity::error);
    auto with_other = lint(k_cq + k_rf_other, "KQ2001");
    REQUIRE(with_other.size() == 1);
    CHECK(with_other[0].severity == Severity::error);
    CHECK(with_other[0].message.find("not in the inputs") == std::string::npos);
}

TEST_CASE("a queue-name without metadata.namespace is judged against every namespace", "[lint][references]") {
    CHECK(lint(lq("team-a", "user-queue") + job("", "user-queue"), "KQ2007").empty());
    auto none = lint(job("", "user-queue"), "KQ2007");
    REQUIRE(none.size() == 1);
    CHECK(none[0].severity == Severity::info);
    auto near = lint(lq("team-a", "user-queue") + job("", "user-queeu"), "KQ2007");
    REQUIRE(near.size() == 1);
    CHECK(near[0].severity == Severity::warning);
    CHECK(near[0].message == "Job \"train\" names LocalQueue \"user-queeu\", which no namespace in the inputs has "
                             "(metadata.namespace unset); did you mean \"user-queue\"?");
    auto far = lint(lq("team-a", "user-queue") + job("", "other"), "KQ2007");
    REQUIRE(far.size() == 1);
    CHECK(far[0].severity == Severity::info);
}

TEST_CASE("a queue-name one edit from a LocalQueue of its namespace says so", "[lint][references]") {
    auto typo = lint(lq("team-a", "default") + job("team-a", "defualt"), "KQ2007");
    REQUIRE(typo.size() == 1);
    CHECK(typo[0].severity == Severity::error);
    CHECK(typo[0].message == "Job \"team-a/train\" names LocalQueue \"defualt\", which does not exist in namespace "
                             "\"team-a\"; did you mean \"default\"?");
    auto no_queues = lint(job("team-a", "default"), "KQ2007");
    REQUIRE(no_queues.size() == 1);
    CHECK(no_queues[0].severity == Severity::info);
}

TEST_CASE("KQ3005 does not guess the namespace of a Job without one", "[lint][references]") {
    CHECK(lint(lq("team-a", "q") + job("", "q2"), "KQ3005").empty());
    auto guessed = lint(lq("team-a", "q") + job("team-b", "q"), "KQ3005");
    REQUIRE(guessed.size() == 1);
    CHECK(guessed[0].severity == Severity::warning);
}

TEST_CASE("KQ4003 reads classes from every input and the priorities workloads carry", "[lint][references]") {
    auto bare = lint(k_cq, "KQ4003");
    REQUIRE(bare.size() == 1);
    CHECK(bare[0].severity == Severity::info);
    auto complete = lint(k_cq, "KQ4003", true);
    REQUIRE(complete.size() == 1);
    CHECK(complete[0].severity == Severity::warning);
    const std::string wl = R"(---
apiVersion: kueue.x-k8s.io/v1beta2
kind: Workload
metadata:
  namespace: team-a
  name: w
spec:
  queueName: q
  priority: 1000
  podSets:
  - name: main
    count: 1
    template:
      spec:
        containers:
        - name: m
          image: x
)";
    CHECK(lint(k_cq + wl, "KQ4003", true).empty());
    CHECK(lint(k_cq + job("team-a", "q", "    kueue.x-k8s.io/priority-class: high\n"), "KQ4003", true).empty());
}

TEST_CASE("KQ2006 is info when the inputs hold no WorkloadPriorityClass", "[lint][references]") {
    auto f = lint(job("team-a", "q", "    kueue.x-k8s.io/priority-class: high\n"), "KQ2006");
    REQUIRE(f.size() == 1);
    CHECK(f[0].severity == Severity::info);
    auto c = lint(job("team-a", "q", "    kueue.x-k8s.io/priority-class: high\n"), "KQ2006", true);
    REQUIRE(c.size() == 1);
    CHECK(c[0].severity == Severity::error);
}

TEST_CASE("rules that fire on Kueue's defaults are info unless the policy raises them", "[lint][precision]") {
    auto open = lint(k_cq, "KQ3003");
    REQUIRE(open.size() == 1);
    CHECK(open[0].severity == Severity::info);
    kg::model::GovernancePolicy raise;
    raise.rules["KQ3003"].severity = Severity::warning;
    auto raised = lint(k_cq, "KQ3003", false, raise);
    REQUIRE(raised.size() == 1);
    CHECK(raised[0].severity == Severity::warning);

    auto cohort = [](const std::string& name, const std::string& reclaim) {
        return "---\napiVersion: kueue.x-k8s.io/v1beta2\nkind: ClusterQueue\nmetadata:\n  name: " + name +
               "\nspec:\n  cohortName: org\n" + (reclaim.empty() ? "" : "  preemption:\n    reclaimWithinCohort: " + reclaim + "\n") +
               "  resourceGroups:\n  - coveredResources: [cpu]\n    flavors:\n    - name: f\n      resources:\n"
               "      - name: cpu\n        nominalQuota: 4\n";
    };
    auto by_default = lint(cohort("a", "") + cohort("b", ""), "KQ4001");
    REQUIRE(by_default.size() == 2);
    CHECK(by_default[0].severity == Severity::info);
    CHECK(by_default[0].message.find("(Kueue's default)") != std::string::npos);
    auto chosen = lint(cohort("a", "Never") + cohort("b", ""), "KQ4001");
    REQUIRE(chosen.size() == 2);
    CHECK(chosen[0].severity == Severity::warning);
}
