// Narrowing the inspect view (queue_overview_scope.h). The overview holds pointers into
// the Cluster, so narrowing only erases entries; every kept summary is the one the full
// overview computed, and usage or pending counts never change with the filter.
#include "sim/queue_overview_scope.h"

#include <algorithm>
#include <functional>
#include <set>

namespace kg::sim {

namespace {

bool selected(const std::optional<model::LabelSelector>& sel, const model::Labels& labels) {
    return !sel || sel->matches(labels);
}

bool lq_selected(const model::LocalQueue& lq, const OverviewScope& s, bool by_kind) {
    if (!s.namespace_.empty() && *lq.meta.namespace_ != s.namespace_) {
        return false;
    }
    if (by_kind) {
        if (!s.name.empty()) {
            const std::string& key = s.name.find('/') == std::string::npos ? *lq.meta.name : lq.meta.key();
            if (key != s.name) {
                return false;
            }
        }
        return selected(s.selector, lq.meta.labels);
    }
    return true;
}

// Keeps the cohorts that hold a kept ClusterQueue somewhere below them, and prunes their lists.
void prune_cohorts(QueueOverview& t, const std::set<std::string>& kept_cqs) {
    std::set<std::string> kept, visiting;
    std::function<bool(const std::string&)> keep = [&](const std::string& name) -> bool {
        if (kept.count(name)) {
            return true;
        }
        if (!visiting.insert(name).second) {
            return false;  // a parent cycle: the cohort counts once, where it was entered
        }
        CohortSummary& c = t.cohorts.at(name);
        bool any = false;
        std::vector<std::string> cqs, kids;
        for (const std::string& cq : c.cluster_queues) {
            if (kept_cqs.count(cq)) {
                cqs.push_back(cq);
                any = true;
            }
        }
        for (const std::string& child : c.child_cohorts) {
            if (t.cohorts.count(child) && keep(child)) {
                kids.push_back(child);
                any = true;
            }
        }
        c.cluster_queues = std::move(cqs);
        c.child_cohorts = std::move(kids);
        if (any) {
            kept.insert(name);
        }
        return any;
    };
    std::vector<std::string> roots;
    for (const std::string& r : t.root_cohorts) {
        if (keep(r)) {
            roots.push_back(r);
        }
    }
    t.root_cohorts = std::move(roots);
    std::erase_if(t.cohorts, [&](const auto& kv) { return !kept.count(kv.first); });
}

// Every cohort at or below `root`.
std::set<std::string> subtree(const QueueOverview& t, const std::string& root) {
    std::set<std::string> out;
    std::vector<std::string> todo{root};
    while (!todo.empty()) {
        std::string n = todo.back();
        todo.pop_back();
        if (!out.insert(n).second) {
            continue;
        }
        for (const std::string& c : t.cohorts.at(n).child_cohorts) {
            if (t.cohorts.count(c)) {
                todo.push_back(c);
            }
        }
    }
    return out;
}

}  // namespace

model::Result<QueueOverview> scope_overview(QueueOverview t, const OverviewScope& s) {
    if (s.kind == OverviewKind::all && s.namespace_.empty() && !s.selector) {
        return t;
    }
    const bool lq_kind = s.kind == OverviewKind::local_queue;
    // 1. The ClusterQueues in reach of the kind and name.
    std::set<std::string> reach;
    if (s.kind == OverviewKind::cohort && !s.name.empty()) {
        if (!t.cohorts.count(s.name)) {
            return model::make_error("no Cohort named \"" + s.name + "\" in the inputs (neither an object nor named "
                                     "by a ClusterQueue's spec.cohortName)");
        }
        for (const std::string& c : subtree(t, s.name)) {
            for (const std::string& cq : t.cohorts.at(c).cluster_queues) reach.insert(cq);
        }
        t.root_cohorts = {s.name};
    } else if (s.kind == OverviewKind::cluster_queue && !s.name.empty()) {
        if (!t.cluster_queues.count(s.name)) {
            return model::make_error("no ClusterQueue named \"" + s.name + "\" in the inputs");
        }
        reach.insert(s.name);
    } else {
        for (const auto& [name, cs] : t.cluster_queues) {
            if (s.kind != OverviewKind::cohort || !cs.cq->cohort->empty()) reach.insert(name);
        }
    }
    // 2. LocalQueues by namespace (and by name, selector when they are the kind), then the
    //    ClusterQueues that keep one, or match the selector when they are the kind.
    std::set<std::string> kept;
    for (const std::string& name : reach) {
        ClusterQueueSummary& cs = t.cluster_queues.at(name);
        std::erase_if(cs.local_queues, [&](const model::LocalQueue* lq) { return !lq_selected(*lq, s, lq_kind); });
        const bool by_lq = lq_kind || !s.namespace_.empty();
        if (by_lq && cs.local_queues.empty()) continue;
        if (!lq_kind && s.kind != OverviewKind::cohort && !selected(s.selector, cs.cq->meta.labels)) continue;
        kept.insert(name);
    }
    std::erase_if(t.orphan_local_queues, [&](const model::LocalQueue* lq) {
        return s.kind == OverviewKind::cluster_queue || s.kind == OverviewKind::cohort ||
               (!lq_kind && s.selector) || !lq_selected(*lq, s, lq_kind);
    });
    if (lq_kind && !s.name.empty() && kept.empty() && t.orphan_local_queues.empty()) {
        return model::make_error("no LocalQueue named \"" + s.name + "\"" +
                                 (s.namespace_.empty() ? std::string() : " in namespace \"" + s.namespace_ + "\"") +
                                 " in the inputs");
    }
    std::erase_if(t.unqueued_workloads, [&](const model::Workload* wl) {
        return s.kind != OverviewKind::all || s.selector ||
               (!s.namespace_.empty() && *wl->meta.namespace_ != s.namespace_);
    });
    std::erase_if(t.cluster_queues, [&](const auto& kv) { return !kept.count(kv.first); });
    // 3. The frame: cohort trees for `all` and `cohort`, a flat list for the queue kinds.
    if (s.kind == OverviewKind::cluster_queue || lq_kind) {
        t.cohorts.clear();
        t.root_cohorts.clear();
        t.standalone_queues.assign(kept.begin(), kept.end());
        return t;
    }
    if (s.kind == OverviewKind::cohort) {
        t.standalone_queues.clear();
        if (s.selector) {
            // The selected cohorts become the roots, each once: one below another selected
            // cohort is shown in that one's subtree.
            auto is_selected = [&](const std::string& n) {
                const CohortSummary& c = t.cohorts.at(n);
                return c.cohort && s.selector->matches(c.cohort->meta.labels);
            };
            std::vector<std::string> roots;
            for (const auto& [name, c] : t.cohorts) {
                if (!is_selected(name) || (!s.name.empty() && !subtree(t, t.root_cohorts.front()).count(name))) {
                    continue;
                }
                bool under_selected = false;
                std::set<std::string> seen{name};
                for (std::string p = c.parent; !p.empty() && t.cohorts.count(p) && seen.insert(p).second;
                     p = t.cohorts.at(p).parent) {
                    under_selected = under_selected || is_selected(p);
                }
                if (!under_selected) roots.push_back(name);
            }
            t.root_cohorts = std::move(roots);
        }
        if (s.namespace_.empty()) {
            // No namespace filter: a cohort is shown whole, with its quota even when it has no
            // ClusterQueue of its own.
            std::set<std::string> keep;
            for (const std::string& r : t.root_cohorts) {
                for (const std::string& c : subtree(t, r)) keep.insert(c);
            }
            std::erase_if(t.cohorts, [&](const auto& kv) { return !keep.count(kv.first); });
            std::erase_if(t.cluster_queues, [&](const auto& kv) { return !keep.count(*kv.second.cq->cohort); });
            return t;
        }
    } else {
        std::erase_if(t.standalone_queues, [&](const std::string& cq) { return !kept.count(cq); });
    }
    prune_cohorts(t, kept);
    return t;
}

}  // namespace kg::sim
