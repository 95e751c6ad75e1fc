// Topology-Aware Scheduling inputs: the Topology kind, pod-set topology requests,
// admitted topology assignments (v1beta2 slice encoding and v1beta1 domains), and the
// Pods whose requests use node capacity. Kueue: apis/kueue/v1beta2/topology_types.go,
// workload_types.go (PodSetTopologyRequest, TopologyAssignment), pkg/util/tas/tas_assignment.go
// (InternalSeqFrom: how the compact encoding expands).
#include "model/decode/decode_kinds.h"
#include "model/decode/fields.h"

#include <cstdlib>

namespace kg::model::decode {

void decode_topology(const Node& obj, ObjectMeta meta, Cluster& out, DiagSink& diags) {
    Topology t;
    t.meta = std::move(meta);
    if (const Node* spec = obj.get("spec"); is_mapping(spec, diags, "spec")) {
        if (const Node* levels = spec->get("levels"); is_sequence(levels, diags, "spec.levels")) {
            for (const Node& l : levels->items) {
                if (!is_mapping(&l, diags, "spec.levels")) {
                    continue;
                }
                Located<std::string> label = located_string(l.get("nodeLabel"), diags, "levels.nodeLabel");
                if (label->empty()) {
                    diags.error(l.pos, "spec.levels: expected a nodeLabel in each level, found none");
                    continue;
                }
                t.levels.push_back(std::move(label));
            }
        }
    }
    out.topologies.push_back(std::move(t));
}

std::optional<PodSetTopologyRequest> decode_topology_request(const Node* n, DiagSink& diags) {
    if (!is_mapping(n, diags, "podSets.topologyRequest")) {
        return std::nullopt;
    }
    PodSetTopologyRequest r;
    r.pos = n->pos;
    r.required = as_string(n->get("required"), diags, "topologyRequest.required");
    r.preferred = as_string(n->get("preferred"), diags, "topologyRequest.preferred");
    r.unconstrained = as_bool(n->get("unconstrained"), diags, "topologyRequest.unconstrained");
    r.slice_required_topology =
        as_string(n->get("podSetSliceRequiredTopology"), diags, "topologyRequest.podSetSliceRequiredTopology");
    if (auto s = as_int(n->get("podSetSliceSize"), diags, "topologyRequest.podSetSliceSize", 1, INT32_MAX)) {
        r.slice_size = static_cast<std::int32_t>(*s);
    }
    r.pod_set_group_name = as_string(n->get("podSetGroupName"), diags, "topologyRequest.podSetGroupName");
    const Node* layers = n->get("podsetSliceRequiredTopologyConstraints");
    if (is_sequence(layers, diags, "topologyRequest.podsetSliceRequiredTopologyConstraints")) {
        for (const Node& l : layers->items) {
            if (!is_mapping(&l, diags, "podsetSliceRequiredTopologyConstraints")) {
                continue;
            }
            SliceConstraint c;
            c.topology = as_string(l.get("topology"), diags, "podsetSliceRequiredTopologyConstraints.topology")
                             .value_or("");
            c.size = static_cast<std::int32_t>(
                as_int(l.get("size"), diags, "podsetSliceRequiredTopologyConstraints.size", 1, INT32_MAX).value_or(0));
            r.slice_constraints.push_back(std::move(c));
        }
    }
    return r;
}

namespace {

std::vector<std::string> decode_string_list(const Node* n, DiagSink& diags, std::string_view field) {
    std::vector<std::string> out;
    if (!is_sequence(n, diags, field)) {
        return out;
    }
    for (const Node& v : n->items) {
        if (auto s = as_string(&v, diags, field)) {
            out.push_back(*s);
        }
    }
    return out;
}

// One level's values of a slice: universal (the same for every domain) or individual
// (prefix + roots[i] + suffix). Returns false, with a diagnostic, when neither fits.
bool slice_values(const Node& lv, std::int64_t count, std::vector<std::string>& out, DiagSink& diags) {
    if (auto u = as_string(lv.get("universal"), diags, "valuesPerLevel.universal")) {
        out.assign(static_cast<std::size_t>(count), *u);
        return true;
    }
    const Node* ind = lv.get("individual");
    if (!is_mapping(ind, diags, "valuesPerLevel.individual")) {
        diags.error(lv.pos, "valuesPerLevel: expected universal or individual, found neither");
        return false;
    }
    std::string prefix = as_string(ind->get("prefix"), diags, "individual.prefix").value_or("");
    std::string suffix = as_string(ind->get("suffix"), diags, "individual.suffix").value_or("");
    std::vector<std::string> roots = decode_string_list(ind->get("roots"), diags, "individual.roots");
    if (static_cast<std::int64_t>(roots.size()) != count) {
        diags.error(ind->pos, "valuesPerLevel.individual.roots: expected " + std::to_string(count) +
                                  " roots (the slice's domainCount), found " + std::to_string(roots.size()));
        return false;
    }
    out.clear();
    for (const auto& r : roots) out.push_back(prefix + r + suffix);
    return true;
}

bool slice_counts(const Node* pc, std::int64_t count, std::vector<std::int32_t>& out, DiagSink& diags) {
    if (!is_mapping(pc, diags, "slices.podCounts")) {
        return false;
    }
    if (auto u = as_int(pc->get("universal"), diags, "podCounts.universal", 0, INT32_MAX)) {
        out.assign(static_cast<std::size_t>(count), static_cast<std::int32_t>(*u));
        return true;
    }
    const Node* ind = pc->get("individual");
    if (!is_sequence(ind, diags, "podCounts.individual")) {
        diags.error(pc->pos, "podCounts: expected universal or individual, found neither");
        return false;
    }
    out.clear();
    for (const Node& v : ind->items) {
        out.push_back(static_cast<std::int32_t>(as_int(&v, diags, "podCounts.individual", 0, INT32_MAX).value_or(0)));
    }
    if (static_cast<std::int64_t>(out.size()) != count) {
        diags.error(ind->pos, "podCounts.individual: expected " + std::to_string(count) +
                                  " counts (the slice's domainCount), found " + std::to_string(out.size()));
        return false;
    }
    return true;
}

}  // namespace

std::optional<TopologyAssignment> decode_topology_assignment(const Node* n, DiagSink& diags) {
    if (!is_mapping(n, diags, "podSetAssignments.topologyAssignment")) {
        return std::nullopt;
    }
    TopologyAssignment ta;
    ta.levels = decode_string_list(n->get("levels"), diags, "topologyAssignment.levels");
    // v1beta1: an explicit list of domains.
    if (const Node* doms = n->get("domains"); is_sequence(doms, diags, "topologyAssignment.domains")) {
        for (const Node& d : doms->items) {
            if (!is_mapping(&d, diags, "topologyAssignment.domains")) {
                continue;
            }
            TopologyDomain td;
            td.values = decode_string_list(d.get("values"), diags, "domains.values");
            td.count = static_cast<std::int32_t>(as_int(d.get("count"), diags, "domains.count", 0, INT32_MAX).value_or(0));
            if (td.values.size() != ta.levels.size()) {
                diags.error(d.pos, "topologyAssignment.domains: expected " + std::to_string(ta.levels.size()) +
                                       " values (one per level), found " + std::to_string(td.values.size()));
                continue;
            }
            ta.domains.push_back(std::move(td));
        }
    }
    const Node* slices = n->get("slices");
    if (!is_sequence(slices, diags, "topologyAssignment.slices")) {
        return ta;
    }
    for (const Node& s : slices->items) {
        if (!is_mapping(&s, diags, "topologyAssignment.slices")) {
            continue;
        }
        auto count = as_int(s.get("domainCount"), diags, "slices.domainCount", 1, 100000);
        if (!count) {
            diags.error(s.pos, "topologyAssignment.slices: expected a domainCount of at least 1, found none");
            continue;
        }
        const Node* vpl = s.get("valuesPerLevel");
        if (!is_sequence(vpl, diags, "slices.valuesPerLevel")) {
            continue;
        }
        if (vpl->items.size() != ta.levels.size()) {
            diags.error(vpl->pos, "slices.valuesPerLevel: expected " + std::to_string(ta.levels.size()) +
                                      " entries (one per level), found " + std::to_string(vpl->items.size()));
            continue;
        }
        std::vector<std::vector<std::string>> per_level;
        bool ok = true;
        for (const Node& lv : vpl->items) {
            std::vector<std::string> vals;
            ok = ok && is_mapping(&lv, diags, "slices.valuesPerLevel") && slice_values(lv, *count, vals, diags);
            per_level.push_back(std::move(vals));
        }
        std::vector<std::int32_t> counts;
        if (!ok || !slice_counts(s.get("podCounts"), *count, counts, diags)) {
            continue;
        }
        for (std::int64_t i = 0; i < *count; ++i) {
            TopologyDomain td;
            for (const auto& lv : per_level) td.values.push_back(lv[static_cast<std::size_t>(i)]);
            td.count = counts[static_cast<std::size_t>(i)];
            ta.domains.push_back(std::move(td));
        }
    }
    return ta;
}

void decode_bound_pod(const Node& obj, const ObjectMeta& meta, Cluster& out, DiagSink& diags) {
    BoundPod p;
    p.meta = meta;
    if (const Node* spec = obj.get("spec"); is_mapping(spec, diags, "spec")) {
        p.node_name = as_string(spec->get("nodeName"), diags, "spec.nodeName").value_or("");
        // The job decoder reads the same spec and reports its errors; reporting them twice
        // would only repeat each one.
        DiagSink repeated;
        p.spec = decode_pod_spec(spec, repeated);
    }
    if (const Node* status = obj.get("status"); is_mapping(status, diags, "status")) {
        p.phase = as_string(status->get("phase"), diags, "status.phase").value_or("");
    }
    out.pods.push_back(std::move(p));
}

}  // namespace kg::model::decode

namespace kg::model::decode {

// jobframework/tas.go podSetTopologyRequestBuilder.Build: the integrations copy the pod
// template's TAS annotations into the Workload's topologyRequest.
std::optional<PodSetTopologyRequest> topology_request_from_annotations(const Node* tmpl_metadata, DiagSink& diags) {
    if (!tmpl_metadata || !tmpl_metadata->is_mapping()) {
        return std::nullopt;
    }
    const Node* ann = tmpl_metadata->get("annotations");
    if (!ann || !ann->is_mapping()) {
        return std::nullopt;
    }
    std::map<std::string, SourcePos> pos;
    std::map<std::string, std::string> a = as_string_map(ann, diags, "metadata.annotations", &pos);
    auto get = [&](const char* k) -> std::optional<std::string> {
        auto it = a.find(k);
        return it == a.end() ? std::nullopt : std::optional<std::string>(it->second);
    };
    PodSetTopologyRequest r;
    r.pos = ann->pos;
    auto required = get("kueue.x-k8s.io/podset-required-topology");
    auto preferred = get("kueue.x-k8s.io/podset-preferred-topology");
    auto unconstrained = get("kueue.x-k8s.io/podset-unconstrained-topology");
    auto slice_topology = get("kueue.x-k8s.io/podset-slice-required-topology");
    auto slice_size = get("kueue.x-k8s.io/podset-slice-size");
    auto layers = get("kueue.x-k8s.io/podset-slice-required-topology-constraints");
    if (required) {
        r.required = required;
    } else if (preferred) {
        r.preferred = preferred;
    } else if (unconstrained) {
        if (*unconstrained != "true" && *unconstrained != "false") {
            diags.error(pos["kueue.x-k8s.io/podset-unconstrained-topology"],
                        "kueue.x-k8s.io/podset-unconstrained-topology: expected true or false, found \"" +
                            *unconstrained + "\"");
            return std::nullopt;
        }
        r.unconstrained = *unconstrained == "true";
    } else if (!(slice_topology && slice_size) && !layers) {
        return std::nullopt;
    }
    if (layers) {
        diags.warning(pos["kueue.x-k8s.io/podset-slice-required-topology-constraints"],
                      "kueue.x-k8s.io/podset-slice-required-topology-constraints: multi-layer slice annotations are "
                      "not read; set spec.podSets[].topologyRequest.podsetSliceRequiredTopologyConstraints on the "
                      "Workload instead");
    } else if (slice_topology && slice_size) {
        char* end = nullptr;
        long v = std::strtol(slice_size->c_str(), &end, 10);
        if (slice_size->empty() || *end != '\0' || v < INT32_MIN || v > INT32_MAX) {
            diags.error(pos["kueue.x-k8s.io/podset-slice-size"],
                        "kueue.x-k8s.io/podset-slice-size: expected an integer, found \"" + *slice_size + "\"");
            return std::nullopt;
        }
        r.slice_required_topology = slice_topology;
        r.slice_size = static_cast<std::int32_t>(v);
    }
    if (auto g = get("kueue.x-k8s.io/podset-group-name")) r.pod_set_group_name = g;
    return r;
}

}  // namespace kg::model::decode
