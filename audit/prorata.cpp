// kueuegov.prorata-v1: floors first, then one unit each to the largest remainders.
#include "audit/prorata.h"

#include <algorithm>
#include <cassert>
#include <cstdint>

namespace kg::audit {

void split_prorata(std::int64_t rate, std::int64_t dt, const std::vector<std::int64_t>& weights,
                   std::vector<__int128>& out, SplitScratch& sc) {
    out.assign(weights.size(), 0);
    __int128 wsum = 0;
    for (auto w : weights) wsum += w;
    if (wsum == 0 || rate == 0 || dt == 0) return;
    if (rate == wsum) {  // everyone gets all of their own weight: the common case, no borrowing
        for (std::size_t i = 0; i < weights.size(); ++i) out[i] = static_cast<__int128>(weights[i]) * dt;
        return;
    }
    const __int128 total = static_cast<__int128>(rate) * dt;
    if (weights.size() == 1) {  // one share takes it all: what the division below gives, without it
        out[0] = total;
        return;
    }
    sc.rem.assign(weights.size(), 0);
    __int128 given = 0;
    std::size_t nonzero = 0;
    // The chargeback sweep splits rates (dt 1), mostly of products that fit 64 bits: then one
    // 64-bit division per weight gives the same floor and remainder as the general 128-bit
    // path below (a * 1 + r / wsum == a, as r < wsum), at a fraction of its cost.
    const bool narrow = dt == 1 && wsum <= INT64_MAX;
    for (std::size_t i = 0; i < weights.size(); ++i) {
        if (weights[i] == 0) continue;
        ++nonzero;
        std::int64_t p64 = 0;
        if (narrow && !__builtin_mul_overflow(rate, weights[i], &p64)) {
            const auto ws = static_cast<std::int64_t>(wsum);
            out[i] = p64 / ws;
            sc.rem[i] = p64 % ws;
            given += out[i];
            continue;
        }
        const __int128 p = static_cast<__int128>(rate) * weights[i];  // <= wsum^2
        const __int128 a = p / wsum, r = p % wsum;
        const __int128 rd = r * dt;
        out[i] = a * dt + rd / wsum;
        sc.rem[i] = rd % wsum;
        given += out[i];
    }
    __int128 left = total - given;
    assert(left >= 0 && left <= static_cast<__int128>(nonzero));
    if (left == 0) return;
    sc.order.clear();
    for (std::size_t i = 0; i < weights.size(); ++i)
        if (weights[i] != 0) sc.order.push_back(i);
    auto larger = [&](std::size_t a, std::size_t b) { return sc.rem[a] > sc.rem[b]; };
    if (sc.order.size() <= 16) {  // a stable insertion sort: no buffer to allocate per call
        for (std::size_t k = 1; k < sc.order.size(); ++k)
            for (std::size_t m = k; m > 0 && larger(sc.order[m], sc.order[m - 1]); --m)
                std::swap(sc.order[m], sc.order[m - 1]);
    } else {
        std::stable_sort(sc.order.begin(), sc.order.end(), larger);
    }
    for (std::size_t k = 0; left > 0 && k < sc.order.size(); ++k, --left) out[sc.order[k]] += 1;
}

}  // namespace kg::audit
