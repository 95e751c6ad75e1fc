// Reconstructs each ClusterQueue's reserved quota per (flavor, resource) over time from the
// Workloads' quota intervals and compares it with the quota revision in force: nominal quota,
// plus the borrowing limit when the ClusterQueue is in a cohort (no cohort, no borrowing).
// Kueue never admits past that limit, so an excess means the quota was lowered under running
// Workloads, or quota was reserved outside Kueue. Exact integer milli-units; no floating point.
#include "audit/check/rules/helpers.h"
#include "audit/check/rules/rules.h"

#include "model/amount.h"
#include "model/time.h"

#include <algorithm>
#include <map>
#include <set>
#include <tuple>

namespace kg::audit::check::rules {

const RuleInfo k_kq5005{"KQ5005", "usage-above-quota-limit",
                        RuleFamily::history, RuleScope::history, Severity::error,
                        "A ClusterQueue held more quota than nominal plus borrowing limit allowed at the time",
                        "Lower quota only after the Workloads using it finish (or evict them deliberately), and "
                        "look for reservations made outside Kueue's scheduler."};

namespace {

using Key = std::tuple<std::string, std::string, std::string>;  // cluster queue, flavor, resource

/// The most a ClusterQueue may hold under one revision; nullopt = unbounded (borrowing
/// without a limit, bounded only by the cohort).
std::optional<std::int64_t> limit_of(const audit::QuotaVersion& q) {
    if (q.cohort.empty()) {
        return q.nominal_milli;
    }
    if (!q.borrowing_limit_milli) {
        return std::nullopt;
    }
    return model::saturating_add(q.nominal_milli, *q.borrowing_limit_milli);
}

std::string limit_text(const std::string& resource, const audit::QuotaVersion& q) {
    if (q.cohort.empty()) {
        return "nominal " + format_milli(resource, q.nominal_milli) + ", no cohort to borrow from";
    }
    return "nominal " + format_milli(resource, q.nominal_milli) + " + borrowingLimit " +
           format_milli(resource, *q.borrowing_limit_milli) + " in cohort \"" + q.cohort + "\"";
}

struct Window {
    std::int64_t from = 0, to = 0;
    std::int64_t peak_usage = 0, peak_limit = 0, excess = 0;
    const audit::QuotaVersion* version = nullptr;
};

/// Where a window of excess began, to point the finding at: the ClusterQueue write that changed
/// its quota at that second (its author is the actor), else the reservation that started then,
/// else the ClusterQueue's last write before it. Empty when the store has none of them.
std::pair<std::string, std::string> window_start(const HistoryView& v, const std::string& cq, std::int64_t from_s) {
    const audit::ObjectChange* before = nullptr;
    for (const audit::ObjectChange& c : v.changes) {
        if (c.kind != "ClusterQueue" || c.name != cq || (c.code && *c.code >= 300) || c.evidence.empty()) {
            continue;
        }
        if (c.ts_us / 1000000 == from_s) {
            return {c.evidence, c.actor};
        }
        if (c.ts_us / 1000000 < from_s && (!before || c.ts_us >= before->ts_us)) {
            before = &c;
        }
    }
    for (const audit::WorkloadStep& s : v.steps) {
        if (s.step == "quota_reserved" && s.cluster_queue == cq && s.ts_us / 1000000 == from_s && !s.evidence.empty()) {
            return {s.evidence, ""};
        }
    }
    return before ? std::pair<std::string, std::string>{before->evidence, ""} : std::pair<std::string, std::string>{};
}

void check_one(const HistoryView& v, const Key& key, const std::vector<const audit::QuotaInterval*>& ivs,
               std::vector<const audit::QuotaVersion*> vers, std::int64_t lo, std::int64_t hi, FindingSink& out) {
    std::map<std::int64_t, std::int64_t> delta;
    std::set<std::int64_t> points;
    for (const audit::QuotaInterval* iv : ivs) {
        std::int64_t a = std::max(iv->from, lo), b = std::min(iv->to, hi);
        if (a >= b || iv->milli == 0) {
            continue;
        }
        delta[a] = model::saturating_add(delta[a], iv->milli);
        delta[b] = model::saturating_sub(delta[b], iv->milli);
        points.insert(a);
        points.insert(b);
    }
    for (const audit::QuotaVersion* q : vers) {
        for (std::int64_t t : {q->valid_from, q->valid_to}) {
            if (t > lo && t < hi) {
                points.insert(t);
            }
        }
    }
    std::vector<Window> windows;
    std::int64_t usage = 0;
    for (auto it = points.begin(); it != points.end(); ++it) {
        std::int64_t t = *it;
        if (auto d = delta.find(t); d != delta.end()) {
            usage = model::saturating_add(usage, d->second);
        }
        auto next = std::next(it);
        if (next == points.end()) {
            break;
        }
        const audit::QuotaVersion* in_force = nullptr;
        for (const audit::QuotaVersion* q : vers) {
            if (q->valid_from <= t && t < q->valid_to) {
                in_force = q;
            }
        }
        std::optional<std::int64_t> limit = in_force ? limit_of(*in_force) : std::nullopt;
        if (!limit || usage <= *limit) {
            continue;
        }
        std::int64_t excess = model::saturating_sub(usage, *limit);
        if (windows.empty() || windows.back().to != t) {
            windows.push_back({t, *next, usage, *limit, excess, in_force});
        } else {
            windows.back().to = *next;
        }
        Window& w = windows.back();
        if (excess > w.excess) {
            w.peak_usage = usage;
            w.peak_limit = *limit;
            w.excess = excess;
            w.version = in_force;
        }
    }
    const auto& [cq, flavor, resource] = key;
    for (const Window& w : windows) {
        Report r;
        std::tie(r.evidence, r.actor) = window_start(v, cq, w.from);
        r.path = "spec.resourceGroups[].flavors[" + flavor + "].resources[" + resource + "]";
        r.object = {"ClusterQueue", "", cq};
        r.time = model::format_rfc3339(w.from);
        r.ts_us = model::saturating_mul(w.from, 1000000);
        r.message = describe("ClusterQueue", "", cq) + " held up to " + format_milli(resource, w.peak_usage) + " " +
                    resource + " of flavor \"" + flavor + "\" from " + model::format_rfc3339(w.from) + " to " +
                    model::format_rfc3339(w.to) + " (" + format_duration(w.to - w.from) + "), " +
                    format_milli(resource, w.excess) + " above its limit of " + format_milli(resource, w.peak_limit) +
                    " (" + limit_text(resource, *w.version) + ")";
        out.report(k_kq5005, std::move(r));
    }
}

}  // namespace

void check_kq5005(const HistoryView& v, FindingSink& out) {
    std::map<Key, std::vector<const audit::QuotaInterval*>> ivs;
    std::map<Key, std::vector<const audit::QuotaVersion*>> vers;
    for (const audit::QuotaInterval& iv : v.intervals) {
        ivs[{iv.cluster_queue, iv.flavor, iv.resource}].push_back(&iv);
    }
    for (const audit::QuotaVersion& q : v.versions) {
        vers[{q.cluster_queue, q.flavor, q.resource}].push_back(&q);
    }
    // Quota intervals are in Unix seconds: the period's ends round outwards.
    std::int64_t lo = v.period.from_us ? *v.period.from_us / 1000000 - (*v.period.from_us % 1000000 < 0 ? 1 : 0) : INT64_MIN;
    std::int64_t hi = v.period.to_us ? *v.period.to_us / 1000000 + (*v.period.to_us % 1000000 > 0 ? 1 : 0) : INT64_MAX;
    for (const auto& [key, list] : ivs) {
        auto q = vers.find(key);
        if (q == vers.end()) {
            continue;  // no quota known for this flavor and resource: nothing to compare with
        }
        check_one(v, key, list, q->second, lo, hi, out);
    }
}

}  // namespace kg::audit::check::rules
