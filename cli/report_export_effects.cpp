// Per-queue effects for the evidence report from a single export: Workloads whose quota was
// reserved in the period (admissions and waits), their Preempted/Evicted conditions, Jobs that
// run outside Kueue (lint KQ3002/KQ3005), and usage from the reservations open at the export.
#include "cli/report_data.h"
#include "audit/evidence.h"
#include "sim/preemption_message.h"

#include <algorithm>
#include <map>

namespace kg::cli {

namespace {

/// The preemptor named in a Preempted/Evicted message: Kueue v0.8+ writes "(UID: <uid>" and v0.15+
/// "preemptor path: /<cohort>/<cq>" (audit-evidence.md section 2.3). Older messages name nobody.
std::string preemptor_of(const std::string& msg, const model::Cluster& c) {
    auto m = sim::parse_preemption_message(msg);
    if (!m) return "not named by this Kueue version";
    std::string who;
    if (!m->preemptor_uid.empty()) {
        who = "Workload UID " + m->preemptor_uid;
        for (const auto& w : c.workloads)
            if (w.meta.uid == m->preemptor_uid) who = "Workload " + w.meta.namespace_.value + "/" + w.meta.name.value;
    }
    if (!m->preemptor_path.empty()) {
        std::string path = m->preemptor_path;
        const auto slash = path.rfind('/');
        if (slash != std::string::npos) path = path.substr(slash + 1);
        who += (who.empty() ? "" : " in ") + std::string("ClusterQueue ") + path;
    }
    return who.empty() ? "not named by this Kueue version" : who;
}

}  // namespace

void add_export_effects(report::ReportData& d, const model::Cluster& c, std::int64_t from, std::int64_t to) {
    const audit::ExportEvidence ev = audit::evidence_from_export(c, to);
    std::map<std::string, report::ReportQueueStats> stats;
    for (const auto& cq : c.cluster_queues) stats[cq.meta.name.value].cluster_queue = cq.meta.name.value;
    std::map<std::string, std::map<std::pair<std::string, std::string>, std::int64_t>> preempt;
    for (const auto& w : c.workloads) {
        if (w.admission) {
            const auto* qr = w.condition("QuotaReserved");
            if (qr && qr->status == model::ConditionStatus::true_ && qr->last_transition_time &&
                *qr->last_transition_time >= from && *qr->last_transition_time < to) {
                auto& st = stats[w.admission->cluster_queue];
                st.cluster_queue = w.admission->cluster_queue;
                ++st.admissions;
                if (w.meta.creation_timestamp)
                    st.waits_seconds.push_back(std::max<std::int64_t>(0, *qr->last_transition_time - *w.meta.creation_timestamp));
            }
        }
        for (const char* type : {"Preempted", "Evicted"}) {
            const auto* cond = w.condition(type);
            if (!cond || cond->status != model::ConditionStatus::true_ || !cond->last_transition_time ||
                *cond->last_transition_time < from || *cond->last_transition_time >= to)
                continue;
            std::string cq = w.admission ? w.admission->cluster_queue : "";
            if (cq.empty())
                for (const auto& lq : c.local_queues)
                    if (lq.meta.name.value == w.queue_name.value && lq.meta.namespace_.value == w.meta.namespace_.value)
                        cq = lq.cluster_queue.value;
            if (cq.empty()) continue;
            preempt[cq][{std::string(type) + ": " + cond->reason, preemptor_of(cond->message, c)}] += 1;
            break;
        }
    }
    // Bypass attempts: lint's findings of Jobs running outside Kueue in namespaces served by a
    // ClusterQueue (KQ3002, KQ3005), counted against each ClusterQueue serving the namespace.
    for (const auto& f : d.lint_findings) {
        if (f.rule.rfind("KQ3002", 0) != 0 && f.rule.rfind("KQ3005", 0) != 0) continue;
        const auto s1 = f.object.find('/'), s2 = f.object.find('/', s1 + 1);
        if (s1 == std::string::npos || s2 == std::string::npos) continue;
        const std::string ns = f.object.substr(s1 + 1, s2 - s1 - 1);
        std::vector<std::string> seen;
        for (const auto& lq : c.local_queues)
            if (lq.meta.namespace_.value == ns &&
                std::find(seen.begin(), seen.end(), lq.cluster_queue.value) == seen.end()) {
                seen.push_back(lq.cluster_queue.value);
                if (auto it = stats.find(lq.cluster_queue.value); it != stats.end()) ++it->second.bypass_attempts;
            }
    }
    for (auto& [name, st] : stats) {
        for (const auto& [k, n] : preempt[name]) st.preemptions.push_back({k.first, k.second, n});
        add_usage_chart(st, ev.intervals, ev.versions, from, to);
        d.queue_stats.push_back(std::move(st));
    }
}

}  // namespace kg::cli
