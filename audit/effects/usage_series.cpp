#include "audit/effects/usage_series.h"

#include <algorithm>
#include <map>

namespace kg::audit::effects {

namespace {

const QuotaVersion* version_at(const std::vector<const QuotaVersion*>& vs, std::int64_t t) {
    for (const QuotaVersion* v : vs)
        if (v->valid_from <= t && t < v->valid_to) return v;
    return nullptr;
}

}  // namespace

UsageSeries usage_series(const std::string& cq, const std::vector<QuotaInterval>& ivs,
                         const std::vector<QuotaVersion>& vs, Span span) {
    UsageSeries out;
    const std::int64_t from = span.from, to = span.to;
    // Quota-time can exceed 64 bits (milli-bytes of memory times seconds), hence __int128.
    std::map<std::pair<std::string, std::string>, __int128> held;
    for (const auto& iv : ivs)
        if (iv.cluster_queue == cq && std::min(iv.to, to) > std::max(iv.from, from))
            held[{iv.flavor, iv.resource}] +=
                static_cast<__int128>(iv.milli) * (std::min(iv.to, to) - std::max(iv.from, from));
    std::pair<std::string, std::string> pick;
    __int128 best = -1;
    for (const auto& [k, v] : held)
        if (v > best) {
            best = v;
            pick = k;
        }
    if (best < 0) {
        auto first = std::find_if(vs.begin(), vs.end(), [&](const auto& v) { return v.cluster_queue == cq; });
        if (first == vs.end()) return out;
        pick = {first->flavor, first->resource};
    }
    std::vector<const QuotaVersion*> versions;
    for (const auto& v : vs)
        if (v.cluster_queue == cq && v.flavor == pick.first && v.resource == pick.second) versions.push_back(&v);
    out.flavor = pick.first;
    out.resource = pick.second;

    // Steps happen where usage changes and where a quota revision starts.
    std::map<std::int64_t, std::int64_t> delta{{from, 0}};
    for (const auto& iv : ivs) {
        if (iv.cluster_queue != cq || iv.flavor != pick.first || iv.resource != pick.second) continue;
        const std::int64_t a = std::max(iv.from, from), b = std::min(iv.to, to);
        if (a >= b) continue;
        delta[a] += iv.milli;
        delta[b] -= iv.milli;
    }
    for (const QuotaVersion* v : versions)
        if (v->valid_from > from && v->valid_from < to) delta.emplace(v->valid_from, 0);
    std::int64_t used = 0;
    for (const auto& [t, d] : delta) {
        used += d;
        if (t >= to) break;
        UsagePoint p;
        p.time = t;
        p.used_milli = used;
        const QuotaVersion* ver = version_at(versions, t);
        p.nominal_milli = ver ? ver->nominal_milli : 0;
        // Without a cohort there is nothing to borrow; with one and no limit, borrowing is unlimited.
        p.borrowing_limit_milli = ver && !ver->cohort.empty() ? ver->borrowing_limit_milli : std::optional<std::int64_t>(0);
        if (!out.points.empty() && out.points.back().used_milli == p.used_milli &&
            out.points.back().nominal_milli == p.nominal_milli &&
            out.points.back().borrowing_limit_milli == p.borrowing_limit_milli)
            continue;
        out.points.push_back(p);
    }
    return out;
}

}  // namespace kg::audit::effects
