// KQ3006 skips computing a pod's request when no resource its pod sets name is an
// uncovered accelerator; these cases put the accelerator in every place a request can
// come from (limits only, a sidecar, a regular init container, overhead) and check it is
// still found, and that covered, excluded and zero requests still stay silent.
#include "lint/engine.h"
#include "model/loader.h"
#include "loaded_cluster.h"

#include <catch2/catch.hpp>

#include <set>
#include <string>

namespace {

const char* k_queues = R"(apiVersion: kueue.x-k8s.io/v1beta2
kind: ClusterQueue
metadata:
  name: cpu-only
spec:
  namespaceSelector: {}
  resourceGroups:
  - coveredResources: ["cpu", "example.com/fpga"]
    flavors:
    - name: default
      resources:
      - {name: cpu, nominalQuota: "8"}
      - {name: example.com/fpga, nominalQuota: "8"}
---
apiVersion: kueue.x-k8s.io/v1beta2
kind: LocalQueue
metadata:
  name: q
  namespace: team
spec:
  clusterQueue: cpu-only
)";

std::string job(const std::string& name, const std::string& pod_spec) {
    return "---\napiVersion: batch/v1\nkind: Job\nmetadata:\n  name: " + name +
           "\n  namespace: team\n  labels:\n    kueue.x-k8s.io/queue-name: q\nspec:\n  template:\n    spec:\n"
           "      restartPolicy: Never\n" + pod_spec;
}

std::string container(const char* key, const std::string& resources) {
    return std::string("      ") + key + ":\n      - name: c\n        image: busybox\n" + resources;
}

/// Object names with a KQ3006 finding.
std::set<std::string> flagged(const std::string& text, std::vector<std::string> excluded = {}) {
    kg::model::DiagSink diags;
    kg::model::Cluster& cluster = kg::lint::test::loaded_cluster(text, diags);
    kg::model::GovernancePolicy policy;
    policy.accelerators = {"example.com/fpga"};
    kg::model::KueueConfig kueue;
    kueue.exclude_resource_prefixes = std::move(excluded);
    kg::lint::RuleContext cx{cluster, policy, kueue, diags.items()};
    kg::lint::LintOptions opt;
    opt.enable = {"KQ3006"};
    std::set<std::string> out;
    for (const kg::model::Finding& f : kg::lint::run_lint(cx, opt).findings) {
        out.insert(f.object.name);
    }
    return out;
}

}  // namespace

TEST_CASE("KQ3006 finds an uncovered accelerator wherever the pod spec requests it", "[lint][governance]") {
    std::string text = k_queues;
    text += job("limits-only", container("containers", "        resources:\n          limits: {nvidia.com/gpu: 1}\n"));
    text += job("sidecar", container("containers", "") +
                               "      initContainers:\n      - name: s\n        image: busybox\n"
                               "        restartPolicy: Always\n        resources:\n"
                               "          requests: {amd.com/gpu: 1}\n");
    text += job("init", container("containers", "") + container("initContainers",
                                                              "        resources:\n          requests: {google.com/tpu: 4}\n"));
    text += job("overhead", container("containers", "") + "      overhead: {habana.ai/gaudi: 1}\n");
    // covered by the queue, zero, and a plain resource: nothing to report
    text += job("covered", container("containers", "        resources:\n          requests: {example.com/fpga: 2}\n"));
    text += job("zero", container("containers", "        resources:\n          requests: {nvidia.com/gpu: 0}\n"));
    text += job("plain", container("containers", "        resources:\n          requests: {cpu: 2}\n"));
    CHECK(flagged(text) == std::set<std::string>{"limits-only", "sidecar", "init", "overhead"});
}

TEST_CASE("KQ3006 stays silent on accelerators under excludeResourcePrefixes", "[lint][governance]") {
    std::string text = k_queues;
    text += job("gpu", container("containers", "        resources:\n          requests: {nvidia.com/gpu: 1}\n"));
    text += job("tpu", container("containers", "        resources:\n          requests: {google.com/tpu: 1}\n"));
    CHECK(flagged(text, {"nvidia.com/"}) == std::set<std::string>{"tpu"});
    CHECK(flagged(text).size() == 2);
}
