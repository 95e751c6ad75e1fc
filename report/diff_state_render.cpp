// Text, Markdown and JSON views of lint::StateImpact. Every value from the inputs (names,
// Kueue's messages) goes through its format's escaper; the words are ours.
#include "report/diff_state_render.h"

#include "model/enum_names.h"
#include "report/escape.h"

#include <functional>
#include <utility>

namespace kg::report {

using lint::GroupImpact;
using lint::ImpactCounts;
using lint::PendingImpact;
using lint::PendingOutcome;
using lint::RunningImpact;
using lint::StateImpact;

namespace {

std::string frs_text(const lint::FlavorResources& frs) {
    std::string s;
    for (const auto& [flavor, resource] : frs) s += (s.empty() ? "" : ", ") + resource + " in " + flavor;
    return s;
}

std::string reclaimers_text(const std::vector<sim::Reclaimer>& rs, std::int32_t priority) {
    std::string s;
    for (const sim::Reclaimer& r : rs) {
        s += (s.empty() ? "" : ", ") + r.cluster_queue + " (" + model::name_of(r.policy);
        if (r.policy == model::ReclaimWithinCohort::lower_priority) s += ": its workloads above priority " + std::to_string(priority);
        s += ")";
    }
    return s;
}

std::string outcome_text(PendingOutcome o) {
    switch (o) {
        case PendingOutcome::admitted: return "admitted in the first cycle";
        case PendingOutcome::preempting: return "preempts to be admitted";
        case PendingOutcome::waits: return "waits";
        case PendingOutcome::never_fits: return "never fits";
    }
    return "waits";
}

// What the head says about a pending workload, in Kueue's words where it has some.
std::string pending_why(const PendingImpact& p) {
    if (p.head == PendingOutcome::never_fits) return p.head_never_message;
    if (p.head == PendingOutcome::waits) return p.head_reason.empty() ? p.head_message : p.head_reason + ": " + p.head_message;
    return "";
}

std::string running_text(const RunningImpact& r) {
    std::string s;
    if (r.borrowing_base != r.borrowing_head)
        s = r.borrowing_head.empty() ? "no longer borrows" : "borrows " + frs_text(r.borrowing_head);
    else if (!r.borrowing_head.empty())
        s = "borrows " + frs_text(r.borrowing_head);
    if (!r.reclaimers_head.empty())
        s += "; preemptible by reclaim of " + reclaimers_text(r.reclaimers_head, r.priority);
    else if (!r.reclaimers_base.empty())
        s += "; no longer preemptible by reclaim";
    if (!r.preempted_by_head.empty())
        s += "; preempted in the head's first cycle by " + r.preempted_by_head + " (" + r.preempted_reason_head + ")";
    else if (!r.preempted_by_base.empty())
        s += "; no longer preempted (base: by " + r.preempted_by_base + ")";
    return s;
}

std::string where_text(const std::string& lq_ns, const std::string& lq, const std::string& cq) {
    return "LocalQueue " + (lq.empty() ? std::string("(none)") : lq_ns + "/" + lq) + ", ClusterQueue " +
           (cq.empty() ? std::string("(none)") : cq);
}

// "borrowing 0 → 2, preemptible 0 → 2": the counts that differ.
std::string counts_text(const GroupImpact& g) {
    static const std::pair<const char*, std::size_t ImpactCounts::*> fields[] = {
        {"running", &ImpactCounts::running},       {"borrowing", &ImpactCounts::borrowing},
        {"preemptible", &ImpactCounts::preemptible}, {"preempted", &ImpactCounts::preempted},
        {"pending", &ImpactCounts::pending},       {"admitted", &ImpactCounts::admitted},
        {"preempting", &ImpactCounts::preempting}, {"waiting", &ImpactCounts::waiting},
        {"never fits", &ImpactCounts::never_fits}};
    std::string s;
    for (const auto& [name, m] : fields)
        if (g.base.*m != g.head.*m)
            s += (s.empty() ? "" : ", ") + std::string(name) + " " + std::to_string(g.base.*m) + " → " + std::to_string(g.head.*m);
    return s;
}

std::string tree_parts(const lint::CohortTreeChange& c) {
    std::string s;
    for (const lint::TreePart& p : c.parts) {
        std::string cqs;
        for (const std::string& q : p.cluster_queues) cqs += (cqs.empty() ? "" : ", ") + q;
        s += (s.empty() ? "" : "; ") + (p.root.empty() ? std::string("no cohort") : p.root) + " (" + cqs + ")";
    }
    return s;
}

std::string cq_change_text(const lint::ClusterQueueChange& c) {
    std::string s = std::string(lint::queue_state_name(c.before)) + " → " + lint::queue_state_name(c.after);
    if (c.after != lint::QueueState::absent) s += ": " + c.message_after;
    return s;
}

// The sections both human formats share; `line` writes one item (escaped by the caller's format).
void sections(const StateImpact& s, const std::function<void(const std::string&)>& heading,
              const std::function<void(const std::string&)>& line) {
    heading("Running workloads (" + std::to_string(s.running.size()) + " of " + std::to_string(s.running_total) +
            " change)");
    if (s.running.empty()) line("none");
    for (const RunningImpact& r : s.running)
        line(r.workload + " (" + where_text(r.namespace_, r.local_queue, r.cluster_queue) + "): " + running_text(r));
    heading("Pending workloads (" + std::to_string(s.pending.size()) + " of " + std::to_string(s.pending_total) +
            " change)");
    if (s.pending.empty()) line("none");
    for (const PendingImpact& p : s.pending) {
        std::string why = pending_why(p);
        line(p.workload + " (" + where_text(p.namespace_, p.local_queue, p.cluster_queue_head) + "): " +
             outcome_text(p.base) + " → " + outcome_text(p.head) + (why.empty() ? "" : ": " + why));
    }
    if (!s.cluster_queues.empty()) {
        heading("ClusterQueues");
        for (const lint::ClusterQueueChange& c : s.cluster_queues) line(c.cluster_queue + ": " + cq_change_text(c));
    }
    if (!s.orphaned_local_queues.empty()) {
        heading("LocalQueues left without a ClusterQueue");
        for (const lint::OrphanedLocalQueue& o : s.orphaned_local_queues)
            line(o.namespace_ + "/" + o.name + " → " + o.cluster_queue + " (not in the head; " + std::to_string(o.pending) +
                 (o.pending == 1 ? " pending workload)" : " pending workloads)"));
    }
    if (!s.cohort_trees.empty()) {
        heading("Cohort trees");
        for (const lint::CohortTreeChange& c : s.cohort_trees)
            line((c.merge ? "merged into " : "split of ") + c.tree + ": " + tree_parts(c));
    }
    for (const auto& [title, groups] : {std::pair{"By ClusterQueue", &s.by_cluster_queue},
                                        std::pair{"By LocalQueue", &s.by_local_queue},
                                        std::pair{"By namespace", &s.by_namespace}}) {
        if (groups->empty()) continue;
        heading(title);
        for (const auto& [name, g] : *groups) line(name + ": " + counts_text(g));
    }
}

}  // namespace

void render_state_text(std::ostream& out, const StateImpact& s) {
    out << "\neffect on the exported workloads (base → head, first scheduling cycle):\n";
    sections(
        s, [&](const std::string& h) { out << "  " << escape_terminal(h) << ":\n"; },
        [&](const std::string& l) { out << "    " << escape_terminal(l) << "\n"; });
}

void render_state_markdown(std::ostream& out, const StateImpact& s) {
    out << "### Effect on the exported workloads\n\nBase → head, after the first scheduling cycle; check any line "
           "with `kueuegov explain`.\n";
    sections(
        s, [&](const std::string& h) { out << "\n**" << escape_markdown(h) << "**\n\n"; },
        [&](const std::string& l) { out << "- " << escape_markdown(l) << "\n"; });
    out << "\n";
}

nlohmann::ordered_json state_json(const StateImpact& s) {
    using J = nlohmann::ordered_json;
    auto frs = [](const lint::FlavorResources& v) {
        J a = J::array();
        for (const auto& [f, r] : v) a.push_back({{"flavor", f}, {"resource", r}});
        return a;
    };
    auto recl = [](const std::vector<sim::Reclaimer>& v) {
        J a = J::array();
        for (const sim::Reclaimer& r : v) a.push_back({{"clusterQueue", r.cluster_queue}, {"reclaimWithinCohort", model::name_of(r.policy)}});
        return a;
    };
    auto counts = [](const ImpactCounts& c) {
        return J{{"running", c.running},     {"borrowing", c.borrowing}, {"preemptible", c.preemptible},
                 {"preempted", c.preempted}, {"pending", c.pending},     {"admitted", c.admitted},
                 {"preempting", c.preempting}, {"waiting", c.waiting},   {"neverFits", c.never_fits}};
    };
    J j;
    j["runningTotal"] = s.running_total;
    j["pendingTotal"] = s.pending_total;
    j["running"] = J::array();
    for (const RunningImpact& r : s.running)
        j["running"].push_back({{"workload", r.workload},
                                {"namespace", r.namespace_},
                                {"localQueue", r.local_queue},
                                {"clusterQueue", r.cluster_queue},
                                {"priority", r.priority},
                                {"borrowing", {{"base", frs(r.borrowing_base)}, {"head", frs(r.borrowing_head)}}},
                                {"reclaimers", {{"base", recl(r.reclaimers_base)}, {"head", recl(r.reclaimers_head)}}},
                                {"preemptedBy", {{"base", r.preempted_by_base}, {"head", r.preempted_by_head}}},
                                {"preemptedReason", r.preempted_reason_head},
                                {"newlyPreemptible", r.newly_preemptible()}});
    j["pending"] = J::array();
    for (const PendingImpact& p : s.pending)
        j["pending"].push_back({{"workload", p.workload},
                                {"namespace", p.namespace_},
                                {"localQueue", p.local_queue},
                                {"clusterQueue", {{"base", p.cluster_queue_base}, {"head", p.cluster_queue_head}}},
                                {"outcome", {{"base", pending_outcome_name(p.base)}, {"head", pending_outcome_name(p.head)}}},
                                {"reason", {{"base", p.base_reason}, {"head", p.head_reason}}},
                                {"message", {{"base", p.base_message}, {"head", p.head_message}}},
                                {"neverFitsMessage", p.head_never_message}});
    j["clusterQueues"] = J::array();
    for (const lint::ClusterQueueChange& c : s.cluster_queues)
        j["clusterQueues"].push_back({{"clusterQueue", c.cluster_queue},
                                      {"state", {{"base", lint::queue_state_name(c.before)}, {"head", lint::queue_state_name(c.after)}}},
                                      {"message", {{"base", c.message_before}, {"head", c.message_after}}}});
    j["orphanedLocalQueues"] = J::array();
    for (const lint::OrphanedLocalQueue& o : s.orphaned_local_queues)
        j["orphanedLocalQueues"].push_back(
            {{"namespace", o.namespace_}, {"name", o.name}, {"clusterQueue", o.cluster_queue}, {"pending", o.pending}});
    j["cohortTrees"] = J::array();
    for (const lint::CohortTreeChange& c : s.cohort_trees) {
        J parts = J::array();
        for (const lint::TreePart& p : c.parts) parts.push_back({{"root", p.root}, {"clusterQueues", p.cluster_queues}});
        j["cohortTrees"].push_back({{"change", c.merge ? "merge" : "split"}, {"tree", c.tree}, {"parts", parts}});
    }
    for (const auto& [key, groups] : {std::pair{"byClusterQueue", &s.by_cluster_queue},
                                      std::pair{"byLocalQueue", &s.by_local_queue},
                                      std::pair{"byNamespace", &s.by_namespace}}) {
        J g = J::object();
        for (const auto& [name, gi] : *groups) g[name] = {{"base", counts(gi.base)}, {"head", counts(gi.head)}};
        j[key] = std::move(g);
    }
    j["impact"] = {{"preempts", s.any_newly_preemptible()},
                   {"neverFits", s.any_new_never_fits()},
                   {"inactive", s.any_newly_inactive()}};
    return j;
}

}  // namespace kg::report
