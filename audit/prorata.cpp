// kueuegov.prorata-v1: floors first, then one unit each to the largest remainders.
#include "audit/prorata.h"

#include <algorithm>
#include <cassert>

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
    sc.rem.assign(weights.size(), 0);
    __int128 given = 0;
    std::size_t nonzero = 0;
    for (std::size_t i = 0; i < weights.size(); ++i) {
        if (weights[i] == 0) continue;
        ++nonzero;
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
    std::stable_sort(sc.order.begin(), sc.order.end(),
                     [&](std::size_t a, std::size_t b) { return sc.rem[a] > sc.rem[b]; });
    for (std::size_t k = 0; left > 0 && k < sc.order.size(); ++k, --left) out[sc.order[k]] += 1;
}

}  // namespace kg::audit
