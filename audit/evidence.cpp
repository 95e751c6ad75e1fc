#include "audit/evidence.h"

#include <algorithm>

namespace kg::audit {

// Evidence is read off Kueue objects throughout.
using namespace model;

namespace {

std::int64_t milli_of(const Quantity& q) { return q.milli_value(); }

}  // namespace

namespace {

std::vector<QuotaVersion> versions_of(const std::vector<ResourceGroup>& groups, const std::string& owner,
                                      const std::string& cohort, bool cohort_owned) {
    std::vector<QuotaVersion> out;
    for (const ResourceGroup& rg : groups)
        for (const FlavorQuotas& fq : rg.flavors)
            for (const ResourceQuota& rq : fq.resources) {
                QuotaVersion v;
                v.cluster_queue = owner;
                v.flavor = fq.name.value;
                v.resource = rq.name.value;
                v.nominal_milli = milli_of(rq.nominal_quota.value);
                if (rq.borrowing_limit) v.borrowing_limit_milli = milli_of(rq.borrowing_limit->value);
                if (rq.lending_limit) v.lending_limit_milli = milli_of(rq.lending_limit->value);
                v.cohort = cohort;
                v.cohort_owned = cohort_owned;
                v.valid_from = INT64_MIN;
                v.valid_to = INT64_MAX;
                out.push_back(std::move(v));
            }
    return out;
}

}  // namespace

std::vector<QuotaVersion> quota_versions_of(const ClusterQueue& cq) {
    return versions_of(cq.resource_groups, cq.meta.name.value, cq.cohort.value, false);
}

std::vector<QuotaVersion> quota_versions_of(const model::Cohort& co) {
    return versions_of(co.resource_groups, co.meta.name.value, co.meta.name.value, true);
}

ExportEvidence evidence_from_export(const Cluster& c, std::int64_t as_of) {
    ExportEvidence ev;
    for (const Workload& w : c.workloads) {
        if (!w.admission) continue;
        const Condition* qr = w.condition("QuotaReserved");
        if (qr == nullptr || qr->status != ConditionStatus::true_ || !qr->last_transition_time) {
            ++ev.skipped;
            continue;
        }
        std::int64_t end = as_of;
        if (const Condition* fin = w.condition("Finished");
            fin && fin->status == ConditionStatus::true_ && fin->last_transition_time)
            end = std::min(end, *fin->last_transition_time);
        if (w.meta.deletion_timestamp) end = std::min(end, *w.meta.deletion_timestamp);
        const std::string key = w.meta.namespace_.value + "/" + w.meta.name.value;
        for (const PodSetAssignment& psa : w.admission->pod_set_assignments) {
            for (const auto& [resource, amount] : psa.resource_usage) {
                auto f = psa.flavors.find(resource);
                QuotaInterval iv;
                iv.workload = key;
                iv.cluster_queue = w.admission->cluster_queue;
                iv.local_queue = w.queue_name.value;
                iv.namespace_ = w.meta.namespace_.value;
                iv.flavor = f == psa.flavors.end() ? "" : f->second;
                iv.resource = resource;
                iv.milli = milli_of(amount);
                iv.from = *qr->last_transition_time;
                iv.to = end;
                if (iv.to > iv.from) ev.intervals.push_back(std::move(iv));
            }
        }
    }
    for (const ClusterQueue& cq : c.cluster_queues)
        for (QuotaVersion& v : quota_versions_of(cq)) ev.versions.push_back(std::move(v));
    for (const model::Cohort& co : c.cohorts)
        for (QuotaVersion& v : quota_versions_of(co)) ev.versions.push_back(std::move(v));
    return ev;
}

}  // namespace kg::audit
