// TAS in flavor assignment: which flavors a pod set may use, and the topology step that
// ends assignFlavors. Kueue: pkg/scheduler/flavorassigner/tas_flavorassigner.go
// (checkPodSetAndFlavorMatchForTAS, WorkloadsTopologyRequests, podSetTopologyRequest,
// onlyTASFlavor, isTASImplied), flavorassigner.go assignFlavors (the TAS block),
// pkg/cache/scheduler/clusterqueue_snapshot.go (FindTopologyAssignmentsForWorkload),
// clusterqueue.go (isTASOnly), tas_flavor_snapshot.go (FindTopologyAssignmentsForFlavor).
#pragma once
#include "sim/flavor_assigner.h"
#include "sim/tas/tas_state.h"

namespace kg::sim::tas {

/// Kueue's isTASOnly: every flavor of every resource group is a TAS flavor.
bool tas_only(const TasState& st, const ResourceNode& cq);

/// checkPodSetAndFlavorMatchForTAS: why the flavor cannot serve the pod set, or "".
std::string flavor_mismatch(const TasState& st, const ResourceNode& cq, const model::PodSet& ps,
                            const model::ResourceFlavor& rf, const ResourceGroupInfo& g);

/// The TAS block of assignFlavors on a finished assignment: topology assignments when the
/// quota fits, Preempt when only the topology does not, NoFit when it would not fit even on
/// an empty cluster. A no-op without TAS flavors. Each placement is reported to `recorder`
/// when it wants the workload's topology (explain).
void assign_topology(const TasState& st, const model::Cluster& cl, const ResourceNode& cq, const WorkloadInfo& wl,
                     Assignment& a, ExplainRecorder* recorder = nullptr);

/// scheduler.go updateAssignmentForTAS for a Preempt assignment without preemption targets:
/// the placement on an empty cluster, which the workload reserves meanwhile.
/// With `current` set, the placement uses its usage instead (preemption targets removed).
void reserve_topology(const TasState& st, const model::Cluster& cl, const ResourceNode& cq, const WorkloadInfo& wl,
                      Assignment& a, const TasState* current);

/// ClusterQueueSnapshot.Fits for TAS: every domain of the assignment still has room for its pods.
bool placement_fits(const TasState& st, const WorkloadInfo& wl, const Assignment& a);

/// Whether the assignment has pod sets that TAS places.
bool has_topology_requests(const TasState& st, const ResourceNode& cq, const WorkloadInfo& wl, const Assignment& a);

/// preemption.go workloadFits, TAS part: the pod sets can be placed once the workloads that
/// `snap` has removed (preemption candidates) release their domains. `ids` numbers the
/// holders (keys) as the snapshot's workloads are numbered.
bool fits_without_removed(const TasState& st, const model::Cluster& cl, const Snapshot& snap, const WorkloadIds& ids,
                          int cq, const WorkloadInfo& wl, const Assignment& a);

/// The TAS usage an assignment takes (its pod sets with a topology assignment).
std::vector<DomainRequest> assignment_usage(const TasState& st, const WorkloadInfo& wl, const Assignment& a);

}  // namespace kg::sim::tas
