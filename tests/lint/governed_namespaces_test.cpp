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
    // No Configuration: Kueue's default leaves unlabelled Jobs alone, so team-a and team-b bypass too.
    CHECK(s.bypass == List{"kueue-system", "sandbox", "team-a", "team-b"});
    CHECK(s.bypass_notes ==
          List{"kueue-system, sandbox: no ClusterQueue selects the namespace",
               "team-a, team-b: LocalQueues, but a Job or Pod created without the kueue.x-k8s.io/queue-name label runs "
               "outside quota (manageJobsWithoutQueueName is false)",
               "no Kueue Configuration in the inputs: assumed Kueue's defaults (manageJobsWithoutQueueName false, "
               "managedJobsNamespaceSelector excluding kube-system and kueue-system, LocalQueueDefaulting on)"});
}

TEST_CASE("unlabelled Jobs: managed, caught by a LocalQueue named default, or outside the selector", "[lint][who-can]") {
    model::Cluster c = load(R"(apiVersion: v1
kind: Namespace
metadata: {name: team-a, labels: {batch: "yes"}}
---
apiVersion: v1
kind: Namespace
metadata: {name: team-b}
---
apiVersion: v1
kind: Namespace
metadata: {name: team-c, labels: {batch: "yes"}}
---
apiVersion: kueue.x-k8s.io/v1beta2
kind: ClusterQueue
metadata: {name: all}
spec: {namespaceSelector: {}}
---
apiVersion: kueue.x-k8s.io/v1beta2
kind: LocalQueue
metadata: {name: q, namespace: team-a}
spec: {clusterQueue: all}
---
apiVersion: kueue.x-k8s.io/v1beta2
kind: LocalQueue
metadata: {name: q, namespace: team-b}
spec: {clusterQueue: all}
---
apiVersion: kueue.x-k8s.io/v1beta2
kind: LocalQueue
metadata: {name: default, namespace: team-c}
spec: {clusterQueue: all}
)");
    model::KueueConfig cfg;
    SECTION("manageJobsWithoutQueueName false: only the LocalQueue named default catches them") {
        rbac::NamespaceSets s = lint::governed_namespaces(c, &cfg);
        CHECK(s.unselected.empty());
        CHECK(s.bypass == List{"team-a", "team-b"});
        CHECK(s.bypass_notes == List{"team-a, team-b: LocalQueues, but a Job or Pod created without the "
                                     "kueue.x-k8s.io/queue-name label runs outside quota (manageJobsWithoutQueueName "
                                     "is false)"});
    }
    SECTION("manageJobsWithoutQueueName true with a selector: the unselected namespace still bypasses") {
        cfg.manage_jobs_without_queue_name = true;
        model::LabelSelector sel;
        sel.match_labels.emplace_back("batch", "yes");
        cfg.managed_jobs_namespace_selector = sel;
        rbac::NamespaceSets s = lint::governed_namespaces(c, &cfg);
        CHECK(s.bypass == List{"team-b"});
        CHECK(s.bypass_notes == List{"team-b: LocalQueues, but a Job or Pod created without the "
                                     "kueue.x-k8s.io/queue-name label runs outside quota (managedJobsNamespaceSelector "
                                     "does not select the namespace)"});
    }
    SECTION("a LocalQueue named default outside the selector catches nothing") {
        model::LabelSelector sel;
        sel.match_labels.emplace_back("batch", "no");
        cfg.managed_jobs_namespace_selector = sel;
        rbac::NamespaceSets s = lint::governed_namespaces(c, &cfg);
        CHECK(s.bypass == List{"team-a", "team-b", "team-c"});
    }
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
