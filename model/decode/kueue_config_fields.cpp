// The field names of Kueue's manager Configuration, v1beta1 and v1beta2, so a misspelt key is
// reported where it stands: Kueue decodes its Configuration strictly
// (pkg/config/config.go fromFile: serializer.NewCodecFactory(scheme, serializer.EnableStrict)),
// so an unknown field stops the manager at start-up. Fields from Kueue ff69552e79:
// apis/config/v1beta1/configuration_types.go, apis/config/v1beta2/configuration_types.go, and
// the embedded LeaderElectionConfiguration (k8s.io/component-base/config/v1alpha1) and
// LabelSelector (k8s.io/apimachinery/pkg/apis/meta/v1).
#include "model/decode/kueue_config_validate.h"

#include "model/spelling.h"

#include <algorithm>

namespace kg::model::decode {

namespace {

using yaml::Node;

constexpr unsigned k_v1 = 1;  // v1beta1
constexpr unsigned k_v2 = 2;  // v1beta2
constexpr unsigned k_both = k_v1 | k_v2;

// What a field holds: a scalar or a list of them (not looked into), an object of a known type,
// a list of such objects, or a map with free keys (featureGates, resource names, execConfig).
enum class Holds { value, object, objects, free };

struct Type;

struct Field {
    std::string_view key;
    Holds holds;
    const Type* type;  ///< for object and objects
    unsigned versions;
};

struct Type {
    std::vector<Field> fields;
};

// Leaves first, so every type is defined before a field refers to it.
const Type k_selector_requirement{{{"key", Holds::value, nullptr, k_both},
                                   {"operator", Holds::value, nullptr, k_both},
                                   {"values", Holds::value, nullptr, k_both}}};
const Type k_label_selector{{{"matchLabels", Holds::free, nullptr, k_both},
                             {"matchExpressions", Holds::objects, &k_selector_requirement, k_both}}};
const Type k_webhook{{{"port", Holds::value, nullptr, k_both},
                      {"host", Holds::value, nullptr, k_both},
                      {"certDir", Holds::value, nullptr, k_both}}};
const Type k_leader_election{{{"leaderElect", Holds::value, nullptr, k_both},
                              {"leaseDuration", Holds::value, nullptr, k_both},
                              {"renewDeadline", Holds::value, nullptr, k_both},
                              {"retryPeriod", Holds::value, nullptr, k_both},
                              {"resourceLock", Holds::value, nullptr, k_both},
                              {"resourceName", Holds::value, nullptr, k_both},
                              {"resourceNamespace", Holds::value, nullptr, k_both}}};
const Type k_custom_label{{{"name", Holds::value, nullptr, k_both},
                           {"sourceLabelKey", Holds::value, nullptr, k_both},
                           {"sourceAnnotationKey", Holds::value, nullptr, k_both},
                           {"sourceKind", Holds::value, nullptr, k_v2},
                           {"trackedValues", Holds::value, nullptr, k_v2}}};
const Type k_local_queue_metrics{{{"enable", Holds::value, nullptr, k_both},
                                  {"localQueueSelector", Holds::object, &k_label_selector, k_both}}};
const Type k_metrics{{{"bindAddress", Holds::value, nullptr, k_both},
                      {"enableClusterQueueResources", Holds::value, nullptr, k_both},
                      {"customLabels", Holds::objects, &k_custom_label, k_both},
                      {"localQueueMetrics", Holds::object, &k_local_queue_metrics, k_both}}};
const Type k_health{{{"healthProbeBindAddress", Holds::value, nullptr, k_both},
                     {"readinessEndpointName", Holds::value, nullptr, k_both},
                     {"livenessEndpointName", Holds::value, nullptr, k_both}}};
const Type k_controller{{{"groupKindConcurrency", Holds::free, nullptr, k_both},
                         {"cacheSyncTimeout", Holds::value, nullptr, k_both}}};
const Type k_tls{{{"minVersion", Holds::value, nullptr, k_both},
                  {"cipherSuites", Holds::value, nullptr, k_both},
                  {"curvePreferences", Holds::value, nullptr, k_both}}};
const Type k_cert_management{{{"enable", Holds::value, nullptr, k_both},
                              {"webhookServiceName", Holds::value, nullptr, k_both},
                              {"webhookSecretName", Holds::value, nullptr, k_both}}};
const Type k_requeuing{{{"timestamp", Holds::value, nullptr, k_both},
                        {"backoffLimitCount", Holds::value, nullptr, k_both},
                        {"backoffBaseSeconds", Holds::value, nullptr, k_both},
                        {"backoffMaxSeconds", Holds::value, nullptr, k_both}}};
const Type k_wait_for_pods_ready{{{"enable", Holds::value, nullptr, k_v1},
                                  {"timeout", Holds::value, nullptr, k_both},
                                  {"blockAdmission", Holds::value, nullptr, k_both},
                                  {"requeuingStrategy", Holds::object, &k_requeuing, k_both},
                                  {"recoveryTimeout", Holds::value, nullptr, k_both}}};
const Type k_client_connection{{{"qps", Holds::value, nullptr, k_both}, {"burst", Holds::value, nullptr, k_both}}};
const Type k_pod_options{{{"namespaceSelector", Holds::object, &k_label_selector, k_v1},
                          {"podSelector", Holds::object, &k_label_selector, k_v1}}};
const Type k_integrations{{{"frameworks", Holds::value, nullptr, k_both},
                           {"externalFrameworks", Holds::value, nullptr, k_both},
                           {"podOptions", Holds::object, &k_pod_options, k_v1},
                           {"labelKeysToCopy", Holds::value, nullptr, k_both}}};
const Type k_cluster_queue_visibility{{{"maxCount", Holds::value, nullptr, k_v1}}};
const Type k_queue_visibility{{{"clusterQueues", Holds::object, &k_cluster_queue_visibility, k_v1},
                               {"updateIntervalSeconds", Holds::value, nullptr, k_v1}}};
const Type k_external_framework{{{"name", Holds::value, nullptr, k_both}}};
const Type k_access_provider{{{"name", Holds::value, nullptr, k_v2},
                              {"execConfig", Holds::free, nullptr, k_v2}}};
const Type k_cluster_profile{{{"accessProviders", Holds::objects, &k_access_provider, k_v2},
                              {"credentialsProviders", Holds::objects, &k_access_provider, k_v2}}};
const Type k_incremental_dispatcher{{{"stepSize", Holds::value, nullptr, k_v2}}};
const Type k_multi_kueue{{{"gcInterval", Holds::value, nullptr, k_both},
                          {"origin", Holds::value, nullptr, k_both},
                          {"workerLostTimeout", Holds::value, nullptr, k_both},
                          {"dispatcherName", Holds::value, nullptr, k_both},
                          {"externalFrameworks", Holds::objects, &k_external_framework, k_both},
                          {"clusterProfile", Holds::object, &k_cluster_profile, k_v2},
                          {"incrementalDispatcherConfig", Holds::object, &k_incremental_dispatcher, k_v2}}};
const Type k_fair_sharing{{{"enable", Holds::value, nullptr, k_v1},
                           {"preemptionStrategies", Holds::value, nullptr, k_both}}};
const Type k_admission_fair_sharing{{{"usageHalfLifeTime", Holds::value, nullptr, k_both},
                                     {"usageSamplingInterval", Holds::value, nullptr, k_both},
                                     {"resourceWeights", Holds::free, nullptr, k_both}}};
const Type k_transformation{{{"input", Holds::value, nullptr, k_both},
                             {"strategy", Holds::value, nullptr, k_both},
                             {"multiplyBy", Holds::value, nullptr, k_both},
                             {"outputs", Holds::free, nullptr, k_both}}};
const Type k_device_source{{{"name", Holds::value, nullptr, k_v2},
                            {"driver", Holds::value, nullptr, k_v2},
                            {"deviceSelector", Holds::free, nullptr, k_v2}}};
const Type k_device_class_source{{{"counter", Holds::object, &k_device_source, k_v2},
                                  {"capacity", Holds::object, &k_device_source, k_v2}}};
const Type k_device_class_mapping{{{"name", Holds::value, nullptr, k_both},
                                   {"deviceClassNames", Holds::value, nullptr, k_both},
                                   {"sources", Holds::objects, &k_device_class_source, k_v2}}};
const Type k_resources{{{"quotaCheckStrategy", Holds::value, nullptr, k_v2},
                        {"excludeResourcePrefixes", Holds::value, nullptr, k_both},
                        {"transformations", Holds::objects, &k_transformation, k_both},
                        {"deviceClassMappings", Holds::objects, &k_device_class_mapping, k_both}}};
const Type k_workload_retention{{{"afterFinished", Holds::value, nullptr, k_both},
                                 {"afterDeactivatedByKueue", Holds::value, nullptr, k_both}}};
const Type k_retention{{{"workloads", Holds::object, &k_workload_retention, k_both}}};
const Type k_visibility_server{{{"bindAddress", Holds::value, nullptr, k_v2},
                                {"bindPort", Holds::value, nullptr, k_v2}}};
const Type k_configuration{{
    // metav1.TypeMeta
    {"apiVersion", Holds::value, nullptr, k_both},
    {"kind", Holds::value, nullptr, k_both},
    {"namespace", Holds::value, nullptr, k_both},
    // ControllerManager, inlined
    {"webhook", Holds::object, &k_webhook, k_both},
    {"leaderElection", Holds::object, &k_leader_election, k_both},
    {"metrics", Holds::object, &k_metrics, k_both},
    {"health", Holds::object, &k_health, k_both},
    {"pprofBindAddress", Holds::value, nullptr, k_both},
    {"controller", Holds::object, &k_controller, k_both},
    {"tls", Holds::object, &k_tls, k_both},
    {"manageJobsWithoutQueueName", Holds::value, nullptr, k_both},
    {"managedJobsNamespaceSelector", Holds::object, &k_label_selector, k_both},
    {"internalCertManagement", Holds::object, &k_cert_management, k_both},
    {"waitForPodsReady", Holds::object, &k_wait_for_pods_ready, k_both},
    {"clientConnection", Holds::object, &k_client_connection, k_both},
    {"integrations", Holds::object, &k_integrations, k_both},
    {"queueVisibility", Holds::object, &k_queue_visibility, k_v1},
    {"multiKueue", Holds::object, &k_multi_kueue, k_both},
    {"fairSharing", Holds::object, &k_fair_sharing, k_both},
    {"admissionFairSharing", Holds::object, &k_admission_fair_sharing, k_both},
    {"resources", Holds::object, &k_resources, k_both},
    {"featureGates", Holds::free, nullptr, k_both},
    {"objectRetentionPolicies", Holds::object, &k_retention, k_both},
    {"visibilityServer", Holds::object, &k_visibility_server, k_v2},
}};

// Walks `m` (a mapping of `type`) and reports every key the version does not define.
void check(const Node& m, const Type& type, unsigned version, const std::string& path, std::vector<ConfigIssue>& out) {
    for (const yaml::MapEntry& e : m.entries) {
        auto f = std::find_if(type.fields.begin(), type.fields.end(),
                              [&](const Field& x) { return x.key == e.key && (x.versions & version) != 0; });
        std::string here = path.empty() ? e.key : path + "." + e.key;
        if (f == type.fields.end()) {
            std::vector<std::string_view> names;
            for (const Field& x : type.fields) {
                if ((x.versions & version) != 0) {
                    names.push_back(x.key);
                }
            }
            bool other_version = std::any_of(type.fields.begin(), type.fields.end(),
                                             [&](const Field& x) { return x.key == e.key; });
            out.push_back({e.key_pos, here,
                           "strict decoding error: unknown field \"" + here + "\"" +
                               (other_version ? std::string(version == k_v1 ? " (a v1beta2 field, not in v1beta1)"
                                                                              : " (a v1beta1 field, not in v1beta2)")
                                              : std::string()) +
                               did_you_mean(e.key, names)});
            continue;
        }
        if (f->holds == Holds::object && e.value.is_mapping()) {
            check(e.value, *f->type, version, here, out);
        } else if (f->holds == Holds::objects && e.value.is_sequence()) {
            for (std::size_t i = 0; i < e.value.items.size(); ++i) {
                if (e.value.items[i].is_mapping()) {
                    check(e.value.items[i], *f->type, version, here + "[" + std::to_string(i) + "]", out);
                }
            }
        }
    }
}

}  // namespace

void unknown_config_fields(const Node& obj, bool v1beta1, std::vector<ConfigIssue>& out) {
    if (obj.is_mapping()) {
        check(obj, k_configuration, v1beta1 ? k_v1 : k_v2, "", out);
    }
}

}  // namespace kg::model::decode
