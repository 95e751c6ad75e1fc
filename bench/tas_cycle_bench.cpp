// One scheduling cycle with 100 TAS heads over a 3-level topology (issue 17 item 7; budget:
// 4,000 nodes < 50 ms). The input is generated in code, so the figure needs no data files:
//   nodes:   blocks of 10 racks x 20 hosts (cloud.com/block, cloud.com/rack, kubernetes.io/hostname),
//            32 cpu, 256Gi, 8 nvidia.com/gpu, 110 pods each; every 97th node carries a taint no
//            pod tolerates, every 50th runs a non-TAS pod holding 2 GPUs;
//   running: per rack one admitted workload of 10 pods x 4 GPUs on half the rack's hosts;
//   pending: 100 ClusterQueues in 10 cohorts, two workloads each; the heads mix required rack,
//            preferred block, unconstrained, block with rack slices, required hostname, and a
//            required rack that never fits (so the empty-cluster pass runs too).
// Each run starts from the same state; the cycle (CycleRunner::run_cycle) is timed in wall and
// CPU time, and so, separately, is building the runner (TAS domain trees, quota snapshot).
//   bench_tas_cycle [NODES] [RUNS]       NODES a multiple of 200 (default 4000), RUNS default 11
//   bench_tas_cycle NODES --write FILE   writes the generated manifests (for simulate, callgrind)
#include "model/loader.h"
#include "sim/scheduler.h"
#include "sim/workload_info.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <fstream>
#include <string>
#include <vector>

namespace {

constexpr int k_hosts_per_rack = 20;
constexpr int k_racks_per_block = 10;
constexpr int k_queues = 100;
constexpr int k_queues_per_cohort = 10;

std::string host_name(int i) {
    int rack = i / k_hosts_per_rack;
    return "b" + std::to_string(rack / k_racks_per_block) + "-r" + std::to_string(rack) + "-n" + std::to_string(i);
}

std::string node(int i) {
    int rack = i / k_hosts_per_rack;
    std::string out = "---\napiVersion: v1\nkind: Node\nmetadata:\n  name: " + host_name(i) +
                      "\n  labels:\n    tas-node: 'true'\n    cloud.com/block: b" +
                      std::to_string(rack / k_racks_per_block) + "\n    cloud.com/rack: r" + std::to_string(rack) +
                      "\n    kubernetes.io/hostname: " + host_name(i) + "\n";
    if (i % 97 == 96) out += "spec:\n  taints:\n  - key: maintenance\n    value: 'true'\n    effect: NoSchedule\n";
    out += "status:\n  allocatable:\n    cpu: '32'\n    memory: 256Gi\n    nvidia.com/gpu: '8'\n    pods: '110'\n"
           "  conditions:\n  - type: Ready\n    status: 'True'\n";
    if (i % 50 == 0)
        out += "---\napiVersion: v1\nkind: Pod\nmetadata:\n  name: daemon-" + std::to_string(i) +
               "\n  namespace: kube-system\nspec:\n  nodeName: " + host_name(i) +
               "\n  containers:\n  - name: c\n    resources:\n      requests:\n        cpu: '1'\n"
               "        nvidia.com/gpu: '2'\nstatus:\n  phase: Running\n";
    return out;
}

std::string pod_template(int cpu, int gpu) {
    return "    template:\n      spec:\n        containers:\n        - name: c\n          resources:\n"
           "            requests:\n              cpu: '" +
           std::to_string(cpu) + "'\n              memory: " + std::to_string(cpu * 4) +
           "Gi\n              nvidia.com/gpu: '" + std::to_string(gpu) + "'\n";
}

std::string workload_head(const std::string& name, int queue, int created_s) {
    char ts[32];
    std::snprintf(ts, sizeof ts, "2026-01-01T00:%02d:%02dZ", created_s / 60 % 60, created_s % 60);
    return "---\napiVersion: kueue.x-k8s.io/v1beta2\nkind: Workload\nmetadata:\n  name: " + name +
           "\n  namespace: team-" + std::to_string(queue) + "\n  creationTimestamp: '" + ts +
           "'\nspec:\n  queueName: lq\n  priority: 100\n  podSets:\n  - name: main\n";
}

// Per rack, 10 pods x 4 GPUs on hosts 0-9 (even racks) or 10-19 (odd), admitted on tas-gpu.
std::string running(int rack) {
    int queue = rack % k_queues;
    std::string out = workload_head("running-r" + std::to_string(rack), queue, rack % 60) + "    count: 10\n" +
                      pod_template(4, 4) + "    topologyRequest:\n      required: cloud.com/rack\n";
    out += "status:\n  admission:\n    clusterQueue: cq-" + std::to_string(queue) +
           "\n    podSetAssignments:\n    - name: main\n      count: 10\n      flavors:\n        cpu: tas-gpu\n"
           "        memory: tas-gpu\n        nvidia.com/gpu: tas-gpu\n      resourceUsage:\n        cpu: '40'\n"
           "        memory: 160Gi\n        nvidia.com/gpu: '40'\n      topologyAssignment:\n        levels:\n"
           "        - kubernetes.io/hostname\n        slices:\n        - domainCount: 10\n          valuesPerLevel:\n"
           "          - individual:\n              roots:\n";
    int first = rack * k_hosts_per_rack + (rack % 2) * 10;
    for (int h = 0; h < 10; ++h) out += "              - " + host_name(first + h) + "\n";
    out += "          podCounts:\n            individual:\n";
    for (int h = 0; h < 10; ++h) out += "            - 1\n";
    out += "  conditions:\n  - type: QuotaReserved\n    status: 'True'\n    reason: QuotaReserved\n"
           "    message: Quota reserved in ClusterQueue cq-" +
           std::to_string(queue) +
           "\n    lastTransitionTime: '2026-01-01T00:00:00Z'\n  - type: Admitted\n    status: 'True'\n"
           "    reason: Admitted\n    message: The workload is admitted\n"
           "    lastTransitionTime: '2026-01-01T00:00:00Z'\n";
    return out;
}

// The pending workloads of ClusterQueue `q`: its head (kind by q) and one behind it.
std::string pending(int q) {
    std::string out;
    for (int i = 0; i < 2; ++i) {
        std::string w = workload_head("pending-" + std::to_string(i), q, 60 + q % 60 + i);
        switch ((q + i) % 10) {
        case 0: case 5:
            w += "    count: 16\n" + pod_template(2, 1) + "    topologyRequest:\n      required: cloud.com/rack\n";
            break;
        case 1: case 6:
            w += "    count: 64\n" + pod_template(2, 2) + "    topologyRequest:\n      preferred: cloud.com/block\n";
            break;
        case 2: case 7:
            w += "    count: 24\n" + pod_template(1, 1) + "    topologyRequest:\n      unconstrained: true\n";
            break;
        case 3: case 8:
            w += "    count: 64\n" + pod_template(1, 1) +
                 "    topologyRequest:\n      required: cloud.com/block\n"
                 "      podSetSliceRequiredTopology: cloud.com/rack\n      podSetSliceSize: 16\n";
            break;
        case 4:  // more than a rack holds: pending, after the empty-cluster pass
            w += "    count: 200\n" + pod_template(1, 1) + "    topologyRequest:\n      required: cloud.com/rack\n";
            break;
        default:
            w += "    count: 2\n" + pod_template(4, 4) +
                 "    topologyRequest:\n      required: kubernetes.io/hostname\n";
            break;
        }
        out += w;
    }
    return out;
}

std::string cluster_manifests(int nodes) {
    std::string out =
        "apiVersion: kueue.x-k8s.io/v1beta2\nkind: Topology\nmetadata:\n  name: gpu-topology\nspec:\n  levels:\n"
        "  - nodeLabel: cloud.com/block\n  - nodeLabel: cloud.com/rack\n  - nodeLabel: kubernetes.io/hostname\n"
        "---\napiVersion: kueue.x-k8s.io/v1beta2\nkind: ResourceFlavor\nmetadata:\n  name: tas-gpu\nspec:\n"
        "  nodeLabels:\n    tas-node: 'true'\n  topologyName: gpu-topology\n"
        "---\napiVersion: v1\nkind: Namespace\nmetadata:\n  name: kube-system\n";
    for (int q = 0; q < k_queues; ++q) {
        std::string cq = "cq-" + std::to_string(q), ns = "team-" + std::to_string(q);
        out += "---\napiVersion: kueue.x-k8s.io/v1beta2\nkind: ClusterQueue\nmetadata:\n  name: " + cq +
               "\nspec:\n  cohortName: cohort-" + std::to_string(q / k_queues_per_cohort) +
               "\n  namespaceSelector: {}\n  resourceGroups:\n  - coveredResources: [cpu, memory, nvidia.com/gpu]\n"
               "    flavors:\n    - name: tas-gpu\n      resources:\n      - name: cpu\n        nominalQuota: 4000\n"
               "      - name: memory\n        nominalQuota: 16Ti\n      - name: nvidia.com/gpu\n"
               "        nominalQuota: 1000\n";
        out += "---\napiVersion: v1\nkind: Namespace\nmetadata:\n  name: " + ns + "\n";
        out += "---\napiVersion: kueue.x-k8s.io/v1beta2\nkind: LocalQueue\nmetadata:\n  name: lq\n  namespace: " + ns +
               "\nspec:\n  clusterQueue: " + cq + "\n";
        out += pending(q);
    }
    for (int i = 0; i < nodes; ++i) out += node(i);
    for (int r = 0; r < nodes / k_hosts_per_rack; ++r) out += running(r);
    return out;
}

double cpu_ms() {
    timespec ts{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return static_cast<double>(ts.tv_sec) * 1e3 + static_cast<double>(ts.tv_nsec) / 1e6;
}

double median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
}

}  // namespace

int main(int argc, char** argv) {
    using namespace kg;
    const int nodes = argc > 1 ? std::atoi(argv[1]) : 4000;
    if (nodes <= 0 || nodes % (k_hosts_per_rack * k_racks_per_block) != 0) {
        std::fprintf(stderr, "bench_tas_cycle: NODES must be a positive multiple of %d\n",
                     k_hosts_per_rack * k_racks_per_block);
        return 2;
    }
    const std::string text = cluster_manifests(nodes);
    if (argc > 3 && std::strcmp(argv[2], "--write") == 0) {
        std::ofstream(argv[3]) << text;
        return 0;
    }
    const int runs = argc > 2 ? std::max(1, std::atoi(argv[2])) : 11;
    model::Cluster cluster;
    model::DiagSink diags;
    model::load_text("bench-tas-cycle.yaml", text, cluster, diags);
    if (diags.error_count()) {
        std::fprintf(stderr, "bench_tas_cycle: the generated manifests do not load (%zu errors)\n", diags.error_count());
        return 1;
    }
    std::vector<double> wall, cpu, setup_cpu;
    sim::CycleDecisions last;
    std::size_t heads = 0, running_n = 0;
    for (int i = 0; i < runs; ++i) {
        double s0 = cpu_ms();
        sim::CycleRunner runner(cluster, false);
        runner.set_report_pending(sim::CycleRunner::PendingReport::all);
        runner.set_now(1767225600 + 3600);
        heads = 0;
        running_n = 0;
        for (const model::Workload& wl : cluster.workloads) {
            sim::WorkloadInfo info = sim::make_workload_info(cluster, wl);
            if (info.reserving) {
                runner.add_reserving(std::move(info));
                ++running_n;
            } else {
                runner.add_pending(std::move(info), "");
                ++heads;
            }
        }
        setup_cpu.push_back(cpu_ms() - s0);
        sim::CycleDecisions d;
        double c0 = cpu_ms();
        auto t0 = std::chrono::steady_clock::now();
        runner.run_cycle(d);
        wall.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count());
        cpu.push_back(cpu_ms() - c0);
        last = std::move(d);
    }
    const double c = median(cpu);
    std::printf("%d nodes (%d racks, %d blocks), %d ClusterQueues, %zu pending (%d heads), %zu running: "
                "admitted %zu, pending %zu; cycle median %.1f ms CPU, %.1f ms wall (%d runs); "
                "runner setup %.1f ms CPU   budget < 50 ms: %.2fx (CPU)\n",
                nodes, nodes / k_hosts_per_rack, nodes / k_hosts_per_rack / k_racks_per_block, k_queues, heads,
                k_queues, running_n, last.admitted.size(), last.pending.size(), c, median(wall), runs,
                median(setup_cpu), c / 50.0);
    return 0;
}
