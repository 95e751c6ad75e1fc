// Per-pod requests and totals as Kueue computes them (kueue-admission.md §2, R3.4).
#include "model/pod_requests.h"

#include <catch2/catch.hpp>

#include <limits>

using namespace kg::model;

namespace {

Located<Quantity> q(const char* s) { return Located<Quantity>(*Quantity::parse(s)); }

Container ctr(std::initializer_list<std::pair<const char*, const char*>> req,
              std::initializer_list<std::pair<const char*, const char*>> lim = {}, const char* restart = "") {
    Container c;
    for (auto [k, v] : req) {
        c.requests[k] = q(v);
    }
    for (auto [k, v] : lim) {
        c.limits[k] = q(v);
    }
    c.restart_policy = restart;
    return c;
}

}  // namespace

TEST_CASE("regular containers add up", "[model][pod_requests]") {
    PodSpec p;
    p.containers = {ctr({{"cpu", "500m"}, {"memory", "1Gi"}}), ctr({{"cpu", "1500m"}, {"nvidia.com/gpu", "1"}})};
    ResourceAmounts r = pod_requests(p);
    CHECK(r == ResourceAmounts{{"cpu", 2000}, {"memory", 1073741824}, {"nvidia.com/gpu", 1}});
}

TEST_CASE("a limit without a request is the request; an existing request wins", "[model][pod_requests]") {
    PodSpec p;
    p.containers = {ctr({{"cpu", "1"}}, {{"cpu", "4"}, {"memory", "2Gi"}})};
    ResourceAmounts r = pod_requests(p);
    CHECK(r.at("cpu") == 1000);
    CHECK(r.at("memory") == 2147483648);
}

TEST_CASE("init containers count through their maximum", "[model][pod_requests]") {
    PodSpec p;
    p.containers = {ctr({{"cpu", "1"}, {"memory", "1Gi"}})};
    p.init_containers = {ctr({{"cpu", "3"}}), ctr({{"memory", "512Mi"}})};
    ResourceAmounts r = pod_requests(p);
    CHECK(r.at("cpu") == 3000);            // init container's 3 > containers' 1
    CHECK(r.at("memory") == 1073741824);  // containers' 1Gi > init's 512Mi
}

TEST_CASE("sidecars run beside later init containers and the main containers", "[model][pod_requests]") {
    PodSpec p;
    p.containers = {ctr({{"cpu", "1"}})};
    p.init_containers = {ctr({{"cpu", "500m"}}, {}, "Always"), ctr({{"cpu", "2"}}),
                         ctr({{"cpu", "250m"}}, {}, "Always")};
    // containers + sidecars = 1 + 0.5 + 0.25 = 1.75; regular init use = 2 + 0.5 = 2.5
    CHECK(pod_requests(p).at("cpu") == 2500);
    p.init_containers[1] = ctr({{"cpu", "1"}});
    CHECK(pod_requests(p).at("cpu") == 1750);
}

TEST_CASE("pod-level requests replace cpu, memory and hugepages only", "[model][pod_requests]") {
    PodSpec p;
    p.containers = {ctr({{"cpu", "1"}, {"memory", "1Gi"}, {"nvidia.com/gpu", "2"}})};
    p.pod_requests["cpu"] = q("3");
    p.pod_requests["nvidia.com/gpu"] = q("8");  // not a pod-level resource: ignored
    ResourceAmounts r = pod_requests(p);
    CHECK(r.at("cpu") == 3000);
    CHECK(r.at("memory") == 1073741824);
    CHECK(r.at("nvidia.com/gpu") == 2);
    p.pod_requests.clear();
    p.pod_limits["memory"] = q("4Gi");  // a pod-level limit is the pod-level request
    CHECK(pod_requests(p).at("memory") == 4294967296);
}

TEST_CASE("overhead is added after everything else", "[model][pod_requests]") {
    PodSpec p;
    p.containers = {ctr({{"cpu", "1"}})};
    p.pod_requests["cpu"] = q("2");
    p.overhead["cpu"] = q("250m");
    p.overhead["memory"] = q("120Mi");
    ResourceAmounts r = pod_requests(p);
    CHECK(r.at("cpu") == 2250);
    CHECK(r.at("memory") == 125829120);
}

TEST_CASE("sums are exact before the ceiling conversion", "[model][pod_requests]") {
    PodSpec p;
    p.containers = {ctr({{"cpu", "0.0005"}}), ctr({{"cpu", "0.0005"}}), ctr({{"memory", "100m"}})};
    ResourceAmounts r = pod_requests(p);
    CHECK(r.at("cpu") == 1);     // 0.5m + 0.5m = 1m, not ceil(0.5m) * 2
    CHECK(r.at("memory") == 1);  // 0.1 byte rounds up
}

TEST_CASE("the pods resource is one per pod when asked for", "[model][pod_requests]") {
    PodSpec p;
    p.containers = {ctr({{"cpu", "1"}})};
    CHECK(pod_requests(p).count("pods") == 0);
    PodSet ps;
    ps.template_spec = p;
    ps.count = 7;
    ResourceAmounts t = pod_set_totals(ps, ps.count, PodsResource::include);
    CHECK(t.at("pods") == 7);
    CHECK(t.at("cpu") == 7000);
}

TEST_CASE("totals scale by the effective count and saturate", "[model][pod_requests]") {
    PodSpec p;
    p.containers = {ctr({{"cpu", "1"}, {"example.com/huge", "9223372036854775807"}})};
    PodSet ps;
    ps.template_spec = p;
    ps.count = 4;
    CHECK(pod_set_totals(ps, 0) == ResourceAmounts{{"cpu", 0}, {"example.com/huge", 0}});
    ResourceAmounts t = pod_set_totals(ps, 3);
    CHECK(t.at("cpu") == 3000);
    CHECK(t.at("example.com/huge") == std::numeric_limits<std::int64_t>::max());
}

TEST_CASE("reclaimable pods lower the effective count", "[model][pod_requests]") {
    CHECK(effective_count(5, 0) == 5);
    CHECK(effective_count(5, 2) == 3);
    CHECK(effective_count(5, 9) == 0);
    Workload wl;
    PodSet ps;
    ps.name.value = "workers";
    ps.count = 4;
    wl.reclaimable_pods = {{"launcher", 1}, {"workers", 3}};
    CHECK(effective_count(wl, ps) == 1);
}

TEST_CASE("resources are visited in FNV-1a order", "[model][pod_requests]") {
    CHECK(fnv1a64("") == 14695981039346656037ull);
    CHECK(fnv1a64("a") == 0xaf63dc4c8601ec8cull);
    ResourceAmounts r{{"cpu", 1}, {"memory", 1}, {"pods", 1}, {"nvidia.com/gpu", 1}, {"example.com/gpu", 1},
                      {"ephemeral-storage", 1}};
    CHECK(kueue_resource_order(r) == std::vector<std::string>{"ephemeral-storage", "memory", "nvidia.com/gpu", "pods",
                                                              "example.com/gpu", "cpu"});
    CHECK(kueue_resource_less("memory", "cpu"));
    CHECK_FALSE(kueue_resource_less("cpu", "memory"));
    CHECK_FALSE(kueue_resource_less("cpu", "cpu"));
}

TEST_CASE("requests above limits fail with Kueue's message", "[model][pod_requests]") {
    PodSet ok;
    ok.template_spec.containers = {ctr({{"cpu", "1"}}, {{"cpu", "2"}, {"memory", "1Gi"}})};
    CHECK(validate_requests_within_limits({ok}) == "");

    PodSet bad;
    bad.template_spec.containers = {ctr({{"cpu", "1"}}), ctr({{"cpu", "3"}, {"memory", "2Gi"}}, {{"cpu", "2"}, {"memory", "1Gi"}})};
    CHECK(validate_requests_within_limits({ok, bad}) ==
          "resources validation failed: spec.podSets[1].template.spec.containers[1]: Invalid value: "
          "[\"memory\",\"cpu\"]: requests must not exceed its limits");

    bad.template_spec.init_containers = {ctr({{"nvidia.com/gpu", "2"}}, {{"nvidia.com/gpu", "1"}})};
    bad.template_spec.pod_requests["cpu"] = q("4");
    bad.template_spec.pod_limits["cpu"] = q("3");
    CHECK(validate_requests_within_limits({bad}) ==
          "resources validation failed: [spec.podSets[0].template.spec.initContainers[0]: Invalid value: "
          "[\"nvidia.com/gpu\"]: requests must not exceed its limits, spec.podSets[0].template.spec.containers[1]: "
          "Invalid value: [\"memory\",\"cpu\"]: requests must not exceed its limits, "
          "spec.podSets[0].template.spec.resources: Invalid value: [\"cpu\"]: requests must not exceed its limits]");
}

TEST_CASE("excluded resource prefixes are dropped", "[model][pod_requests]") {
    ResourceAmounts r{{"cpu", 1}, {"networking.example.com/vpc1", 1}, {"networking.example.com/vpc2", 2},
                      {"memory", 5}};
    drop_excluded_resources(r, {});
    CHECK(r.size() == 4);
    drop_excluded_resources(r, {"networking.example.com/", "mem"});
    CHECK(r == ResourceAmounts{{"cpu", 1}});
}
