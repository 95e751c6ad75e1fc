// ResourceFlavor, ClusterQueue, Cohort and LocalQueue, v1beta1 and v1beta2, with
// Kueue's CRD defaults (kueue-admission.md §1.1-1.4, §1.10).
#include "model/decode/decode_kinds.h"
#include "model/decode/fields.h"

namespace kg::model::decode {

namespace {

// A field that is present and not null: when as_quantity still gave nothing, its
// text was not a quantity.
bool has_value(const Node* n) {
    return n && !n->is_null();
}

}  // namespace

std::vector<ResourceGroup> decode_resource_groups(const Node* n, DiagSink& diags) {
    std::vector<ResourceGroup> out;
    if (!is_sequence(n, diags, "spec.resourceGroups")) {
        return out;
    }
    for (const Node& g : n->items) {
        if (!is_mapping(&g, diags, "spec.resourceGroups")) {
            continue;
        }
        ResourceGroup rg;
        rg.pos = g.pos;
        const Node* covered = g.get("coveredResources");
        if (is_sequence(covered, diags, "coveredResources")) {
            for (const Node& c : covered->items) {
                if (auto s = as_string(&c, diags, "coveredResources")) {
                    rg.covered_resources.emplace_back(*s, c.pos);
                }
            }
        }
        const Node* flavors = g.get("flavors");
        if (is_sequence(flavors, diags, "flavors")) {
            for (const Node& f : flavors->items) {
                if (!is_mapping(&f, diags, "flavors")) {
                    continue;
                }
                FlavorQuotas fq;
                fq.name = located_string(f.get("name"), diags, "flavors.name");
                if (fq.name->empty()) {
                    fq.name.pos = f.pos;
                }
                const Node* resources = f.get("resources");
                if (is_sequence(resources, diags, "resources")) {
                    for (const Node& r : resources->items) {
                        if (!is_mapping(&r, diags, "resources")) {
                            continue;
                        }
                        ResourceQuota rq;
                        rq.name = located_string(r.get("name"), diags, "resources.name");
                        if (auto q = as_quantity(r.get("nominalQuota"), diags)) {
                            rq.nominal_quota = *q;
                        } else {
                            rq.nominal_quota.pos = r.get("nominalQuota") ? r.get("nominalQuota")->pos : r.pos;
                            rq.nominal_quota_invalid = has_value(r.get("nominalQuota"));
                        }
                        rq.borrowing_limit = as_quantity(r.get("borrowingLimit"), diags);
                        rq.lending_limit = as_quantity(r.get("lendingLimit"), diags);
                        rq.borrowing_limit_invalid = !rq.borrowing_limit && has_value(r.get("borrowingLimit"));
                        rq.lending_limit_invalid = !rq.lending_limit && has_value(r.get("lendingLimit"));
                        fq.resources.push_back(std::move(rq));
                    }
                }
                rg.flavors.push_back(std::move(fq));
            }
        }
        out.push_back(std::move(rg));
    }
    return out;
}

namespace {

std::optional<Located<Quantity>> fair_sharing_weight(const Node* spec, DiagSink& diags) {
    const Node* fs = spec->get("fairSharing");
    return is_mapping(fs, diags, "spec.fairSharing") ? as_quantity(fs->get("weight"), diags) : std::nullopt;
}

Located<StopPolicy> stop_policy(const Node* spec, DiagSink& diags) {
    const Node* n = spec->get("stopPolicy");
    auto v = as_enum<StopPolicy>(n, diags, "spec.stopPolicy",
                                 {{"None", StopPolicy::none}, {"Hold", StopPolicy::hold},
                                  {"HoldAndDrain", StopPolicy::hold_and_drain}});
    return Located<StopPolicy>(v.value_or(StopPolicy::none), n ? n->pos : spec->pos);
}

void decode_preemption(const Node* p, ClusterQueuePreemption& out, DiagSink& diags) {
    if (!is_mapping(p, diags, "spec.preemption")) {
        return;
    }
    out.present = true;
    if (const Node* w = p->get("withinClusterQueue")) {
        out.within_cluster_queue = Located<WithinClusterQueue>(
            as_enum<WithinClusterQueue>(w, diags, "spec.preemption.withinClusterQueue",
                                        {{"Never", WithinClusterQueue::never},
                                         {"LowerPriority", WithinClusterQueue::lower_priority},
                                         {"LowerOrNewerEqualPriority",
                                          WithinClusterQueue::lower_or_newer_equal_priority}})
                .value_or(WithinClusterQueue::never),
            w->pos);
    }
    if (const Node* r = p->get("reclaimWithinCohort")) {
        out.reclaim_within_cohort = Located<ReclaimWithinCohort>(
            as_enum<ReclaimWithinCohort>(r, diags, "spec.preemption.reclaimWithinCohort",
                                         {{"Never", ReclaimWithinCohort::never},
                                          {"LowerPriority", ReclaimWithinCohort::lower_priority},
                                          {"Any", ReclaimWithinCohort::any}})
                .value_or(ReclaimWithinCohort::never),
            r->pos);
    }
    const Node* b = p->get("borrowWithinCohort");
    if (is_mapping(b, diags, "spec.preemption.borrowWithinCohort")) {
        BorrowWithinCohort bwc;
        bwc.policy = as_enum<BorrowWithinCohortPolicy>(b->get("policy"), diags,
                                                        "spec.preemption.borrowWithinCohort.policy",
                                                        {{"Never", BorrowWithinCohortPolicy::never},
                                                         {"LowerPriority", BorrowWithinCohortPolicy::lower_priority}})
                         .value_or(BorrowWithinCohortPolicy::never);
        if (auto t = as_int(b->get("maxPriorityThreshold"), diags, "maxPriorityThreshold", INT32_MIN, INT32_MAX)) {
            bwc.max_priority_threshold = static_cast<std::int32_t>(*t);
        }
        out.borrow_within_cohort = Located<BorrowWithinCohort>(bwc, b->pos);
    }
}

void decode_fungibility(const Node* f, FlavorFungibility& out, DiagSink& diags) {
    if (!is_mapping(f, diags, "spec.flavorFungibility")) {
        return;
    }
    out.pos = f->pos;
    // v1beta1 spelled MayStopSearch as Borrow / Preempt (deprecated; converted as Kueue does).
    out.when_can_borrow = as_enum<WhenCanBorrow>(f->get("whenCanBorrow"), diags, "spec.flavorFungibility.whenCanBorrow",
                                                 {{"MayStopSearch", WhenCanBorrow::may_stop_search},
                                                  {"TryNextFlavor", WhenCanBorrow::try_next_flavor},
                                                  {"Borrow", WhenCanBorrow::may_stop_search}})
                              .value_or(WhenCanBorrow::may_stop_search);
    out.when_can_preempt =
        as_enum<WhenCanPreempt>(f->get("whenCanPreempt"), diags, "spec.flavorFungibility.whenCanPreempt",
                                {{"MayStopSearch", WhenCanPreempt::may_stop_search},
                                 {"TryNextFlavor", WhenCanPreempt::try_next_flavor},
                                 {"Preempt", WhenCanPreempt::may_stop_search}})
            .value_or(WhenCanPreempt::try_next_flavor);
    out.preference = as_enum<FungibilityPreference>(
                         f->get("preference"), diags, "spec.flavorFungibility.preference",
                         {{"BorrowingOverPreemption", FungibilityPreference::borrowing_over_preemption},
                          {"PreemptionOverBorrowing", FungibilityPreference::preemption_over_borrowing}})
                         .value_or(FungibilityPreference::unset);
}

void decode_admission_checks(const Node* spec, ClusterQueue& cq, DiagSink& diags) {
    // v1beta1: spec.admissionChecks: [names]; v1beta2: admissionChecksStrategy.admissionChecks[{name, onFlavors}].
    const Node* legacy = spec->get("admissionChecks");
    if (is_sequence(legacy, diags, "spec.admissionChecks")) {
        for (const Node& n : legacy->items) {
            AdmissionCheckStrategyRule r;
            r.name = located_string(&n, diags, "spec.admissionChecks");
            cq.admission_checks.push_back(std::move(r));
        }
    }
    const Node* strategy = spec->get("admissionChecksStrategy");
    if (!is_mapping(strategy, diags, "spec.admissionChecksStrategy")) {
        return;
    }
    const Node* checks = strategy->get("admissionChecks");
    if (!is_sequence(checks, diags, "spec.admissionChecksStrategy.admissionChecks")) {
        return;
    }
    for (const Node& c : checks->items) {
        if (!is_mapping(&c, diags, "admissionChecks")) {
            continue;
        }
        AdmissionCheckStrategyRule r;
        r.name = located_string(c.get("name"), diags, "admissionChecks.name");
        const Node* on = c.get("onFlavors");
        if (is_sequence(on, diags, "onFlavors")) {
            for (const Node& f : on->items) {
                r.on_flavors.push_back(located_string(&f, diags, "onFlavors"));
            }
        }
        cq.admission_checks.push_back(std::move(r));
    }
}

std::optional<ConcurrentAdmissionPolicy> decode_concurrent_admission(const Node* p, DiagSink& diags) {
    if (!is_mapping(p, diags, "spec.concurrentAdmissionPolicy")) {
        return std::nullopt;
    }
    ConcurrentAdmissionPolicy out;
    out.pos = p->pos;
    const Node* m = p->get("migration");
    if (!is_mapping(m, diags, "spec.concurrentAdmissionPolicy.migration")) {
        return out;
    }
    if (const Node* mode = m->get("mode")) {
        out.mode = Located<MigrationMode>(
            as_enum<MigrationMode>(mode, diags, "spec.concurrentAdmissionPolicy.migration.mode",
                                   {{"TryPreferredFlavors", MigrationMode::try_preferred_flavors},
                                    {"RetainFirstAdmission", MigrationMode::retain_first_admission}})
                .value_or(MigrationMode::try_preferred_flavors),
            mode->pos);
    }
    const Node* c = m->get("constraints");
    if (is_mapping(c, diags, "spec.concurrentAdmissionPolicy.migration.constraints")) {
        out.has_constraints = true;
        out.constraints_pos = c->pos;
        if (const Node* f = c->get("lastAcceptableFlavorName")) {
            out.last_acceptable_flavor =
                located_string(f, diags, "spec.concurrentAdmissionPolicy.migration.constraints.lastAcceptableFlavorName");
        }
    }
    return out;
}

}  // namespace

void decode_resource_flavor(const Node& obj, ObjectMeta meta, Cluster& out, DiagSink& diags) {
    ResourceFlavor rf;
    rf.meta = std::move(meta);
    if (const Node* spec = obj.get("spec"); is_mapping(spec, diags, "spec")) {
        if (const yaml::MapEntry* e = spec->entry("nodeLabels")) {
            rf.node_labels_pos = e->key_pos;
            std::map<std::string, SourcePos> pos;
            for (auto& [k, v] : as_string_map(&e->value, diags, "spec.nodeLabels", &pos)) {
                rf.node_labels[k] = Located<std::string>(v, pos[k]);
            }
        }
        rf.node_taints = decode_taints(spec->get("nodeTaints"), diags, "spec.nodeTaints");
        rf.tolerations = decode_tolerations(spec->get("tolerations"), diags, "spec.tolerations");
        rf.topology_name = as_string(spec->get("topologyName"), diags, "spec.topologyName").value_or("");
        if (const auto* t = spec->get("topologyName")) rf.topology_name_pos = t->pos;
    }
    out.resource_flavors.push_back(std::move(rf));
}

void decode_cluster_queue(const Node& obj, ObjectMeta meta, Cluster& out, DiagSink& diags) {
    ClusterQueue cq;
    cq.meta = std::move(meta);
    const Node* spec = obj.get("spec");
    if (is_mapping(spec, diags, "spec")) {
        const Node* cohort = spec->get("cohortName");
        cq.cohort = located_string(cohort ? cohort : spec->get("cohort"), diags, "spec.cohortName");
        for (const char* k : {"cohort", "cohortName", "admissionChecks"}) {
            if (const yaml::MapEntry* e = spec->entry(k)) {
                cq.version_spellings.emplace_back(std::string("spec.") + k, e->key_pos);
            }
        }
        if (const Node* f = spec->get("flavorFungibility"); f && f->is_mapping()) {
            for (const auto& [k, legacy] : {std::pair{"whenCanBorrow", "Borrow"}, std::pair{"whenCanPreempt", "Preempt"}}) {
                const Node* v = f->get(k);
                if (v && v->is_scalar() && v->scalar == legacy) {
                    cq.version_spellings.emplace_back(std::string("spec.flavorFungibility.") + k + "=" + legacy, v->pos);
                }
            }
        }
        cq.resource_groups = decode_resource_groups(spec->get("resourceGroups"), diags);
        if (const Node* qs = spec->get("queueingStrategy")) {
            cq.queueing_strategy = Located<QueueingStrategy>(
                as_enum<QueueingStrategy>(qs, diags, "spec.queueingStrategy",
                                          {{"BestEffortFIFO", QueueingStrategy::best_effort_fifo},
                                           {"StrictFIFO", QueueingStrategy::strict_fifo}})
                    .value_or(QueueingStrategy::best_effort_fifo),
                qs->pos);
        }
        // nil selector: matches no namespace; {} matches all (R3.3). Keep the difference.
        if (const Node* ns = spec->get("namespaceSelector"); ns && !ns->is_null()) {
            cq.namespace_selector = decode_label_selector(*ns, diags, "spec.namespaceSelector");
        }
        decode_preemption(spec->get("preemption"), cq.preemption, diags);
        decode_fungibility(spec->get("flavorFungibility"), cq.flavor_fungibility, diags);
        cq.fair_sharing_weight = fair_sharing_weight(spec, diags);
        decode_admission_checks(spec, cq, diags);
        cq.stop_policy = stop_policy(spec, diags);
        cq.concurrent_admission = decode_concurrent_admission(spec->get("concurrentAdmissionPolicy"), diags);
        const Node* scope = spec->get("admissionScope");
        if (is_mapping(scope, diags, "spec.admissionScope")) {
            cq.admission_mode =
                as_enum<AdmissionMode>(scope->get("admissionMode"), diags, "spec.admissionScope.admissionMode",
                                       {{"UsageBasedAdmissionFairSharing",
                                         AdmissionMode::usage_based_admission_fair_sharing},
                                        {"NoAdmissionFairSharing", AdmissionMode::no_admission_fair_sharing}})
                    .value_or(AdmissionMode::unset);
        }
    }
    out.cluster_queues.push_back(std::move(cq));
}

void decode_cohort(const Node& obj, ObjectMeta meta, Cluster& out, DiagSink& diags) {
    Cohort c;
    c.meta = std::move(meta);
    const Node* spec = obj.get("spec");
    if (is_mapping(spec, diags, "spec")) {
        const Node* parent = spec->get("parentName");
        c.parent_name = located_string(parent ? parent : spec->get("parent"), diags, "spec.parentName");
        if (const yaml::MapEntry* e = spec->entry("parent")) {
            c.version_spellings.emplace_back("spec.parent", e->key_pos);
        }
        c.resource_groups = decode_resource_groups(spec->get("resourceGroups"), diags);
        c.fair_sharing_weight = fair_sharing_weight(spec, diags);
    }
    out.cohorts.push_back(std::move(c));
}

void decode_local_queue(const Node& obj, ObjectMeta meta, Cluster& out, DiagSink& diags) {
    LocalQueue lq;
    lq.meta = std::move(meta);
    const Node* spec = obj.get("spec");
    if (is_mapping(spec, diags, "spec")) {
        lq.cluster_queue = located_string(spec->get("clusterQueue"), diags, "spec.clusterQueue");
        lq.stop_policy = stop_policy(spec, diags);
        lq.fair_sharing_weight = fair_sharing_weight(spec, diags);
    }
    if (lq.cluster_queue->empty()) {
        lq.cluster_queue.pos = spec ? spec->pos : lq.meta.doc_pos;
    }
    out.local_queues.push_back(std::move(lq));
}

}  // namespace kg::model::decode
