// The RBAC engine (issue 19): aggregation of Kueue's shipped ClusterRoles, and who may do
// what through which binding, with wildcards, subresources, resourceNames, namespaces and
// service-account groups, as Kubernetes' RBAC authorizer decides.
#include "model/loader.h"
#include "rbac/aggregation.h"
#include "rbac/authorizer.h"

#include <catch2/catch.hpp>

#include <algorithm>

using namespace kg;

namespace {

model::Cluster kueue_roles_plus(const std::string& extra) {
    model::Cluster c;
    model::DiagSink d;
    REQUIRE(model::load_paths({KG_SOURCE_DIR "/testdata/model/rbac/kueue-roles.yaml"}, c, d));
    model::load_text("extra.yaml", extra, c, d);
    REQUIRE(d.items().empty());
    return c;
}

const model::Role& role(const std::vector<model::Role>& roles, std::string_view name) {
    auto it = std::find_if(roles.begin(), roles.end(), [&](const model::Role& r) { return *r.meta.name == name; });
    REQUIRE(it != roles.end());
    return *it;
}

rbac::Request req(std::string verb, std::string group, std::string resource, std::string ns = "",
                  std::string sub = "", std::string name = "") {
    return {std::move(verb), std::move(group), std::move(resource), std::move(sub), std::move(name), std::move(ns)};
}

const char* k_bindings = R"(apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRoleBinding
metadata: {name: platform-admins}
roleRef: {apiGroup: rbac.authorization.k8s.io, kind: ClusterRole, name: batch-admin-role}
subjects: [{kind: Group, name: platform}]
---
apiVersion: rbac.authorization.k8s.io/v1
kind: RoleBinding
metadata: {name: team-a-users, namespace: team-a}
roleRef: {apiGroup: rbac.authorization.k8s.io, kind: ClusterRole, name: batch-user-role}
subjects:
- {kind: User, name: bob}
- {kind: Group, name: "system:serviceaccounts:team-a"}
---
apiVersion: rbac.authorization.k8s.io/v1
kind: RoleBinding
metadata: {name: gone, namespace: team-a}
roleRef: {apiGroup: rbac.authorization.k8s.io, kind: Role, name: no-such-role}
subjects: [{kind: User, name: eve}]
)";

}  // namespace

TEST_CASE("aggregated ClusterRoles take the rules of the roles their selectors match", "[rbac]") {
    model::Cluster c = kueue_roles_plus("");
    std::vector<model::Role> roles = rbac::resolve_aggregation(c.roles);
    const model::Role& admin = role(roles, "batch-admin-role");
    const model::Role& user = role(roles, "batch-user-role");
    auto grants = [](const model::Role& r, const rbac::Request& q) {
        return std::any_of(r.rules.begin(), r.rules.end(), [&](const auto& x) { return rbac::rule_allows(x, q); });
    };
    CHECK(grants(admin, req("create", "kueue.x-k8s.io", "clusterqueues")));
    CHECK(grants(admin, req("delete", "kueue.x-k8s.io", "resourceflavors")));
    CHECK_FALSE(grants(user, req("create", "kueue.x-k8s.io", "clusterqueues")));
    CHECK(grants(user, req("create", "batch", "jobs", "team-a")));
    CHECK_FALSE(grants(user, req("patch", "kueue.x-k8s.io", "workloads", "team-a", "status")));
    // The inputs' own (empty) rules were replaced, not kept beside the aggregate.
    CHECK(c.roles.size() == roles.size());
    CHECK(role(c.roles, "batch-admin-role").rules.empty());
}

TEST_CASE("an aggregate of aggregates converges", "[rbac]") {
    model::Cluster c = kueue_roles_plus(R"(apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRole
metadata: {name: top}
aggregationRule:
  clusterRoleSelectors: [{matchLabels: {tier: mid}}]
---
apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRole
metadata: {name: a-mid, labels: {tier: mid}}
aggregationRule:
  clusterRoleSelectors: [{matchLabels: {tier: leaf}}]
---
apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRole
metadata: {name: leaf, labels: {tier: leaf}}
rules: [{apiGroups: [kueue.x-k8s.io], resources: [cohorts], verbs: [update]}]
)");
    std::vector<model::Role> roles = rbac::resolve_aggregation(c.roles);
    REQUIRE(role(roles, "top").rules.size() == 1);
    CHECK(rbac::rule_allows(role(roles, "top").rules[0], req("update", "kueue.x-k8s.io", "cohorts")));
}

TEST_CASE("who can change queue policy, through which binding and role", "[rbac]") {
    model::Cluster c = kueue_roles_plus(k_bindings);
    rbac::Authorizer az(c);
    std::vector<rbac::Grant> g = az.who_can(req("create", "kueue.x-k8s.io", "clusterqueues"));
    REQUIRE(g.size() == 1);
    CHECK(*g[0].binding->meta.name == "platform-admins");
    CHECK(*g[0].role->meta.name == "batch-admin-role");
    CHECK(g[0].subject->name == "platform");
    CHECK(az.allows({"carol", {"platform"}}, req("patch", "kueue.x-k8s.io", "cohorts")).size() == 1);
    CHECK(az.allows({"bob", {}}, req("patch", "kueue.x-k8s.io", "cohorts")).empty());
    REQUIRE(az.dangling().size() == 1);
    CHECK(*az.dangling()[0]->meta.name == "gone");
}

TEST_CASE("a RoleBinding grants only in its namespace; service accounts match their groups", "[rbac]") {
    model::Cluster c = kueue_roles_plus(k_bindings);
    rbac::Authorizer az(c);
    CHECK_FALSE(az.allows({"bob", {}}, req("create", "batch", "jobs", "team-a")).empty());
    CHECK(az.allows({"bob", {}}, req("create", "batch", "jobs", "team-b")).empty());
    CHECK(az.allows({"bob", {}}, req("create", "batch", "jobs", "")).empty());  // cluster-wide
    CHECK_FALSE(az.allows(rbac::service_account("team-a", "ci"), req("update", "batch", "jobs", "team-a")).empty());
    CHECK(az.allows(rbac::service_account("team-b", "ci"), req("update", "batch", "jobs", "team-a")).empty());
}

TEST_CASE("wildcards, subresources and resourceNames match as Kubernetes matches them", "[rbac]") {
    model::PolicyRule status{{"patch"}, {"kueue.x-k8s.io"}, {"workloads/status"}, {}, {}, {}};
    CHECK(rbac::rule_allows(status, req("patch", "kueue.x-k8s.io", "workloads", "ns", "status")));
    CHECK_FALSE(rbac::rule_allows(status, req("patch", "kueue.x-k8s.io", "workloads", "ns")));
    model::PolicyRule main{{"patch"}, {"kueue.x-k8s.io"}, {"workloads"}, {}, {}, {}};
    CHECK_FALSE(rbac::rule_allows(main, req("patch", "kueue.x-k8s.io", "workloads", "ns", "status")));
    model::PolicyRule any_status{{"*"}, {"*"}, {"*/status"}, {}, {}, {}};
    CHECK(rbac::rule_allows(any_status, req("update", "kueue.x-k8s.io", "workloads", "ns", "status")));
    CHECK_FALSE(rbac::rule_allows(any_status, req("update", "kueue.x-k8s.io", "workloads", "ns")));
    model::PolicyRule all{{"*"}, {"*"}, {"*"}, {}, {}, {}};
    CHECK(rbac::rule_allows(all, req("delete", "", "pods", "ns", "exec")));
    model::PolicyRule named{{"update"}, {"kueue.x-k8s.io"}, {"clusterqueues"}, {"team-a"}, {}, {}};
    CHECK(rbac::rule_allows(named, req("update", "kueue.x-k8s.io", "clusterqueues", "", "", "team-a")));
    CHECK_FALSE(rbac::rule_allows(named, req("update", "kueue.x-k8s.io", "clusterqueues", "", "", "team-b")));
    CHECK_FALSE(rbac::rule_allows(named, req("update", "kueue.x-k8s.io", "clusterqueues")));  // no name
    model::PolicyRule core{{"create"}, {""}, {"pods"}, {}, {}, {}};
    CHECK(rbac::rule_allows(core, req("create", "", "pods", "ns")));
    CHECK_FALSE(rbac::rule_allows(core, req("create", "apps", "pods", "ns")));
}
