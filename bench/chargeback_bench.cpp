// Chargeback over one million workload intervals (budget: < 2 s). Synthetic: 100 ClusterQueues
// in 10 cohorts, 5 LocalQueues each, GPU / cpu / memory, a quota edit half way, a 30-day period.
//   bench_chargeback [intervals]   (Release build)
#include "audit/chargeback.h"

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>
#include <vector>

int main(int argc, char** argv) {
    using namespace kg::model;
    using namespace kg::audit;
    const std::size_t n = argc > 1 ? std::strtoull(argv[1], nullptr, 10) : 1000000;
    const std::int64_t from = 1767225600, to = from + 30 * 86400;
    std::mt19937_64 rng(7);
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
    for (auto g : {ChargebackGroup::cluster_queue, ChargebackGroup::local_queue}) {
        ChargebackInput in;
        in.from = from;
        in.to = to;
        in.group = g;
        in.intervals = &ivs;
        in.versions = &versions;
        const auto t0 = std::chrono::steady_clock::now();
        auto r = compute_chargeback(in);
        const auto t1 = std::chrono::steady_clock::now();
        if (!r.has_value()) return 1;
        std::printf("chargeback --by %s: %zu intervals -> %zu rows in %.3f s\n",
                    std::string(chargeback_group_name(g)).c_str(), n, r->rows.size(),
                    std::chrono::duration<double>(t1 - t0).count());
    }
    return 0;
}
