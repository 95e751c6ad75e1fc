// Decoding misshapen input: wrong values are diagnosed at the value with exact text and the
// object kept; missing identity, unknown kinds, any node replaced by another shape and
// misshapen status lists never crash and never drop the good parts.
#include "model/loader.h"
#include "tests/model/decode_support.h"

#include <catch2/catch.hpp>

#include <algorithm>

using namespace kg::model;
using kg::model::test::errors;
using kg::model::test::load;

TEST_CASE("bad values are diagnosed at the value with exact text; the object is kept", "[model][decode]") {
    auto l = load(R"(apiVersion: kueue.x-k8s.io/v1beta2
kind: ClusterQueue
metadata:
  name: q
spec:
  queueingStrategy: Fastest
  resourceGroups:
  - coveredResources: [nvidia.com/gpu]
    flavors:
    - name: h100
      resources:
      - name: nvidia.com/gpu
        nominalQuota: 8 GPUs
)");
    auto e = errors(l);
    std::sort(e.begin(), e.end());  // decoders report in field order, not line order
    REQUIRE(e.size() == 2);
    CHECK(e[1] == "in.yaml:6:21: error: spec.queueingStrategy: expected one of \"BestEffortFIFO\", \"StrictFIFO\", "
                  "found \"Fastest\"");
    CHECK(e[0] == "in.yaml:13:23: error: expected a quantity such as \"8\", \"500m\" or \"16Gi\", found \"8 GPUs\"");
    REQUIRE(l.cluster.cluster_queues.size() == 1);
    const ClusterQueue& cq = l.cluster.cluster_queues[0];
    CHECK(*cq.queueing_strategy == QueueingStrategy::best_effort_fifo);
    CHECK(cq.resource_groups.at(0).flavors.at(0).resources.at(0).nominal_quota.pos.line == 13);
}

TEST_CASE("missing identity, unknown kinds and wrong shapes never crash", "[model][decode]") {
    auto l = load(R"(apiVersion: kueue.x-k8s.io/v1beta2
kind: LocalQueue
metadata: {namespace: ns}
spec: {clusterQueue: q}
---
kind: ResourceFlavor
metadata: {name: x}
---
apiVersion: example.com/v1
kind: Widget
metadata: {name: w}
---
apiVersion: example.com/v1
kind: Widget
metadata: {name: w2}
---
apiVersion: kueue.x-k8s.io/v1beta2
kind: ClusterQueue
metadata: {name: shapes}
spec:
  resourceGroups: {not: a list}
  preemption: [Never]
  namespaceSelector: [x]
  flavorFungibility: "x"
---
apiVersion: kueue.x-k8s.io/v1beta2
kind: Workload
metadata: {name: w, namespace: ns}
spec: {podSets: [[1], {count: many}], active: maybe}
status: {admission: {clusterQueue: q, podSetAssignments: [x, {name: main, resourceUsage: [1]}]}, conditions: [1]}
)");
    CHECK(l.cluster.local_queues.empty());
    CHECK(l.cluster.resource_flavors.empty());
    CHECK(l.cluster.skipped_kinds["Widget"] == 2);
    REQUIRE(l.cluster.cluster_queues.size() == 1);
    CHECK_FALSE(l.cluster.cluster_queues[0].preemption.present);
    REQUIRE(l.cluster.workloads.size() == 1);
    CHECK(l.cluster.workloads[0].active);
    auto e = errors(l);
    REQUIRE(e.size() >= 6);
    CHECK(e[0] == "in.yaml:3:11: error: expected metadata.name in this LocalQueue, found none");
    CHECK(e[1].rfind("in.yaml:6:1: error: expected apiVersion and kind", 0) == 0);
}
namespace {

// Every node of a tree, by address, so each one can be replaced in a copy.
void collect(yaml::Node& n, std::vector<yaml::Node*>& out) {
    out.push_back(&n);
    for (yaml::Node& i : n.items) {
        collect(i, out);
    }
    for (yaml::MapEntry& e : n.entries) {
        collect(e.value, out);
    }
}

}  // namespace

TEST_CASE("any node of the example objects replaced by another shape never crashes", "[model][decode]") {
    Cluster files;
    DiagSink parse_diags;
    std::vector<yaml::Node> objects;
    for (const char* f : {"flavors.yaml", "cohort-and-queues.yaml", "namespaces.yaml", "priority-classes.yaml",
                          "jobs.yaml", "workloads-export.yaml"}) {
        Cluster c;
        DiagSink d;
        REQUIRE(load_paths({std::string(KG_SOURCE_DIR) + "/testdata/examples/" + f}, c, d));
        for (std::uint32_t id = 0; id < c.files.size(); ++id) {
            parse_objects(id, c.files.text(id), parse_diags, {}, [&](yaml::Node&& n) { objects.push_back(std::move(n)); });
        }
    }
    REQUIRE(parse_diags.empty());
    REQUIRE(objects.size() > 20);
    std::vector<yaml::Node> shapes(4);
    shapes[0].kind = yaml::Node::Kind::scalar;
    shapes[0].scalar = "${X}";
    shapes[1].kind = yaml::Node::Kind::sequence;
    shapes[1].items.resize(1);
    shapes[2].kind = yaml::Node::Kind::mapping;
    shapes[2].entries.push_back({"name", {}, shapes[0]});
    std::size_t decoded = 0;
    for (const yaml::Node& obj : objects) {
        std::size_t count = 0;
        {
            yaml::Node copy = obj;
            std::vector<yaml::Node*> nodes;
            collect(copy, nodes);
            count = nodes.size();
        }
        for (std::size_t i = 1; i < count; ++i) {
            for (const yaml::Node& shape : shapes) {
                yaml::Node copy = obj;
                std::vector<yaml::Node*> nodes;
                collect(copy, nodes);
                SourcePos keep = nodes[i]->pos;
                *nodes[i] = shape;
                nodes[i]->pos = keep;
                Cluster out;
                DiagSink diags;
                decode_object(copy, out, diags);
                ++decoded;
            }
        }
    }
    CHECK(decoded > 1000);
}

TEST_CASE("apiVersion and kind: absent at the object, wrong shape at the value", "[model][decode]") {
    auto l = load("apiVersion: v1\nmetadata: {name: a}\n---\napiVersion: [v1]\nkind: Namespace\nmetadata: {name: b}\n"
                  "---\napiVersion: v1\nkind: {x: 1}\nmetadata: {name: c}\n");
    auto e = errors(l);
    REQUIRE(e.size() == 3);
    CHECK(e[0] == "in.yaml:1:1: error: expected apiVersion and kind in this object, found no kind");
    CHECK(e[1] == "in.yaml:4:13: error: apiVersion: expected a string, found a list");
    CHECK(e[2] == "in.yaml:9:7: error: kind: expected a string, found a mapping");
    CHECK(l.cluster.namespaces.empty());
}

TEST_CASE("a Kueue ConfigMap whose embedded document is not a Configuration is reported", "[model][decode]") {
    auto l = load("apiVersion: v1\nkind: ConfigMap\nmetadata: {name: kueue-manager-config}\ndata:\n"
                  "  controller_manager_config.yaml: |\n    apiVersion: v1\n    kind: Namespace\n    metadata: {name: x}\n");
    auto e = errors(l);
    REQUIRE(e.size() == 1);
    CHECK(e[0] == "in.yaml#controller_manager_config.yaml:2:7: error: controller_manager_config.yaml: expected a Kueue "
                  "Configuration, found \"Namespace\"");
    CHECK_FALSE(l.cluster.kueue_config.has_value());
    CHECK(l.cluster.namespaces.empty());
}

TEST_CASE("Workload status lists with misshapen items keep the good ones", "[model][decode]") {
    auto l = load(R"(apiVersion: kueue.x-k8s.io/v1beta1
kind: Workload
metadata: {name: w, namespace: ns}
spec:
  priorityClassName: high
  priorityClassSource: kueue.x-k8s.io/WorkloadPriorityClass
  podSets: [{name: main, count: 2, template: {spec: {containers: []}}}]
status:
  admission:
    clusterQueue: cq
    podSetAssignments:
    - oops
    - name: main
      flavors: {nvidia.com/gpu: h100}
      resourceUsage: {nvidia.com/gpu: "16"}
      count: 2
  reclaimablePods: [3, {name: main, count: 1}]
  admissionChecks: [x, {name: prov, state: Ready}]
)");
    auto e = errors(l);
    REQUIRE(e.size() == 4);
    CHECK(e[0] == "in.yaml:6:24: error: spec.priorityClassSource: expected one of "
                  "\"kueue.x-k8s.io/workloadpriorityclass\", \"scheduling.k8s.io/priorityclass\", \"\", found "
                  "\"kueue.x-k8s.io/WorkloadPriorityClass\"");
    CHECK(e[1] == "in.yaml:12:7: error: admission.podSetAssignments: expected a mapping, found \"oops\"");
    REQUIRE(l.cluster.workloads.size() == 1);
    const Workload& w = l.cluster.workloads[0];
    CHECK(w.priority_class.kind == PriorityClassKind::none);
    REQUIRE(w.admission.has_value());
    REQUIRE(w.admission->pod_set_assignments.size() == 1);
    CHECK(w.admission->pod_set_assignments[0].flavors.at("nvidia.com/gpu") == "h100");
    CHECK(w.admission->pod_set_assignments[0].resource_usage.at("nvidia.com/gpu").milli_value() == 16000);
    REQUIRE(w.reclaimable_pods.size() == 1);
    CHECK(w.reclaimable_pods[0].count == 1);
    REQUIRE(w.admission_checks.size() == 1);
    CHECK(w.admission_checks[0].state == CheckState::ready);
}
