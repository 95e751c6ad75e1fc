// Text, wide, JSON and YAML views of the queue topology. The JSON document is the
// source of the YAML view, so the two never disagree.
#include "report/inspect_render.h"
#include "report/escape.h"
#include "report/escape_json.h"
#include "report/purpose_usage_render.h"

#include "model/amount.h"
#include "model/enum_names.h"
#include "report/yaml_emit.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <iomanip>
#include <sstream>

namespace kg::report {

using model::ClusterQueue;
using sim::ClusterQueueSummary;
using sim::QueueOverview;
using nlohmann::ordered_json;

namespace {

std::string selector_text(const std::optional<model::LabelSelector>& sel) {
    std::string s = model::selector_string(sel);
    return s == "<none>" ? "<none> (matches no namespace)" : s == "{}" ? "{} (all namespaces)" : escape_terminal(s);
}

std::string qty(const model::Quantity& q) { return q.to_string(); }

std::string opt_qty(const std::optional<model::Located<model::Quantity>>& q) { return q ? qty(q->value) : "-"; }

std::string usage_text(const ClusterQueueSummary& s, const std::string& flavor, const std::string& resource) {
    auto it = s.usage.find({flavor, resource});
    std::int64_t v = it == s.usage.end() ? 0 : it->second;
    return model::format_amount(resource, model::Amount::of(v));
}

std::string status_text(const ClusterQueueSummary& s) {
    if (s.inactive_reasons.empty()) {
        return "active";
    }
    std::string out = "inactive: ";
    for (std::size_t i = 0; i < s.inactive_reasons.size(); ++i) {
        out += (i ? ", " : "") + escape_terminal(s.inactive_reasons[i]);
    }
    return out;
}

// ------------------------------------------------------------------ text tree
class TreePrinter {
public:
    TreePrinter(std::ostream& out, const QueueOverview& t, bool wide) : m_out(out), m_t(t), m_wide(wide) {}

    void print_all() {
        for (const std::string& root : m_t.root_cohorts) {
            print_cohort(root, "", "");
        }
        for (const std::string& cq : m_t.standalone_queues) {
            const std::string& cohort = *m_t.cluster_queues.at(cq).cq->cohort;
            // Asked for by kind (inspect clusterqueue NAME), a ClusterQueue in a cohort is shown
            // alone; the cohort is named so the view does not read as "no cohort".
            m_out << "ClusterQueue " << escape_terminal(cq)
                  << (cohort.empty() ? std::string(" (no cohort)") : " (cohort " + escape_terminal(cohort) + ")")
                  << "\n";
            print_cq_body(m_t.cluster_queues.at(cq), "  ");
        }
        if (!m_t.orphan_local_queues.empty()) {
            m_out << "LocalQueues naming a ClusterQueue that was not loaded:\n";
            for (const model::LocalQueue* lq : m_t.orphan_local_queues) {
                m_out << "  " << escape_terminal(lq->meta.key()) << " -> " << escape_terminal(*lq->cluster_queue) << "\n";
            }
        }
        if (!m_t.unqueued_workloads.empty()) {
            m_out << "Pending Workloads whose LocalQueue was not loaded: " << m_t.unqueued_workloads.size() << "\n";
        }
        if (m_t.root_cohorts.empty() && m_t.standalone_queues.empty()) {
            m_out << "No ClusterQueues or Cohorts found.\n";
        }
    }

private:
    void print_cohort(const std::string& name, const std::string& first, const std::string& rest) {
        const sim::CohortSummary& c = m_t.cohorts.at(name);
        m_out << first << "Cohort " << escape_terminal(name);
        if (!c.cohort) {
            m_out << " (implicit)";
        }
        if (c.in_cycle) {
            m_out << " (parent cycle: its ClusterQueues are inactive)";
        }
        m_out << "\n";
        if (c.cohort && !c.cohort->resource_groups.empty()) {
            m_out << rest << "  cohort quota:\n";
            print_groups(c.cohort->resource_groups, nullptr, rest + "    ");
        }
        std::size_t total = c.child_cohorts.size() + c.cluster_queues.size();
        std::size_t i = 0;
        for (const std::string& cq : c.cluster_queues) {
            bool last = ++i == total;
            m_out << rest << (last ? "└── " : "├── ") << "ClusterQueue " << escape_terminal(cq) << "\n";
            print_cq_body(m_t.cluster_queues.at(cq), rest + (last ? "    " : "│   "));
        }
        for (const std::string& child : c.child_cohorts) {
            if (child == name || m_t.cohorts.at(child).in_cycle) {
                continue;  // a cycle is printed once, at its root entry
            }
            bool last = ++i == total;
            print_cohort(child, rest + (last ? "└── " : "├── "), rest + (last ? "    " : "│   "));
        }
    }

    void print_cq_body(const ClusterQueueSummary& s, const std::string& ind) {
        const ClusterQueue& cq = *s.cq;
        m_out << ind << "status: " << status_text(s) << "\n";
        m_out << ind << "queueing: " << model::name_of(*cq.queueing_strategy) << "   stopPolicy: "
              << model::name_of(*cq.stop_policy) << "   namespaceSelector: " << selector_text(cq.namespace_selector) << "\n";
        m_out << ind << "preemption: withinClusterQueue=" << model::name_of(*cq.preemption.within_cluster_queue)
              << " reclaimWithinCohort=" << model::name_of(*cq.preemption.reclaim_within_cohort)
              << " borrowWithinCohort="
              << model::name_of(cq.preemption.borrow_within_cohort->policy)
              << "\n";
        if (m_wide) {
            m_out << ind << "flavorFungibility: whenCanBorrow="
                  << model::name_of(cq.flavor_fungibility.when_can_borrow)
                  << " whenCanPreempt="
                  << model::name_of(cq.flavor_fungibility.when_can_preempt)
                  << "   fairSharing.weight=" << (cq.fair_sharing_weight ? qty(cq.fair_sharing_weight->value) : "1")
                  << "\n";
            if (!cq.admission_checks.empty()) {
                m_out << ind << "admissionChecks:";
                for (const auto& ac : cq.admission_checks) {
                    m_out << " " << escape_terminal(*ac.name);
                }
                m_out << "\n";
            }
        }
        m_out << ind << "workloads: " << s.admitted << " admitted, " << (s.reserving - s.admitted)
              << " quota reserved, " << s.pending << " pending\n";
        print_groups(cq.resource_groups, &s, ind);
        if (!s.local_queues.empty()) {
            m_out << ind << "LocalQueues:";
            for (const model::LocalQueue* lq : s.local_queues) {
                m_out << " " << escape_terminal(lq->meta.key());
                if (*lq->stop_policy != model::StopPolicy::none) {
                    m_out << " (" << model::name_of(*lq->stop_policy) << ")";
                }
            }
            m_out << "\n";
        }
    }

    void print_groups(const std::vector<model::ResourceGroup>& groups, const ClusterQueueSummary* s,
                      const std::string& ind) {
        std::vector<std::vector<std::string>> rows;
        rows.push_back({"FLAVOR", "RESOURCE", "NOMINAL", "BORROWING", "LENDING"});
        if (s) {
            rows.front().push_back("USED");
        }
        for (const model::ResourceGroup& rg : groups) {
            for (const model::FlavorQuotas& fq : rg.flavors) {
                for (const model::ResourceQuota& rq : fq.resources) {
                    // An invalid quantity (reported as a diagnostic) is shown as such, not as 0.
                    std::vector<std::string> row{escape_terminal(*fq.name), escape_terminal(*rq.name),
                                                 rq.nominal_quota_invalid ? "invalid" : qty(rq.nominal_quota.value),
                                                 rq.borrowing_limit_invalid ? "invalid" : opt_qty(rq.borrowing_limit),
                                                 rq.lending_limit_invalid ? "invalid" : opt_qty(rq.lending_limit)};
                    if (s) {
                        row.push_back(usage_text(*s, *fq.name, *rq.name));
                    }
                    rows.push_back(std::move(row));
                }
            }
        }
        if (rows.size() == 1) {
            m_out << ind << "(no resource groups)\n";
            return;
        }
        std::vector<std::size_t> width(rows.front().size(), 0);
        for (const auto& row : rows) {
            for (std::size_t i = 0; i < row.size(); ++i) {
                width[i] = std::max(width[i], row[i].size());
            }
        }
        for (const auto& row : rows) {
            std::string line = ind;
            for (std::size_t i = 0; i < row.size(); ++i) {
                line += row[i];
                if (i + 1 < row.size()) {
                    line.append(width[i] - row[i].size() + 2, ' ');
                }
            }
            m_out << line << "\n";
        }
    }

    std::ostream& m_out;
    const QueueOverview& m_t;
    bool m_wide;
};

// ------------------------------------------------------------------ JSON
ordered_json groups_json(const std::vector<model::ResourceGroup>& groups, const ClusterQueueSummary* s) {
    ordered_json out = ordered_json::array();
    for (const model::ResourceGroup& rg : groups) {
        ordered_json g;
        g["coveredResources"] = ordered_json::array();
        for (const auto& r : rg.covered_resources) {
            g["coveredResources"].push_back(*r);
        }
        g["flavors"] = ordered_json::array();
        for (const model::FlavorQuotas& fq : rg.flavors) {
            ordered_json f;
            f["name"] = *fq.name;
            f["resources"] = ordered_json::array();
            for (const model::ResourceQuota& rq : fq.resources) {
                ordered_json r;
                r["name"] = *rq.name;
                // An invalid quantity is null, and named in "invalid", never a 0.
                r["nominalQuota"] = rq.nominal_quota_invalid ? ordered_json(nullptr) : ordered_json(qty(rq.nominal_quota.value));
                if (rq.borrowing_limit) {
                    r["borrowingLimit"] = qty(rq.borrowing_limit->value);
                } else if (rq.borrowing_limit_invalid) {
                    r["borrowingLimit"] = nullptr;
                }
                if (rq.lending_limit) {
                    r["lendingLimit"] = qty(rq.lending_limit->value);
                } else if (rq.lending_limit_invalid) {
                    r["lendingLimit"] = nullptr;
                }
                ordered_json invalid = ordered_json::array();
                for (auto [bad, field] : {std::pair{rq.nominal_quota_invalid, "nominalQuota"},
                                          std::pair{rq.borrowing_limit_invalid, "borrowingLimit"},
                                          std::pair{rq.lending_limit_invalid, "lendingLimit"}}) {
                    if (bad) {
                        invalid.push_back(field);
                    }
                }
                if (!invalid.empty()) {
                    r["invalid"] = std::move(invalid);
                }
                if (s) {
                    r["used"] = usage_text(*s, *fq.name, *rq.name);
                }
                f["resources"].push_back(std::move(r));
            }
            g["flavors"].push_back(std::move(f));
        }
        out.push_back(std::move(g));
    }
    return out;
}

ordered_json cq_json(const ClusterQueueSummary& s) {
    const ClusterQueue& cq = *s.cq;
    ordered_json j;
    j["name"] = *cq.meta.name;
    j["cohort"] = *cq.cohort;
    j["active"] = s.inactive_reasons.empty();
    if (!s.inactive_reasons.empty()) {
        j["inactiveReasons"] = s.inactive_reasons;
    }
    j["queueingStrategy"] = model::name_of(*cq.queueing_strategy);
    j["stopPolicy"] = model::name_of(*cq.stop_policy);
    j["namespaceSelector"] = selector_text(cq.namespace_selector);
    j["preemption"] = {{"withinClusterQueue", model::name_of(*cq.preemption.within_cluster_queue)},
                       {"reclaimWithinCohort", model::name_of(*cq.preemption.reclaim_within_cohort)},
                       {"borrowWithinCohort", model::name_of(cq.preemption.borrow_within_cohort->policy)}};
    j["fairSharingWeight"] = cq.fair_sharing_weight ? qty(cq.fair_sharing_weight->value) : "1";
    j["resourceGroups"] = groups_json(cq.resource_groups, &s);
    j["workloads"] = {{"admitted", s.admitted}, {"quotaReserved", s.reserving - s.admitted}, {"pending", s.pending}};
    j["localQueues"] = ordered_json::array();
    for (const model::LocalQueue* lq : s.local_queues) {
        j["localQueues"].push_back({{"namespace", *lq->meta.namespace_}, {"name", *lq->meta.name},
                                    {"stopPolicy", model::name_of(*lq->stop_policy)}});
    }
    return j;
}

ordered_json topology_json(const model::Cluster& cluster, const QueueOverview& t) {
    ordered_json j;
    j["cohorts"] = ordered_json::array();
    for (const auto& [name, c] : t.cohorts) {
        ordered_json cj;
        cj["name"] = name;
        cj["implicit"] = c.cohort == nullptr;
        cj["parent"] = c.parent;
        cj["inCycle"] = c.in_cycle;
        cj["childCohorts"] = c.child_cohorts;
        cj["clusterQueues"] = c.cluster_queues;
        if (c.cohort) {
            cj["resourceGroups"] = groups_json(c.cohort->resource_groups, nullptr);
        }
        j["cohorts"].push_back(std::move(cj));
    }
    j["clusterQueues"] = ordered_json::array();
    for (const auto& [name, s] : t.cluster_queues) {
        j["clusterQueues"].push_back(cq_json(s));
    }
    j["orphanLocalQueues"] = ordered_json::array();
    for (const model::LocalQueue* lq : t.orphan_local_queues) {
        j["orphanLocalQueues"].push_back(
            {{"namespace", *lq->meta.namespace_}, {"name", *lq->meta.name}, {"clusterQueue", *lq->cluster_queue}});
    }
    ordered_json skipped = ordered_json::object();
    for (const auto& [kind, n] : cluster.skipped_kinds) {
        skipped[kind] = n;
    }
    j["objects"] = {{"resourceFlavors", cluster.resource_flavors.size()},
                    {"clusterQueues", cluster.cluster_queues.size()},
                    {"cohorts", cluster.cohorts.size()},
                    {"localQueues", cluster.local_queues.size()},
                    {"workloads", cluster.workloads.size()},
                    {"jobs", cluster.jobs.size()},
                    {"skipped", skipped}};
    return j;
}

}  // namespace

void render_inspect(std::ostream& out, const model::Cluster& cluster, const QueueOverview& topo, InspectFormat f,
                    const std::vector<sim::PurposeUsage>* purposes) {
    auto doc = [&] {
        ordered_json j = topology_json(cluster, topo);
        if (purposes) {
            j["purposes"] = purpose_usage_json(*purposes);
        }
        return j;
    };
    switch (f) {
        case InspectFormat::text:
        case InspectFormat::wide: {
            TreePrinter(out, topo, f == InspectFormat::wide).print_all();
            if (purposes) {
                render_purpose_usage_text(out, *purposes);
            }
            std::size_t skipped = 0;
            for (const auto& [kind, n] : cluster.skipped_kinds) {
                skipped += n;
            }
            std::size_t n = cluster.object_count();
            out << "\n" << n << (n == 1 ? " object loaded" : " objects loaded");
            if (skipped) {
                out << ", " << skipped << " of other kinds skipped";
            }
            out << "\n";
            return;
        }
        case InspectFormat::json: out << json_text(doc(), 2) << "\n"; return;
        case InspectFormat::yaml: emit_yaml(out, doc()); return;
    }
}

void render_inspect_names(std::ostream& out, const QueueOverview& topo, InspectNames kinds) {
    if (kinds.cohorts) {
        for (const auto& [name, c] : topo.cohorts) {
            if (c.cohort) {
                out << "cohort.kueue.x-k8s.io/" << escape_terminal(name) << "\n";
            }
        }
    }
    if (kinds.cluster_queues) {
        for (const auto& [name, s] : topo.cluster_queues) {
            out << "clusterqueue.kueue.x-k8s.io/" << escape_terminal(name) << "\n";
        }
    }
    if (kinds.local_queues) {
        std::vector<std::pair<std::string, std::string>> lqs;  // (namespace/name, name): sorted by key
        for (const auto& [name, s] : topo.cluster_queues) {
            for (const model::LocalQueue* lq : s.local_queues) lqs.emplace_back(lq->meta.key(), *lq->meta.name);
        }
        for (const model::LocalQueue* lq : topo.orphan_local_queues) lqs.emplace_back(lq->meta.key(), *lq->meta.name);
        std::sort(lqs.begin(), lqs.end());
        for (const auto& [key, name] : lqs) {
            out << "localqueue.kueue.x-k8s.io/" << escape_terminal(name) << "\n";
        }
    }
}

}  // namespace kg::report
