// lint/diff_findings.h: findings introduced and fixed by a change, as multisets.
#include "lint/diff_findings.h"
#include "model/loader.h"

#include <catch2/catch.hpp>

using namespace kg;

TEST_CASE("findings are compared by fingerprint as multisets", "[lint][diff]") {
    model::Finding a;
    a.rule = "KQ2001";
    a.object = {"ClusterQueue", "", "team-a"};
    a.path = "spec.resourceGroups[0].flavors[0].name";
    model::Finding b = a;
    b.object.name = "team-b";
    model::Finding a_elsewhere = a;
    a_elsewhere.pos.line = 40;  // the same finding after an edit moved it: not new
    CHECK(lint::findings_minus({a, b}, {a_elsewhere}).size() == 1);
    CHECK(lint::findings_minus({a, b}, {a_elsewhere})[0].object.name == "team-b");
    CHECK(lint::findings_minus({a, a}, {a}).size() == 1);  // twice before, once after: one fixed
    CHECK(lint::findings_minus({a}, {a, b}).empty());
}

TEST_CASE("a diff lints both sides and names what the change introduces and fixes", "[lint][diff]") {
    const char* base = R"(apiVersion: kueue.x-k8s.io/v1beta2
kind: ClusterQueue
metadata: {name: team-a}
spec:
  namespaceSelector: {}
  resourceGroups:
  - coveredResources: [cpu]
    flavors:
    - name: missing-flavor
      resources: [{name: cpu, nominalQuota: "4"}]
)";
    const char* head = R"(apiVersion: kueue.x-k8s.io/v1beta2
kind: ResourceFlavor
metadata: {name: missing-flavor}
---
apiVersion: kueue.x-k8s.io/v1beta2
kind: ClusterQueue
metadata: {name: team-a}
spec:
  namespaceSelector: {}
  resourceGroups:
  - coveredResources: [cpu]
    flavors:
    - name: missing-flavor
      resources: [{name: cpu, nominalQuota: "4"}]
)";
    model::Cluster before, after;
    model::DiagSink d;
    model::load_text("base.yaml", base, before, d);
    model::load_text("head.yaml", head, after, d);
    const lint::ClusterDiff diff = lint::diff_with_findings(before, after);
    bool fixed_missing_flavor = false;
    for (const auto& f : diff.findings_fixed) fixed_missing_flavor |= f.rule == "KQ2001";
    CHECK(fixed_missing_flavor);
    for (const auto& f : diff.findings_introduced) CHECK(f.rule != "KQ2001");
    CHECK(diff.base_files == &before.files);
    CHECK(diff.head_files == &after.files);
}
