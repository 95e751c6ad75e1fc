// The inspect view: cohort forest, inactive reasons and usage from exported Workloads.
#include "model/loader.h"
#include "sim/queue_overview.h"

#include <catch2/catch.hpp>

using namespace kg::model;
using namespace kg::sim;

TEST_CASE("the example cluster's usage is summed from reserving workloads", "[sim][queue_overview]") {
    Cluster c;
    DiagSink d;
    REQUIRE(load_paths({KG_SOURCE_DIR "/testdata/examples"}, c, d));
    REQUIRE(d.empty());
    QueueOverview t = build_queue_overview(c);
    REQUIRE(t.root_cohorts == std::vector<std::string>{"gpu-pool"});
    CHECK(t.cohorts.at("gpu-pool").cluster_queues.size() == 3);
    const ClusterQueueSummary& nlp = t.cluster_queues.at("team-nlp");
    CHECK(nlp.admitted == 2);
    CHECK(nlp.usage.at({"h100-ondemand", "nvidia.com/gpu"}) == 16);
    CHECK(nlp.usage.at({"h100-ondemand", "cpu"}) == 96000);  // milli-cores
    CHECK(t.cluster_queues.at("team-research").pending == 2);
    CHECK(t.standalone_queues == std::vector<std::string>{"cpu-batch"});
    CHECK(t.cluster_queues.at("cpu-batch").inactive_reasons.empty());
}

TEST_CASE("implicit cohorts, parent cycles and missing flavors", "[sim][queue_overview]") {
    Cluster c;
    DiagSink d;
    load_text("in.yaml", R"(apiVersion: kueue.x-k8s.io/v1beta2
kind: Cohort
metadata: {name: a}
spec: {parentName: b}
---
apiVersion: kueue.x-k8s.io/v1beta2
kind: Cohort
metadata: {name: b}
spec: {parentName: a}
---
apiVersion: kueue.x-k8s.io/v1beta2
kind: ClusterQueue
metadata: {name: q}
spec:
  cohortName: implicit-root
  stopPolicy: Hold
  resourceGroups:
  - coveredResources: [cpu]
    flavors:
    - name: missing
      resources: [{name: cpu, nominalQuota: 1}]
)",
              c, d);
    REQUIRE(d.empty());
    QueueOverview t = build_queue_overview(c);
    CHECK(t.cohorts.at("a").in_cycle);
    CHECK(t.cohorts.at("implicit-root").cohort == nullptr);
    const auto& reasons = t.cluster_queues.at("q").inactive_reasons;
    REQUIRE(reasons.size() == 2);
    CHECK(reasons[0] == "is stopped");
    CHECK(reasons[1] == "references missing ResourceFlavor(s): missing");
}
