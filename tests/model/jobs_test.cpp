// Jobs Kueue manages become the pod sets of the Workload Kueue would create: one
// fixture per integration under testdata/model/jobs/, checked pod set by pod set.
#include "model/jobs/workload_for_job.h"
#include "model/loader.h"
#include "model/pod_requests.h"

#include <catch2/catch.hpp>

#include <optional>

using namespace kg::model;

namespace {

struct Loaded {
    Cluster cluster;
    DiagSink diags;
};

Loaded load_fixture(const std::string& kind) {
    Loaded l;
    std::string path = std::string(KG_SOURCE_DIR) + "/testdata/model/jobs/" + kind + ".yaml";
    REQUIRE(load_paths({path}, l.cluster, l.diags));
    for (const Diagnostic& d : l.diags.items()) {
        FAIL_CHECK(format_diagnostic(l.cluster.files, d, false));
    }
    return l;
}

struct Expected {
    std::string name;
    std::int32_t count;
    ResourceAmounts per_pod;
    std::optional<std::int32_t> min_count = std::nullopt;
};

void check_pod_sets(const Job& job, const std::vector<Expected>& want) {
    INFO(job.meta.kind << " " << *job.meta.name);
    REQUIRE(job.pod_sets.size() == want.size());
    for (std::size_t i = 0; i < want.size(); ++i) {
        const PodSet& ps = job.pod_sets[i];
        INFO("pod set " << i);
        CHECK(*ps.name == want[i].name);
        CHECK(ps.count == want[i].count);
        CHECK(ps.min_count == want[i].min_count);
        CHECK(pod_requests(ps.template_spec) == want[i].per_pod);
    }
}

const Job& only_job(const Loaded& l) {
    REQUIRE(l.cluster.jobs.size() == 1);
    return l.cluster.jobs.front();
}

constexpr std::int64_t Mi = 1024 * 1024;
constexpr std::int64_t Gi = 1024 * Mi;

}  // namespace

TEST_CASE("batch Job: min(parallelism, completions), minCount, sidecars, overhead", "[model][jobs]") {
    Loaded l = load_fixture("job");
    REQUIRE(l.cluster.jobs.size() == 2);
    const Job& train = l.cluster.jobs[0];
    CHECK(train.has_queue_name);
    CHECK(*train.queue_name == "team-a-queue");
    CHECK(train.queue_name.pos.line == 10);
    CHECK(*train.priority_class == "high");
    CHECK(*train.pod_priority_class == "pod-low");
    CHECK(train.suspend);
    check_pod_sets(train, {{"main", 4, {{"cpu", 2250}, {"memory", 4 * Gi + 64 * Mi}, {"nvidia.com/gpu", 1}}, 2}});

    const Job& plain = l.cluster.jobs[1];
    CHECK_FALSE(plain.has_queue_name);
    CHECK(plain.queue_name->empty());
    CHECK_FALSE(plain.suspend);
    check_pod_sets(plain, {{"main", 1, {{"cpu", 500}}}});
}

TEST_CASE("JobSet: one pod set per replicatedJob, replicas x pods", "[model][jobs]") {
    Loaded l = load_fixture("jobset");
    check_pod_sets(only_job(l),
                   {{"driver", 1, {{"cpu", 1000}}}, {"workers", 6, {{"cpu", 2000}, {"nvidia.com/gpu", 8}}}});
}

TEST_CASE("RayJob: head, worker groups, submitter; sidecar mode grows the head", "[model][jobs]") {
    Loaded l = load_fixture("rayjob");
    REQUIRE(l.cluster.jobs.size() == 2);
    check_pod_sets(l.cluster.jobs[0], {{"head", 1, {{"cpu", 700}, {"memory", Gi + 512 * Mi}}},
                                       {"gpu-group", 4, {{"cpu", 4000}, {"nvidia.com/gpu", 1}}},
                                       {"small", 1, {{"cpu", 1000}}},
                                       {"submitter", 1, {{"cpu", 500}, {"memory", 200 * Mi}}}});
    check_pod_sets(l.cluster.jobs[1], {{"head", 1, {{"cpu", 1500}, {"memory", 200 * Mi}}}});
}

TEST_CASE("RayCluster: head and worker groups", "[model][jobs]") {
    Loaded l = load_fixture("raycluster");
    check_pod_sets(only_job(l), {{"head", 1, {{"cpu", 2000}, {"memory", 8 * Gi}}}, {"workers", 3, {{"cpu", 4000}}}});
}

TEST_CASE("Kubeflow jobs: replica types in Kueue's order, lower-case names", "[model][jobs]") {
    Loaded py = load_fixture("pytorchjob");
    const Job& bert = only_job(py);
    check_pod_sets(bert, {{"master", 1, {{"cpu", 1000}}}, {"worker", 3, {{"cpu", 2000}, {"nvidia.com/gpu", 1}}}});
    CHECK(bert.suspend);
    CHECK(*bert.pod_priority_class == "research");

    Loaded tf = load_fixture("tfjob");
    check_pod_sets(only_job(tf),
                   {{"chief", 1, {{"cpu", 500}}}, {"ps", 1, {{"memory", 2 * Gi}}}, {"worker", 2, {{"cpu", 1000}}}});

    for (const char* kind : {"xgboostjob", "paddlejob"}) {
        Loaded l = load_fixture(kind);
        check_pod_sets(only_job(l), {{"master", 1, {{"cpu", 1000}}}, {"worker", 2, {{"cpu", 3000}}}});
    }

    Loaded jax = load_fixture("jaxjob");
    check_pod_sets(only_job(jax), {{"worker", 2, {{"cpu", 2000}, {"google.com/tpu", 4}}}});
    CHECK_FALSE(only_job(jax).has_queue_name);
}

TEST_CASE("MPIJob: launcher then worker; PriorityClass from the launcher", "[model][jobs]") {
    Loaded l = load_fixture("mpijob");
    const Job& job = only_job(l);
    check_pod_sets(job, {{"launcher", 1, {{"cpu", 500}}}, {"worker", 4, {{"cpu", 8000}}}});
    CHECK(job.suspend);
    CHECK(*job.pod_priority_class == "launcher-pc");
}

TEST_CASE("TrainJob: the trainer nodes", "[model][jobs]") {
    Loaded l = load_fixture("trainjob");
    check_pod_sets(only_job(l), {{"node", 4, {{"cpu", 8000}, {"nvidia.com/gpu", 2}}}});
    CHECK(only_job(l).suspend);
}

TEST_CASE("Pods: single pods, pod groups by role, owned pods skipped", "[model][jobs]") {
    Loaded l = load_fixture("pod");
    REQUIRE(l.cluster.jobs.size() == 2);
    const Job& solo = l.cluster.jobs[0];
    check_pod_sets(solo, {{"main", 1, {{"cpu", 1000}}}});
    CHECK(solo.suspend);
    const Job& group = l.cluster.jobs[1];
    CHECK(group.workload_name == "group-a");
    check_pod_sets(group, {{"driver", 1, {{"cpu", 500}}}, {"worker", 2, {{"cpu", 2000}}}});
    CHECK(l.cluster.skipped_kinds["Pod"] == 1);
    CHECK(jobs::workload_for_job(group, l.cluster).meta.name.value == "group-a");
}

TEST_CASE("Deployment, StatefulSet and LeaderWorkerSet", "[model][jobs]") {
    Loaded d = load_fixture("deployment");
    check_pod_sets(only_job(d), {{"main", 1, {{"cpu", 250}, {"memory", 256 * Mi}}}});
    CHECK(only_job(d).workload_count == 3);
    std::vector<Workload> pods = jobs::workloads_for_job(only_job(d), d.cluster);
    REQUIRE(pods.size() == 3);
    CHECK(pods[2].meta.name->rfind("pod-web-2-", 0) == 0);

    Loaded s = load_fixture("statefulset");
    check_pod_sets(only_job(s), {{"main", 2, {{"cpu", 1000}, {"memory", 2 * Gi}}}});

    Loaded lws = load_fixture("leaderworkerset");
    check_pod_sets(only_job(lws), {{"leader", 1, {{"cpu", 1000}}}, {"worker", 3, {{"cpu", 2000}, {"nvidia.com/gpu", 8}}}});
    std::vector<Workload> groups = jobs::workloads_for_job(only_job(lws), lws.cluster);
    REQUIRE(groups.size() == 2);
    CHECK(groups[1].meta.name->rfind("leaderworkerset-vllm-1-", 0) == 0);
    CHECK(groups[1].meta.name->size() == std::string("leaderworkerset-vllm-1-").size() + 5);
}

TEST_CASE("AppWrapper: declared and inferred pod sets named after the wrapper", "[model][jobs]") {
    Loaded l = load_fixture("appwrapper");
    check_pod_sets(only_job(l), {{"wrapped-0", 2, {{"cpu", 1000}}}, {"wrapped-1", 3, {{"memory", Gi}}}});
    CHECK(only_job(l).suspend);
}

TEST_CASE("SparkApplication: driver and executors as the operator builds them", "[model][jobs]") {
    Loaded l = load_fixture("sparkapplication");
    check_pod_sets(only_job(l), {{"driver", 1, {{"cpu", 500}, {"memory", 512 * Mi}}},
                                 {"executor", 3, {{"cpu", 2100}, {"memory", 4 * Gi}, {"nvidia.com/gpu", 1}}}});
}

TEST_CASE("Workload names follow Kueue's GetWorkloadNameForOwnerWithGVK", "[model][jobs]") {
    // Vectors from kueue pkg/controller/jobframework/workload_names_test.go.
    CHECK(jobs::workload_name_for_owner("name", "uid", "Job", "batch") == "job-name-ef3a1");
    std::string long_name =
        "marketing-campaign-autumn-2024-region-north-america-department-digital-strategy-sub-department-social-"
        "media-engagement-tracker-and-analytics-dashboard-v2-final-revision-by-engineering-team-lead-senior-"
        "architect-validation-checked-approved-by-legal-and-ops-dept";
    CHECK(jobs::workload_name_for_owner(long_name, "uid", "Job", "batch") ==
          "job-marketing-campaign-autumn-2024-region-north-america-department-digital-strategy-sub-department-"
          "social-media-engagement-tracker-and-analytics-dashboard-v2-final-revision-by-engineering-team-lead-"
          "senior-architect-validation-checked-approved-by-l-218b8");
}

TEST_CASE("workload_for_job resolves priority as Kueue's ExtractPriority", "[model][jobs]") {
    Loaded l = load_fixture("job");
    WorkloadPriorityClass high;
    high.meta.name.value = "high";
    high.value.value = 1000;
    l.cluster.workload_priority_classes.push_back(high);
    for (auto [name, value] : {std::pair<const char*, int>{"default-b", 5}, {"default-a", 3}}) {
        PriorityClass pc;
        pc.meta.name.value = name;
        pc.value = value;
        pc.global_default = true;
        l.cluster.priority_classes.push_back(pc);
    }
    l.cluster.reindex();

    Workload train = jobs::workload_for_job(l.cluster.jobs[0], l.cluster);
    CHECK(train.meta.name->rfind("job-train-", 0) == 0);
    CHECK(*train.meta.namespace_ == "team-a");
    CHECK(*train.queue_name == "team-a-queue");
    CHECK(train.priority == 1000);
    CHECK(train.priority_class.kind == PriorityClassKind::workload_priority_class);
    CHECK(train.origin_kind == "Job");
    CHECK(train.origin_name == "train");
    CHECK(train.meta.labels.at("kueue.x-k8s.io/job-uid") == "1b2c");
    REQUIRE(train.pod_sets.size() == 1);
    CHECK(train.pod_sets[0].min_count == 2);

    Workload plain = jobs::workload_for_job(l.cluster.jobs[1], l.cluster);
    CHECK(plain.priority == 3);  // the lowest-valued globalDefault class
    CHECK(*plain.priority_class.name == "default-a");
    CHECK(plain.queue_name->empty());

    Loaded mpi = load_fixture("mpijob");
    Workload w = jobs::workload_for_job(only_job(mpi), mpi.cluster);
    CHECK_FALSE(w.priority.has_value());  // launcher-pc does not exist: Kueue would not create it
    CHECK(w.priority_class.kind == PriorityClassKind::pod_priority_class);
    CHECK(*w.priority_class.name == "launcher-pc");
}

TEST_CASE("malformed job fields are diagnosed at their position and never crash", "[model][jobs]") {
    Cluster cluster;
    DiagSink diags;
    load_text("bad.yaml", R"(apiVersion: batch/v1
kind: Job
metadata:
  name: bad
  annotations:
    kueue.x-k8s.io/job-min-parallelism: two
spec:
  parallelism: -1
  template: [1, 2]
---
apiVersion: jobset.x-k8s.io/v1alpha2
kind: JobSet
metadata: {name: js}
spec:
  replicatedJobs: oops
---
apiVersion: ray.io/v1
kind: RayJob
metadata: {name: rj}
---
apiVersion: sparkoperator.k8s.io/v1beta2
kind: SparkApplication
metadata: {name: sp}
spec:
  driver: {memory: lots}
---
apiVersion: workload.codeflare.dev/v1beta2
kind: AppWrapper
metadata: {name: aw}
spec:
  components:
  - podSets: [{path: "template.spec.nope[7]"}]
    template: {apiVersion: v1, kind: Pod, spec: {}}
)",
              cluster, diags);
    REQUIRE(cluster.jobs.size() == 5);
    std::vector<std::string> got;
    for (const Diagnostic& d : diags.items()) {
        got.push_back(format_diagnostic(cluster.files, d, false));
    }
    REQUIRE(got.size() == 5);
    CHECK(got[0].rfind("bad.yaml:8:16: error: ", 0) == 0);   // parallelism
    CHECK(got[1].rfind("bad.yaml:9:13: error: ", 0) == 0);   // template
    CHECK(got[2].rfind("bad.yaml:6:41: warning: expected an integer in annotation", 0) == 0);
    CHECK(got[3].rfind("bad.yaml:15:19: error: ", 0) == 0);  // replicatedJobs
    CHECK(got[4].rfind("bad.yaml:25:20: error: memory: ", 0) == 0);
    CHECK(cluster.jobs[0].pod_sets.at(0).count == 1);
    CHECK(cluster.jobs[1].pod_sets.empty());
    REQUIRE(cluster.jobs[2].pod_sets.size() == 1);  // only the default submitter
    CHECK(*cluster.jobs[2].pod_sets[0].name == "submitter");
    CHECK(cluster.jobs[4].pod_sets.empty());  // the declared path names no pod template
}
