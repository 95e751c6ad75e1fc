#include "audit/effects/export_effects.h"

#include "sim/preemption_message.h"

#include <algorithm>

namespace kg::audit::effects {

namespace {

/// The preemptor named in a Preempted/Evicted message: Kueue v0.8+ writes "(UID: <uid>" and
/// v0.15+ "preemptor path: /<cohort>/<cq>" (audit-evidence.md section 2.3); older messages name
/// nobody. The UID is resolved against the export's Workloads.
std::string preemptor_of(const std::string& msg, const model::Cluster& c) {
    const auto m = sim::parse_preemption_message(msg);
    if (!m) return "not named by this Kueue version";
    const std::string& uid = m->preemptor_uid;
    const std::string& path = m->preemptor_path;
    std::string who;
    if (!uid.empty()) {
        who = "Workload UID " + uid;
        for (const auto& w : c.workloads)
            if (w.meta.uid == uid) who = "Workload " + w.meta.namespace_.value + "/" + w.meta.name.value;
    }
    if (!path.empty()) {
        const auto slash = path.rfind('/');
        who += (who.empty() ? "" : " in ") + std::string("ClusterQueue ") +
               (slash == std::string::npos ? path : path.substr(slash + 1));
    }
    return who.empty() ? "not named by this Kueue version" : who;
}

bool true_in(const model::Condition* cond, Span span) {
    return cond && cond->status == model::ConditionStatus::true_ && cond->last_transition_time &&
           span.contains_s(*cond->last_transition_time);
}

}  // namespace

ExportTallies tallies_from_export(const model::Cluster& c, Span span) {
    ExportTallies out;
    std::map<std::string, std::map<std::pair<std::string, std::string>, std::int64_t>> preempt;
    for (const auto& w : c.workloads) {
        if (w.admission) {
            const auto* qr = w.condition("QuotaReserved");
            if (true_in(qr, span)) {
                AdmissionTally& t = out.admissions[w.admission->cluster_queue];
                ++t.admissions;
                if (w.meta.creation_timestamp)
                    t.waits_seconds.push_back(std::max<std::int64_t>(0, *qr->last_transition_time - *w.meta.creation_timestamp));
            }
        }
        // Evicted repeats a preemption that Preempted already describes: count the first found.
        for (const char* type : {"Preempted", "Evicted"}) {
            const auto* cond = w.condition(type);
            if (!true_in(cond, span)) continue;
            std::string cq = w.admission ? w.admission->cluster_queue : "";
            if (cq.empty())
                for (const auto& lq : c.local_queues)
                    if (lq.meta.name.value == w.queue_name.value && lq.meta.namespace_.value == w.meta.namespace_.value)
                        cq = lq.cluster_queue.value;
            if (cq.empty()) continue;
            ++preempt[cq][{std::string(type) + ": " + cond->reason, preemptor_of(cond->message, c)}];
            break;
        }
    }
    for (const auto& [cq, m] : preempt)
        for (const auto& [k, n] : m) out.preemptions[cq].push_back({k.first, k.second, n});
    return out;
}

}  // namespace kg::audit::effects
