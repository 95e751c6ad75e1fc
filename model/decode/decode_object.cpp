// Dispatch of one top-level object to its kind's decoder. Kinds kueuegov does
// not model are counted, not reported: real exports are full of them.
#include "model/decode/decode_kinds.h"
#include "model/decode/fields.h"
#include "model/jobs/job_decoders.h"
#include "model/loader.h"
#include "model/schema/schema.h"

#include <utility>

namespace kg::model {

namespace {

std::string_view group_of(std::string_view api_version) {
    std::size_t slash = api_version.find('/');
    return slash == std::string_view::npos ? std::string_view() : api_version.substr(0, slash);
}

using Decoder = void (*)(const yaml::Node&, ObjectMeta, Cluster&, DiagSink&);

struct KindEntry {
    std::string_view group;
    std::string_view kind;
    Decoder decode;
    bool namespaced;
};

constexpr KindEntry k_kinds[] = {
    {"kueue.x-k8s.io", "ResourceFlavor", decode::decode_resource_flavor, false},
    {"kueue.x-k8s.io", "ClusterQueue", decode::decode_cluster_queue, false},
    {"kueue.x-k8s.io", "Cohort", decode::decode_cohort, false},
    {"kueue.x-k8s.io", "LocalQueue", decode::decode_local_queue, true},
    {"kueue.x-k8s.io", "Workload", decode::decode_workload, true},
    {"kueue.x-k8s.io", "WorkloadPriorityClass", decode::decode_workload_priority_class, false},
    {"kueue.x-k8s.io", "AdmissionCheck", decode::decode_admission_check, false},
    {"scheduling.k8s.io", "PriorityClass", decode::decode_priority_class, false},
    {"", "Namespace", decode::decode_namespace, false},
    {"", "Node", decode::decode_node, false},
    {"rbac.authorization.k8s.io", "ClusterRole", decode::decode_cluster_role, false},
    {"rbac.authorization.k8s.io", "Role", decode::decode_namespaced_role, true},
    {"rbac.authorization.k8s.io", "ClusterRoleBinding", decode::decode_cluster_role_binding, false},
    {"rbac.authorization.k8s.io", "RoleBinding", decode::decode_role_binding, true},
    {"kueue.x-k8s.io", "Topology", decode::decode_topology, false},
};

/// Strict schema of kueue.x-k8s.io objects (unknown fields, types, enums, ...), kept on the
/// cluster for lint: a violation is a finding, not an unreadable input.
void check_schema(const yaml::Node& obj, std::string_view api_version, const yaml::Node& kind_node, Cluster& out) {
    std::string_view group = group_of(api_version);
    if (group != "kueue.x-k8s.io") {
        return;
    }
    std::vector<schema::Issue> issues;
    schema::check_object(obj, group, api_version.substr(group.size() + 1), kind_node.scalar, kind_node.pos, issues);
    if (issues.empty()) {
        return;
    }
    auto text = [&](const char* path) {
        const yaml::Node* n = obj.at_path(path);
        return n && n->is_scalar() ? n->scalar : std::string();
    };
    for (schema::Issue& i : issues) {
        out.schema_issues.push_back({kind_node.scalar, text("metadata.namespace"), text("metadata.name"), i.pos,
                                     std::move(i.path), std::move(i.message)});
    }
}

const KindEntry* find_kind(std::string_view group, std::string_view kind) {
    for (const KindEntry& k : k_kinds) {
        if (k.group == group && k.kind == kind) {
            return &k;
        }
    }
    return nullptr;
}

}  // namespace

// Every decoder in k_kinds only appends (its kind's list, the schema issues, diagnostics);
// decode_object sends a Configuration, a config map, Jobs and Pods elsewhere first, and
// none of them is in k_kinds.
bool decodes_alone(const yaml::Node& obj) {
    const yaml::Node* kind = obj.get("kind");
    const yaml::Node* api = obj.get("apiVersion");
    return kind && api && kind->is_scalar() && api->is_scalar() && !api->scalar.empty() && !kind->scalar.empty() &&
           find_kind(group_of(api->scalar), kind->scalar) != nullptr;
}

void decode_object(const yaml::Node& obj, Cluster& out, DiagSink& diags) {
    if (!obj.is_mapping()) {
        diags.error(obj.pos, "expected a Kubernetes object (a mapping with apiVersion, kind and metadata), found " +
                                 obj.describe());
        return;
    }
    const yaml::Node* kind_node = obj.get("kind");
    const yaml::Node* api_node = obj.get("apiVersion");
    // Absent fields are reported at the object; present ones of the wrong shape at their value.
    for (auto [field, node] : {std::pair<const char*, const yaml::Node*>{"apiVersion", api_node}, {"kind", kind_node}}) {
        if (!node || node->is_null()) {
            diags.error(obj.pos, std::string("expected apiVersion and kind in this object, found no ") + field);
            return;
        }
        if (!node->is_scalar() || node->scalar.empty()) {
            diags.error(node->pos, std::string(field) + ": expected a string, found " + node->describe());
            return;
        }
    }
    std::string_view group = group_of(api_node->scalar);
    const std::string& kind = kind_node->scalar;
    check_schema(obj, api_node->scalar, *kind_node, out);
    if (group == "config.kueue.x-k8s.io" && kind == "Configuration") {
        decode::decode_kueue_config(obj, out, diags);
        return;
    }
    if (decode::is_kueue_config_map(obj)) {
        decode::decode_kueue_config_map(obj, out, diags);
        return;
    }
    if (const KindEntry* k = find_kind(group, kind)) {
        ObjectMeta meta = decode::decode_meta(obj, diags);
        if (meta.name->empty()) {
            diags.error(meta.name.pos.known() ? meta.name.pos : obj.pos,
                        "expected metadata.name in this " + kind + ", found none");
            return;
        }
        if (!k->namespaced) {
            meta.namespace_.value.clear();
        }
        k->decode(obj, std::move(meta), out, diags);
        return;
    }
    if (jobs::is_job_kind(api_node->scalar, kind)) {
        ObjectMeta meta = decode::decode_meta(obj, diags);
        if (api_node->scalar == "v1" && kind == "Pod") {
            decode::decode_bound_pod(obj, meta, out, diags);
        }
        jobs::decode_job(obj, std::move(meta), out, diags);
        return;
    }
    ++out.skipped_kinds[kind];
}

}  // namespace kg::model
