// TAS placement (sim/tas): the domain tree, free capacity after non-TAS pods, BestFit and
// LeastFreeCapacity, and Kueue's messages (pkg/cache/scheduler/tas_flavor_snapshot.go).
#include "model/loader.h"
#include "sim/tas/tas_placement.h"
#include "sim/tas/tas_tree.h"

#include <catch2/catch.hpp>

using namespace kg;
using namespace kg::sim::tas;

namespace {

std::string node(const std::string& name, const std::string& rack, int cpu, const std::string& extra = "") {
    return "apiVersion: v1\nkind: Node\nmetadata:\n  name: " + name + "\n  labels: {tas: \"true\", cloud.com/rack: " +
           rack + ", kubernetes.io/hostname: " + name + "}\n" + extra + "status:\n  allocatable: {cpu: \"" +
           std::to_string(cpu) + "\", pods: \"10\"}\n  conditions: [{type: Ready, status: \"True\"}]\n---\n";
}

struct Fixture {
    model::Cluster cl;
    std::map<std::string, TasFlavor> flavors;
    model::PodSpec spec;

    explicit Fixture(const std::string& nodes) {
        model::DiagSink d;
        model::load_text("in.yaml", R"(apiVersion: kueue.x-k8s.io/v1beta2
kind: Topology
metadata: {name: topo}
spec:
  levels: [{nodeLabel: cloud.com/rack}, {nodeLabel: kubernetes.io/hostname}]
---
apiVersion: kueue.x-k8s.io/v1beta2
kind: ResourceFlavor
metadata: {name: tas}
spec:
  nodeLabels: {tas: "true"}
  topologyName: topo
---
)" + nodes, cl, d);
        REQUIRE(d.error_count() == 0);
        flavors = build_tas_flavors(cl);
    }

    PlacementResult place(const model::PodSetTopologyRequest& r, int count, const DomainUsage& usage = {}) {
        PlacementRequest req;
        req.pod_set = "main";
        req.request = &r;
        req.spec = &spec;
        req.per_pod = {{"cpu", 1000}};
        req.count = count;
        LeafUsage dense = leaf_usage(flavors.at("tas"), usage);
        return find_placement(flavors.at("tas"), &dense, {}, req);
    }
};

std::vector<std::pair<std::string, int>> domains(const PlacementResult& r) {
    std::vector<std::pair<std::string, int>> out;
    for (const auto& d : r.assignment->domains) out.emplace_back(d.values.back(), d.count);
    return out;
}

}  // namespace

TEST_CASE("the tree holds the Ready nodes the flavor selects, less non-TAS pods") {
    Fixture f(node("a1", "r1", 4) + node("a2", "r1", 2) + node("b1", "r2", 4) +
              "apiVersion: v1\nkind: Pod\nmetadata: {name: p, namespace: d}\nspec:\n  nodeName: a1\n"
              "  containers: [{name: c, resources: {requests: {cpu: \"1\"}}}]\nstatus: {phase: Running}\n---\n"
              "apiVersion: v1\nkind: Pod\nmetadata: {name: done, namespace: d}\nspec:\n  nodeName: b1\n"
              "  containers: [{name: c, resources: {requests: {cpu: \"3\"}}}]\nstatus: {phase: Succeeded}\n");
    const TasFlavor& t = f.flavors.at("tas");
    CHECK(t.lowest_is_hostname);
    CHECK(t.roots.size() == 2);
    REQUIRE(t.leaf_by_id.count("a1"));
    const auto& free = t.leaves[t.leaf_by_id.at("a1")].free;
    CHECK(free.at("cpu") == 3000);
    CHECK(free.at("pods") == 9);
    CHECK(t.leaves[t.leaf_by_id.at("b1")].free.at("cpu") == 4000);
}

TEST_CASE("required: one rack or a verbatim Kueue message") {
    Fixture f(node("a1", "r1", 4) + node("a2", "r1", 2) + node("b1", "r2", 4));
    model::PodSetTopologyRequest r;
    r.required = "cloud.com/rack";
    // BestFit: r2 (4) is the tightest rack that fits 4 pods.
    auto ok = f.place(r, 4);
    REQUIRE(ok.assignment);
    CHECK(ok.assignment->levels == std::vector<std::string>{"kubernetes.io/hostname"});
    CHECK(domains(ok) == std::vector<std::pair<std::string, int>>{{"b1", 4}});
    auto no = f.place(r, 7);
    CHECK_FALSE(no.assignment);
    CHECK(no.failure == "topology \"topo\" allows to fit only 6 out of 7 pod(s)");
    model::PodSetTopologyRequest missing;
    missing.required = "cloud.com/zone";
    CHECK(f.place(missing, 1).failure == "no requested topology level: cloud.com/zone");
}

TEST_CASE("preferred falls back to a higher level; usage of admitted workloads counts") {
    Fixture f(node("a1", "r1", 4) + node("a2", "r1", 2) + node("b1", "r2", 4));
    model::PodSetTopologyRequest r;
    r.preferred = "kubernetes.io/hostname";
    auto spread = f.place(r, 5);
    REQUIRE(spread.assignment);
    CHECK(domains(spread) == std::vector<std::pair<std::string, int>>{{"a1", 4}, {"a2", 1}});
    DomainUsage used{{"a1", {{"cpu", 4000}, {"pods", 4}}}};
    auto moved = f.place(r, 5, used);
    REQUIRE(moved.assignment);
    // Kueue orders domains by their full level values: rack r1 before r2.
    CHECK(domains(moved) == std::vector<std::pair<std::string, int>>{{"a2", 1}, {"b1", 4}});
}

TEST_CASE("unconstrained takes the least free domains first") {
    Fixture f(node("a1", "r1", 4) + node("a2", "r1", 2) + node("b1", "r2", 4));
    model::PodSetTopologyRequest r;
    r.unconstrained = true;
    auto res = f.place(r, 2);
    REQUIRE(res.assignment);
    CHECK(domains(res) == std::vector<std::pair<std::string, int>>{{"a2", 2}});
}

TEST_CASE("untolerated taints and full nodes are named in the message") {
    Fixture f(node("a1", "r1", 4, "spec:\n  taints: [{key: gpu, value: \"yes\", effect: NoSchedule}]\n") +
              node("a2", "r1", 0));
    model::PodSetTopologyRequest r;
    r.required = "kubernetes.io/hostname";
    auto res = f.place(r, 1);
    CHECK_FALSE(res.assignment);
    CHECK(res.failure == "topology \"topo\" doesn't allow to fit any of 1 pod(s). Total nodes: 2; excluded: "
                         "resource \"cpu\": 1, taint \"gpu=yes:NoSchedule\": 1");
}
