// One decoder per kind; decode_object.cpp dispatches on apiVersion and kind.
#pragma once

#include "model/cluster.h"
#include "model/diagnostic.h"
#include "model/yaml/node.h"

namespace kg::model::decode {

void decode_resource_flavor(const yaml::Node& obj, ObjectMeta meta, Cluster& out, DiagSink& diags);
void decode_cluster_queue(const yaml::Node& obj, ObjectMeta meta, Cluster& out, DiagSink& diags);
void decode_cohort(const yaml::Node& obj, ObjectMeta meta, Cluster& out, DiagSink& diags);
void decode_local_queue(const yaml::Node& obj, ObjectMeta meta, Cluster& out, DiagSink& diags);
void decode_workload(const yaml::Node& obj, ObjectMeta meta, Cluster& out, DiagSink& diags);
void decode_workload_priority_class(const yaml::Node& obj, ObjectMeta meta, Cluster& out, DiagSink& diags);
void decode_priority_class(const yaml::Node& obj, ObjectMeta meta, Cluster& out, DiagSink& diags);
void decode_admission_check(const yaml::Node& obj, ObjectMeta meta, Cluster& out, DiagSink& diags);
void decode_namespace(const yaml::Node& obj, ObjectMeta meta, Cluster& out, DiagSink& diags);
void decode_node(const yaml::Node& obj, ObjectMeta meta, Cluster& out, DiagSink& diags);
void decode_cluster_role(const yaml::Node& obj, ObjectMeta meta, Cluster& out, DiagSink& diags);
void decode_namespaced_role(const yaml::Node& obj, ObjectMeta meta, Cluster& out, DiagSink& diags);
void decode_cluster_role_binding(const yaml::Node& obj, ObjectMeta meta, Cluster& out, DiagSink& diags);
void decode_role_binding(const yaml::Node& obj, ObjectMeta meta, Cluster& out, DiagSink& diags);
void decode_topology(const yaml::Node& obj, ObjectMeta meta, Cluster& out, DiagSink& diags);
/// A v1 Pod's node binding, phase and requests (it is decoded as a Job as well).
void decode_bound_pod(const yaml::Node& obj, const ObjectMeta& meta, Cluster& out, DiagSink& diags);
/// spec.podSets[].topologyRequest; nullopt when absent.
std::optional<PodSetTopologyRequest> decode_topology_request(const yaml::Node* n, DiagSink& diags);
/// status.admission.podSetAssignments[].topologyAssignment, expanded; nullopt when absent.
std::optional<TopologyAssignment> decode_topology_assignment(const yaml::Node* n, DiagSink& diags);
/// A pod template's kueue.x-k8s.io/podset-*-topology annotations as the job integrations
/// turn them into a topologyRequest; nullopt when it has none. `tmpl_metadata` may be null.
std::optional<PodSetTopologyRequest> topology_request_from_annotations(const yaml::Node* tmpl_metadata,
                                                                       DiagSink& diags);
/// config.kueue.x-k8s.io Configuration, or the kueue-manager-config ConfigMap holding one.
void decode_kueue_config(const yaml::Node& obj, Cluster& out, DiagSink& diags);
bool is_kueue_config_map(const yaml::Node& obj);
void decode_kueue_config_map(const yaml::Node& obj, Cluster& out, DiagSink& diags);

}  // namespace kg::model::decode
