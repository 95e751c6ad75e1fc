// Pod specs as far as Kueue reads them: container requests and limits, init
// containers (sidecars by restartPolicy: Always), pod-level resources, overhead,
// nodeSelector, required node affinity, tolerations (kueue-admission.md §2, R5.5.2).
#include "model/decode/fields.h"

namespace kg::model::decode {

namespace {

std::vector<Container> decode_containers(const Node* n, DiagSink& diags, std::string_view field) {
    std::vector<Container> out;
    if (!is_sequence(n, diags, field)) {
        return out;
    }
    out.reserve(n->items.size());
    for (const Node& c : n->items) {
        if (!is_mapping(&c, diags, field)) {
            continue;
        }
        Container ctr;
        ctr.name = as_string(c.get("name"), diags, "name").value_or("");
        const Node* res = c.get("resources");
        if (is_mapping(res, diags, "resources")) {
            ctr.requests = as_resource_list(res->get("requests"), diags, "resources.requests");
            ctr.limits = as_resource_list(res->get("limits"), diags, "resources.limits");
        }
        ctr.restart_policy = as_string(c.get("restartPolicy"), diags, "restartPolicy").value_or("");
        out.push_back(std::move(ctr));
    }
    return out;
}

std::optional<NodeAffinity> decode_required_affinity(const Node* affinity, DiagSink& diags) {
    if (!is_mapping(affinity, diags, "affinity")) {
        return std::nullopt;
    }
    const Node* na = affinity->get("nodeAffinity");
    if (!is_mapping(na, diags, "affinity.nodeAffinity")) {
        return std::nullopt;
    }
    const Node* req = na->get("requiredDuringSchedulingIgnoredDuringExecution");
    if (!is_mapping(req, diags, "requiredDuringSchedulingIgnoredDuringExecution")) {
        return std::nullopt;
    }
    NodeAffinity out;
    const Node* terms = req->get("nodeSelectorTerms");
    if (is_sequence(terms, diags, "nodeSelectorTerms")) {
        for (const Node& t : terms->items) {
            NodeSelectorTerm term;
            for (const char* key : {"matchExpressions", "matchFields"}) {
                const Node* exprs = t.get(key);
                if (!is_sequence(exprs, diags, key)) {
                    continue;
                }
                // A label selector's requirement has the same shape as a node selector's.
                Node wrapper;
                wrapper.kind = Node::Kind::mapping;
                wrapper.pos = exprs->pos;
                wrapper.entries.push_back(yaml::MapEntry{"matchExpressions", exprs->pos, *exprs});
                LabelSelector sel = decode_label_selector(wrapper, diags, key);
                (std::string_view(key) == "matchFields" ? term.match_fields : term.match_expressions) =
                    std::move(sel.match_expressions);
            }
            out.required_terms.push_back(std::move(term));
        }
    }
    return out;
}

}  // namespace

PodSpec decode_pod_spec(const Node* spec, DiagSink& diags) {
    PodSpec p;
    if (!is_mapping(spec, diags, "template.spec")) {
        return p;
    }
    p.containers = decode_containers(spec->get("containers"), diags, "containers");
    p.init_containers = decode_containers(spec->get("initContainers"), diags, "initContainers");
    const Node* res = spec->get("resources");
    if (is_mapping(res, diags, "resources")) {
        p.pod_requests = as_resource_list(res->get("requests"), diags, "resources.requests");
        p.pod_limits = as_resource_list(res->get("limits"), diags, "resources.limits");
    }
    p.overhead = as_resource_list(spec->get("overhead"), diags, "overhead");
    p.node_selector = as_string_map(spec->get("nodeSelector"), diags, "nodeSelector");
    p.node_affinity = decode_required_affinity(spec->get("affinity"), diags);
    p.tolerations = decode_tolerations(spec->get("tolerations"), diags, "tolerations");
    p.runtime_class_name = as_string(spec->get("runtimeClassName"), diags, "runtimeClassName").value_or("");
    p.priority_class_name = as_string(spec->get("priorityClassName"), diags, "priorityClassName").value_or("");
    if (auto pr = as_int(spec->get("priority"), diags, "priority", INT32_MIN, INT32_MAX)) {
        p.priority = static_cast<std::int32_t>(*pr);
    }
    return p;
}

}  // namespace kg::model::decode
