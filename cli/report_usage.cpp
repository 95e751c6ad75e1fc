// The usage chart of the evidence report: one (flavor, resource) of a ClusterQueue, its held
// quota as a step function over the period, beside the nominal quota and borrowing limit in
// force at each step (a ClusterQueue edited during the period shows both revisions).
#include "cli/report_data.h"

#include <algorithm>
#include <map>

namespace kg::cli {

namespace {

const audit::QuotaVersion* version_at(const std::vector<const audit::QuotaVersion*>& vs, std::int64_t t) {
    for (const audit::QuotaVersion* v : vs)
        if (v->valid_from <= t && t < v->valid_to) return v;
    return nullptr;
}

}  // namespace

void add_usage_chart(report::ReportQueueStats& st, const std::vector<audit::QuotaInterval>& ivs,
                     const std::vector<audit::QuotaVersion>& vs, std::int64_t from, std::int64_t to) {
    // Chart the (flavor, resource) with the most held quota-time, else the first quota.
    std::map<std::pair<std::string, std::string>, __int128> held;
    for (const auto& iv : ivs)
        if (iv.cluster_queue == st.cluster_queue && std::min(iv.to, to) > std::max(iv.from, from))
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
        auto first = std::find_if(vs.begin(), vs.end(), [&](const auto& v) { return v.cluster_queue == st.cluster_queue; });
        if (first == vs.end()) return;
        pick = {first->flavor, first->resource};
    }
    std::vector<const audit::QuotaVersion*> versions;
    for (const auto& v : vs)
        if (v.cluster_queue == st.cluster_queue && v.flavor == pick.first && v.resource == pick.second)
            versions.push_back(&v);
    st.usage_flavor = pick.first;
    st.usage_resource = pick.second;

    // Steps happen where usage changes and where a quota revision starts.
    std::map<std::int64_t, std::int64_t> delta{{from, 0}};
    for (const auto& iv : ivs) {
        if (iv.cluster_queue != st.cluster_queue || iv.flavor != pick.first || iv.resource != pick.second) continue;
        const std::int64_t a = std::max(iv.from, from), b = std::min(iv.to, to);
        if (a >= b) continue;
        delta[a] += iv.milli;
        delta[b] -= iv.milli;
    }
    for (const audit::QuotaVersion* v : versions)
        if (v->valid_from > from && v->valid_from < to) delta.emplace(v->valid_from, 0);
    std::int64_t used = 0;
    for (const auto& [t, d] : delta) {
        used += d;
        if (t >= to) break;
        report::ReportUsagePoint p;
        p.time = t;
        p.used_milli = used;
        const audit::QuotaVersion* ver = version_at(versions, t);
        p.nominal_milli = ver ? ver->nominal_milli : 0;
        // Without a cohort there is nothing to borrow; with one and no limit, borrowing is unlimited.
        p.borrowing_limit_milli =
            ver && !ver->cohort.empty() ? ver->borrowing_limit_milli : std::optional<std::int64_t>(0);
        if (!st.usage.empty() && st.usage.back().used_milli == p.used_milli &&
            st.usage.back().nominal_milli == p.nominal_milli &&
            st.usage.back().borrowing_limit_milli == p.borrowing_limit_milli)
            continue;
        st.usage.push_back(p);
    }
}

}  // namespace kg::cli
