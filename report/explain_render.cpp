// Text and JSON views of a workload's explanation. Text reads top to bottom the way a
// person debugs a stuck job: what it asks for, where it is queued, which link is broken,
// the flavor numbers, who holds the quota, what the simulated cycles decide, what Kueue
// said, and one verdict.
#include "report/explain_render.h"

#include "model/amount.h"
#include "model/time.h"
#include "report/escape.h"
#include "report/escape_json.h"
#include "report/explain_topology.h"
#include "sim/preemption_message.h"

#include <nlohmann/json.hpp>

#include <algorithm>

namespace kg::report {

using sim::Explanation;
using sim::VerdictKind;
using ordered_json = nlohmann::ordered_json;

namespace {

std::string amount_text(const std::string& resource, const model::Amount& a) {
    return a.is_unlimited() ? "unlimited" : model::format_amount(resource, a);
}

std::string amount_text(const std::string& resource, std::int64_t v) {
    return model::format_amount(resource, model::Amount::of(v));
}

std::string requests_text(const model::ResourceAmounts& a) {
    std::string out;
    for (const auto& [r, v] : a) out += (out.empty() ? "" : ", ") + r + "=" + amount_text(r, v);
    return out.empty() ? "nothing" : out;
}

std::string key(const model::Workload& w) { return *w.meta.namespace_ + "/" + *w.meta.name; }

std::string condition_text(const model::Condition& c) {
    std::string status = c.status == model::ConditionStatus::true_    ? "True"
                         : c.status == model::ConditionStatus::false_ ? "False"
                                                                       : "Unknown";
    std::string out = c.type + "=" + status + (c.reason.empty() ? "" : " (" + c.reason + ")");
    if (c.last_transition_time) out += " since " + model::format_rfc3339(*c.last_transition_time);
    if (!c.message.empty()) out += ": " + c.message;
    return out;
}

std::string check_verdict(const sim::FlavorCheck& c) {
    if (c.mode == sim::GMode::fit) return "fits";
    if (c.maximum < c.needs) return "no fit: exceeds the maximum by " + amount_text(c.resource, c.needs.sub(c.maximum));
    std::string more = amount_text(c.resource, c.needs.sub(c.available)) + " more needed";
    switch (c.mode) {
        case sim::GMode::no_fit:
            return "no fit: " + (c.available < c.needs ? more + ", nothing it may preempt" : c.reason);
        case sim::GMode::no_candidates: return "needs preemption, no candidates: " + more;
        case sim::GMode::reclaim: return "reclaim from the cohort: " + more;
        default: return "needs preemption: " + more;
    }
}

// What would unblock the workload, from the flavor numbers: the smallest quota change per
// flavor, or the capacity to wait for.
std::vector<std::string> hints(const Explanation& e) {
    std::vector<std::string> out;
    if (!e.outcome.pending_at_end || !e.outcome.preempting.empty() || !e.path.cluster_queue || e.path.first_problem())
        return out;  // only for a workload that keeps waiting, not one whose victims are leaving
    const std::string& cq = *e.path.cluster_queue->meta.name;
    for (const sim::FlavorCheck& c : e.flavor_checks) {
        if (c.mode == sim::GMode::fit) continue;
        if (c.maximum < c.needs) {
            out.push_back("raise nominalQuota or borrowingLimit of " + cq + " for " + c.resource + " in " + c.flavor +
                          " by " + amount_text(c.resource, c.needs.sub(c.maximum)) +
                          " (it can never fit as configured)");
        } else if (c.available < c.needs) {
            out.push_back("wait for " + amount_text(c.resource, c.needs.sub(c.available)) + " " + c.resource + " in " +
                          c.flavor + " to be released in " + cq + "'s cohort, or raise nominalQuota of " + cq +
                          " by that much");
        }
    }
    return out;
}

std::string cycle_text(const std::optional<std::int64_t>& c) {
    if (!c) return "";
    return *c == 1 ? " in the next cycle" : " in cycle " + std::to_string(*c);
}

void print_table(std::ostream& out, const std::vector<std::vector<std::string>>& rows) {
    std::vector<std::size_t> width(rows.front().size(), 0);
    for (const auto& row : rows)
        for (std::size_t i = 0; i < row.size(); ++i) width[i] = std::max(width[i], row[i].size());
    for (const auto& row : rows) {
        std::string line = "    ";
        for (std::size_t i = 0; i < row.size(); ++i) {
            line += row[i];
            if (i + 1 < row.size()) line.append(width[i] - row[i].size() + 2, ' ');
        }
        out << line << "\n";
    }
}

}  // namespace

std::string verdict_sentence(const Explanation& e) {
    const sim::Verdict& v = e.verdict;
    const sim::SimulatedOutcome& o = e.outcome;
    switch (v.kind) {
        case VerdictKind::running: return "running: it holds its quota and the simulated cycles leave it running";
        case VerdictKind::evicted:
            return "evicted (" + v.detail + "): it holds its quota until its pods stop, then waits in its queue again";
        case VerdictKind::waiting_for_admission_checks: {
            std::string list;
            for (const std::string& c : v.checks) list += (list.empty() ? "" : ", ") + c;
            return "quota reserved; waiting for admission checks" + (list.empty() ? std::string() : ": " + list);
        }
        case VerdictKind::preempted_next_cycle:
            return "preempted" + cycle_text(v.cycle) + " to make room for " + v.detail +
                   (o.preempted ? " (" + o.preempted->reason + ")" : std::string());
        case VerdictKind::admitted_next_cycle:
            return (o.admitted ? "admitted" : "quota reserved") + cycle_text(v.cycle) + " in ClusterQueue " +
                   o.cluster_queue + (o.admitted ? "" : "; then it waits for its admission checks");
        case VerdictKind::admitted_after_preempting: {
            std::string names;
            for (const sim::Preemption& p : o.preempting)
                names += (names.empty() ? "" : ", ") + p.workload + " (" + p.reason + ", under " +
                         std::string(sim::preemption_rule(p.reason)) + ")";
            return "admitted after preempting " + std::to_string(o.preempting.size()) + " workload(s): " + names +
                   (v.cycle ? ";" + cycle_text(v.cycle) : "; once they have released their quota");
        }
        case VerdictKind::waits_for_quota:
            if (!v.resource.empty())
                return "waits for quota: " + amount_text(v.resource, v.short_by) + " more " + v.resource +
                       " in flavor " + v.flavor + " than is free, and nothing it may preempt";
            if (const sim::TopologyFitRecord* t = blocking_topology(e))
                return "waits for room in the topology: " + topology_summary(*t);
            return "waits for quota: " + v.detail;
        case VerdictKind::waits_for_preemptions: return "waits for the workloads being preempted to release their quota";
        case VerdictKind::never_fits:
            if (!v.resource.empty())
                return "can never fit as configured: it needs " + amount_text(v.resource, v.short_by) + " " +
                       v.resource + " more than flavor " + v.flavor + " can ever give it, borrowing included";
            if (const sim::TopologyFitRecord* t = blocking_topology(e))
                return "can never fit as configured: " + topology_summary(*t);
            return "can never fit as configured: " + v.detail;
        case VerdictKind::behind_strict_fifo_head:
            return "behind the StrictFIFO head " + key(*v.head) + ", which blocks ClusterQueue " +
                   *e.path.cluster_queue->meta.name + " until it is admitted (" + std::to_string(v.ahead) + " ahead)";
        case VerdictKind::waits_behind:
            return "not a head in the cycles simulated: " + std::to_string(v.ahead) +
                   " workload(s) ahead of it in queue order";
        case VerdictKind::blocked_on_path: return "blocked before any quota check: " + v.detail;
        case VerdictKind::cluster_queue_inactive:
            return "ClusterQueue " + *e.path.cluster_queue->meta.name + " is inactive: " + v.detail;
        case VerdictKind::stopped: return "stopped: " + v.detail;
        case VerdictKind::held: return "held out of the queue: " + v.detail;
        case VerdictKind::outside_kueue: return "outside Kueue: " + v.detail;
        case VerdictKind::finished: return "finished";
        case VerdictKind::deactivated: return "deactivated: spec.active is false";
    }
    return "";
}

namespace {

void render_text(std::ostream& out, const Explanation& e) {
    auto safe = [](const std::string& s) { return escape_terminal(s); };
    const model::Workload& wl = e.subject();
    out << "Workload " << safe(key(wl));
    if (e.derived) {
        out << " (the Workload Kueue would create for " << safe(wl.origin_kind) << " " << safe(*wl.meta.namespace_)
            << "/" << safe(wl.origin_name) << ")";
    } else if (!wl.origin_name.empty()) {
        out << " (for " << safe(wl.origin_kind) << " " << safe(wl.origin_name) << ")";
    }
    out << "\n  state:    " << sim::state_name(e.state) << "\n  priority: " << e.priority;
    if (!wl.priority_class.name->empty()) out << " (" << safe(*wl.priority_class.name) << ")";
    out << "\n  requests:\n";
    for (const sim::PodSetRequest& r : e.requests)
        out << "    " << safe(r.name) << ": " << r.count << " x {" << safe(requests_text(r.per_pod)) << "} = {"
            << safe(requests_text(r.total)) << "}\n";
    out << "  path:\n";
    for (const sim::PathCheck& l : e.path.links) {
        out << "    " << (l.ok ? "[ok] " : "[!!] ") << safe(l.what);
        if (!l.ok) out << ": " << safe(l.message);
        out << "\n";
    }
    if (!e.cohort_chain.empty()) {
        out << "    cohort chain:";
        for (const std::string& c : e.cohort_chain) out << " " << safe(c);
        out << "\n";
    }
    if (e.place && e.path.cluster_queue) {
        out << "  queue:    position " << e.place->position << " in ClusterQueue "
            << safe(*e.path.cluster_queue->meta.name) << " (" << (e.place->strict_fifo ? "StrictFIFO" : "BestEffortFIFO")
            << ")";
        if (e.place->ahead.empty()) {
            out << ", at the head\n";
        } else {
            out << ", behind " << e.place->ahead.size() << ":\n";
            std::size_t shown = 0;
            for (const model::Workload* a : e.place->ahead) {
                if (++shown > 10) {
                    out << "      ... and " << (e.place->ahead.size() - 10) << " more\n";
                    break;
                }
                out << "      " << safe(key(*a)) << "\n";
            }
        }
    }
    if (!e.flavor_checks.empty() && e.path.cluster_queue) {
        out << "  flavors, in ClusterQueue " << safe(*e.path.cluster_queue->meta.name) << "'s order, "
            << (e.flavors_as_if_head ? std::string("as if it were the head now")
                                     : "cycle " + std::to_string(e.outcome.head_cycle.value_or(1)))
            << " (amounts in each resource's unit):\n";
        std::vector<std::vector<std::string>> rows{
            {"POD SET", "FLAVOR", "RESOURCE", "NEEDS", "NOMINAL", "AVAILABLE", "MAX (BORROWING)", "VERDICT"}};
        for (const sim::FlavorCheck& c : e.flavor_checks)
            rows.push_back({safe(c.pod_set), safe(c.flavor), safe(c.resource), amount_text(c.resource, c.needs),
                            amount_text(c.resource, c.nominal), amount_text(c.resource, c.available),
                            amount_text(c.resource, c.maximum), safe(check_verdict(c))});
        print_table(out, rows);
        for (const std::string& h : hints(e)) out << "    -> " << safe(h) << "\n";
    }
    if (!e.holders.empty()) {
        out << "  who holds that quota (borrowers first):\n";
        std::vector<std::vector<std::string>> rows{
            {"WORKLOAD", "CLUSTERQUEUE", "FLAVOR", "RESOURCE", "HOLDS", "PRIORITY", "BORROWING", "PREEMPTIBLE BY IT"}};
        for (const sim::QuotaHolder& h : e.holders)
            rows.push_back({safe(h.workload), safe(h.cluster_queue), safe(h.flavor), safe(h.resource),
                            amount_text(h.resource, h.amount), std::to_string(h.priority), h.borrowing ? "yes" : "no",
                            std::string(h.preemptible ? "yes" : "no") + " (" + safe(h.why) + ")"});
        print_table(out, rows);
    }
    render_topology_text(out, e);
    const sim::SimulatedOutcome& o = e.outcome;
    out << "  simulated (" << o.cycles << (o.cycles == 1 ? " cycle" : " cycles") << "):";
    if (o.admitted_cycle) {
        out << " " << (o.admitted ? "admitted" : "quota reserved") << " in " << safe(o.cluster_queue) << " in cycle "
            << *o.admitted_cycle << "\n";
        for (const auto& [ps, res] : o.flavors)
            for (const auto& [r, f] : res) out << "    " << safe(ps) << " " << safe(r) << " -> " << safe(f) << "\n";
    } else if (o.preempted) {
        out << " preempted in cycle " << o.preempted->cycle << " by " << safe(o.preempted->workload) << " ("
            << o.preempted->reason << ")\n";
    } else if (o.pending_at_end) {
        out << " pending\n";
    } else {
        out << " unchanged\n";
    }
    for (const sim::Preemption& p : o.preempting)
        out << "    preempts " << safe(p.workload) << " (" << p.reason << ") in cycle " << p.cycle << "\n";
    if (o.pending_at_end && !o.message.empty()) out << "    Kueue would write: " << safe(o.message) << "\n";
    if (e.eviction) {
        const sim::EvictionAccount& ev = *e.eviction;
        out << "  evicted:  by preemption";
        if (!ev.rule.empty()) out << " under " << ev.rule << " (" << safe(ev.reason) << ")";
        out << "\n    preemptor: "
            << safe(ev.preemptor ? ev.preemptor->meta.key() + " (UID " + ev.preemptor_uid + ")"
                    : ev.preemptor_uid.empty() ? std::string("unknown")
                                               : "UID " + ev.preemptor_uid)
            << "\n";
        if (!ev.preemptor_path.empty())
            out << "    paths: preemptor " << safe(ev.preemptor_path) << ", this workload " << safe(ev.preemptee_path)
                << "\n";
        for (const std::string& f : ev.findings) out << "    - " << safe(f) << "\n";
        out << "    quota "
            << (ev.quota_released ? "released: it waits in its queue again" : "still held until its pods stop") << "\n";
    }
    out << "  Kueue reported:\n";
    if (wl.conditions.empty())
        out << "    no conditions yet (the scheduler has not looked at it, or the export has no status)\n";
    for (const model::Condition& c : wl.conditions) out << "    " << safe(condition_text(c)) << "\n";
    out << "  verdict:  " << safe(verdict_sentence(e)) << "\n";
}

ordered_json amount_json(const std::string& resource, const model::Amount& a) { return amount_text(resource, a); }

void render_json(std::ostream& out, const Explanation& e, const std::optional<VisibilityAnswer>& visibility) {
    const model::Workload& wl = e.subject();
    ordered_json j;
    j["workload"] = key(wl);
    j["derivedFromJob"] = e.derived.has_value();
    j["state"] = sim::state_name(e.state);
    j["priority"] = e.priority;
    j["requests"] = ordered_json::array();
    for (const sim::PodSetRequest& r : e.requests) {
        ordered_json per_pod = ordered_json::object(), total = ordered_json::object();
        for (const auto& [res, v] : r.per_pod) per_pod[res] = amount_text(res, v);
        for (const auto& [res, v] : r.total) total[res] = amount_text(res, v);
        j["requests"].push_back({{"podSet", r.name}, {"count", r.count}, {"perPod", per_pod}, {"total", total}});
    }
    j["path"] = ordered_json::array();
    for (const sim::PathCheck& l : e.path.links) {
        ordered_json link{{"step", sim::path_step_name(l.step)}, {"link", l.what}, {"ok", l.ok}};
        if (!l.ok) {
            link["message"] = l.message;
            link["reason"] = l.reason;
        }
        j["path"].push_back(std::move(link));
    }
    j["cohortChain"] = e.cohort_chain;
    if (e.place) {
        ordered_json ahead = ordered_json::array();
        for (const model::Workload* a : e.place->ahead) ahead.push_back(key(*a));
        j["queue"] = {{"clusterQueue", *e.path.cluster_queue->meta.name},
                      {"position", e.place->position},
                      {"strictFIFO", e.place->strict_fifo},
                      {"ahead", ahead}};
    } else {
        j["queue"] = nullptr;
    }
    j["flavorsAsIfHead"] = e.flavors_as_if_head;
    j["flavors"] = ordered_json::array();
    for (const sim::FlavorCheck& c : e.flavor_checks)
        j["flavors"].push_back({{"podSet", c.pod_set},
                                {"flavor", c.flavor},
                                {"resource", c.resource},
                                {"needs", amount_json(c.resource, c.needs)},
                                {"nominal", amount_json(c.resource, c.nominal)},
                                {"available", amount_json(c.resource, c.available)},
                                {"maximum", amount_json(c.resource, c.maximum)},
                                {"mode", sim::gmode_name(c.mode)},
                                {"fits", c.mode == sim::GMode::fit},
                                {"verdict", check_verdict(c)}});
    j["holders"] = ordered_json::array();
    for (const sim::QuotaHolder& h : e.holders)
        j["holders"].push_back({{"workload", h.workload},
                                {"clusterQueue", h.cluster_queue},
                                {"flavor", h.flavor},
                                {"resource", h.resource},
                                {"amount", amount_json(h.resource, h.amount)},
                                {"priority", h.priority},
                                {"borrowing", h.borrowing},
                                {"preemptible", h.preemptible},
                                {"policy", h.why}});
    j["topology"] = topology_json(e);
    const sim::SimulatedOutcome& o = e.outcome;
    ordered_json pre = ordered_json::array();
    for (const sim::Preemption& p : o.preempting)
        pre.push_back({{"workload", p.workload}, {"reason", p.reason}, {"cycle", p.cycle}});
    auto opt = [](const std::optional<std::int64_t>& v) { return v ? ordered_json(*v) : ordered_json(nullptr); };
    j["simulated"] = {{"cycles", o.cycles},
                      {"headCycle", opt(o.head_cycle)},
                      {"admittedCycle", opt(o.admitted_cycle)},
                      {"admitted", o.admitted},
                      {"clusterQueue", o.cluster_queue},
                      {"flavors", o.flavors},
                      {"preempting", pre},
                      {"preemptedBy", o.preempted ? ordered_json({{"workload", o.preempted->workload},
                                                                  {"reason", o.preempted->reason},
                                                                  {"cycle", o.preempted->cycle}})
                                                  : ordered_json(nullptr)},
                      {"pending", o.pending_at_end},
                      {"reason", o.reason},
                      {"message", o.message}};
    if (e.eviction) {
        const sim::EvictionAccount& ev = *e.eviction;
        j["eviction"] = {{"reason", ev.reason},
                         {"rule", ev.rule},
                         {"preemptor", ev.preemptor ? ordered_json(ev.preemptor->meta.key()) : ordered_json(nullptr)},
                         {"preemptorUID", ev.preemptor_uid},
                         {"preemptorPath", ev.preemptor_path},
                         {"preempteePath", ev.preemptee_path},
                         {"quotaReleased", ev.quota_released},
                         {"findings", ev.findings}};
    } else {
        j["eviction"] = nullptr;
    }
    j["conditions"] = ordered_json::array();
    for (const model::Condition& c : wl.conditions) j["conditions"].push_back(condition_text(c));
    j["hints"] = hints(e);
    const sim::Verdict& v = e.verdict;
    j["verdict"] = {{"kind", sim::verdict_name(v.kind)},
                    {"summary", verdict_sentence(e)},
                    {"step", v.step ? ordered_json(sim::path_step_name(*v.step)) : ordered_json(nullptr)},
                    {"detail", v.detail},
                    {"cycle", opt(v.cycle)},
                    {"head", v.head ? ordered_json(key(*v.head)) : ordered_json(nullptr)},
                    {"ahead", v.ahead},
                    {"flavor", v.flavor},
                    {"resource", v.resource},
                    {"shortBy", v.resource.empty() ? ordered_json(nullptr) : amount_json(v.resource, v.short_by)},
                    {"checks", v.checks}};
    if (visibility && visibility->answered) {
        j["visibility"] = {{"answered", true},
                           {"apiVersion", visibility->api_version},
                           {"positionInClusterQueue", visibility->in_cluster_queue},
                           {"positionInLocalQueue", visibility->in_local_queue},
                           {"localQueue", visibility->local_queue}};
    } else if (visibility) {
        j["visibility"] = {{"answered", false}};
    }
    out << json_text(j, 2) << "\n";
}

// What Kueue itself says, beside what the simulation computed.
void render_visibility_text(std::ostream& out, const VisibilityAnswer& v) {
    if (v.answered) {
        out << "\nKueue's visibility API (" << escape_terminal(v.api_version) << "): position " << v.in_cluster_queue
            << " in its ClusterQueue, " << v.in_local_queue << " in LocalQueue " << escape_terminal(v.local_queue)
            << "\n";
    } else {
        out << "\nKueue's visibility API did not answer (not served, or not allowed): positions above are "
               "simulated only\n";
    }
}

}  // namespace

void render_explain(std::ostream& out, const Explanation& e, ExplainFormat f,
                    const std::optional<VisibilityAnswer>& visibility) {
    if (f == ExplainFormat::json) {
        render_json(out, e, visibility);
    } else {
        render_text(out, e);
        if (visibility) {
            render_visibility_text(out, *visibility);
        }
    }
}

}  // namespace kg::report
