// Chargeback over one million workload intervals (budget: < 2 s). Synthetic: 100 ClusterQueues
// in 10 cohorts, 5 LocalQueues each, GPU / cpu / memory, a quota edit half way, a 30-day period.
// With CLUSTERS > 1 (issue 15 5b: 10 clusters x 1M intervals, budget < 5 s): each cluster's own
// intervals (another seed) computed on their own and side by side on the cores, as `chargeback
// --db` charges each cluster; the wall time of all clusters is the figure, printed with the CPU
// time (generating the intervals is not timed).
//   bench_chargeback [intervals] [clusters] [clusterqueue|localqueue]   (Release build; the
//   grouping narrows the run to one, e.g. to profile it)
#include "audit/chargeback.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <random>
#include <string>
#include <thread>
#include <vector>

int main(int argc, char** argv) {
    using namespace kg::model;
    using namespace kg::audit;
    const std::size_t n = argc > 1 ? std::strtoull(argv[1], nullptr, 10) : 1000000;
    const std::size_t clusters = argc > 2 ? std::strtoull(argv[2], nullptr, 10) : 1;
    std::vector<ChargebackGroup> groups{ChargebackGroup::cluster_queue, ChargebackGroup::local_queue};
    if (argc > 3) {
        const auto g = parse_chargeback_group(argv[3]);
        if (!g) {
            std::fprintf(stderr, "bench_chargeback: unknown grouping %s\n", argv[3]);
            return 2;
        }
        groups = {*g};
    }
    const std::int64_t from = 1767225600, to = from + 30 * 86400;
    std::vector<QuotaVersion> versions;
    const char* res[] = {"nvidia.com/gpu", "cpu", "memory"};
    const std::int64_t nominal[] = {8000, 64000, 512LL * 1000 * (1LL << 30)};
    for (int q = 0; q < 100; ++q)
        for (int r = 0; r < 3; ++r)
            for (int half = 0; half < 2; ++half) {
                QuotaVersion v;
                v.cluster_queue = "cq-" + std::to_string(q);
                v.flavor = r == 0 ? "a100" : "default";
                v.resource = res[r];
                v.nominal_milli = nominal[r] * (half + 1);
                v.cohort = "cohort-" + std::to_string(q % 10);
                v.valid_from = half ? from + 15 * 86400 : from - 86400;
                v.valid_to = half ? INT64_MAX : from + 15 * 86400;
                versions.push_back(v);
            }
    // One cluster's intervals; every cluster has the same queues (a fleet set up from one repo).
    auto intervals = [&](std::uint64_t seed) {
        std::mt19937_64 rng(seed);
        std::vector<QuotaInterval> ivs;
        ivs.reserve(n);
        for (std::size_t i = 0; i < n; ++i) {
            const int q = static_cast<int>(rng() % 100), r = static_cast<int>(rng() % 3);
            QuotaInterval iv;
            iv.cluster_queue = "cq-" + std::to_string(q);
            iv.namespace_ = "ns-" + std::to_string(q);
            iv.local_queue = "lq-" + std::to_string(rng() % 5);
            iv.flavor = r == 0 ? "a100" : "default";
            iv.resource = res[r];
            iv.milli = static_cast<std::int64_t>(1 + rng() % 4) * (nominal[r] / 16);
            iv.from = from - 3600 + static_cast<std::int64_t>(rng() % (31 * 86400));
            iv.to = iv.from + 60 + static_cast<std::int64_t>(rng() % 86400);
            ivs.push_back(std::move(iv));
        }
        return ivs;
    };
    auto input_of = [&](const std::vector<QuotaInterval>& ivs, ChargebackGroup g) {
        ChargebackInput in;
        in.from = from;
        in.to = to;
        in.group = g;
        in.intervals = &ivs;
        in.versions = &versions;
        return in;
    };
    auto run = [&](const std::vector<QuotaInterval>& ivs, ChargebackGroup g, std::size_t& rows) {
        const ChargebackInput in = input_of(ivs, g);
        const auto t0 = std::chrono::steady_clock::now();
        auto r = compute_chargeback(in);
        const auto t1 = std::chrono::steady_clock::now();
        if (!r.has_value()) std::exit(1);
        rows = r->rows.size();
        return std::chrono::duration<double>(t1 - t0).count();
    };
    if (clusters <= 1) {
        const std::vector<QuotaInterval> ivs = intervals(7);
        for (auto g : groups) {
            std::size_t rows = 0;
            const double secs = run(ivs, g, rows);
            std::printf("chargeback --by %s: %zu intervals -> %zu rows in %.3f s\n",
                        std::string(chargeback_group_name(g)).c_str(), n, rows, secs);
        }
        return 0;
    }
    // The clusters are charged as `chargeback --db` charges them, side by side on the cores
    // (compute_chargeback_each); generated a core's worth at a time to bound the memory.
    const std::size_t at_once = std::max(1u, std::thread::hardware_concurrency());
    for (auto g : groups) {
        double wall = 0, cpu = 0;
        std::size_t rows_total = 0;
        for (std::size_t c0 = 0; c0 < clusters; c0 += at_once) {
            std::vector<std::vector<QuotaInterval>> ivs;
            for (std::size_t c = c0; c < std::min(clusters, c0 + at_once); ++c) ivs.push_back(intervals(7 + c));
            std::vector<ChargebackInput> inputs;
            for (const auto& one : ivs) inputs.push_back(input_of(one, g));
            const auto t0 = std::chrono::steady_clock::now();
            const std::clock_t c_0 = std::clock();
            const auto results = compute_chargeback_each(inputs);
            cpu += static_cast<double>(std::clock() - c_0) / CLOCKS_PER_SEC;
            wall += std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
            for (const auto& r : results) {
                if (!r.has_value()) std::exit(1);
                rows_total += r->rows.size();
            }
        }
        std::printf("chargeback --by %s: %zu clusters x %zu intervals -> %zu rows in %.3f s wall, %.3f s CPU on %zu "
                    "threads (%.2fx the 5 s budget)\n",
                    std::string(chargeback_group_name(g)).c_str(), clusters, n, rows_total, wall, cpu,
                    std::min(at_once, clusters), wall / 5.0);
    }
    return 0;
}
