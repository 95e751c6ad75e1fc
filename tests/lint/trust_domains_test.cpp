// KQ3001 and KQ3004 decide per group of ClusterQueues (same set of trust domains, same
// namespaceSelector) rather than per queue or per pair of queues; these cases check that
// every pair and every namespace those groups stand for is still judged and reported.
#include "lint/engine.h"
#include "model/loader.h"
#include "model/policy.h"
#include "loaded_cluster.h"

#include <catch2/catch.hpp>

#include <regex>
#include <set>
#include <string>

namespace {

std::string namespace_doc(const std::string& name, const std::string& tenant) {
    return "apiVersion: v1\nkind: Namespace\nmetadata:\n  name: " + name + "\n  labels:\n    tenant: " + tenant + "\n";
}

std::string queue_doc(const std::string& name, const std::string& selector) {
    return "apiVersion: kueue.x-k8s.io/v1beta2\nkind: ClusterQueue\nmetadata:\n  name: " + name +
           "\nspec:\n  cohortName: org\n  namespaceSelector:\n" + selector +
           "\n  resourceGroups:\n  - coveredResources: [\"cpu\"]\n    flavors:\n    - name: default\n"
           "      resources:\n      - {name: cpu, nominalQuota: \"4\"}\n";
}

const char* k_cohort = "apiVersion: kueue.x-k8s.io/v1beta2\nkind: Cohort\nmetadata:\n  name: org\nspec: {}\n";

const char* k_policy = R"(apiVersion: kueuegov.io/v1alpha1
kind: GovernancePolicy
trustDomains:
  namespaceLabel: tenant
  allowSharing:
    - [a, b]
  domains:
  - name: ops
    clusterQueues: [ops-q]
)";

std::vector<kg::model::Finding> lint(const std::string& text, const char* rule) {
    kg::model::DiagSink diags;
    kg::model::Cluster& cluster = kg::lint::test::loaded_cluster(text, diags);
    kg::model::DiagSink pd;
    kg::model::GovernancePolicy policy = kg::model::load_policy_text(cluster.files, "policy.yaml", k_policy, pd);
    REQUIRE(pd.error_count() == 0);
    kg::model::KueueConfig kueue;
    kg::lint::RuleContext cx{cluster, policy, kueue, diags.items()};
    kg::lint::LintOptions opt;
    opt.enable = {rule};
    return kg::lint::run_lint(cx, opt).findings;
}

/// "from>to:da>db" for each KQ3001 finding.
std::multiset<std::string> flows(const std::vector<kg::model::Finding>& findings) {
    static const std::regex k_msg(
        R"re(^ClusterQueue "([^"]+)" \(trust domain "([^"]+)"\) shares cohort tree "org" with ClusterQueue "([^"]+)" \(trust domain "([^"]+)"\): up to 4 cpu of flavor "default" can flow from "[^"]+" to "[^"]+"$)re");
    std::multiset<std::string> out;
    for (const kg::model::Finding& f : findings) {
        std::smatch m;
        INFO(f.message);
        REQUIRE(std::regex_match(f.message, m, k_msg));
        CHECK(f.object.name == m[1].str());
        out.insert(m[1].str() + ">" + m[3].str() + ":" + m[2].str() + ">" + m[4].str());
    }
    return out;
}

// Tenants a and b may share; c may not share with either; ops-q is declared "ops".
// qa1, qa2 and ops-q share one selector; qab selects a and b (allowed together); qac
// selects one namespace of a and one of c, so its own group conflicts with itself.
std::string mixed() {
    std::string text = namespace_doc("a1", "a") + "---\n" + namespace_doc("a2", "a") + "---\n" +
                       namespace_doc("b1", "b") + "---\n" + namespace_doc("c1", "c") + "---\n" + k_cohort;
    const std::pair<const char*, const char*> queues[] = {
        {"qa1", "    matchLabels: {tenant: a}"},
        {"qa2", "    matchLabels: {tenant: a}"},
        {"qab", "    matchExpressions:\n    - {key: tenant, operator: In, values: [a, b]}"},
        {"qc", "    matchLabels: {tenant: c}"},
        {"qac", "    matchExpressions:\n    - {key: kubernetes.io/metadata.name, operator: In, values: [a1, c1]}"},
        {"ops-q", "    matchLabels: {tenant: a}"},
    };
    for (const auto& [name, selector] : queues) {
        text += "---\n" + queue_doc(name, selector);
    }
    return text;
}

}  // namespace

TEST_CASE("KQ3001 reports every ordered pair of queues whose domain sets conflict, with the first pair of domains",
          "[lint][governance]") {
    // A queue of several domains is named by the first domain (in order) that conflicts.
    const std::multiset<std::string> expected = {
        "qa1>ops-q:a>ops", "qa1>qac:a>c",   "qa1>qc:a>c",     "qa2>ops-q:a>ops", "qa2>qac:a>c",
        "qa2>qc:a>c",      "qab>ops-q:a>ops", "qab>qac:a>c",  "qab>qc:a>c",      "qc>ops-q:c>ops",
        "qc>qa1:c>a",      "qc>qa2:c>a",      "qc>qab:c>a",   "qc>qac:c>a",      "qac>ops-q:a>ops",
        "qac>qc:a>c",      "qac>qa1:c>a",     "qac>qa2:c>a",  "qac>qab:c>a",     "ops-q>qa1:ops>a",
        "ops-q>qa2:ops>a", "ops-q>qab:ops>a", "ops-q>qac:ops>a", "ops-q>qc:ops>c",
    };
    CHECK(flows(lint(mixed(), "KQ3001")) == expected);
}

TEST_CASE("KQ3004 judges queues sharing a selector each against its own domain", "[lint][governance]") {
    auto findings = lint(mixed(), "KQ3004");
    REQUIRE(findings.size() == 2);
    // qa1 and qa2 select the same namespaces as ops-q but have no declared domain: no finding.
    CHECK(findings[0].object.name == "qac");
    CHECK(findings[0].message == "ClusterQueue \"qac\" admits namespaces of trust domain \"a\" and also c1 (c)");
    CHECK(findings[1].object.name == "ops-q");
    CHECK(findings[1].message == "ClusterQueue \"ops-q\" (trust domain \"ops\") admits namespaces a1 (a), a2 (a)");
}

TEST_CASE("KQ3001 between two large groups of one tree reports each cross pair in both directions",
          "[lint][governance]") {
    std::string text = std::string(k_cohort);
    for (int i = 0; i < 30; ++i) {
        text += "---\n" + namespace_doc("a" + std::to_string(i), "a") + "---\n" +
                namespace_doc("c" + std::to_string(i), "c");
    }
    for (int i = 0; i < 25; ++i) {
        text += "---\n" + queue_doc("qa" + std::to_string(i), "    matchLabels: {tenant: a}");
    }
    for (int i = 0; i < 3; ++i) {
        text += "---\n" + queue_doc("qc" + std::to_string(i), "    matchLabels: {tenant: c}");
    }
    auto got = flows(lint(text, "KQ3001"));
    CHECK(got.size() == 25 * 3 * 2);
    std::multiset<std::string> expected;
    for (int i = 0; i < 25; ++i) {
        for (int j = 0; j < 3; ++j) {
            std::string a = "qa" + std::to_string(i), c = "qc" + std::to_string(j);
            expected.insert(a + ">" + c + ":a>c");
            expected.insert(c + ">" + a + ":c>a");
        }
    }
    CHECK(got == expected);
}
