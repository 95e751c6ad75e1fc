// Per-queue effects, changes and evidence integrity for the evidence report from the audit
// evidence store. Admissions are the QuotaReserved transitions in the period; a wait runs from
// the Workload's creation (or, after an eviction, from its requeue) to the reservation;
// preemptions carry the rule Kueue gave as the reason and the preemptor it named.
#include "cli/report_data.h"
#include "audit/store/queries.h"
#include "audit/store/store.h"
#include "model/time.h"

#include <algorithm>
#include <map>
#include <set>

namespace kg::cli {

namespace {

constexpr std::int64_t k_us = 1'000'000;

std::string object_name(const std::string& kind, const std::string& ns, const std::string& name) {
    return kind + "/" + (ns.empty() ? "" : ns + "/") + name;
}

/// "created", "deleted", or the changed fields as "path: before -> after" (at most four).
std::string change_summary(const audit::ObjectChange& c) {
    if (c.code && *c.code >= 300) return "refused with HTTP " + std::to_string(*c.code);
    if (c.verb == "delete") return "deleted";
    if (!c.body_captured) return "the log carried no body (Metadata level): what changed is not known";
    if (c.first_version) return c.verb == "create" ? "created" : "first captured version";
    if (c.fields.empty()) return "no change to spec, labels or annotations";
    std::string s;
    for (std::size_t i = 0; i < c.fields.size() && i < 4; ++i) {
        const audit::FieldChange& f = c.fields[i];
        s += (i ? "; " : "") + f.path + ": " + f.before.value_or("(absent)") + " -> " + f.after.value_or("(absent)");
    }
    if (c.fields.size() > 4) s += "; and " + std::to_string(c.fields.size() - 4) + " more field(s)";
    return s;
}

void add_changes(report::ReportData& d, const std::vector<audit::ObjectChange>& changes, std::int64_t from,
                 std::int64_t to) {
    // Every version was read, so the first change in the period is diffed against the one before it.
    for (const audit::ObjectChange& c : changes) {
        if (c.origin != "audit" || c.ts_us < from * k_us || c.ts_us >= to * k_us) continue;
        d.changes.push_back({c.ts_us / k_us, c.actor.empty() ? "(unknown)" : c.actor, c.verb,
                             object_name(c.kind, c.namespace_, c.name), change_summary(c)});
    }
    std::stable_sort(d.changes.begin(), d.changes.end(),
                     [](const report::ReportChange& a, const report::ReportChange& b) { return a.time < b.time; });
}

/// The preemptor as Kueue named it: a Workload UID (resolved to namespace/name when the store
/// has that Workload) and, since v0.15, the path of its ClusterQueue in the cohort tree.
std::string preemptor_text(const audit::WorkloadStep& s, const std::map<std::string, std::string>& names) {
    std::string who;
    if (!s.preemptor_uid.empty()) {
        auto it = names.find(s.preemptor_uid);
        who = it != names.end() ? "Workload " + it->second : "Workload UID " + s.preemptor_uid;
    }
    if (!s.preemptor_path.empty()) who += (who.empty() ? "" : " in ") + s.preemptor_path;
    return who.empty() ? "not named by this Kueue version" : who;
}

}  // namespace

void add_store_evidence(report::ReportData& d, const audit::EvidenceStore& store, const audit::check::HistoryView& view,
                        const model::Cluster& c, std::int64_t from, std::int64_t to,
                        const std::vector<model::Finding>& bypass) {
    add_changes(d, view.changes, from, to);

    std::map<std::string, report::ReportQueueStats> stats;
    for (const auto& cq : c.cluster_queues) stats[cq.meta.name.value].cluster_queue = cq.meta.name.value;
    std::map<std::string, std::map<std::pair<std::string, std::string>, std::int64_t>> preempt;

    // Steps come ordered by time; follow each Workload (by namespace/name/uid).
    struct Life {
        std::optional<std::int64_t> waiting_since_us;  ///< creation, or the requeue after an eviction
        std::string cluster_queue;                     ///< of its last reservation
    };
    std::map<std::string, Life> lives;
    struct Preemption {
        std::string cluster_queue, reason, preemptor;
    };
    std::map<std::pair<std::string, std::int64_t>, Preemption> preemptions;
    const std::vector<audit::WorkloadStep>& steps = view.steps;
    std::map<std::string, std::string> names;  // Workload UID -> namespace/name
    for (const audit::WorkloadStep& s : steps)
        if (!s.uid.empty()) names.emplace(s.uid, s.namespace_ + "/" + s.name);
    for (const audit::WorkloadStep& s : steps) {
        Life& l = lives[s.namespace_ + "/" + s.name + "/" + s.uid];
        const bool in_period = s.ts_us >= from * k_us && s.ts_us < to * k_us;
        if (s.step == "created") {
            l.waiting_since_us = s.ts_us;
        } else if (s.step == "requeued" || (s.step == "evicted" && !l.waiting_since_us)) {
            l.waiting_since_us = s.ts_us;
        } else if (s.step == "quota_reserved") {
            if (!s.cluster_queue.empty()) l.cluster_queue = s.cluster_queue;
            if (in_period && !l.cluster_queue.empty()) {
                auto& st = stats[l.cluster_queue];
                st.cluster_queue = l.cluster_queue;
                ++st.admissions;
                if (l.waiting_since_us && *l.waiting_since_us <= s.ts_us)
                    st.waits_seconds.push_back((s.ts_us - *l.waiting_since_us) / k_us);
            }
            l.waiting_since_us.reset();
        }
        // A preemption shows as Evicted (reason Preempted) and, since Kueue v0.9, Preempted with the
        // rule as its reason (InClusterQueue, InCohortReclamation, ...): one preemption, keyed by
        // the Workload and the time, described by the richer step. Other evictions (deactivation,
        // PodsReady timeout, stopped queue) are not preemptions.
        const bool preemption = s.step == "preempted" || (s.step == "evicted" && s.reason == "Preempted");
        if (preemption && in_period) {
            const std::string cq = !s.cluster_queue.empty() ? s.cluster_queue : l.cluster_queue;
            auto& p = preemptions[{s.namespace_ + "/" + s.name + "/" + s.uid, s.ts_us / k_us}];
            if (!cq.empty() && (p.cluster_queue.empty() || s.step == "preempted")) {
                p.cluster_queue = cq;
                p.reason = s.step == "preempted" ? s.reason : "Preempted";
                p.preemptor = preemptor_text(s, names);
            }
        }
    }
    for (const auto& [key, p] : preemptions)
        if (!p.cluster_queue.empty()) preempt[p.cluster_queue][{p.reason, p.preemptor}] += 1;

    // Bypass: each Job the history rules found outside the queue counts against every
    // ClusterQueue serving its namespace at the end of the period.
    for (const model::Finding& f : bypass) {
        std::set<std::string> serving;
        for (const auto& lq : c.local_queues)
            if (lq.meta.namespace_.value == f.object.namespace_) serving.insert(lq.cluster_queue.value);
        for (const std::string& cq : serving)
            if (auto it = stats.find(cq); it != stats.end()) ++it->second.bypass_attempts;
    }

    for (auto& [name, st] : stats) {
        for (const auto& [k, n] : preempt[name]) st.preemptions.push_back({k.first, k.second, n});
        add_usage_chart(st, view.intervals, view.versions, from, to);
        d.queue_stats.push_back(std::move(st));
    }

    for (const audit::SourceInfo& s : audit::query::sources(store)) {
        std::string kind = s.format + (s.compression == "none" || s.compression.empty() ? "" : ", " + s.compression);
        if (s.status != "complete") kind += ", ingest incomplete";
        d.sources.push_back({s.path, kind, s.sha256.empty() ? "(not complete)" : s.sha256, s.rows});
    }
    const audit::ChainVerification v = store.verify();
    d.chain_verified = v.intact;
    d.chain_head = v.head;
    // The head is batch N committed at T with schema digest S: what an auditor compares with the
    // head recorded outside the store (man kueuegov-audit, THE CHAIN).
    d.chain_message = v.intact ? "head is batch " + std::to_string(v.chain.size()) + " committed " + v.head_time +
                                     ", schema sha256 " + v.schema_sha256 + "; " + std::to_string(v.batches) +
                                     " batches, " + std::to_string(v.rows) +
                                     " rows: every batch hash recomputed from the stored rows matches the chain "
                                     "and the schema is kueuegov's; compare the head with one recorded outside "
                                     "the store (audit verify --expect-head)"
                               : (v.problems.empty() ? std::string("mismatch") : v.problems.front());
}

}  // namespace kg::cli
