// Replay lifecycle steps as JSON lines. Quantities are printed as Kueue prints amounts
// (AmountQuantityString: "500m", "2", "1Gi"), times as RFC 3339 with milliseconds.
#include "report/replay_events.h"
#include "report/escape_json.h"

#include "model/amount.h"
#include "model/enum_names.h"
#include "model/pod_requests.h"
#include "model/time.h"

#include <nlohmann/json.hpp>

#include <set>

namespace kg::report {

namespace {

using Json = nlohmann::ordered_json;
using Kind = sim::ReplayStep::Kind;

const char* kind_name(Kind k) {
    switch (k) {
    case Kind::created: return "created";
    case Kind::pending: return "pending";
    case Kind::quota_reserved: return "quota_reserved";
    case Kind::admitted: return "admitted";
    case Kind::evicted: return "evicted";
    case Kind::requeued: return "requeued";
    case Kind::finished: return "finished";
    }
    return "?";
}

// "2026-01-05T08:00:00.100Z" (milliseconds; a negative offset never occurs: steps start at 0).
std::string rfc3339_ms(std::int64_t unix_ms) {
    std::int64_t secs = unix_ms / 1000, ms = unix_ms % 1000;
    if (ms < 0) {
        ms += 1000;
        --secs;
    }
    std::string s = model::format_rfc3339(secs);
    char frac[8];
    std::snprintf(frac, sizeof frac, ".%03d", static_cast<int>(ms));
    s.insert(s.size() - 1, frac);
    return s;
}

std::string amount(const std::string& resource, std::int64_t v) {
    return model::format_amount(resource, model::Amount::of(v));
}

Json selector_json(const std::optional<model::LabelSelector>& sel) {
    if (!sel) {
        return nullptr;
    }
    Json j = Json::object();
    if (!sel->match_labels.empty()) {
        Json& ml = j["matchLabels"] = Json::object();
        for (const auto& [k, v] : sel->match_labels) {
            ml[k] = v;
        }
    }
    for (const model::LabelRequirement& r : sel->match_expressions) {
        j["matchExpressions"].push_back(
            Json{{"key", *r.key}, {"operator", model::selector_op_name(r.op)}, {"values", r.values}});
    }
    return j;
}

Json resource_groups_json(const std::vector<model::ResourceGroup>& groups) {
    Json out = Json::array();
    for (const model::ResourceGroup& rg : groups) {
        Json g;
        g["coveredResources"] = Json::array();
        for (const auto& r : rg.covered_resources) {
            g["coveredResources"].push_back(*r);
        }
        g["flavors"] = Json::array();
        for (const model::FlavorQuotas& fq : rg.flavors) {
            Json f{{"name", *fq.name}, {"resources", Json::array()}};
            for (const model::ResourceQuota& rq : fq.resources) {
                Json r{{"name", *rq.name}, {"nominalQuota", rq.nominal_quota->to_string()}};
                if (rq.borrowing_limit) {
                    r["borrowingLimit"] = rq.borrowing_limit->value.to_string();
                }
                if (rq.lending_limit) {
                    r["lendingLimit"] = rq.lending_limit->value.to_string();
                }
                f["resources"].push_back(std::move(r));
            }
            g["flavors"].push_back(std::move(f));
        }
        out.push_back(std::move(g));
    }
    return out;
}

Json header(const ReplayEventsInput& in) {
    const model::Cluster& cl = in.cluster;
    Json h{{"type", "header"}, {"format", k_replay_events_format}, {"start", rfc3339_ms(in.start_unix_ms)},
           {"workloads", in.result.workloads.size()}, {"endMs", in.result.end_ms}};
    Json& flavors = h["resourceFlavors"] = Json::array();
    for (const model::ResourceFlavor& rf : cl.resource_flavors) {
        Json f{{"name", *rf.meta.name}, {"nodeLabels", Json::object()}};
        for (const auto& [k, v] : rf.node_labels) {
            f["nodeLabels"][k] = *v;
        }
        flavors.push_back(std::move(f));
    }
    // Cohorts: the Cohort objects, plus every cohort a ClusterQueue names without one.
    std::set<std::string> named;
    Json& cohorts = h["cohorts"] = Json::array();
    for (const model::Cohort& c : cl.cohorts) {
        named.insert(*c.meta.name);
        cohorts.push_back(Json{{"name", *c.meta.name},
                               {"parent", *c.parent_name},
                               {"resourceGroups", resource_groups_json(c.resource_groups)}});
    }
    for (const model::ClusterQueue& cq : cl.cluster_queues) {
        if (!cq.cohort->empty() && named.insert(*cq.cohort).second) {
            cohorts.push_back(Json{{"name", *cq.cohort}, {"parent", ""}, {"resourceGroups", Json::array()}});
        }
    }
    Json& cqs = h["clusterQueues"] = Json::array();
    for (const model::ClusterQueue& cq : cl.cluster_queues) {
        cqs.push_back(Json{{"name", *cq.meta.name},
                           {"cohort", *cq.cohort},
                           {"queueingStrategy", model::name_of(*cq.queueing_strategy)},
                           {"namespaceSelector", selector_json(cq.namespace_selector)},
                           {"preemption",
                            {{"withinClusterQueue", model::name_of(*cq.preemption.within_cluster_queue)},
                             {"reclaimWithinCohort", model::name_of(*cq.preemption.reclaim_within_cohort)}}},
                           {"resourceGroups", resource_groups_json(cq.resource_groups)}});
    }
    Json& lqs = h["localQueues"] = Json::array();
    for (const model::LocalQueue& lq : cl.local_queues) {
        lqs.push_back(Json{{"namespace", *lq.meta.namespace_}, {"name", *lq.meta.name},
                           {"clusterQueue", *lq.cluster_queue}});
    }
    return h;
}

// What the workload asked for when it was created: enough to write its Job and Workload.
void created_fields(Json& j, const model::Workload& wl, std::int64_t runtime_ms) {
    j["localQueue"] = *wl.queue_name;
    if (wl.priority) {
        j["priority"] = *wl.priority;
    }
    if (!wl.priority_class.name->empty()) {
        j["priorityClassName"] = *wl.priority_class.name;
    }
    j["runtimeMs"] = runtime_ms;
    Json& pss = j["podSets"] = Json::array();
    for (const model::PodSet& ps : wl.pod_sets) {
        Json requests = Json::object();
        for (const auto& [resource, v] : model::pod_requests(ps.template_spec)) {
            requests[resource] = amount(resource, v);
        }
        pss.push_back(Json{{"name", *ps.name}, {"count", ps.count}, {"requests", std::move(requests)}});
    }
}

}  // namespace

void render_replay_events(std::ostream& out, const ReplayEventsInput& in) {
    out << json_text(header(in)) << '\n';
    for (const sim::ReplayStep& s : in.result.steps) {
        const sim::WorkloadResult& w = in.result.workloads.at(s.workload);
        const model::Workload& wl = *in.workloads.at(s.workload);
        Json j{{"type", kind_name(s.kind)},
               {"time", rfc3339_ms(in.start_unix_ms + s.at_ms)},
               {"ms", s.at_ms},
               {"namespace", *wl.meta.namespace_},
               {"name", *wl.meta.name}};
        switch (s.kind) {
        case Kind::created:
            j["class"] = w.workload_class;
            created_fields(j, wl, in.runtime_ms.at(s.workload));
            break;
        case Kind::pending:
            j["clusterQueue"] = s.cluster_queue;
            j["reason"] = s.reason;
            j["message"] = s.message;
            break;
        case Kind::quota_reserved: {
            j["clusterQueue"] = s.cluster_queue;
            j["localQueue"] = *wl.queue_name;
            Json& pss = j["podSetAssignments"] = Json::array();
            for (const sim::PodSetReservation& ps : s.pod_sets) {
                Json usage = Json::object();
                for (const auto& [resource, v] : ps.usage) {
                    usage[resource] = amount(resource, v);
                }
                pss.push_back(Json{{"name", ps.name}, {"flavors", ps.flavors}, {"resourceUsage", std::move(usage)},
                                   {"count", ps.count}});
            }
            break;
        }
        case Kind::admitted:
            j["clusterQueue"] = s.cluster_queue;
            break;
        case Kind::evicted:
            j["clusterQueue"] = s.cluster_queue;
            j["reason"] = s.reason;
            j["preemptionReason"] = s.preemption_reason;
            j["preemptor"] = s.preemptor;
            j["message"] = s.message;
            break;
        case Kind::requeued:
            j["reason"] = s.reason;
            j["message"] = s.message;
            break;
        case Kind::finished:
            j["reason"] = "Succeeded";
            break;
        }
        out << json_text(j) << '\n';
    }
}

}  // namespace kg::report
