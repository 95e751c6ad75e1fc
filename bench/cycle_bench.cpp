// One scheduling cycle over 1,000 ClusterQueues with 10,000 pending workloads (budget: < 50 ms).
// The state is built in code: 10 cohorts x 100 ClusterQueues shaped like Kueue's large-scale
// perf config (nominal 20 cpu, borrowingLimit 100, reclaimWithinCohort Any, withinClusterQueue
// LowerPriority); each ClusterQueue has 10 pending workloads of 1, 5 or 20 cpu at priority 50,
// 100 or 200 and runs 5-cpu workloads of priority 50, in two states:
//   spare: three running (75% of nominal): heads fit by borrowing until the cohort is full, the
//          rest no longer fit after in-cycle accounting;
//   full:  four running (the whole nominal): every head preempts in its own ClusterQueue (the
//          worst case: 1,000 preemption searches and 4,000 victims in one cycle).
// Each run starts from the same state; only CycleRunner::run_cycle is timed.
//   bench_cycle [runs]   (Release build)
#include "model/loader.h"
#include "sim/scheduler.h"
#include "sim/workload_info.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

namespace {

constexpr int k_cohorts = 10;
constexpr int k_queues_per_cohort = 100;
constexpr int k_pending_per_queue = 10;

std::string workload(const std::string& name, const std::string& ns, int priority, int cpu, int created_s,
                     bool running) {
    char ts[32];
    std::snprintf(ts, sizeof ts, "2026-01-01T00:%02d:%02dZ", created_s / 60 % 60, created_s % 60);
    std::string out = "---\napiVersion: kueue.x-k8s.io/v1beta2\nkind: Workload\nmetadata:\n  name: " + name +
                      "\n  namespace: " + ns + "\n  uid: " + ns + "-" + name + "\n  creationTimestamp: '" + ts +
                      "'\nspec:\n  queueName: " + ns + "\n  priority: " + std::to_string(priority) +
                      "\n  podSets:\n  - name: main\n    count: 1\n    template:\n      spec:\n        containers:\n"
                      "        - name: c\n          resources:\n            requests:\n              cpu: '" +
                      std::to_string(cpu) + "'\n";
    if (running) {
        out += "status:\n  admission:\n    clusterQueue: " + ns +
               "\n    podSetAssignments:\n    - name: main\n      count: 1\n      flavors:\n        cpu: rf\n"
               "      resourceUsage:\n        cpu: '" +
               std::to_string(cpu) +
               "'\n  conditions:\n  - type: QuotaReserved\n    status: 'True'\n    reason: QuotaReserved\n"
               "    message: Quota reserved in ClusterQueue " +
               ns +
               "\n    lastTransitionTime: '2026-01-01T00:00:00Z'\n  - type: Admitted\n    status: 'True'\n"
               "    reason: Admitted\n    message: The workload is admitted\n"
               "    lastTransitionTime: '2026-01-01T00:00:00Z'\n";
    }
    return out;
}

std::string cluster_manifests(int running_per_queue) {
    std::string out = "apiVersion: kueue.x-k8s.io/v1beta2\nkind: ResourceFlavor\nmetadata:\n  name: rf\n";
    const int priorities[] = {50, 100, 200};
    const int requests[] = {1, 5, 20};
    for (int c = 0; c < k_cohorts; ++c) {
        for (int q = 0; q < k_queues_per_cohort; ++q) {
            std::string name = "cq-" + std::to_string(q) + "-cohort-" + std::to_string(c);
            out += "---\napiVersion: kueue.x-k8s.io/v1beta2\nkind: ClusterQueue\nmetadata:\n  name: " + name +
                   "\nspec:\n  cohortName: cohort-" + std::to_string(c) +
                   "\n  namespaceSelector: {}\n  preemption:\n    reclaimWithinCohort: Any\n"
                   "    withinClusterQueue: LowerPriority\n  resourceGroups:\n  - coveredResources: [cpu]\n"
                   "    flavors:\n    - name: rf\n      resources:\n      - name: cpu\n        nominalQuota: 20\n"
                   "        borrowingLimit: 100\n";
            out += "---\napiVersion: v1\nkind: Namespace\nmetadata:\n  name: " + name + "\n";
            out += "---\napiVersion: kueue.x-k8s.io/v1beta2\nkind: LocalQueue\nmetadata:\n  name: " + name +
                   "\n  namespace: " + name + "\nspec:\n  clusterQueue: " + name + "\n";
            for (int r = 0; r < running_per_queue; ++r)
                out += workload("running-" + std::to_string(r), name, 50, 5, r, true);
            for (int p = 0; p < k_pending_per_queue; ++p) {
                int kind = (p + q) % 3;
                out += workload("pending-" + std::to_string(p), name, priorities[kind], requests[kind], 60 + p, false);
            }
        }
    }
    return out;
}

void run(const char* label, int running_per_queue, int runs) {
    using namespace kg;
    model::Cluster cluster;
    model::DiagSink diags;
    model::load_text("bench-cycle.yaml", cluster_manifests(running_per_queue), cluster, diags);
    if (diags.error_count()) {
        std::fprintf(stderr, "bench_cycle: the generated manifests do not load (%zu errors)\n", diags.error_count());
        std::exit(1);
    }
    std::vector<double> ms;
    sim::CycleDecisions last;
    std::size_t pending = 0;
    for (int i = 0; i < runs; ++i) {
        sim::CycleRunner runner(cluster, false);
        runner.set_report_pending(sim::CycleRunner::PendingReport::none);
        runner.set_now(1767225600 + 3600);
        pending = 0;
        for (const model::Workload& wl : cluster.workloads) {
            sim::WorkloadInfo info = sim::make_workload_info(cluster, wl);
            if (info.reserving) {
                runner.add_reserving(std::move(info));
            } else {
                runner.add_pending(std::move(info), "");
                ++pending;
            }
        }
        sim::CycleDecisions d;
        auto t0 = std::chrono::steady_clock::now();
        runner.run_cycle(d);
        ms.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count());
        last = std::move(d);
    }
    std::sort(ms.begin(), ms.end());
    std::printf("%-6s %zu ClusterQueues, %zu pending, %zu running: admitted %zu, preempted %zu; "
                "median %.1f ms (min %.1f, max %.1f, %d runs)   budget < 50 ms\n",
                label, cluster.cluster_queues.size(), pending, cluster.workloads.size() - pending, last.admitted.size(),
                last.preempted.size(), ms[ms.size() / 2], ms.front(), ms.back(), runs);
}

}  // namespace

int main(int argc, char** argv) {
    const int runs = argc > 1 ? std::atoi(argv[1]) : 21;
    run("spare", 3, runs);
    run("full", 4, runs);
    return 0;
}
