// Effects per purpose: the Workload steps are re-keyed from ClusterQueue to purpose and handed
// to the same tallies the per-queue section uses, so "an admission", "a wait" and "a
// preemption" mean one thing in both sections.
#include "audit/effects/purpose_effects.h"

#include "audit/effects/admissions.h"
#include "audit/effects/preemptions.h"

#include <algorithm>
#include <map>

namespace kg::audit::effects {

namespace {

struct Resolver {
    const model::PurposePolicy& policy;
    std::map<std::pair<std::string, std::string>, std::string> cache;  // (namespace, LocalQueue)
    const std::string& operator()(const std::string& ns, const std::string& lq) {
        auto [it, fresh] = cache.try_emplace({ns, lq});
        if (fresh) {
            auto m = model::resolve_purpose(policy, {ns, lq, nullptr});
            it->second = m ? m->purpose : std::string(model::k_no_purpose);
        }
        return it->second;
    }
};

}  // namespace

std::vector<PurposeEffects> purpose_effects(const std::vector<WorkloadStep>& steps,
                                            const std::vector<QuotaInterval>& intervals, Span span,
                                            const model::PurposePolicy& policy) {
    Resolver purpose_of{policy, {}};
    // The LocalQueue of each Workload, from whichever step recorded spec.queueName.
    std::map<std::pair<std::string, std::string>, std::string> lq;
    for (const WorkloadStep& s : steps) {
        if (!s.local_queue.empty()) lq[{s.namespace_, s.name}] = s.local_queue;
    }
    std::vector<WorkloadStep> keyed = steps;
    for (WorkloadStep& s : keyed) {
        // Only the steps that name a ClusterQueue carry one; the tallies keep the last one seen.
        if (!s.cluster_queue.empty()) {
            auto it = lq.find({s.namespace_, s.name});
            s.cluster_queue = purpose_of(s.namespace_, it == lq.end() ? std::string() : it->second);
        }
    }
    std::map<std::string, PurposeEffects> by;
    auto entry = [&](const std::string& p) -> PurposeEffects& {
        PurposeEffects& e = by[p];
        e.purpose = p;
        return e;
    };
    for (auto& [p, t] : admissions_from_steps(keyed, span)) {
        PurposeEffects& e = entry(p);
        e.admissions = t.admissions;
        e.waits_seconds = std::move(t.waits_seconds);
    }
    for (const auto& [p, tallies] : preemptions_from_steps(keyed, span)) {
        PurposeEffects& e = entry(p);
        for (const PreemptionTally& t : tallies) e.preemptions += t.count;
    }
    std::map<std::pair<std::string, std::string>, MilliSeconds> used;  // (purpose, resource)
    for (const QuotaInterval& iv : intervals) {
        const std::int64_t a = std::max(iv.from, span.from), b = std::min(iv.to, span.to);
        if (b <= a) continue;
        used[{purpose_of(iv.namespace_, iv.local_queue), iv.resource}] +=
            static_cast<MilliSeconds>(iv.milli) * static_cast<MilliSeconds>(b - a);
    }
    for (const auto& [key, q] : used) entry(key.first).usage.push_back({key.second, q});
    std::vector<PurposeEffects> out;
    for (auto& [p, e] : by) {
        if (p != model::k_no_purpose) out.push_back(std::move(e));
    }
    if (auto it = by.find(std::string(model::k_no_purpose)); it != by.end()) out.push_back(std::move(it->second));
    return out;
}

}  // namespace kg::audit::effects
