// Workload rows from audit events and exports: lifecycle steps from conditions, admissions
// and their pod set assignments, the spec fields the evidence keeps.
#include "audit/ingest/extractor_impl.h"

namespace kg::audit::ingest {

void Extractor::Impl::step_row(WorkloadEventRow& r, const Ctx& x, std::string_view ns, std::string_view name) {
    r.line = x.line;
    r.origin = x.audit ? "audit" : "export";
    r.namespace_ = std::string(ns);
    r.name = std::string(name);
    r.audit_id = x.audit_id;
    if (x.audit) r.actor = x.actor.user;
}

void Extractor::Impl::workload_audit(const Ctx& x, const std::optional<element>& req, const std::optional<element>& resp) {
    if (x.refused()) return skip("refused write to a Workload");
    const std::optional<element> after = after_state(x, req, resp);
    const std::optional<element> body = after ? after : req;
    std::string ns = x.ns, name = x.name;
    if (name.empty() && body) name = std::string(str(child(*body, "metadata"), "name"));
    bool any = false;
    if (x.subresource.empty() && (x.verb == "create" || (x.verb == "patch" && x.code == 201))) {
        WorkloadEventRow r;
        step_row(r, x, ns, name);
        r.nkey = "wl:" + ns + "/" + name + ":created";
        r.step = "created";
        r.time = x.time;
        r.ts_us = x.ts_us;
        r.uid = after ? std::string(str(child(*after, "metadata"), "uid")) : x.uid;
        if (body) spec_fields(r, *body);
        emit(r);
        any = true;
    }
    if (x.subresource.empty() && x.verb == "delete") {
        WorkloadEventRow r;
        step_row(r, x, ns, name);
        r.nkey = "wl:" + ns + "/" + name + ":deleted:" + x.key;
        r.step = "deleted";
        r.time = x.time;
        r.ts_us = x.ts_us;
        r.uid = x.uid;
        emit(r);
        return;
    }
    if (x.subresource.empty() && req && (x.verb == "patch" || x.verb == "update")) {
        bool active = true;
        // Only a change of spec.active is a step: Kueue's own updates carry the whole spec.
        if (auto a = path(*req, {"spec", "active"});
            a && !a->get_bool().get(active) &&
            (w.last_activation_step(ns, name) == "deactivated") == active) {
            WorkloadEventRow r;
            step_row(r, x, ns, name);
            r.step = active ? "reactivated" : "deactivated";
            r.nkey = "wl:" + ns + "/" + name + ":" + r.step + ":" + x.key;
            r.time = x.time;
            r.ts_us = x.ts_us;
            r.uid = x.uid;
            emit(r);
            any = true;
        }
    }
    // Conditions: the full object after the write when logged, else the applied status.
    const std::optional<element> cond_body = is_full_object(resp) ? resp : req;
    if (cond_body && cond_body->is_object()) any |= conditions(x, *cond_body, ns, name);
    if (!any && !body) skip("Workload write without a body (Metadata level)");
}

void Extractor::Impl::spec_fields(WorkloadEventRow& r, element body) {
    if (auto spec = child(body, "spec")) {
        r.local_queue = std::string(str(*spec, "queueName"));
        r.priority = integer(*spec, "priority");
    }
}

const char* Extractor::Impl::step_of(std::string_view type, bool is_true, std::string_view reason) {
    if (type == "QuotaReserved") return is_true ? "quota_reserved" : "pending";
    if (!is_true) return nullptr;
    if (type == "Admitted") return "admitted";
    if (type == "PodsReady") return "pods_ready";
    if (type == "Evicted") return "evicted";
    if (type == "Preempted") return "preempted";
    if (type == "Requeued") return reason == "Reactivated" ? "reactivated" : "requeued";
    if (type == "Finished") return "finished";
    return nullptr;
}

bool Extractor::Impl::conditions(const Ctx& x, element body, const std::string& ns_in, const std::string& name_in) {
    auto conds = path(body, {"status", "conditions"});
    if (!conds || !conds->is_array()) return false;
    auto meta = child(body, "metadata");
    const std::string ns = ns_in.empty() ? std::string(str(meta, "namespace")) : ns_in;
    const std::string name = name_in.empty() ? std::string(str(meta, "name")) : name_in;
    const std::string uid = std::string(str(meta, "uid"));
    const auto admission = path(body, {"status", "admission"});
    bool any = false;
    const simdjson::dom::array list = array_of(*conds);
    for (element cond : list) {
        const std::string_view type = str(cond, "type"), status = str(cond, "status"), reason = str(cond, "reason");
        const char* step = step_of(type, status == "True", reason);
        if (step == nullptr) continue;
        const std::string_view ltt = str(cond, "lastTransitionTime");
        std::optional<std::int64_t> ts = parse_time_us(ltt);
        if (ts && x.audit && *ts / 1'000'000 == x.ts_us / 1'000'000) ts = x.ts_us;  // same second: keep µs
        if (!ts && x.audit) ts = x.ts_us;
        if (!ts) continue;
        WorkloadEventRow r;
        step_row(r, x, ns, name);
        r.uid = uid.empty() ? x.uid : uid;
        r.step = step;
        r.reason = std::string(reason);
        r.message = std::string(str(cond, "message"));
        r.ts_us = *ts;
        r.time = ltt.empty() ? x.time : std::string(ltt);
        r.nkey = "wl:" + ns + "/" + name + ":" + std::string(type) + "=" + std::string(status) + ":" +
                 std::string(reason) + ":" + (ltt.empty() ? x.time : std::string(ltt));
        spec_fields(r, body);
        if (admission) r.cluster_queue = std::string(str(*admission, "clusterQueue"));
        if (r.step == "evicted" || r.step == "preempted") {
            // Kueue's message, read by the one parser beside its formatter (R7.9).
            if (auto parsed = sim::parse_preemption_message(r.message)) {
                r.preemptor_uid = std::move(parsed->preemptor_uid);
                r.preemptor_path = std::move(parsed->preemptor_path);
            }
        }
        emit(r);
        any = true;
        if (r.step == "quota_reserved" && admission) assignments(x, *admission, ns, name, r.ts_us, ltt);
    }
    return any;
}

void Extractor::Impl::assignments(const Ctx& x, element admission, const std::string& ns, const std::string& name,
                 std::int64_t reserved_us, std::string_view ltt) {
    const std::string cq(str(admission, "clusterQueue"));
    auto psas = child(admission, "podSetAssignments");
    if (!psas || !psas->is_array()) return;
    const simdjson::dom::array list = array_of(*psas);
    for (element psa : list) {
        const std::string podset(str(psa, "name"));
        auto flavors = child(psa, "flavors");
        auto usage = child(psa, "resourceUsage");
        if (!usage || !usage->is_object()) continue;
        const simdjson::dom::object usage_map = object_of(*usage);
        for (auto [res, qty] : usage_map) {
            WorkloadAssignmentRow a;
            a.line = x.line;
            a.namespace_ = ns;
            a.name = name;
            a.reserved_ts_us = reserved_us;
            a.cluster_queue = cq;
            a.podset = podset;
            a.count = integer(psa, "count");
            a.resource = std::string(res);
            a.flavor = flavors ? std::string(str(*flavors, res)) : std::string();
            a.quantity = scalar_text(qty);
            auto q = model::Quantity::parse(a.quantity);
            if (!q) {
                bad(x.line, "expected a quantity in status.admission.podSetAssignments[" + podset + "].resourceUsage." +
                                a.resource + ", found \"" + a.quantity + "\"");
                ++c.bad_values;
                continue;
            }
            a.milli = q->milli_value();
            a.nkey = "wl:" + ns + "/" + name + ":assign:" + std::string(ltt.empty() ? x.time : ltt) + ":" + podset +
                     ":" + a.resource;
            emit(a);
        }
    }
}

}  // namespace kg::audit::ingest
