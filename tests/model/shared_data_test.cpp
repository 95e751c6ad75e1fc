// Every shared manifest loads without a crash and yields the Kueue objects it
// holds (counted by hand from the files; Job kinds are left to the jobs tests).
// The exports folder holds Markdown only, so nothing there is loaded.
#include "model/loader.h"

#include <catch2/catch.hpp>

#include <filesystem>

using namespace kg::model;

namespace {

struct Expected {
    const char* file;
    std::size_t flavors, cluster_queues, local_queues, admission_checks;
};

constexpr Expected k_manifests[] = {
    {"GoogleCloudPlatform__kubernetes-engine-samples/batch__kueue-intro__cluster-queue.yaml", 0, 1, 0, 0},
    {"GoogleCloudPlatform__kubernetes-engine-samples/batch__kueue-intro__flavors.yaml", 1, 0, 0, 0},
    {"GoogleCloudPlatform__kubernetes-engine-samples/batch__kueue-intro__job-team-a.yaml", 0, 0, 0, 0},
    {"GoogleCloudPlatform__kubernetes-engine-samples/batch__kueue-intro__job-team-b.yaml", 0, 0, 0, 0},
    {"GoogleCloudPlatform__kubernetes-engine-samples/batch__kueue-intro__local-queue.yaml", 0, 0, 2, 0},
    {"kubernetes-sigs__jobset/site__static__examples__tpu-multislice__kueue-config.yaml", 1, 1, 1, 0},
    {"kubernetes-sigs__jobset/site__static__examples__tpu-multislice__v6e-jax-workload.yaml", 0, 0, 0, 0},
    {"kubernetes-sigs__kueue/site__static__examples__admin__concurrent-admission-setup.yaml", 3, 1, 1, 0},
    {"kubernetes-sigs__kueue/site__static__examples__admin__minimal-cq.yaml", 0, 1, 0, 0},
    {"kubernetes-sigs__kueue/site__static__examples__admin__resource-flavor-empty.yaml", 1, 0, 0, 0},
    {"kubernetes-sigs__kueue/site__static__examples__admin__resource-flavor-taints.yaml", 1, 0, 0, 0},
    {"kubernetes-sigs__kueue/site__static__examples__admin__resource-flavor-tolerations.yaml", 1, 0, 0, 0},
    {"kubernetes-sigs__kueue/site__static__examples__admin__shared-quota-sample-job.yaml", 0, 0, 0, 0},
    {"kubernetes-sigs__kueue/site__static__examples__admin__shared-quota-setup.yaml", 3, 1, 1, 0},
    {"kubernetes-sigs__kueue/site__static__examples__admin__single-clusterqueue-setup.yaml", 1, 1, 1, 0},
    {"kubernetes-sigs__kueue/site__static__examples__admission-fs__admission-fair-sharing-setup.yaml", 1, 1, 2, 0},
    {"kubernetes-sigs__kueue/site__static__examples__admission-fs__lq-a-simple-job.yaml", 0, 0, 0, 0},
    {"kubernetes-sigs__kueue/site__static__examples__admission-fs__lq-b-simple-job.yaml", 0, 0, 0, 0},
    {"kubernetes-sigs__kueue/site__static__examples__dra__sample-dra-extended-resource-job.yaml", 0, 0, 0, 0},
    {"kubernetes-sigs__kueue/site__static__examples__dra__sample-dra-queues.yaml", 1, 1, 1, 0},
    {"kubernetes-sigs__kueue/site__static__examples__getting-started__quick-start-job.yaml", 0, 0, 0, 0},
    {"kubernetes-sigs__kueue/site__static__examples__getting-started__quick-start-setup.yaml", 1, 1, 1, 0},
    {"kubernetes-sigs__kueue/site__static__examples__jobs__ray-cluster-sample.yaml", 0, 0, 0, 0},
    {"kubernetes-sigs__kueue/site__static__examples__jobs__ray-job-sample.yaml", 0, 0, 0, 0},
    {"kubernetes-sigs__kueue/site__static__examples__jobs__sample-cronjob.yaml", 0, 0, 0, 0},
    {"kubernetes-sigs__kueue/site__static__examples__jobs__sample-job-partial-admission.yaml", 0, 0, 0, 0},
    {"kubernetes-sigs__kueue/site__static__examples__jobs__sample-job.yaml", 0, 0, 0, 0},
    {"kubernetes-sigs__kueue/site__static__examples__jobs__sample-jobset-tas-required.yaml", 0, 0, 0, 0},
    {"kubernetes-sigs__kueue/site__static__examples__jobs__sample-jobset.yaml", 0, 0, 0, 0},
    {"kubernetes-sigs__kueue/site__static__examples__jobs__sample-mpijob.yaml", 0, 0, 0, 0},
    {"kubernetes-sigs__kueue/site__static__examples__jobs__sample-pytorchjob.yaml", 0, 0, 0, 0},
    {"kubernetes-sigs__kueue/site__static__examples__multikueue__multikueue-setup.yaml", 1, 1, 1, 1},
    {"kubernetes-sigs__kueue/site__static__examples__multikueue__tas__manager-setup.yaml", 1, 1, 1, 1},
    {"kubernetes-sigs__kueue/site__static__examples__multikueue__tas__worker-setup.yaml", 1, 1, 1, 0},
    {"kubernetes-sigs__kueue/site__static__examples__pod-based-workloads__workflow-single-queue.yaml", 0, 0, 0, 0},
    {"kubernetes-sigs__kueue/site__static__examples__pods-kueue__kueue-pod-group.yaml", 0, 0, 0, 0},
    {"kubernetes-sigs__kueue/site__static__examples__pods-kueue__kueue-pod.yaml", 0, 0, 0, 0},
    {"kubernetes-sigs__kueue/site__static__examples__provisioning__provisioning-setup.yaml", 1, 1, 1, 1},
    {"kubernetes-sigs__kueue/site__static__examples__provisioning__sample-job.yaml", 0, 0, 0, 0},
    {"kubernetes-sigs__kueue/site__static__examples__sample-admission-check.yaml", 0, 0, 0, 1},
    {"kubernetes-sigs__kueue/site__static__examples__serving-workloads__sample-deployment.yaml", 0, 0, 0, 0},
    {"kubernetes-sigs__kueue/site__static__examples__serving-workloads__sample-hami.yaml", 1, 1, 1, 0},
    {"kubernetes-sigs__kueue/site__static__examples__serving-workloads__sample-leaderworkerset.yaml", 0, 0, 0, 0},
    {"kubernetes-sigs__kueue/site__static__examples__tas__sample-gpu-queues.yaml", 1, 1, 1, 0},
    {"kubernetes-sigs__kueue/site__static__examples__tas__sample-job-required.yaml", 0, 0, 0, 0},
    {"kubernetes-sigs__kueue/site__static__examples__tas__sample-queues.yaml", 1, 1, 1, 0},
    {"kubernetes-sigs__kueue@v0.14.0/site__static__examples__admin__single-clusterqueue-setup.yaml", 1, 1, 1, 0},
    {"kubernetes-sigs__kueue@v0.14.0/site__static__examples__admission-fs__admission-fair-sharing-setup.yaml", 1, 1, 2, 0},
    {"kubernetes-sigs__kueue@v0.14.0/site__static__examples__multikueue__multikueue-setup.yaml", 1, 1, 1, 1},
    {"kubernetes-sigs__kueue@v0.14.0/site__static__examples__provisioning__provisioning-setup.yaml", 1, 1, 1, 1},
    {"kubernetes-sigs__kueue@v0.14.0/site__static__examples__tas__sample-gpu-queues.yaml", 1, 1, 1, 0},
    {"kubernetes-sigs__kueue@v0.14.0/site__static__examples__tas__sample-queues.yaml", 1, 1, 1, 0},
};

}  // namespace

TEST_CASE("every shared manifest loads with the Kueue objects it holds", "[model][decode][data]") {
    const std::string dir = std::string(KG_SHARED_DIR) + "/data/manifests/";
    for (const Expected& e : k_manifests) {
        INFO(e.file);
        Cluster c;
        DiagSink diags;
        REQUIRE(load_paths({dir + e.file}, c, diags));
        for (const Diagnostic& d : diags.items()) {
            INFO(format_diagnostic(c.files, d, false));
            CHECK(d.severity != Severity::error);
        }
        CHECK(c.resource_flavors.size() == e.flavors);
        CHECK(c.cluster_queues.size() == e.cluster_queues);
        CHECK(c.local_queues.size() == e.local_queues);
        CHECK(c.admission_checks.size() == e.admission_checks);
        CHECK(c.cohorts.empty());
        CHECK(c.workloads.empty());
    }
}

TEST_CASE("the whole shared data folder loads at once", "[model][decode][data]") {
    Cluster c;
    DiagSink diags;
    REQUIRE(load_paths({std::string(KG_SHARED_DIR) + "/data/manifests", std::string(KG_SHARED_DIR) + "/data/exports"},
                       c, diags));
    CHECK(c.resource_flavors.size() == 28);
    CHECK(c.cluster_queues.size() == 22);
    CHECK(c.local_queues.size() == 24);
    CHECK(c.admission_checks.size() == 6);
    // Every CQ of the Kueue samples names its flavors; none is left without a name.
    for (const ClusterQueue& cq : c.cluster_queues) {
        CHECK_FALSE(cq.meta.name->empty());
        CHECK(cq.meta.doc_pos.known());
    }
    CHECK(c.find_cluster_queue("cluster-queue") != nullptr);
}

TEST_CASE("the bundled example cluster loads without diagnostics", "[model][decode][data]") {
    Cluster c;
    DiagSink diags;
    REQUIRE(load_paths({std::string(KG_SOURCE_DIR) + "/testdata/examples"}, c, diags));
    for (const Diagnostic& d : diags.items()) {
        FAIL_CHECK(format_diagnostic(c.files, d, false));
    }
    CHECK(c.cohorts.size() == 1);
    CHECK(c.find_cohort("gpu-pool") != nullptr);
    CHECK(c.find_cluster_queue("team-nlp") != nullptr);
    CHECK(c.find_cluster_queue("team-vision") != nullptr);
    CHECK(c.find_cluster_queue("team-research") != nullptr);
    CHECK_FALSE(c.workloads.empty());
    CHECK(c.skipped_kinds.empty());
}
