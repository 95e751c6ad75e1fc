// Quota read from the store: what Workloads held over time (intervals clipped to a
// period) and what each ClusterQueue's captured revisions granted.
#include "audit/store/queries.h"

#include "audit/store/query_rows.h"
#include "model/cluster.h"
#include "model/loader.h"

#include <algorithm>
#include <climits>
#include <map>
#include <tuple>

namespace kg::audit::query {

using namespace detail;
using store::Stmt;

std::vector<audit::QuotaInterval> quota_intervals(const EvidenceStore& st, std::int64_t from, std::int64_t to) {
    std::vector<audit::QuotaInterval> out;
    // Steps and assignments at or after `to` change no interval clipped to [from, to): a
    // reservation starting then is empty once clipped, and a release then ends an interval at
    // `to` or later, clipped to `to`, as a reservation still open at the end of the evidence
    // is. So only rows before `to` are read, and on PostgreSQL the partitions of later months
    // are not (migration 8). For a positive `to` in range only: below that, a time truncated
    // toward zero (ts_us / 1'000'000) could fall on the other side of the bound.
    const std::int64_t before_us = to > 0 && to <= INT64_MAX / 1'000'000 ? to * 1'000'000 : INT64_MAX;
    // The LocalQueue of each Workload, from whichever step recorded spec.queueName.
    std::map<std::pair<std::string, std::string>, std::string> lq;
    {
        Stmt s(st.db(), "SELECT namespace, name, local_queue FROM workload_events WHERE local_queue IS NOT NULL "
                        "AND local_queue <> '' AND " + cluster_clause(st, "") + " ORDER BY ts_us, id");
        bind_scope(s, st);
        while (s.step()) lq[{s.text(0), s.text(1)}] = s.text(2);
    }
    struct Assignment {
        std::string cq, flavor, resource;
        std::int64_t milli;
    };
    // (namespace, name, reservation second) -> what was assigned.
    std::map<std::tuple<std::string, std::string, std::int64_t>, std::vector<Assignment>> assigned;
    {
        Stmt s(st.db(), "SELECT namespace, name, reserved_ts_us, cluster_queue, flavor, resource, milli "
                        "FROM workload_assignments WHERE reserved_ts_us < ?1 AND " + cluster_clause(st, "") + " ORDER BY id");
        s.bind(1, before_us);
        bind_scope(s, st);
        while (s.step())
            assigned[{s.text(0), s.text(1), s.int64(2) / 1'000'000}].push_back(
                {s.text(3), s.text(4), s.text(5), s.int64(6)});
    }
    auto emit = [&](const std::string& ns, const std::string& name, std::int64_t start_us, std::int64_t end_s) {
        const std::int64_t start_s = start_us / 1'000'000;
        const auto it = assigned.find({ns, name, start_s});
        if (it == assigned.end()) return;
        const std::int64_t a = std::max(start_s, from), b = std::min(end_s, to);
        if (b <= a) return;
        const auto q = lq.find({ns, name});
        for (const Assignment& as : it->second) {
            audit::QuotaInterval iv;
            iv.workload = ns + "/" + name;
            iv.cluster_queue = as.cq;
            iv.local_queue = q == lq.end() ? std::string() : q->second;
            iv.namespace_ = ns;
            iv.flavor = as.flavor;
            iv.resource = as.resource;
            iv.milli = as.milli;
            iv.from = a;
            iv.to = b;
            out.push_back(std::move(iv));
        }
    };
    Stmt s(st.db(), "SELECT namespace, name, step, ts_us FROM workload_events "
                    "WHERE step IN ('quota_reserved', 'pending', 'finished', 'deleted') AND ts_us < ?1 AND " +
                        cluster_clause(st, "") + " ORDER BY namespace, name, ts_us, id");
    s.bind(1, before_us);
    bind_scope(s, st);
    std::string cur_ns, cur_name;
    // Start of the open reservation; `open` says whether there is one (a plain pair keeps GCC 12's
    // -Wmaybe-uninitialized quiet, which misfires on std::optional here).
    bool open = false;
    std::int64_t open_us = 0;
    while (s.step()) {
        std::string ns = s.text(0), name = s.text(1), step = s.text(2);
        const std::int64_t ts = s.int64(3);
        if (ns != cur_ns || name != cur_name) {
            if (open) emit(cur_ns, cur_name, open_us, to);
            open = false;
            cur_ns = std::move(ns);
            cur_name = std::move(name);
        }
        if (step == "quota_reserved") {
            // A second reservation without a logged release: the first ended when the second began.
            if (open) emit(cur_ns, cur_name, open_us, ts / 1'000'000);
            open = true;
            open_us = ts;
        } else if (open) {
            emit(cur_ns, cur_name, open_us, ts / 1'000'000);
            open = false;
        }
    }
    if (open) emit(cur_ns, cur_name, open_us, to);
    std::stable_sort(out.begin(), out.end(), [](const audit::QuotaInterval& x, const audit::QuotaInterval& y) {
        return std::tie(x.from, x.workload) < std::tie(y.from, y.workload);
    });
    return out;
}

namespace {

std::vector<audit::QuotaVersion> quotas_of(const std::string& name, const std::string& json) {
    model::Cluster c;
    model::DiagSink diags;
    model::LoadOptions lo;
    lo.keep_text = false;
    model::load_text(name, json, c, diags, lo);
    if (!c.cluster_queues.empty()) return audit::quota_versions_of(c.cluster_queues.front());
    if (!c.cohorts.empty()) return audit::quota_versions_of(c.cohorts.front());
    return {};
}

bool same_quotas(const std::vector<audit::QuotaVersion>& a, const std::vector<audit::QuotaVersion>& b) {
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i) {
        const auto& x = a[i];
        const auto& y = b[i];
        if (std::tie(x.flavor, x.resource, x.nominal_milli, x.borrowing_limit_milli, x.lending_limit_milli, x.cohort,
                     x.cohort_owned) !=
            std::tie(y.flavor, y.resource, y.nominal_milli, y.borrowing_limit_milli, y.lending_limit_milli, y.cohort,
                     y.cohort_owned))
            return false;
    }
    return true;
}

}  // namespace

std::vector<audit::QuotaVersion> quota_versions(const EvidenceStore& st, std::int64_t from, std::int64_t to) {
    std::vector<audit::QuotaVersion> out;
    // ClusterQueues' quota, and Cohorts' own quota (lent to their members).
    Stmt s(st.db(), "SELECT kind || '/' || name, verb, ts_us, object_json FROM object_versions "
                    "WHERE kind IN ('ClusterQueue', 'Cohort') "
                    "AND (code IS NULL OR code < 300) AND (object_json IS NOT NULL OR verb = 'delete') AND " +
                        cluster_clause(st, "") + " ORDER BY kind, name, ts_us, id");
    bind_scope(s, st);
    std::string cur;
    std::vector<audit::QuotaVersion> open;  // the revision in force for `cur`
    auto close = [&](std::int64_t end_s) {
        for (audit::QuotaVersion& v : open) {
            v.valid_to = end_s;
            if (v.valid_from < to && v.valid_to > from && v.valid_to > v.valid_from) out.push_back(v);
        }
        open.clear();
    };
    while (s.step()) {
        const std::string name = s.text(0), verb = s.text(1);
        const std::int64_t ts_s = s.int64(2) / 1'000'000;
        if (name != cur) {
            close(INT64_MAX);
            cur = name;
        }
        // A delete of an object still carrying the resource-in-use finalizer only marks it; the
        // quota stays in force until the object is gone, which the log shows as this delete or a
        // later finalizer removal. Treat the delete as the end (the conservative reading).
        if (verb == "delete") {
            close(ts_s);
            continue;
        }
        auto versions = quotas_of(name, s.text(3));
        if (!open.empty() && same_quotas(open, versions)) continue;
        const bool first = open.empty();
        close(ts_s);
        for (audit::QuotaVersion& v : versions) v.valid_from = (first && verb == "snapshot") ? INT64_MIN : ts_s;
        open = std::move(versions);
    }
    close(INT64_MAX);
    return out;
}

}  // namespace kg::audit::query
