#include "audit/effects/queue_effects.h"

#include "audit/effects/bypass.h"
#include "audit/effects/export_effects.h"
#include "audit/effects/preemptions.h"
#include "audit/effects/usage_series.h"
#include "audit/evidence.h"

#include <map>

namespace kg::audit::effects {

namespace {

PeriodEffects assemble(const model::Cluster& c, Span span, const std::map<std::string, AdmissionTally>& admissions,
                       const std::map<std::string, std::vector<PreemptionTally>>& preemptions,
                       std::vector<BypassJob> bypass, const std::vector<QuotaInterval>& ivs,
                       const std::vector<QuotaVersion>& vs) {
    std::map<std::string, QueueEffects> queues;
    for (const auto& cq : c.cluster_queues) queues[cq.meta.name.value].cluster_queue = cq.meta.name.value;
    for (const auto& [cq, t] : admissions) {
        QueueEffects& q = queues[cq];
        q.cluster_queue = cq;
        q.admissions = t.admissions;
        q.waits_seconds = t.waits_seconds;
    }
    for (const auto& [cq, p] : preemptions) {
        queues[cq].cluster_queue = cq;
        queues[cq].preemptions = p;
    }
    add_serving_queues(bypass, c);
    BypassAttribution attributed = attribute_bypass(bypass);
    // A LocalQueue may point at a ClusterQueue that does not exist: the Job is still counted.
    for (const auto& [cq, n] : attributed.per_queue) {
        queues[cq].cluster_queue = cq;
        queues[cq].bypass_jobs = n;
    }

    PeriodEffects out;
    for (auto& [name, q] : queues) {
        q.usage = usage_series(name, ivs, vs, span);
        out.queues.push_back(std::move(q));
    }
    out.unattributed_bypass = std::move(attributed.unattributed);
    return out;
}

}  // namespace

PeriodEffects effects_from_history(const check::HistoryView& view, const model::Cluster& c, Span span,
                                   std::vector<BypassJob> bypass) {
    return assemble(c, span, admissions_from_steps(view.steps, span), preemptions_from_steps(view.steps, span),
                    std::move(bypass), view.intervals, view.versions);
}

PeriodEffects effects_from_export(const model::Cluster& c, Span span, std::vector<BypassJob> bypass) {
    const ExportEvidence ev = evidence_from_export(c, span.to);
    const ExportTallies t = tallies_from_export(c, span);
    return assemble(c, span, t.admissions, t.preemptions, std::move(bypass), ev.intervals, ev.versions);
}

}  // namespace kg::audit::effects
