#include "sim/namespace_selection.h"

namespace kg::sim {

model::Labels with_name_label(model::Labels labels, const std::string& ns) {
    labels.emplace("kubernetes.io/metadata.name", ns);
    return labels;
}

model::Labels namespace_labels(const model::Cluster& c, const std::string& ns) {
    const model::Namespace* n = c.find_namespace(ns);
    return with_name_label(n ? n->meta.labels : model::Labels{}, ns);
}

bool cq_selects(const model::ClusterQueue& cq, const model::Labels& ns_labels) {
    return cq.namespace_selector && cq.namespace_selector->matches(ns_labels);
}

}  // namespace kg::sim
