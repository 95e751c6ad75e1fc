// The policy file's purpose mapping (issue 19 item 5): strict decoding with positions, and
// the one resolver's precedence (LocalQueue > label > namespace, first entry wins).
#include "model/loader.h"
#include "model/policy.h"
#include "model/purpose.h"

#include <catch2/catch.hpp>

using namespace kg;

namespace {

struct Loaded {
    model::SourceFiles files;
    model::DiagSink diags;
    model::GovernancePolicy policy;
};

std::unique_ptr<Loaded> load(const std::string& body) {
    auto l = std::make_unique<Loaded>();
    l->policy = model::load_policy_text(l->files, "p.yaml",
                                        "apiVersion: kueuegov.io/v1alpha1\nkind: GovernancePolicy\n" + body, l->diags);
    return l;
}

/// "line:col: message" per diagnostic.
std::vector<std::string> diags(const Loaded& l) {
    std::vector<std::string> out;
    for (const model::Diagnostic& d : l.diags.items()) {
        out.push_back(std::to_string(d.pos.line) + ":" + std::to_string(d.pos.col) + ": " + d.message);
    }
    return out;
}

const char* k_policy = R"(customPurposes: [fine-tuning]
purposes:
- purpose: research
  namespaces: [team-a]
- purpose: production-support
  localQueues: [team-a/serving]
- purpose: evaluation
  selector: {matchLabels: {kueuegov.io/purpose: evaluation}}
- purpose: fine-tuning
  namespaces: [tuning]
  selector: {matchExpressions: [{key: example.com/tuning, operator: Exists}]}
)";

}  // namespace

TEST_CASE("a LocalQueue mapping beats a label mapping beats a namespace mapping", "[model][purpose]") {
    auto l = load(k_policy);
    REQUIRE(diags(*l).empty());
    const model::PurposePolicy& p = l->policy.purposes;
    model::Labels eval{{"kueuegov.io/purpose", "evaluation"}};
    model::Labels none;

    auto lq = model::resolve_purpose(p, {"team-a", "serving", &eval});
    REQUIRE(lq);
    CHECK(lq->purpose == "production-support");
    CHECK(lq->by == model::PurposeBy::local_queue);
    CHECK(lq->pos.line == 8);

    auto label = model::resolve_purpose(p, {"team-a", "batch", &eval});
    REQUIRE(label);
    CHECK(label->purpose == "evaluation");
    CHECK(model::purpose_by_name(label->by) == "label");

    auto ns = model::resolve_purpose(p, {"team-a", "batch", &none});
    REQUIRE(ns);
    CHECK(ns->purpose == "research");
    CHECK(ns->by == model::PurposeBy::namespace_);

    // The same LocalQueue name in another namespace is another LocalQueue.
    CHECK_FALSE(model::resolve_purpose(p, {"team-b", "serving", &none}));
    // Labels not recorded (the evidence store): label mappings are not consulted.
    auto unknown = model::resolve_purpose(p, {"team-a", "", nullptr});
    REQUIRE(unknown);
    CHECK(unknown->purpose == "research");
    CHECK(model::resolve_purpose(p, {"tuning", "", nullptr})->purpose == "fine-tuning");
}

TEST_CASE("within one level the first entry in file order wins, and a shadowed one is a warning", "[model][purpose]") {
    auto l = load(R"(purposes:
- purpose: research
  namespaces: [shared]
- purpose: evaluation
  namespaces: [shared, eval]
)");
    CHECK(diags(*l) == std::vector<std::string>{
                           "7:16: purposes: namespace \"shared\" is already mapped to \"research\" by an earlier entry, "
                           "which wins: this entry never decides"});
    CHECK(l->diags.error_count() == 0);
    CHECK(model::resolve_purpose(l->policy.purposes, {"shared", "", nullptr})->purpose == "research");
    CHECK(model::resolve_purpose(l->policy.purposes, {"eval", "", nullptr})->purpose == "evaluation");
}

TEST_CASE("purpose decoding refuses typos, undeclared names and entries that match nothing", "[model][purpose]") {
    auto l = load(R"(customPurposes: [Fine_Tuning, agents]
purposes:
- purpose: reserach
  namespaces: [a]
- purpose: agents
- purpose: research
  localQueues: [no-slash, a/b/c, /x]
  namespace: [a]
- purpose: research
  selector: {}
- {namespaces: [b]}
- research
)");
    CHECK(diags(*l) == std::vector<std::string>{
        "3:18: customPurposes: expected a lower-case name of letters, digits and '-' (at most 63), found \"Fine_Tuning\"",
        "5:12: purposes.purpose: unknown purpose \"reserach\" (did you mean \"research\"?) (expected a built-in "
        "purpose or one listed in customPurposes)",
        "7:3: purposes: expected localQueues, selector or namespaces for \"agents\", found none",
        "10:3: unknown key \"namespace\" in purposes (did you mean \"namespaces\"?) (expected one of purpose, "
        "localQueues, selector, namespaces)",
        "9:17: purposes.localQueues: expected \"namespace/name\", found \"no-slash\"",
        "9:27: purposes.localQueues: expected \"namespace/name\", found \"a/b/c\"",
        "9:34: purposes.localQueues: expected \"namespace/name\", found \"/x\"",
        "8:3: purposes: expected localQueues, selector or namespaces for \"research\", found none",
        "12:13: purposes.selector: expected matchLabels or matchExpressions, found an empty selector (it would "
        "select every workload)",
        "11:3: purposes: expected localQueues, selector or namespaces for \"research\", found none",
        "13:3: purposes: expected purpose (a name such as \"research\"), found none",
        "14:3: purposes: expected a mapping, found \"research\""});
    CHECK(l->policy.purposes.mappings.empty());
}

TEST_CASE("a Workload's purpose reads its Job's labels when the inputs hold the Job", "[model][purpose]") {
    auto l = load(k_policy);
    model::Cluster c;
    model::DiagSink d;
    model::load_text("w.yaml", R"(apiVersion: batch/v1
kind: Job
metadata:
  name: eval-1
  namespace: team-b
  labels: {kueuegov.io/purpose: evaluation}
spec:
  template: {spec: {restartPolicy: Never, containers: [{name: m, image: x}]}}
---
apiVersion: kueue.x-k8s.io/v1beta2
kind: Workload
metadata:
  name: job-eval-1-abcde
  namespace: team-b
  ownerReferences: [{apiVersion: batch/v1, kind: Job, name: eval-1, uid: "1", controller: true}]
spec:
  queueName: batch
  podSets: [{name: main, count: 1, template: {spec: {containers: [{name: m, image: x}]}}}]
---
apiVersion: kueue.x-k8s.io/v1beta2
kind: Workload
metadata:
  name: orphan
  namespace: team-b
spec:
  queueName: batch
  podSets: [{name: main, count: 1, template: {spec: {containers: [{name: m, image: x}]}}}]
)",
                     c, d);
    REQUIRE(d.error_count() == 0);
    REQUIRE(c.workloads.size() == 2);
    auto owned = model::purpose_of(l->policy.purposes, c, *c.find_workload("team-b", "job-eval-1-abcde"));
    REQUIRE(owned);
    CHECK(owned->purpose == "evaluation");
    CHECK_FALSE(model::purpose_of(l->policy.purposes, c, *c.find_workload("team-b", "orphan")));
    REQUIRE(c.jobs.size() == 1);
    CHECK(model::purpose_of(l->policy.purposes, c.jobs[0])->purpose == "evaluation");
}
