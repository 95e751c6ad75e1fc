// TAS inputs (issue 17): Topology levels, topologyRequest, every topologyAssignment
// encoding Kueue writes (pkg/util/tas/tas_assignment.go InternalSeqFrom), Node Ready,
// bound Pods, and the job annotations jobframework/tas.go reads.
#include "tests/model/decode_support.h"

#include <catch2/catch.hpp>

using namespace kg::model;
using kg::model::test::Loaded;
using kg::model::test::load;

namespace {

std::vector<std::string> messages(const Loaded& l) { return kg::model::test::errors(l); }

const char* k_admitted = R"(apiVersion: kueue.x-k8s.io/v1beta2
kind: Workload
metadata: {name: w, namespace: default}
spec:
  queueName: q
  podSets:
  - name: main
    count: 4
    template: {spec: {containers: [{name: c, resources: {requests: {cpu: "1"}}}]}}
    topologyRequest:
      required: cloud.com/rack
      podsetSliceRequiredTopologyConstraints:
      - {topology: cloud.com/rack, size: 4}
      - {topology: kubernetes.io/hostname, size: 2}
status:
  admission:
    clusterQueue: cq
    podSetAssignments:
    - name: main
      flavors: {cpu: tas}
      count: 4
      delayedTopologyRequest: Ready
      topologyAssignment:
        levels: [cloud.com/rack, kubernetes.io/hostname]
        slices:
        - domainCount: 2
          valuesPerLevel:
          - universal: r1
          - individual: {prefix: "node-", suffix: "-a", roots: ["1", "2"]}
          podCounts: {universal: 1}
        - domainCount: 1
          valuesPerLevel:
          - individual: {roots: [r2]}
          - universal: node-9
          podCounts: {individual: [2]}
)";

}  // namespace

TEST_CASE("topology requests and every assignment encoding are read") {
    Loaded l = load(k_admitted);
    CHECK(messages(l).empty());
    REQUIRE(l.cluster.workloads.size() == 1);
    const Workload& w = l.cluster.workloads[0];
    REQUIRE(w.pod_sets[0].topology_request);
    CHECK(*w.pod_sets[0].topology_request->required == "cloud.com/rack");
    REQUIRE(w.pod_sets[0].topology_request->slice_constraints.size() == 2);
    CHECK(w.pod_sets[0].topology_request->slice_constraints[1].size == 2);
    const PodSetAssignment& psa = w.admission->pod_set_assignments[0];
    CHECK(psa.delayed_topology_request == "Ready");
    REQUIRE(psa.topology_assignment);
    const auto& d = psa.topology_assignment->domains;
    REQUIRE(d.size() == 3);
    CHECK(d[0].values == std::vector<std::string>{"r1", "node-1-a"});
    CHECK(d[1].values == std::vector<std::string>{"r1", "node-2-a"});
    CHECK(d[0].count == 1);
    CHECK(d[2].values == std::vector<std::string>{"r2", "node-9"});
    CHECK(d[2].count == 2);
}

TEST_CASE("a malformed topology assignment is reported where it is wrong") {
    Loaded l = load(R"(apiVersion: kueue.x-k8s.io/v1beta2
kind: Workload
metadata: {name: w, namespace: default}
spec:
  podSets: [{name: main, count: 1, template: {spec: {containers: [{name: c}]}}}]
status:
  admission:
    clusterQueue: cq
    podSetAssignments:
    - name: main
      topologyAssignment:
        levels: [kubernetes.io/hostname]
        slices:
        - domainCount: 2
          valuesPerLevel:
          - individual: {roots: [x1]}
          podCounts: {universal: 1}
)");
    auto m = messages(l);
    REQUIRE(!m.empty());
    CHECK(m[0].find("in.yaml:16:") == 0);
    CHECK(m[0].find("expected 2 roots (the slice's domainCount), found 1") != std::string::npos);
    REQUIRE(l.cluster.workloads.size() == 1);
    CHECK(l.cluster.workloads[0].admission->pod_set_assignments[0].topology_assignment->domains.empty());
}

TEST_CASE("Topology, Node readiness and bound Pods are kept") {
    Loaded l = load(R"(apiVersion: kueue.x-k8s.io/v1beta1
kind: Topology
metadata: {name: t}
spec:
  levels: [{nodeLabel: cloud.com/block}, {nodeLabel: kubernetes.io/hostname}]
---
apiVersion: v1
kind: Node
metadata: {name: x1, labels: {kubernetes.io/hostname: x1}}
status:
  allocatable: {cpu: "4"}
  conditions: [{type: Ready, status: "True"}]
---
apiVersion: v1
kind: Node
metadata: {name: x2}
status:
  conditions: [{type: Ready, status: "False"}]
---
apiVersion: v1
kind: Pod
metadata: {name: p, namespace: default}
spec:
  nodeName: x1
  containers: [{name: c, resources: {requests: {cpu: 500m}}}]
status: {phase: Running}
)");
    CHECK(messages(l).empty());
    const Topology* t = l.cluster.find_topology("t");
    REQUIRE(t);
    REQUIRE(t->levels.size() == 2);
    CHECK(*t->levels[1] == "kubernetes.io/hostname");
    REQUIRE(l.cluster.nodes.size() == 2);
    CHECK(l.cluster.nodes[0].ready);
    CHECK_FALSE(l.cluster.nodes[1].ready);
    REQUIRE(l.cluster.pods.size() == 1);
    CHECK(l.cluster.pods[0].node_name == "x1");
    CHECK(l.cluster.pods[0].phase == "Running");
}

TEST_CASE("job pod-template TAS annotations become a topologyRequest") {
    Loaded l = load(R"(apiVersion: batch/v1
kind: Job
metadata:
  name: j
  namespace: default
  labels: {kueue.x-k8s.io/queue-name: q}
spec:
  parallelism: 2
  template:
    metadata:
      annotations:
        kueue.x-k8s.io/podset-preferred-topology: cloud.com/rack
        kueue.x-k8s.io/podset-slice-required-topology: kubernetes.io/hostname
        kueue.x-k8s.io/podset-slice-size: "2"
    spec:
      containers: [{name: c}]
---
apiVersion: batch/v1
kind: Job
metadata:
  name: bad
  namespace: default
spec:
  template:
    metadata:
      annotations:
        kueue.x-k8s.io/podset-unconstrained-topology: maybe
    spec:
      containers: [{name: c}]
)");
    REQUIRE(l.cluster.jobs.size() == 2);
    const auto& r = l.cluster.jobs[0].pod_sets[0].topology_request;
    REQUIRE(r);
    CHECK(*r->preferred == "cloud.com/rack");
    CHECK(*r->slice_required_topology == "kubernetes.io/hostname");
    CHECK(*r->slice_size == 2);
    CHECK_FALSE(l.cluster.jobs[1].pod_sets[0].topology_request);
    auto m = messages(l);
    REQUIRE(m.size() == 1);
    CHECK(m[0].find("kueue.x-k8s.io/podset-unconstrained-topology: expected true or false, found \"maybe\"") !=
          std::string::npos);
}
