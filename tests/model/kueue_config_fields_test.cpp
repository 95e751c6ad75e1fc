// Unknown keys of Kueue's manager Configuration (issue 11): Kueue decodes it strictly, so each
// one is an issue at the key, with "did you mean", per version (v1beta1 and v1beta2 differ).
#include "model/loader.h"

#include <catch2/catch.hpp>

using namespace kg::model;

namespace {

std::vector<std::string> issues(const std::string& text) {
    Cluster c;
    DiagSink d;
    load_text("kueue.yaml", text, c, d);
    std::vector<std::string> out;
    REQUIRE(c.kueue_config.has_value());
    for (const ConfigIssue& i : c.kueue_config->issues) {
        out.push_back(std::to_string(i.pos.line) + ":" + std::to_string(i.pos.col) + " " + i.message);
    }
    return out;
}

}  // namespace

TEST_CASE("a misspelt Configuration key is named at its position with did-you-mean", "[model][kueue-config]") {
    CHECK(issues("apiVersion: config.kueue.x-k8s.io/v1beta2\n"
                 "kind: Configuration\n"
                 "intgrations:\n"
                 "  frameworks: [batch/job]\n"
                 "multiKueue:\n"
                 "  externalFrameworks:\n"
                 "  - nam: x\n"
                 "featureGates: {AnyGate: true}\n") ==
          std::vector<std::string>{
              "3:1 strict decoding error: unknown field \"intgrations\"; did you mean \"integrations\"?",
              "7:5 strict decoding error: unknown field \"multiKueue.externalFrameworks[0].nam\"; did you mean "
              "\"name\"?"});
}

TEST_CASE("fields of the other Configuration version are named as such", "[model][kueue-config]") {
    CHECK(issues("apiVersion: config.kueue.x-k8s.io/v1beta1\n"
                 "kind: Configuration\n"
                 "queueVisibility: {updateIntervalSeconds: 5}\n"
                 "fairSharing: {enable: true}\n"
                 "resources: {quotaCheckStrategy: IgnoreUndeclared}\n")
              .size() == 1);
    CHECK(issues("apiVersion: config.kueue.x-k8s.io/v1beta1\n"
                 "kind: Configuration\n"
                 "resources: {quotaCheckStrategy: IgnoreUndeclared}\n") ==
          std::vector<std::string>{"3:13 strict decoding error: unknown field \"resources.quotaCheckStrategy\" (a "
                                   "v1beta2 field, not in v1beta1)"});
    CHECK(issues("apiVersion: config.kueue.x-k8s.io/v1beta2\n"
                 "kind: Configuration\n"
                 "queueVisibility: {updateIntervalSeconds: 5}\n") ==
          std::vector<std::string>{
              "3:1 strict decoding error: unknown field \"queueVisibility\" (a v1beta1 field, not in v1beta2)"});
}

TEST_CASE("Kueue's shipped Configuration has no unknown field", "[model][kueue-config]") {
    // config/components/manager/controller_manager_config.yaml of Kueue ff69552e79, abridged.
    CHECK(issues("apiVersion: config.kueue.x-k8s.io/v1beta2\n"
                 "kind: Configuration\n"
                 "health:\n  healthProbeBindAddress: :8081\n"
                 "metrics:\n  bindAddress: :8443\n"
                 "webhook:\n  port: 9443\n"
                 "leaderElection:\n  leaderElect: true\n  resourceName: c1f6bfd2.kueue.x-k8s.io\n"
                 "controller:\n  groupKindConcurrency:\n    Job.batch: 5\n"
                 "clientConnection:\n  qps: 50\n  burst: 100\n"
                 "waitForPodsReady:\n  timeout: 5m\n  recoveryTimeout: 3m\n  blockAdmission: false\n"
                 "  requeuingStrategy:\n    timestamp: Eviction\n    backoffLimitCount: null\n"
                 "integrations:\n  frameworks:\n  - batch/job\n"
                 "managedJobsNamespaceSelector:\n  matchExpressions:\n  - key: kubernetes.io/metadata.name\n"
                 "    operator: NotIn\n    values: [kube-system, kueue-system]\n")
              .empty());
}
