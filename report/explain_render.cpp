// Text and JSON views of a workload's admission path. Text reads top to bottom
// the way a person debugs a stuck job: what it asks for, where it is queued,
// which link is broken, what Kueue said.
#include "report/explain_render.h"

#include "model/amount.h"
#include "model/time.h"

#include <nlohmann/json.hpp>

#include <algorithm>

namespace kg::report {

using model::AdmissionPath;

namespace {

std::string amount_text(const std::string& resource, std::int64_t v) {
    return model::format_amount(resource, model::Amount::of(v));
}

std::string requests_text(const model::ResourceAmounts& a) {
    std::string out;
    for (const auto& [r, v] : a) {
        out += (out.empty() ? "" : ", ") + r + "=" + amount_text(r, v);
    }
    return out.empty() ? "nothing" : out;
}

std::string key(const model::Workload& w) { return *w.meta.namespace_ + "/" + *w.meta.name; }

std::string condition_text(const model::Condition& c) {
    std::string status = c.status == model::ConditionStatus::true_    ? "True"
                         : c.status == model::ConditionStatus::false_ ? "False"
                                                                       : "Unknown";
    std::string out = c.type + "=" + status + (c.reason.empty() ? "" : " (" + c.reason + ")");
    if (c.last_transition_time) {
        out += " since " + model::format_rfc3339(*c.last_transition_time);
    }
    if (!c.message.empty()) {
        out += ": " + c.message;
    }
    return out;
}

std::string limit_text(const std::string& resource, std::int64_t v) {
    return v == INT64_MAX ? "unlimited" : amount_text(resource, v);
}

std::string verdict(const model::FlavorCheck& c) {
    std::int64_t needs = c.assumed + c.request;
    if (c.mode == "fit") {
        return "fits";
    }
    if (needs > c.potential) {
        return "no fit: exceeds the maximum by " + amount_text(c.resource, needs - c.potential);
    }
    std::string more = amount_text(c.resource, needs - c.available) + " more needed";
    if (c.mode == "noFit") {
        return "no fit: " + more;
    }
    if (c.mode == "noCandidates") {
        return "needs preemption, no candidates: " + more;
    }
    return (c.mode == "reclaim" ? "reclaim from the cohort: " : "needs preemption: ") + more;
}

// What would unblock the workload, from the flavor numbers: the smallest quota change
// per flavor, or the capacity to wait for.
std::vector<std::string> hints(const AdmissionPath& p) {
    std::vector<std::string> out;
    if (!p.outcome || p.outcome->decision != "pending" || !p.cluster_queue) {
        return out;
    }
    const std::string& cq = *p.cluster_queue->meta.name;
    for (const model::FlavorCheck& c : p.flavor_checks) {
        if (c.mode == "fit") {
            continue;
        }
        std::int64_t needs = c.assumed + c.request;
        if (needs > c.potential && c.potential != INT64_MAX) {
            out.push_back("raise nominalQuota or borrowingLimit of " + cq + " for " + c.resource + " in " + c.flavor +
                          " by " + amount_text(c.resource, needs - c.potential) + " (it can never fit as configured)");
        } else if (needs > c.available) {
            out.push_back("wait for " + amount_text(c.resource, needs - c.available) + " " + c.resource + " in " +
                          c.flavor + " to be released in " + cq + "'s cohort, or raise nominalQuota of " + cq +
                          " by that much");
        }
    }
    return out;
}

void render_text(std::ostream& out, const AdmissionPath& p) {
    const model::Workload& wl = p.subject();
    out << "Workload " << key(wl);
    if (p.derived) {
        out << " (the Workload Kueue would create for " << wl.origin_kind << " " << *wl.meta.namespace_ << "/"
            << wl.origin_name << ")";
    } else if (!wl.origin_name.empty()) {
        out << " (for " << wl.origin_kind << " " << wl.origin_name << ")";
    }
    out << "\n  state:    " << model::state_name(p.state) << "\n  priority: " << p.priority;
    if (!wl.priority_class.name->empty()) {
        out << " (" << *wl.priority_class.name << ")";
    }
    out << "\n  requests:\n";
    for (const model::PodSetRequest& r : p.requests) {
        out << "    " << r.name << ": " << r.count << " x {" << requests_text(r.per_pod) << "} = {"
            << requests_text(r.total) << "}\n";
    }
    out << "  path:\n";
    for (const model::PathLink& l : p.links) {
        out << "    " << (l.ok ? "[ok] " : "[!!] ") << l.what;
        if (!l.ok) {
            out << ": " << l.detail;
        }
        out << "\n";
    }
    if (!p.cohort_chain.empty()) {
        out << "    cohort chain:";
        for (const std::string& c : p.cohort_chain) {
            out << " " << c;
        }
        out << "\n";
    }
    if (p.place && p.cluster_queue) {
        out << "  queue:    position " << p.place->position << " in ClusterQueue " << *p.cluster_queue->meta.name
            << " (" << (p.place->strict_fifo ? "StrictFIFO" : "BestEffortFIFO") << ")";
        if (p.place->ahead.empty()) {
            out << ", at the head\n";
        } else {
            out << ", behind " << p.place->ahead.size() << ":\n";
            std::size_t shown = 0;
            for (const model::Workload* a : p.place->ahead) {
                if (++shown > 10) {
                    out << "      ... and " << (p.place->ahead.size() - 10) << " more\n";
                    break;
                }
                out << "      " << key(*a) << "\n";
            }
            if (p.place->strict_fifo) {
                out << "    StrictFIFO: the head " << key(*p.place->ahead.front())
                    << " blocks this queue until it is admitted\n";
            }
        }
    }
    if (!p.flavor_checks.empty() && p.cluster_queue) {
        out << "  flavors, in ClusterQueue " << *p.cluster_queue->meta.name << "'s order (amounts in each resource's unit):\n";
        std::vector<std::vector<std::string>> rows{
            {"POD SET", "FLAVOR", "RESOURCE", "NEEDS", "NOMINAL", "AVAILABLE", "MAX (BORROWING)", "VERDICT"}};
        for (const model::FlavorCheck& c : p.flavor_checks) {
            rows.push_back({c.pod_set, c.flavor, c.resource, amount_text(c.resource, c.assumed + c.request),
                            amount_text(c.resource, c.nominal), limit_text(c.resource, c.available),
                            limit_text(c.resource, c.potential), verdict(c)});
        }
        std::vector<std::size_t> width(rows.front().size(), 0);
        for (const auto& row : rows) {
            for (std::size_t i = 0; i < row.size(); ++i) {
                width[i] = std::max(width[i], row[i].size());
            }
        }
        for (const auto& row : rows) {
            std::string line = "    ";
            for (std::size_t i = 0; i < row.size(); ++i) {
                line += row[i];
                if (i + 1 < row.size()) {
                    line.append(width[i] - row[i].size() + 2, ' ');
                }
            }
            out << line << "\n";
        }
        for (const std::string& h : hints(p)) {
            out << "    -> " << h << "\n";
        }
    }
    if (p.outcome) {
        const model::SimulatedOutcome& o = *p.outcome;
        out << "  next cycle (simulated): " << o.decision;
        if (!o.cluster_queue.empty() && o.decision != "pending") {
            out << " in " << o.cluster_queue;
        }
        out << "\n";
        for (const auto& [ps, res] : o.flavors) {
            for (const auto& [r, f] : res) {
                out << "    " << ps << " " << r << " -> " << f << "\n";
            }
        }
        for (const auto& [victim, reason] : o.preempting) {
            out << "    preempts " << victim << " (" << reason << ")\n";
        }
        if (!o.message.empty()) {
            out << "    Kueue would write: " << o.message << "\n";
        }
    }
    if (p.eviction) {
        const model::EvictionAccount& e = *p.eviction;
        out << "  evicted:  by preemption";
        if (!e.rule.empty()) out << " under " << e.rule << " (" << e.reason << ")";
        out << "\n    preemptor: "
            << (e.preemptor ? e.preemptor->meta.key() + " (UID " + e.preemptor_uid + ")"
                            : e.preemptor_uid.empty() ? std::string("unknown") : "UID " + e.preemptor_uid)
            << "\n";
        if (!e.preemptor_path.empty()) out << "    paths: preemptor " << e.preemptor_path << ", this workload " << e.preemptee_path << "\n";
        for (const std::string& f : e.findings) out << "    - " << f << "\n";
        out << "    quota " << (e.quota_released ? "released: it waits in its queue again" : "still held until its pods stop")
            << "\n";
    }
    out << "  Kueue reported:\n";
    bool any = false;
    for (const model::Condition& c : wl.conditions) {
        out << "    " << condition_text(c) << "\n";
        any = true;
    }
    if (!any) {
        out << "    no conditions yet (the scheduler has not looked at it, or the export has no status)\n";
    }
    if (const model::PathLink* bad = p.first_problem()) {
        bool unmanaged = p.derived && bad->what == "queue name";
        out << (unmanaged ? "  verdict:  outside Kueue: " : "  verdict:  blocked before any quota check: ")
            << bad->detail << "\n";
    } else if (p.state == model::WorkloadState::pending) {
        out << "  verdict:  the path is clear; it waits for quota or for the workloads ahead of it\n";
    } else {
        out << "  verdict:  " << model::state_name(p.state) << "\n";
    }
}

void render_json(std::ostream& out, const AdmissionPath& p) {
    const model::Workload& wl = p.subject();
    nlohmann::ordered_json j;
    j["workload"] = key(wl);
    j["derivedFromJob"] = p.derived.has_value();
    j["state"] = model::state_name(p.state);
    j["priority"] = p.priority;
    j["requests"] = nlohmann::ordered_json::array();
    for (const model::PodSetRequest& r : p.requests) {
        nlohmann::ordered_json per_pod = nlohmann::ordered_json::object(), total = nlohmann::ordered_json::object();
        for (const auto& [res, v] : r.per_pod) {
            per_pod[res] = amount_text(res, v);
        }
        for (const auto& [res, v] : r.total) {
            total[res] = amount_text(res, v);
        }
        j["requests"].push_back({{"podSet", r.name}, {"count", r.count}, {"perPod", per_pod}, {"total", total}});
    }
    j["path"] = nlohmann::ordered_json::array();
    for (const model::PathLink& l : p.links) {
        j["path"].push_back({{"link", l.what}, {"ok", l.ok}, {"detail", l.detail}});
    }
    j["cohortChain"] = p.cohort_chain;
    if (p.place) {
        nlohmann::ordered_json ahead = nlohmann::ordered_json::array();
        for (const model::Workload* a : p.place->ahead) {
            ahead.push_back(key(*a));
        }
        j["queue"] = {{"clusterQueue", *p.cluster_queue->meta.name},
                      {"position", p.place->position},
                      {"strictFIFO", p.place->strict_fifo},
                      {"ahead", ahead}};
    }
    j["conditions"] = nlohmann::ordered_json::array();
    for (const model::Condition& c : wl.conditions) {
        j["conditions"].push_back(condition_text(c));
    }
    if (p.eviction) {
        const model::EvictionAccount& e = *p.eviction;
        j["eviction"] = {{"reason", e.reason},
                         {"rule", e.rule},
                         {"preemptor", e.preemptor ? nlohmann::ordered_json(e.preemptor->meta.key()) : nlohmann::ordered_json(nullptr)},
                         {"preemptorUID", e.preemptor_uid},
                         {"preemptorPath", e.preemptor_path},
                         {"preempteePath", e.preemptee_path},
                         {"quotaReleased", e.quota_released},
                         {"findings", e.findings}};
    } else {
        j["eviction"] = nullptr;
    }
    j["flavors"] = nlohmann::ordered_json::array();
    for (const model::FlavorCheck& c : p.flavor_checks) {
        j["flavors"].push_back({{"podSet", c.pod_set},
                                {"flavor", c.flavor},
                                {"resource", c.resource},
                                {"needs", amount_text(c.resource, c.assumed + c.request)},
                                {"nominal", amount_text(c.resource, c.nominal)},
                                {"available", limit_text(c.resource, c.available)},
                                {"maximum", limit_text(c.resource, c.potential)},
                                {"mode", c.mode},
                                {"verdict", verdict(c)}});
    }
    if (p.outcome) {
        nlohmann::ordered_json pre = nlohmann::ordered_json::array();
        for (const auto& [victim, reason] : p.outcome->preempting) {
            pre.push_back({{"workload", victim}, {"reason", reason}});
        }
        j["nextCycle"] = {{"decision", p.outcome->decision},
                          {"clusterQueue", p.outcome->cluster_queue},
                          {"flavors", p.outcome->flavors},
                          {"preempting", pre},
                          {"message", p.outcome->message}};
    }
    j["hints"] = hints(p);
    const model::PathLink* bad = p.first_problem();
    j["blockedBy"] = bad ? nlohmann::ordered_json(bad->detail) : nlohmann::ordered_json(nullptr);
    out << j.dump(2) << "\n";
}

}  // namespace

void render_explain(std::ostream& out, const AdmissionPath& path, ExplainFormat f) {
    if (f == ExplainFormat::json) {
        render_json(out, path);
    } else {
        render_text(out, path);
    }
}

}  // namespace kg::report
