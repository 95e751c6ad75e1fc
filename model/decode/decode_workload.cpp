// Workload spec and status (kueue-admission.md §1.5, §1.6, §1.10): pod sets,
// priority and its class reference (v1beta1 priorityClassName/Source, v1beta2
// priorityClassRef), activation, admission and conditions.
#include "model/decode/decode_kinds.h"
#include "model/decode/fields.h"

namespace kg::model::decode {

namespace {

std::vector<PodSet> decode_pod_sets(const Node* n, DiagSink& diags) {
    std::vector<PodSet> out;
    if (!is_sequence(n, diags, "spec.podSets")) {
        return out;
    }
    out.reserve(n->items.size());
    for (const Node& ps : n->items) {
        if (!is_mapping(&ps, diags, "spec.podSets")) {
            continue;
        }
        // Built where it stays (its room is reserved above), not moved there when done.
        PodSet& p = out.emplace_back();
        if (Located<std::string> name = located_string(ps.get("name"), diags, "podSets.name"); !name->empty()) {
            p.name = std::move(name);
        } else {
            p.name = Located<std::string>("main", ps.pos);
        }
        p.count = static_cast<std::int32_t>(as_int(ps.get("count"), diags, "podSets.count", 0, INT32_MAX).value_or(1));
        if (auto mc = as_int(ps.get("minCount"), diags, "podSets.minCount", 1, INT32_MAX)) {
            p.min_count = static_cast<std::int32_t>(*mc);
        }
        const Node* tmpl = ps.get("template");
        if (is_mapping(tmpl, diags, "podSets.template")) {
            p.template_spec = decode_pod_spec(tmpl->get("spec"), diags);
        }
        p.topology_request = decode_topology_request(ps.get("topologyRequest"), diags);
    }
    return out;
}

void decode_priority_class(const Node* spec, Workload& wl, DiagSink& diags) {
    if (const Node* ref = spec->get("priorityClassRef"); is_mapping(ref, diags, "spec.priorityClassRef")) {
        std::string kind = as_string(ref->get("kind"), diags, "priorityClassRef.kind").value_or("");
        std::string group = as_string(ref->get("group"), diags, "priorityClassRef.group").value_or("");
        wl.priority_class.name = located_string(ref->get("name"), diags, "priorityClassRef.name");
        wl.priority_class.kind = (kind == "PriorityClass" || group == "scheduling.k8s.io")
                                     ? PriorityClassKind::pod_priority_class
                                     : PriorityClassKind::workload_priority_class;
        return;
    }
    // v1beta1: a source of "" produces no reference; the name is dropped (§1.10).
    Located<std::string> name = located_string(spec->get("priorityClassName"), diags, "spec.priorityClassName");
    PriorityClassKind kind = as_enum<PriorityClassKind>(spec->get("priorityClassSource"), diags,
                                                        "spec.priorityClassSource",
                                                        {{"kueue.x-k8s.io/workloadpriorityclass",
                                                          PriorityClassKind::workload_priority_class},
                                                         {"scheduling.k8s.io/priorityclass",
                                                          PriorityClassKind::pod_priority_class},
                                                         {"", PriorityClassKind::none}})
                                 .value_or(PriorityClassKind::none);
    if (name->empty() || kind == PriorityClassKind::none) {
        return;
    }
    wl.priority_class.name = name;
    wl.priority_class.kind = kind;
}

void decode_status(const Node* status, Workload& wl, DiagSink& diags) {
    if (!is_mapping(status, diags, "status")) {
        return;
    }
    wl.conditions = decode_conditions(status->get("conditions"), diags);
    if (const Node* adm = status->get("admission"); is_mapping(adm, diags, "status.admission")) {
        Admission a;
        a.cluster_queue = as_string(adm->get("clusterQueue"), diags, "admission.clusterQueue").value_or("");
        const Node* psas = adm->get("podSetAssignments");
        if (is_sequence(psas, diags, "admission.podSetAssignments")) {
            for (const Node& p : psas->items) {
                if (!is_mapping(&p, diags, "admission.podSetAssignments")) {
                    continue;
                }
                PodSetAssignment psa;
                psa.name = as_string(p.get("name"), diags, "podSetAssignments.name").value_or("main");
                psa.flavors = as_string_map(p.get("flavors"), diags, "podSetAssignments.flavors");
                psa.resource_usage = as_quantity_map(p.get("resourceUsage"), diags, "resourceUsage");
                if (auto c = as_int(p.get("count"), diags, "podSetAssignments.count", 0, INT32_MAX)) {
                    psa.count = static_cast<std::int32_t>(*c);
                }
                psa.topology_assignment = decode_topology_assignment(p.get("topologyAssignment"), diags);
                psa.delayed_topology_request =
                    as_enum<std::string>(p.get("delayedTopologyRequest"), diags, "delayedTopologyRequest",
                                         {{"Pending", "Pending"}, {"Ready", "Ready"}})
                        .value_or("");
                a.pod_set_assignments.push_back(std::move(psa));
            }
        }
        wl.admission = std::move(a);
    }
    if (const Node* rs = status->get("requeueState"); is_mapping(rs, diags, "status.requeueState")) {
        if (auto c = as_int(rs->get("count"), diags, "requeueState.count", 0, INT32_MAX)) {
            wl.requeue_count = static_cast<std::int32_t>(*c);
        }
        wl.requeue_at = as_time(rs->get("requeueAt"), diags, "requeueState.requeueAt");
    }
    if (const Node* rp = status->get("reclaimablePods"); is_sequence(rp, diags, "status.reclaimablePods")) {
        for (const Node& p : rp->items) {
            if (!is_mapping(&p, diags, "status.reclaimablePods")) {
                continue;
            }
            ReclaimablePod r;
            r.name = as_string(p.get("name"), diags, "reclaimablePods.name").value_or("");
            r.count = static_cast<std::int32_t>(
                as_int(p.get("count"), diags, "reclaimablePods.count", 0, INT32_MAX).value_or(0));
            wl.reclaimable_pods.push_back(std::move(r));
        }
    }
    if (const Node* acs = status->get("admissionChecks"); is_sequence(acs, diags, "status.admissionChecks")) {
        for (const Node& c : acs->items) {
            if (!is_mapping(&c, diags, "status.admissionChecks")) {
                continue;
            }
            AdmissionCheckStatus s;
            s.name = as_string(c.get("name"), diags, "admissionChecks.name").value_or("");
            s.state = as_enum<CheckState>(c.get("state"), diags, "admissionChecks.state",
                                          {{"Pending", CheckState::pending},
                                           {"Ready", CheckState::ready},
                                           {"Retry", CheckState::retry},
                                           {"Rejected", CheckState::rejected}})
                          .value_or(CheckState::pending);
            s.message = as_string(c.get("message"), diags, "admissionChecks.message").value_or("");
            wl.admission_checks.push_back(std::move(s));
        }
    }
}

void decode_workload_into(const Node& obj, ObjectMeta&& meta, Workload& wl, DiagSink& diags) {
    wl.meta = std::move(meta);
    if (const Node* spec = obj.get("spec"); is_mapping(spec, diags, "spec")) {
        wl.queue_name = located_string(spec->get("queueName"), diags, "spec.queueName");
        wl.pod_sets = decode_pod_sets(spec->get("podSets"), diags);
        if (auto p = as_int(spec->get("priority"), diags, "spec.priority", INT32_MIN, INT32_MAX)) {
            wl.priority = static_cast<std::int32_t>(*p);
        }
        decode_priority_class(spec, wl, diags);
        wl.active = as_bool(spec->get("active"), diags, "spec.active").value_or(true);
        wl.maximum_execution_time_seconds =
            as_int(spec->get("maximumExecutionTimeSeconds"), diags, "spec.maximumExecutionTimeSeconds", 1, INT32_MAX);
    }
    decode_status(obj.get("status"), wl, diags);
    for (const auto& [kind, name] : wl.meta.owner_refs) {
        wl.origin_kind = kind;
        wl.origin_name = name;
        break;
    }
}

}  // namespace

// Decodes into the Workload's place in `out` rather than moving its 870 bytes there when
// done (the list's room is reserved up front). A decode that throws (out of memory)
// takes it out again, so `out` holds only whole Workloads.
void decode_workload(const Node& obj, ObjectMeta meta, Cluster& out, DiagSink& diags) {
    Workload& wl = out.workloads.emplace_back();
    try {
        decode_workload_into(obj, std::move(meta), wl, diags);
    } catch (...) {
        out.workloads.pop_back();
        throw;
    }
}

}  // namespace kg::model::decode
