// Kueue: pkg/cache/scheduler/scheduling_simulator_default.go, simulator/types.go,
// tas_flavor_snapshot.go (formatReasons, notFitMessage, multiLayerNotFitMessage),
// k8s.io/api core/v1 Taint.ToString, component-helpers FindMatchingUntoleratedTaint.
#include "sim/tas/tas_messages.h"

#include <algorithm>

namespace kg::sim::tas {

std::string go_quote(const std::string& s) {
    std::string out = "\"";
    for (char c : s) {
        if (c == '"' || c == '\\') out += '\\';
        out += c;
    }
    return out + "\"";
}

bool ExclusionStats::any() const {
    return node_selector > 0 || affinity > 0 || !taints.empty() || topology_domain > 0 || !resources.empty();
}

std::string ExclusionStats::reasons() const {
    std::vector<std::string> r;
    if (node_selector > 0) r.push_back("nodeSelector: " + std::to_string(node_selector));
    if (affinity > 0) r.push_back("affinity: " + std::to_string(affinity));
    if (topology_domain > 0) r.push_back("topologyDomain: " + std::to_string(topology_domain));
    for (const auto& [t, n] : taints) r.push_back("taint " + go_quote(t) + ": " + std::to_string(n));
    for (const auto& [res, n] : resources) r.push_back("resource " + go_quote(res) + ": " + std::to_string(n));
    std::sort(r.begin(), r.end());
    std::string out;
    for (const auto& x : r) out += (out.empty() ? "" : ", ") + x;
    return out;
}

namespace {

std::string taint_string(const model::Taint& t) {
    std::string effect = model::taint_effect_name(t.effect);
    return t.value.empty() ? t.key + ":" + effect : t.key + "=" + t.value + ":" + effect;
}

std::string stats_suffix(const ExclusionStats& stats) {
    if (!stats.any()) return "";
    return ". Total nodes: " + std::to_string(stats.total_nodes) + "; excluded: " + stats.reasons();
}

}  // namespace

bool node_feasible(const model::Node& n, const model::PodSpec& spec, const std::vector<model::Toleration>& tolerations,
                   ExclusionStats& stats) {
    for (const auto& t : n.taints) {
        // utiltaints.IsSchedulingTaint: NoSchedule and NoExecute.
        if (t.effect != model::TaintEffect::no_schedule && t.effect != model::TaintEffect::no_execute) continue;
        if (model::tolerated(t, tolerations)) continue;
        ++stats.taints[taint_string(t)];
        return false;
    }
    if (!model::node_matches(n.meta.labels, spec.node_selector, std::nullopt)) {
        ++stats.node_selector;
        return false;
    }
    if (spec.node_affinity && !spec.node_affinity->required_terms.empty() &&
        !model::node_matches(n.meta.labels, {}, spec.node_affinity)) {
        ++stats.affinity;
        return false;
    }
    return true;
}

std::string not_fit_message(const std::string& topology, std::int32_t fit, std::int32_t total, std::int32_t slice_size,
                            const ExclusionStats& stats) {
    std::string unit = slice_size == 1 ? "pod" : "slice";
    std::string out = fit == 0 ? "topology " + go_quote(topology) + " doesn't allow to fit any of " +
                                     std::to_string(total) + " " + unit + "(s)"
                               : "topology " + go_quote(topology) + " allows to fit only " + std::to_string(fit) +
                                     " out of " + std::to_string(total) + " " + unit + "(s)";
    return out + stats_suffix(stats);
}

std::string multi_layer_not_fit_message(const std::string& topology, bool has_domain,
                                        const std::vector<std::tuple<std::string, std::int32_t, std::int32_t>>& fits,
                                        const ExclusionStats& stats) {
    std::string out = "topology " + go_quote(topology) + " doesn't allow to fit";
    if (!has_domain) return out;
    for (const auto& [level, fit, needed] : fits)
        out += "; " + std::to_string(fit) + "/" + std::to_string(needed) + " slice(s) fit on level " + level;
    return out + stats_suffix(stats);
}

}  // namespace kg::sim::tas
