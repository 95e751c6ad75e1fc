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
/// config.kueue.x-k8s.io Configuration, or the kueue-manager-config ConfigMap holding one.
void decode_kueue_config(const yaml::Node& obj, Cluster& out, DiagSink& diags);
bool is_kueue_config_map(const yaml::Node& obj);
void decode_kueue_config_map(const yaml::Node& obj, Cluster& out, DiagSink& diags);

}  // namespace kg::model::decode
