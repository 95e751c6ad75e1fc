// A TAS flavor whose Topology is missing keeps its ClusterQueues inactive, in Kueue's words
// (pkg/cache/scheduler/clusterqueue.go isTASViolated, inactiveReason), and the simulator says
// what it assumed about the missing object.
#include "model/loader.h"
#include "sim/assumptions.h"
#include "sim/cluster_queue_status.h"

#include <catch2/catch.hpp>

namespace {

kg::model::Cluster load(const std::string& text) {
    kg::model::Cluster cl;
    kg::model::DiagSink diags;
    kg::model::load_text("state.yaml", text, cl, diags);
    REQUIRE(diags.error_count() == 0);
    return cl;
}

// Two TAS flavors without their Topology (listed z before a, to show the sort), one with it.
const char* k_flavors = R"(
apiVersion: kueue.x-k8s.io/v1beta2
kind: Topology
metadata: {name: racks}
spec: {levels: [{nodeLabel: cloud.com/rack}]}
---
apiVersion: kueue.x-k8s.io/v1beta2
kind: ResourceFlavor
metadata: {name: z-lost}
spec: {topologyName: blocks}
---
apiVersion: kueue.x-k8s.io/v1beta2
kind: ResourceFlavor
metadata: {name: a-lost}
spec: {topologyName: pods}
---
apiVersion: kueue.x-k8s.io/v1beta2
kind: ResourceFlavor
metadata: {name: ok}
spec: {topologyName: racks}
---
apiVersion: kueue.x-k8s.io/v1beta2
kind: AdmissionCheck
metadata: {name: mk}
spec: {controllerName: kueue.x-k8s.io/multikueue}
status:
  conditions: [{type: Active, status: "True", reason: Active, message: ok, lastTransitionTime: "2026-01-01T00:00:00Z"}]
---
)";

std::string queue(const std::string& name, const std::string& extra, const std::string& flavors) {
    return "apiVersion: kueue.x-k8s.io/v1beta2\nkind: ClusterQueue\nmetadata: {name: " + name + "}\nspec:\n" + extra +
           "  resourceGroups:\n  - coveredResources: [cpu]\n    flavors:\n" + flavors + "---\n";
}

std::string flavor(const std::string& name) {
    return "    - name: " + name + "\n      resources: [{name: cpu, nominalQuota: \"1\"}]\n";
}

const kg::model::ClusterQueue& find(const kg::model::Cluster& cl, const std::string& name) {
    const kg::model::ClusterQueue* cq = cl.find_cluster_queue(name);
    REQUIRE(cq);
    return *cq;
}

}  // namespace

TEST_CASE("a TAS flavor without its Topology makes the ClusterQueue inactive (TopologyNotFound)", "[sim][status][tas]") {
    kg::model::Cluster cl = load(std::string(k_flavors) + queue("lost", "", flavor("z-lost") + flavor("ok") +
                                                                              flavor("a-lost")) +
                                 queue("fine", "", flavor("ok")));
    kg::sim::ClusterQueueStatus s = kg::sim::cluster_queue_status(cl, find(cl, "lost"));
    CHECK_FALSE(s.active());
    CHECK(s.reason() == "TopologyNotFound");
    CHECK(s.message() == "Can't admit new workloads: there is no Topology \"pods\" for TAS flavor \"a-lost\", there "
                         "is no Topology \"blocks\" for TAS flavor \"z-lost\".");
    CHECK(kg::sim::cluster_queue_status(cl, find(cl, "fine")).active());
}

TEST_CASE("TopologyNotFound comes after the other reasons", "[sim][status][tas]") {
    kg::model::Cluster cl = load(std::string(k_flavors) +
                                 queue("stopped", "  stopPolicy: Hold\n", flavor("z-lost") + flavor("missing")));
    kg::sim::ClusterQueueStatus s = kg::sim::cluster_queue_status(cl, find(cl, "stopped"));
    CHECK(s.reason() == "Stopped");
    CHECK(s.message() == "Can't admit new workloads: is stopped, references missing ResourceFlavor(s): missing, "
                         "there is no Topology \"blocks\" for TAS flavor \"z-lost\".");
}

TEST_CASE("a MultiKueue queue stays active without the Topology, but names it when inactive for another reason",
          "[sim][status][tas]") {
    const std::string mk = "  admissionChecksStrategy: {admissionChecks: [{name: mk}]}\n";
    kg::model::Cluster cl = load(std::string(k_flavors) + queue("manager", mk, flavor("z-lost")) +
                                 queue("held", "  stopPolicy: Hold\n" + mk, flavor("z-lost")));
    CHECK(kg::sim::cluster_queue_status(cl, find(cl, "manager")).active());
    kg::sim::ClusterQueueStatus s = kg::sim::cluster_queue_status(cl, find(cl, "held"));
    CHECK(s.message() == "Can't admit new workloads: is stopped, there is no Topology \"blocks\" for TAS flavor \"z-lost\".");
}

TEST_CASE("the missing Topology of a TAS flavor is an assumption the simulator states", "[sim][assumptions][tas]") {
    kg::model::Cluster cl = load(std::string(k_flavors) + queue("lost", "", flavor("a-lost")));
    std::vector<std::string> texts;
    for (const kg::sim::Assumption& a : kg::sim::missing_references(cl))
        if (a.kind == "Topology") texts.push_back(kg::sim::assumption_text(a));
    CHECK(texts == std::vector<std::string>{
                       "Topology \"blocks\" (named by ResourceFlavor z-lost) is not in the inputs; assumed: every "
                       "ClusterQueue using the flavor is inactive (TopologyNotFound), as Kueue keeps it while the "
                       "Topology is missing",
                       "Topology \"pods\" (named by ResourceFlavor a-lost) is not in the inputs; assumed: every "
                       "ClusterQueue using the flavor is inactive (TopologyNotFound), as Kueue keeps it while the "
                       "Topology is missing"});
}
