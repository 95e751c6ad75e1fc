// Conversions into the evidence report's data: queue definitions (the cohort tree, each
// ClusterQueue's quotas, namespace selector, preemption and fair-sharing settings, flavors with
// their node labels), findings, and the results of audit/effects.
#include "report/evidence_data.h"

#include "model/enum_names.h"

#include <algorithm>
#include <map>

namespace kg::report {

namespace {

std::string selector_text(const std::optional<model::LabelSelector>& sel) {
    if (!sel) return "none (matches no namespace)";
    if (sel->is_empty()) return "{} (every namespace)";
    std::string s;
    for (const auto& [k, v] : sel->match_labels) s += (s.empty() ? "" : ", ") + k + "=" + v;
    for (const auto& r : sel->match_expressions) {
        static const char* ops[] = {"in", "notin", "exists", "!exists", "gt", "lt"};
        s += (s.empty() ? "" : ", ") + r.key.value + " " + ops[static_cast<int>(r.op)];
        if (!r.values.empty()) {
            s += " (";
            for (std::size_t i = 0; i < r.values.size(); ++i) s += (i ? "," : "") + r.values[i];
            s += ")";
        }
    }
    return s;
}

}  // namespace

void add_queue_definitions(ReportData& d, const model::Cluster& c) {
    std::map<std::string, ReportCohort> cohorts;
    for (const auto& co : c.cohorts) {
        auto& r = cohorts[co.meta.name.value];
        r.name = co.meta.name.value;
        r.parent = co.parent_name.value;
        if (!r.parent.empty()) {
            cohorts[r.parent].name = r.parent;
            cohorts[r.parent].members.push_back("cohort " + r.name);
        }
    }
    for (const auto& cq : c.cluster_queues) {
        if (cq.cohort.value.empty()) continue;
        cohorts[cq.cohort.value].name = cq.cohort.value;
        cohorts[cq.cohort.value].members.push_back(cq.meta.name.value);
    }
    for (auto& [n, co] : cohorts) d.cohorts.push_back(co);

    for (const auto& cq : c.cluster_queues) {
        ReportQueueDef q;
        q.cluster_queue = cq.meta.name.value;
        q.cohort = cq.cohort.value;
        q.namespace_selector = selector_text(cq.namespace_selector);
        q.preemption = std::string("withinClusterQueue ") + model::name_of(cq.preemption.within_cluster_queue.value) +
                       ", reclaimWithinCohort " + model::name_of(cq.preemption.reclaim_within_cohort.value);
        q.fair_sharing = cq.fair_sharing_weight ? "weight " + cq.fair_sharing_weight->value.to_string() : "weight 1 (default)";
        for (const auto& rg : cq.resource_groups)
            for (const auto& fq : rg.flavors)
                for (const auto& rq : fq.resources)
                    q.quotas.push_back({fq.name.value, rq.name.value, rq.nominal_quota.value.to_string(),
                                        rq.borrowing_limit ? rq.borrowing_limit->value.to_string() : "",
                                        rq.lending_limit ? rq.lending_limit->value.to_string() : ""});
        for (const auto& lq : c.local_queues)
            if (lq.cluster_queue.value == q.cluster_queue)
                q.local_queues.push_back(lq.meta.namespace_.value + "/" + lq.meta.name.value);
        d.queues.push_back(std::move(q));
    }
    for (const auto& f : c.resource_flavors) {
        std::string labels;
        for (const auto& [k, v] : f.node_labels) labels += (labels.empty() ? "" : ", ") + k + "=" + v.value;
        d.flavors.push_back({f.meta.name.value, labels});
    }
}

ReportFinding report_finding(const model::Finding& f, const model::SourceFiles& files) {
    // Positions print as file:line:col, or file:line when the evidence has no column (a line of
    // an audit log), or as the file name alone when the "file" is already a place in the store.
    std::string loc;
    if (f.pos.line) {
        const std::string& file = files.name(f.pos.file_id);
        if (file.rfind(audit::effects::k_store_evidence_prefix, 0) == 0) {
            loc = file.substr(audit::effects::k_store_evidence_prefix.size());
        } else {
            loc = file + ":" + std::to_string(f.pos.line);
            if (f.pos.col) loc += ":" + std::to_string(f.pos.col);
        }
    }
    std::string object = f.object.kind + "/" + (f.object.namespace_.empty() ? "" : f.object.namespace_ + "/") + f.object.name;
    std::string message = f.message;
    // History findings say who and when; the report adds what the message does not already say.
    if (!f.time.empty() && !f.actor.empty() && message.find(f.actor) == std::string::npos)
        message += " (by " + f.actor + ", at " + f.time + ")";
    else if (!f.time.empty())
        message += " (at " + f.time + ")";
    else if (!f.actor.empty() && message.find(f.actor) == std::string::npos)
        message += " (by " + f.actor + ")";
    return {model::severity_name(f.severity), f.rule + " " + f.name, object, message, loc};
}

void add_effects(ReportData& d, const audit::effects::PeriodEffects& e) {
    for (const audit::effects::QueueEffects& q : e.queues) {
        ReportQueueStats st;
        st.cluster_queue = q.cluster_queue;
        st.admissions = q.admissions;
        st.waits_seconds = q.waits_seconds;
        st.usage_flavor = q.usage.flavor;
        st.usage_resource = q.usage.resource;
        for (const auto& p : q.usage.points) st.usage.push_back({p.time, p.used_milli, p.nominal_milli, p.borrowing_limit_milli});
        for (const auto& p : q.preemptions) st.preemptions.push_back({p.reason, p.preemptor, p.count});
        st.bypass_attempts = q.bypass_jobs;
        d.queue_stats.push_back(std::move(st));
    }
    for (const audit::effects::BypassJob& j : e.unattributed_bypass) {
        std::string serving;
        for (const std::string& cq : j.serving) serving += (serving.empty() ? "" : ", ") + cq;
        d.unattributed_bypass.push_back({j.kind + "/" + j.namespace_ + "/" + j.name, j.namespace_, serving});
    }
}

void add_changes(ReportData& d, const std::vector<audit::effects::ChangeLine>& changes) {
    for (const auto& c : changes) d.changes.push_back({c.time, c.actor, c.verb, c.object, c.summary});
}

void add_sources(ReportData& d, const std::vector<audit::effects::InventoryEntry>& inventory) {
    for (const auto& s : inventory) d.sources.push_back({s.name, s.kind, s.sha256, s.records});
}

void add_chain(ReportData& d, const audit::ChainVerification& v) {
    d.chain_verified = v.intact;
    d.chain_head = v.head;
    d.chain_message = audit::effects::chain_summary(v);
}

void add_cluster_chain(ReportData& d, const audit::ChainVerification& v, const std::string& cluster) {
    add_chain(d, v);
    const auto it = std::find_if(v.clusters.begin(), v.clusters.end(),
                                 [&](const audit::ClusterChain& c) { return c.cluster == cluster; });
    if (it == v.clusters.end()) return;  // a cluster without batches: the store's head stands
    d.chain_head = it->head;
    if (v.intact)
        d.chain_message = "cluster " + cluster + ": " + std::to_string(it->batches) + " batches, " +
                          std::to_string(it->rows) + " rows, head " + it->head + "; the whole store: " +
                          d.chain_message;
}

}  // namespace kg::report
