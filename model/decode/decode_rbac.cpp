// Roles, ClusterRoles, RoleBindings and ClusterRoleBindings (rbac.authorization.k8s.io/v1,
// k8s.io/api/rbac/v1 types.go), as `kubectl get clusterroles,clusterrolebindings,roles,
// rolebindings -A -o yaml` exports them. Shapes the API server would refuse (a subject
// without kind or name, a roleRef of another kind) are diagnostics at their position.
#include "model/decode/decode_kinds.h"
#include "model/decode/fields.h"

namespace kg::model::decode {

namespace {

std::vector<std::string> strings(const Node* n, DiagSink& diags, std::string_view field) {
    std::vector<std::string> out;
    if (is_sequence(n, diags, field)) {
        for (const Node& item : n->items) {
            if (auto s = as_string(&item, diags, field)) {
                out.push_back(std::move(*s));
            }
        }
    }
    return out;
}

std::vector<PolicyRule> decode_rules(const Node* n, DiagSink& diags) {
    std::vector<PolicyRule> out;
    if (!is_sequence(n, diags, "rules")) {
        return out;
    }
    for (const Node& r : n->items) {
        if (!is_mapping(&r, diags, "rules[]")) {
            continue;
        }
        PolicyRule rule;
        rule.pos = r.pos;
        rule.verbs = strings(r.get("verbs"), diags, "rules[].verbs");
        rule.api_groups = strings(r.get("apiGroups"), diags, "rules[].apiGroups");
        rule.resources = strings(r.get("resources"), diags, "rules[].resources");
        rule.resource_names = strings(r.get("resourceNames"), diags, "rules[].resourceNames");
        rule.non_resource_urls = strings(r.get("nonResourceURLs"), diags, "rules[].nonResourceURLs");
        if (rule.verbs.empty()) {
            // The API server requires verbs (ValidatePolicyRule): an empty rule grants nothing.
            diags.error(r.pos, "expected verbs in this rule (a list such as [get, list]), found none");
        }
        out.push_back(std::move(rule));
    }
    return out;
}

void decode_role(const Node& obj, ObjectMeta meta, bool cluster, Cluster& out, DiagSink& diags) {
    Role role;
    role.meta = std::move(meta);
    role.cluster = cluster;
    role.rules = decode_rules(obj.get("rules"), diags);
    if (const Node* agg = obj.get("aggregationRule"); cluster && is_mapping(agg, diags, "aggregationRule")) {
        role.aggregated = true;
        if (const Node* sel = agg->get("clusterRoleSelectors");
            is_sequence(sel, diags, "aggregationRule.clusterRoleSelectors")) {
            for (const Node& s : sel->items) {
                role.aggregation_selectors.push_back(
                    decode_label_selector(s, diags, "aggregationRule.clusterRoleSelectors[]"));
            }
        }
    }
    out.roles.push_back(std::move(role));
}

void decode_binding(const Node& obj, ObjectMeta meta, bool cluster, Cluster& out, DiagSink& diags) {
    RoleBinding b;
    b.meta = std::move(meta);
    b.cluster = cluster;
    const Node* ref = obj.get("roleRef");
    if (!ref) {
        diags.error(obj.pos, "expected roleRef (kind and name of the role granted) in this " +
                                 std::string(cluster ? "ClusterRoleBinding" : "RoleBinding") + ", found none");
    } else if (is_mapping(ref, diags, "roleRef")) {
        const Node* kind = ref->get("kind");
        b.role_kind = as_string(kind, diags, "roleRef.kind").value_or("");
        b.role_name = located_string(ref->get("name"), diags, "roleRef.name");
        if (b.role_kind != "ClusterRole" && (cluster || b.role_kind != "Role")) {
            diags.error(kind ? kind->pos : ref->pos,
                        std::string("roleRef.kind: expected ") + (cluster ? "ClusterRole" : "Role or ClusterRole") +
                            ", found \"" + b.role_kind + "\"");
        }
    }
    if (const Node* subs = obj.get("subjects"); is_sequence(subs, diags, "subjects")) {
        for (const Node& s : subs->items) {
            if (!is_mapping(&s, diags, "subjects[]")) {
                continue;
            }
            Subject sub;
            sub.pos = s.pos;
            sub.kind = as_string(s.get("kind"), diags, "subjects[].kind").value_or("");
            sub.name = as_string(s.get("name"), diags, "subjects[].name").value_or("");
            sub.namespace_ = as_string(s.get("namespace"), diags, "subjects[].namespace").value_or("");
            if (sub.kind != "User" && sub.kind != "Group" && sub.kind != "ServiceAccount") {
                diags.error(s.pos, "subjects[].kind: expected User, Group or ServiceAccount, found \"" + sub.kind +
                                       "\"");
                continue;
            }
            if (sub.name.empty()) {
                diags.error(s.pos, "subjects[].name: expected the " + sub.kind + "'s name, found none");
                continue;
            }
            if (sub.kind == "ServiceAccount" && sub.namespace_.empty()) {
                // A ServiceAccount subject of a RoleBinding may omit its namespace (the binding's).
                if (cluster) {
                    diags.error(s.pos, "subjects[].namespace: expected the ServiceAccount's namespace, found none");
                    continue;
                }
                sub.namespace_ = *b.meta.namespace_;
            }
            b.subjects.push_back(std::move(sub));
        }
    }
    out.role_bindings.push_back(std::move(b));
}

}  // namespace

void decode_cluster_role(const Node& obj, ObjectMeta meta, Cluster& out, DiagSink& diags) {
    decode_role(obj, std::move(meta), true, out, diags);
}

void decode_namespaced_role(const Node& obj, ObjectMeta meta, Cluster& out, DiagSink& diags) {
    decode_role(obj, std::move(meta), false, out, diags);
}

void decode_cluster_role_binding(const Node& obj, ObjectMeta meta, Cluster& out, DiagSink& diags) {
    decode_binding(obj, std::move(meta), true, out, diags);
}

void decode_role_binding(const Node& obj, ObjectMeta meta, Cluster& out, DiagSink& diags) {
    decode_binding(obj, std::move(meta), false, out, diags);
}

}  // namespace kg::model::decode
