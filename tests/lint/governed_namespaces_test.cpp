// The namespaces who-can asks each action in: known ones, those with LocalQueues, and those no
// ClusterQueue selects, as sim::check_namespace decides selection.
#include "lint/governed_namespaces.h"
#include "model/loader.h"

#include <catch2/catch.hpp>

using namespace kg;

namespace {

model::Cluster load(const std::string& text) {
    model::Cluster c;
    model::DiagSink d;
    model::load_text("t.yaml", text, c, d);
    REQUIRE(d.items().empty());
    return c;
}

using List = std::vector<std::string>;

}  // namespace

TEST_CASE("the RBAC fixture's namespaces: two selected teams, a sandbox and Kueue's own", "[lint][who-can]") {
    model::Cluster c;
    model::DiagSink d;
    REQUIRE(model::load_paths({KG_SOURCE_DIR "/testdata/rbac/queues.yaml", KG_SOURCE_DIR "/testdata/rbac/bindings.yaml"},
                              c, d));
    rbac::NamespaceSets s = lint::governed_namespaces(c);
    CHECK(s.all == List{"kueue-system", "sandbox", "team-a", "team-b"});
    CHECK(s.with_local_queues == List{"team-a", "team-b"});
    CHECK(s.unselected == List{"kueue-system", "sandbox"});
}

TEST_CASE("a RoleBinding's namespace that no Namespace object holds is not a bypass namespace", "[lint][who-can]") {
    model::Cluster c = load(R"(apiVersion: v1
kind: Namespace
metadata: {name: team-a}
---
apiVersion: rbac.authorization.k8s.io/v1
kind: RoleBinding
metadata: {name: x, namespace: gone}
roleRef: {apiGroup: rbac.authorization.k8s.io, kind: ClusterRole, name: edit}
subjects: [{kind: User, name: bob}]
)");
    rbac::NamespaceSets s = lint::governed_namespaces(c);
    CHECK(s.all == List{"gone", "team-a"});
    CHECK(s.unselected == List{"team-a"});
}

TEST_CASE("without Namespace objects every namespace exists; a {} selector selects them all", "[lint][who-can]") {
    model::Cluster c = load(R"(apiVersion: kueue.x-k8s.io/v1beta2
kind: ClusterQueue
metadata: {name: all}
spec: {namespaceSelector: {}}
---
apiVersion: kueue.x-k8s.io/v1beta2
kind: LocalQueue
metadata: {name: q, namespace: team-a}
spec: {clusterQueue: all}
---
apiVersion: rbac.authorization.k8s.io/v1
kind: Role
metadata: {name: r, namespace: tools}
rules: [{apiGroups: [""], resources: [pods], verbs: [create]}]
)");
    rbac::NamespaceSets s = lint::governed_namespaces(c);
    CHECK(s.all == List{"team-a", "tools"});
    CHECK(s.with_local_queues == List{"team-a"});
    CHECK(s.unselected.empty());
}
