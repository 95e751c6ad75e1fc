// The smaller kinds: WorkloadPriorityClass, PriorityClass, AdmissionCheck,
// Namespace, Node, and Kueue's manager Configuration (also inside its ConfigMap).
#include "model/decode/decode_kinds.h"
#include "model/decode/kueue_config_validate.h"
#include "model/decode/fields.h"
#include "model/loader.h"

#include <charconv>
#include <cmath>
#include <limits>

namespace kg::model::decode {

void decode_workload_priority_class(const Node& obj, ObjectMeta meta, Cluster& out, DiagSink& diags) {
    WorkloadPriorityClass w;
    w.meta = std::move(meta);
    const Node* v = obj.get("value");
    if (!v) {
        diags.error(obj.pos, "WorkloadPriorityClass " + *w.meta.name + ": expected `value` (an integer), found none");
    }
    w.value = Located<std::int32_t>(
        static_cast<std::int32_t>(as_int(v, diags, "value", INT32_MIN, INT32_MAX).value_or(0)), v ? v->pos : obj.pos);
    w.description = as_string(obj.get("description"), diags, "description").value_or("");
    out.workload_priority_classes.push_back(std::move(w));
}

void decode_priority_class(const Node& obj, ObjectMeta meta, Cluster& out, DiagSink& diags) {
    PriorityClass p;
    p.meta = std::move(meta);
    p.value = static_cast<std::int32_t>(as_int(obj.get("value"), diags, "value", INT32_MIN, INT32_MAX).value_or(0));
    p.global_default = as_bool(obj.get("globalDefault"), diags, "globalDefault").value_or(false);
    out.priority_classes.push_back(std::move(p));
}

void decode_admission_check(const Node& obj, ObjectMeta meta, Cluster& out, DiagSink& diags) {
    AdmissionCheck ac;
    ac.meta = std::move(meta);
    if (const Node* spec = obj.get("spec"); is_mapping(spec, diags, "spec")) {
        ac.controller_name = as_string(spec->get("controllerName"), diags, "spec.controllerName").value_or("");
    }
    if (const Node* status = obj.get("status"); is_mapping(status, diags, "status")) {
        for (const Condition& c : decode_conditions(status->get("conditions"), diags)) {
            if (c.type == "Active") {
                ac.active = c.status == ConditionStatus::true_;
            }
        }
    }
    out.admission_checks.push_back(std::move(ac));
}

void decode_namespace(const Node&, ObjectMeta meta, Cluster& out, DiagSink&) {
    Namespace ns;
    ns.meta = std::move(meta);
    // Kubernetes always sets this label (R1.8.1); selectors rely on it.
    ns.meta.labels.emplace("kubernetes.io/metadata.name", *ns.meta.name);
    out.namespaces.push_back(std::move(ns));
}

void decode_node(const Node& obj, ObjectMeta meta, Cluster& out, DiagSink& diags) {
    model::Node n;
    n.meta = std::move(meta);
    if (const Node* spec = obj.get("spec"); is_mapping(spec, diags, "spec")) {
        n.taints = decode_taints(spec->get("taints"), diags, "spec.taints");
        n.unschedulable = as_bool(spec->get("unschedulable"), diags, "spec.unschedulable").value_or(false);
    }
    if (const Node* status = obj.get("status"); is_mapping(status, diags, "status")) {
        n.capacity = as_resource_list(status->get("capacity"), diags, "status.capacity");
        n.allocatable = as_resource_list(status->get("allocatable"), diags, "status.allocatable");
        for (const Condition& c : decode_conditions(status->get("conditions"), diags)) {
            if (c.type == "Ready") n.ready = c.status == ConditionStatus::true_;
        }
    }
    out.nodes.push_back(std::move(n));
}

namespace {

// apis/config/v1beta2 ClientConnection: QPS *float32, Burst *int32. Only the types are checked
// here; whether a value makes sense is for the verb that uses it (replay).
void decode_client_connection(const Node& cc, KueueConfig& c, DiagSink& diags) {
    if (const Node* q = cc.get("qps"); q && !q->is_null()) {
        if (std::optional<std::string> s = as_string(q, diags, "clientConnection.qps")) {
            double v = 0;
            const char* b = s->data();
            const char* e = b + s->size();
            auto [p, ec] = std::from_chars(b, e, v);
            if (ec != std::errc() || p != e || !std::isfinite(v)) {
                diags.error(q->pos, "clientConnection.qps: expected a number (requests per second), found \"" + *s + "\"");
            } else {
                c.client_qps = v;
                c.client_qps_pos = q->pos;
            }
        }
    }
    if (const Node* b = cc.get("burst"); b && !b->is_null()) {
        if (auto v = as_int(b, diags, "clientConnection.burst", 0, std::numeric_limits<std::int32_t>::max())) {
            c.client_burst = *v;
            c.client_burst_pos = b->pos;
        }
    }
}

}  // namespace

void decode_kueue_config(const Node& obj, Cluster& out, DiagSink& diags) {
    KueueConfig c;
    c.pos = obj.pos;
    std::string api = as_string(obj.get("apiVersion"), diags, "apiVersion").value_or("");
    // v1beta2: the presence of fairSharing enables it; v1beta1 needs fairSharing.enable: true (R0.2, R1.10.2).
    if (const Node* fs = obj.get("fairSharing"); is_mapping(fs, diags, "fairSharing")) {
        bool v1beta1 = api.find("v1beta1") != std::string::npos;
        c.fair_sharing = v1beta1 ? as_bool(fs->get("enable"), diags, "fairSharing.enable").value_or(false) : true;
        if (const Node* s = fs->get("preemptionStrategies"); is_sequence(s, diags, "fairSharing.preemptionStrategies")) {
            for (const Node& v : s->items) {
                if (auto str = as_string(&v, diags, "preemptionStrategies")) {
                    c.fair_sharing_strategies.push_back(*str);
                }
            }
        }
    }
    c.manage_jobs_without_queue_name =
        as_bool(obj.get("manageJobsWithoutQueueName"), diags, "manageJobsWithoutQueueName").value_or(false);
    if (const Node* sel = obj.get("managedJobsNamespaceSelector"); sel && !sel->is_null()) {
        c.managed_jobs_namespace_selector = decode_label_selector(*sel, diags, "managedJobsNamespaceSelector");
    }
    if (const Node* res = obj.get("resources"); is_mapping(res, diags, "resources")) {
        if (const Node* ex = res->get("excludeResourcePrefixes"); is_sequence(ex, diags, "excludeResourcePrefixes")) {
            for (const Node& v : ex->items) {
                if (auto s = as_string(&v, diags, "excludeResourcePrefixes")) {
                    c.exclude_resource_prefixes.push_back(*s);
                }
            }
        }
    }
    // A field of resources (apis/config/v1beta2 Resources.QuotaCheckStrategy); at the top level
    // Kueue's strict decoding refuses it (kueue_config_fields.cpp).
    c.quota_check_ignore_undeclared = as_string(obj.at_path("resources.quotaCheckStrategy"), diags,
                                                "resources.quotaCheckStrategy")
                                          .value_or("") == "IgnoreUndeclared";
    if (const Node* t = obj.at_path("waitForPodsReady.requeuingStrategy.timestamp")) {
        c.requeue_by_creation = as_string(t, diags, "requeuingStrategy.timestamp").value_or("") == "Creation";
    }
    if (const Node* cc = obj.get("clientConnection"); is_mapping(cc, diags, "clientConnection")) {
        decode_client_connection(*cc, c, diags);
    }
    c.issues = validate_kueue_config(obj, api.find("v1beta1") != std::string::npos, c.managed_jobs_namespace_selector);
    out.kueue_config = std::move(c);
}

bool is_kueue_config_map(const Node& obj) {
    const Node* kind = obj.get("kind");
    const Node* data = obj.get("data");
    return kind && kind->is_scalar() && kind->scalar == "ConfigMap" && data && data->get("controller_manager_config.yaml");
}

void decode_kueue_config_map(const Node& obj, Cluster& out, DiagSink& diags) {
    const Node* text = obj.get("data")->get("controller_manager_config.yaml");
    if (!text->is_scalar()) {
        diags.error(text->pos, "controller_manager_config.yaml: expected the Configuration as a string, found " +
                                   text->describe());
        return;
    }
    // The embedded document gets its own file entry so positions inside it stay meaningful.
    std::uint32_t id = out.files.add(out.files.name(text->pos.file_id) + "#controller_manager_config.yaml", text->scalar);
    parse_objects(id, text->scalar, diags, {}, [&](Node&& cfg) {
        const Node* kind = cfg.get("kind");
        if (kind && kind->is_scalar() && kind->scalar == "Configuration") {
            decode_kueue_config(cfg, out, diags);
        } else {
            diags.error(kind ? kind->pos : cfg.pos, "controller_manager_config.yaml: expected a Kueue Configuration, found " +
                                                        (kind ? kind->describe() : cfg.describe()));
        }
    });
}

}  // namespace kg::model::decode
