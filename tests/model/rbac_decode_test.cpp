// Reading RBAC (issue 19 item 1): Kueue's shipped roles and bindings, aggregation rules,
// subresources and resourceNames, and the shapes the API server refuses.
#include "model/loader.h"

#include <catch2/catch.hpp>

#include <algorithm>

using namespace kg::model;

namespace {

struct Loaded {
    Cluster cluster;
    DiagSink diags;
};

Loaded load(const std::string& name, std::string text) {
    Loaded l;
    load_text(name, std::move(text), l.cluster, l.diags);
    return l;
}

const Role* role(const Cluster& c, std::string_view name) {
    auto it = std::find_if(c.roles.begin(), c.roles.end(), [&](const Role& r) { return *r.meta.name == name; });
    return it == c.roles.end() ? nullptr : &*it;
}

}  // namespace

TEST_CASE("Kueue's shipped roles and bindings are read whole", "[model][rbac]") {
    Loaded l;
    REQUIRE(load_paths({KG_SOURCE_DIR "/testdata/model/rbac/kueue-roles.yaml"}, l.cluster, l.diags));
    CHECK(l.diags.items().empty());
    CHECK(l.cluster.roles.size() == 50);
    CHECK(l.cluster.role_bindings.size() == 5);
    CHECK(l.cluster.skipped_kinds.at("ServiceAccount") == 1);

    const Role* admin = role(l.cluster, "batch-admin-role");
    REQUIRE(admin);
    CHECK(admin->cluster);
    CHECK(admin->aggregated);
    CHECK(admin->rules.empty());
    REQUIRE(admin->aggregation_selectors.size() == 1);
    CHECK(admin->aggregation_selectors[0].matches({{"rbac.kueue.x-k8s.io/batch-admin", "true"}}));

    const Role* lq = role(l.cluster, "localqueue-editor-role");
    REQUIRE(lq);
    CHECK_FALSE(lq->aggregated);
    REQUIRE(lq->rules.size() == 2);
    CHECK(lq->rules[0].api_groups == std::vector<std::string>{"kueue.x-k8s.io"});
    CHECK(lq->rules[0].resources == std::vector<std::string>{"localqueues"});
    CHECK(lq->rules[1].resources == std::vector<std::string>{"localqueues/status"});
    CHECK(lq->meta.labels.count("rbac.kueue.x-k8s.io/batch-admin") == 1);

    const Role* le = role(l.cluster, "leader-election-role");
    REQUIRE(le);
    CHECK_FALSE(le->cluster);
    CHECK(*le->meta.namespace_ == "system");
}

TEST_CASE("bindings keep their role and subjects; a ServiceAccount defaults to the binding's namespace",
          "[model][rbac]") {
    Loaded l = load("b.yaml", R"(apiVersion: rbac.authorization.k8s.io/v1
kind: RoleBinding
metadata: {name: edit-queues, namespace: team-a}
roleRef: {apiGroup: rbac.authorization.k8s.io, kind: ClusterRole, name: localqueue-editor-role}
subjects:
- {kind: User, name: alice}
- {kind: Group, name: "system:serviceaccounts:team-a"}
- {kind: ServiceAccount, name: ci}
---
apiVersion: rbac.authorization.k8s.io/v1
kind: Role
metadata: {name: status, namespace: team-a}
rules:
- apiGroups: [kueue.x-k8s.io]
  resources: [workloads/status]
  resourceNames: [w1]
  verbs: ["*"]
)");
    CHECK(l.diags.items().empty());
    REQUIRE(l.cluster.role_bindings.size() == 1);
    const RoleBinding& b = l.cluster.role_bindings[0];
    CHECK_FALSE(b.cluster);
    CHECK(b.role_kind == "ClusterRole");
    CHECK(*b.role_name == "localqueue-editor-role");
    REQUIRE(b.subjects.size() == 3);
    CHECK(b.subjects[1].name == "system:serviceaccounts:team-a");
    CHECK(b.subjects[2].namespace_ == "team-a");
    REQUIRE(l.cluster.roles.size() == 1);
    CHECK(l.cluster.roles[0].rules[0].resource_names == std::vector<std::string>{"w1"});
    CHECK(l.cluster.roles[0].rules[0].verbs == std::vector<std::string>{"*"});
}

TEST_CASE("RBAC shapes the API server refuses are diagnostics at their position", "[model][rbac]") {
    Loaded l = load("bad.yaml", R"(apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRoleBinding
metadata: {name: b}
roleRef: {kind: Role, name: r}
subjects:
- {kind: Robot, name: r2}
- {kind: ServiceAccount, name: sa}
- {kind: User}
---
apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRole
metadata: {name: r}
rules:
- apiGroups: [""]
  resources: [pods]
)");
    std::vector<std::string> got;
    for (const Diagnostic& d : l.diags.items()) {
        got.push_back(format_diagnostic(l.cluster.files, d, false));
    }
    CHECK(got == std::vector<std::string>{
                     "bad.yaml:4:17: error: roleRef.kind: expected ClusterRole, found \"Role\"",
                     "bad.yaml:6:3: error: subjects[].kind: expected User, Group or ServiceAccount, found \"Robot\"",
                     "bad.yaml:7:3: error: subjects[].namespace: expected the ServiceAccount's namespace, found none",
                     "bad.yaml:8:3: error: subjects[].name: expected the User's name, found none",
                     "bad.yaml:14:3: error: expected verbs in this rule (a list such as [get, list]), found none",
                 });
    REQUIRE(l.cluster.role_bindings.size() == 1);
    CHECK(l.cluster.role_bindings[0].subjects.empty());
}
