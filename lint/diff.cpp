// Field-level and quota-level differences between two loads of queue manifests.
// Quota arithmetic is exact (Quantity); absent quotas count as zero, absent limits
// as "no limit", which is how Kueue reads them.
#include "lint/diff.h"

#include "sim/capacity.h"
#include "sim/hierarchy.h"

#include "model/enum_names.h"

#include <algorithm>
#include <set>
#include <tuple>

namespace kg::lint {

// The diff reads Kueue objects throughout.
using namespace model;

namespace {

std::string opt_qty(const std::optional<Located<Quantity>>& q) { return q ? q->value.to_string() : ""; }

void flatten_groups(const std::vector<ResourceGroup>& groups, std::map<std::string, std::string>& out) {
    for (std::size_t g = 0; g < groups.size(); ++g) {
        std::string gp = "spec.resourceGroups[" + std::to_string(g) + "]";
        std::string covered;
        for (const auto& r : groups[g].covered_resources) {
            covered += (covered.empty() ? "" : ",") + *r;
        }
        out[gp + ".coveredResources"] = covered;
        for (std::size_t f = 0; f < groups[g].flavors.size(); ++f) {
            const FlavorQuotas& fq = groups[g].flavors[f];
            // Flavors and resources are keyed by name, so reordering reads as a position change only.
            out[gp + ".flavors[" + *fq.name + "].position"] = std::to_string(f);
            for (const ResourceQuota& rq : fq.resources) {
                std::string rp = gp + ".flavors[" + *fq.name + "].resources[" + *rq.name + "]";
                out[rp + ".nominalQuota"] = rq.nominal_quota.value.to_string();
                out[rp + ".borrowingLimit"] = opt_qty(rq.borrowing_limit);
                out[rp + ".lendingLimit"] = opt_qty(rq.lending_limit);
            }
        }
    }
}

void drop_empty(std::map<std::string, std::string>& m) {
    for (auto it = m.begin(); it != m.end();) {
        it = it->second.empty() ? m.erase(it) : std::next(it);
    }
}

}  // namespace

std::map<std::string, std::string> flatten(const ClusterQueue& cq) {
    std::map<std::string, std::string> out;
    out["spec.cohortName"] = *cq.cohort;
    flatten_groups(cq.resource_groups, out);
    out["spec.queueingStrategy"] = name_of(*cq.queueing_strategy);
    out["spec.namespaceSelector"] = selector_string(cq.namespace_selector);
    out["spec.preemption.withinClusterQueue"] = name_of(*cq.preemption.within_cluster_queue);
    out["spec.preemption.reclaimWithinCohort"] = name_of(*cq.preemption.reclaim_within_cohort);
    out["spec.preemption.borrowWithinCohort.policy"] = name_of(cq.preemption.borrow_within_cohort->policy);
    if (cq.preemption.borrow_within_cohort->max_priority_threshold) {
        out["spec.preemption.borrowWithinCohort.maxPriorityThreshold"] =
            std::to_string(*cq.preemption.borrow_within_cohort->max_priority_threshold);
    }
    out["spec.flavorFungibility.whenCanBorrow"] = name_of(cq.flavor_fungibility.when_can_borrow);
    out["spec.flavorFungibility.whenCanPreempt"] = name_of(cq.flavor_fungibility.when_can_preempt);
    out["spec.flavorFungibility.preference"] = name_of(cq.flavor_fungibility.preference);
    out["spec.fairSharing.weight"] = cq.fair_sharing_weight ? cq.fair_sharing_weight->value.to_string() : "1";
    for (const AdmissionCheckStrategyRule& r : cq.admission_checks) {
        std::string flavors;
        for (const auto& f : r.on_flavors) {
            flavors += (flavors.empty() ? "" : ",") + *f;
        }
        out["spec.admissionChecksStrategy.admissionChecks[" + *r.name + "]"] = flavors.empty() ? "*" : flavors;
    }
    out["spec.stopPolicy"] = name_of(*cq.stop_policy);
    drop_empty(out);
    return out;
}

std::map<std::string, std::string> flatten(const Cohort& c) {
    std::map<std::string, std::string> out;
    out["spec.parentName"] = *c.parent_name;
    flatten_groups(c.resource_groups, out);
    out["spec.fairSharing.weight"] = c.fair_sharing_weight ? c.fair_sharing_weight->value.to_string() : "1";
    drop_empty(out);
    return out;
}

std::map<std::string, std::string> flatten(const ResourceFlavor& rf) {
    std::map<std::string, std::string> out;
    for (const auto& [k, v] : rf.node_labels) {
        out["spec.nodeLabels[" + k + "]"] = *v;
    }
    for (const Taint& t : rf.node_taints) {
        out["spec.nodeTaints[" + t.key + "]"] = t.value + ":" + taint_effect_name(t.effect);
    }
    for (const Toleration& t : rf.tolerations) {
        out["spec.tolerations[" + t.key + "]"] =
            (t.op == TolerationOp::exists ? std::string("Exists") : "Equal " + t.value) + ":" +
            taint_effect_name(t.effect);
    }
    out["spec.topologyName"] = rf.topology_name;
    drop_empty(out);
    return out;
}

std::map<std::string, std::string> flatten(const WorkloadPriorityClass& w) {
    std::map<std::string, std::string> out;
    out["value"] = std::to_string(*w.value);
    out["description"] = w.description;
    drop_empty(out);
    return out;
}

std::map<std::string, std::string> flatten(const LocalQueue& lq) {
    std::map<std::string, std::string> out;
    out["spec.clusterQueue"] = *lq.cluster_queue;
    out["spec.stopPolicy"] = name_of(*lq.stop_policy);
    drop_empty(out);
    return out;
}

namespace {

template <typename T>
void diff_kind(const std::vector<T>& base, const std::vector<T>& head, const std::string& kind,
               std::vector<ObjectDelta>& out) {
    // Later definitions of a name win, as with kubectl apply of the same files.
    std::map<std::pair<std::string, std::string>, const T*> b, h;
    for (const T& o : base) {
        b[{*o.meta.namespace_, *o.meta.name}] = &o;
    }
    for (const T& o : head) {
        h[{*o.meta.namespace_, *o.meta.name}] = &o;
    }
    std::set<std::pair<std::string, std::string>> keys;
    for (const auto& [k, v] : b) {
        keys.insert(k);
    }
    for (const auto& [k, v] : h) {
        keys.insert(k);
    }
    for (const auto& key : keys) {
        auto bi = b.find(key);
        auto hi = h.find(key);
        std::map<std::string, std::string> before, after;
        if (bi != b.end()) {
            before = flatten(*bi->second);
        }
        if (hi != h.end()) {
            after = flatten(*hi->second);
        }
        ObjectDelta c;
        c.kind = kind;
        c.namespace_ = key.first;
        c.name = key.second;
        c.change = bi == b.end() ? ChangeKind::added : hi == h.end() ? ChangeKind::removed : ChangeKind::changed;
        std::set<std::string> paths;
        for (const auto& [p, v] : before) {
            paths.insert(p);
        }
        for (const auto& [p, v] : after) {
            paths.insert(p);
        }
        for (const std::string& p : paths) {
            std::string was = before.count(p) ? before[p] : "";
            std::string now = after.count(p) ? after[p] : "";
            if (was != now) {
                c.fields.push_back({p, was, now});
            }
        }
        if (!c.fields.empty() || c.change != ChangeKind::changed) {
            out.push_back(std::move(c));
        }
    }
}

using QuotaKey = std::tuple<std::string, std::string, std::string>;  // owner, flavor, resource

struct QuotaRow {
    std::optional<Quantity> nominal, borrowing, lending;
    std::optional<Amount> guaranteed, ceiling;  ///< ClusterQueues only
};

void add_groups(const std::string& owner, const std::vector<ResourceGroup>& groups,
                std::map<QuotaKey, QuotaRow>& rows) {
    for (const ResourceGroup& rg : groups) {
        for (const FlavorQuotas& fq : rg.flavors) {
            for (const ResourceQuota& rq : fq.resources) {
                QuotaRow& r = rows[{owner, *fq.name, *rq.name}];
                r.nominal = rq.nominal_quota.value;
                if (rq.borrowing_limit) {
                    r.borrowing = rq.borrowing_limit->value;
                }
                if (rq.lending_limit) {
                    r.lending = rq.lending_limit->value;
                }
            }
        }
    }
}

std::map<QuotaKey, QuotaRow> cq_quota(const Cluster& c) {
    std::map<QuotaKey, QuotaRow> rows;
    std::map<std::string, const ClusterQueue*> last;
    for (const ClusterQueue& cq : c.cluster_queues) {
        last[*cq.meta.name] = &cq;
    }
    for (const auto& [name, cq] : last) {
        add_groups(name, cq->resource_groups, rows);
    }
    // What the queue can count on and reach comes from the simulator's quota arithmetic: it
    // depends on the lendingLimit, the borrowingLimit and the rest of the cohort tree.
    for (const sim::QueueCapacity& qc : sim::queue_capacity(c)) {
        auto it = rows.find({qc.cluster_queue, qc.flavor, qc.resource});
        if (it != rows.end()) {
            it->second.guaranteed = qc.guaranteed;
            it->second.ceiling = qc.ceiling;
        }
    }
    return rows;
}

Quantity sum_or_zero(const std::optional<Quantity>& a, const Quantity& b) {
    return a ? a->checked_add(b).value_or(*a) : b;
}

// Subtree nominal of each cohort: the nominal of its member ClusterQueues plus its own
// quota, summed up the parent chain (R6: a cohort's capacity includes its children's).
std::map<QuotaKey, QuotaRow> cohort_quota(const Cluster& c) {
    const sim::CohortHierarchy hierarchy(c);
    std::map<std::string, const Cohort*> cohorts;
    for (const Cohort& co : c.cohorts) {
        cohorts[*co.meta.name] = &co;
    }
    std::map<QuotaKey, QuotaRow> rows;
    auto credit = [&](const std::string& cohort, const std::string& flavor, const std::string& resource,
                      const Quantity& q) {
        for (const std::string& up : hierarchy.chain(cohort)) {
            QuotaRow& r = rows[{up, flavor, resource}];
            r.nominal = sum_or_zero(r.nominal, q);
        }
    };
    std::map<std::string, const ClusterQueue*> last;
    for (const ClusterQueue& cq : c.cluster_queues) {
        last[*cq.meta.name] = &cq;
    }
    for (const auto& [name, cq] : last) {
        for (const ResourceGroup& rg : cq->resource_groups) {
            for (const FlavorQuotas& fq : rg.flavors) {
                for (const ResourceQuota& rq : fq.resources) {
                    credit(*cq->cohort, *fq.name, *rq.name, rq.nominal_quota.value);
                }
            }
        }
    }
    for (const auto& [name, co] : cohorts) {
        for (const ResourceGroup& rg : co->resource_groups) {
            for (const FlavorQuotas& fq : rg.flavors) {
                for (const ResourceQuota& rq : fq.resources) {
                    credit(name, *fq.name, *rq.name, rq.nominal_quota.value);
                    // The cohort's own limits towards its parent (not summed: they bound the subtree).
                    QuotaRow& own = rows[{name, *fq.name, *rq.name}];
                    if (rq.borrowing_limit) {
                        own.borrowing = rq.borrowing_limit->value;
                    }
                    if (rq.lending_limit) {
                        own.lending = rq.lending_limit->value;
                    }
                }
            }
        }
    }
    return rows;
}

std::vector<QuotaDelta> quota_deltas(const std::map<QuotaKey, QuotaRow>& before,
                                     const std::map<QuotaKey, QuotaRow>& after) {
    std::set<QuotaKey> keys;
    for (const auto& [k, v] : before) {
        keys.insert(k);
    }
    for (const auto& [k, v] : after) {
        keys.insert(k);
    }
    std::vector<QuotaDelta> out;
    for (const QuotaKey& k : keys) {
        QuotaRow b = before.count(k) ? before.at(k) : QuotaRow{};
        QuotaRow a = after.count(k) ? after.at(k) : QuotaRow{};
        if (b.nominal == a.nominal && b.borrowing == a.borrowing && b.lending == a.lending &&
            b.guaranteed == a.guaranteed && b.ceiling == a.ceiling) {
            continue;
        }
        QuotaDelta d;
        std::tie(d.owner, d.flavor, d.resource) = k;
        d.nominal_before = b.nominal;
        d.nominal_after = a.nominal;
        d.borrowing_before = b.borrowing;
        d.borrowing_after = a.borrowing;
        d.lending_before = b.lending;
        d.lending_after = a.lending;
        Quantity nb = b.nominal.value_or(Quantity{}), na = a.nominal.value_or(Quantity{});
        d.nominal_delta = na.checked_sub(nb).value_or(Quantity{});
        d.guaranteed_before = b.guaranteed;
        d.guaranteed_after = a.guaranteed;
        d.ceiling_before = b.ceiling;
        d.ceiling_after = a.ceiling;
        d.guaranteed_delta = a.guaranteed.value_or(Amount::of(0)).sub(b.guaranteed.value_or(Amount::of(0)));
        out.push_back(std::move(d));
    }
    return out;
}

}  // namespace

ClusterDiff diff_clusters(const Cluster& base, const Cluster& head) {
    ClusterDiff d;
    diff_kind(base.cohorts, head.cohorts, "Cohort", d.objects);
    diff_kind(base.cluster_queues, head.cluster_queues, "ClusterQueue", d.objects);
    diff_kind(base.local_queues, head.local_queues, "LocalQueue", d.objects);
    diff_kind(base.resource_flavors, head.resource_flavors, "ResourceFlavor", d.objects);
    diff_kind(base.workload_priority_classes, head.workload_priority_classes, "WorkloadPriorityClass", d.objects);
    for (const ObjectDelta& o : d.objects) {
        if (o.change != ChangeKind::changed) {
            continue;
        }
        for (const FieldDelta& f : o.fields) {
            // LocalQueue: CEL self == oldSelf on spec.clusterQueue. ResourceFlavor: CEL
            // "topologyName is immutable when topologyName is set" (changed or removed).
            if ((o.kind == "LocalQueue" && f.path == "spec.clusterQueue") ||
                (o.kind == "ResourceFlavor" && f.path == "spec.topologyName" && !f.before.empty())) {
                d.immutable.push_back({o.kind, o.namespace_, o.name, f.path, f.before, f.after,
                                       o.kind == "LocalQueue" ? "field is immutable"
                                                              : "topologyName is immutable when topologyName is set"});
            }
        }
    }
    d.cluster_queue_quota = quota_deltas(cq_quota(base), cq_quota(head));
    d.cohort_quota = quota_deltas(cohort_quota(base), cohort_quota(head));
    return d;
}

}  // namespace kg::lint
