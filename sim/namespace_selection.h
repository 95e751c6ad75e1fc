// Which namespaces a ClusterQueue admits workloads from (kueue-admission.md R3.3), written once
// for the scheduler, `explain` and lint. Kueue matches a namespaceSelector against the
// Namespace object's labels (pkg/scheduler/scheduler.go nominate: "workload namespace doesn't
// match ClusterQueue selector"); the API server sets kubernetes.io/metadata.name on every
// Namespace, so a selector by name decides even without the object. A nil selector selects
// nothing: pkg/cache clusterqueue.go builds it with metav1.LabelSelectorAsSelector, which
// turns nil into labels.Nothing().
#pragma once

#include "model/cluster.h"

#include <string>

namespace kg::sim {

/// `labels` plus kubernetes.io/metadata.name = ns, as the API server stores a Namespace.
model::Labels with_name_label(model::Labels labels, const std::string& ns);

/// The labels namespace `ns` is matched with: its Namespace object's (when loaded) plus the
/// name label.
model::Labels namespace_labels(const model::Cluster& c, const std::string& ns);

/// True when the ClusterQueue's namespaceSelector selects a namespace with these labels.
bool cq_selects(const model::ClusterQueue& cq, const model::Labels& ns_labels);

}  // namespace kg::sim
