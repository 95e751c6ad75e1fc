// RBAC engine benchmark (issue 19: who-can over 5,000 roles and 20,000 bindings < 1 s):
// generates Kueue's shipped roles plus 5,000 roles (aggregated ClusterRoles among them) and
// 20,000 bindings over 500 namespaces as one export, loads it with the real loader, then asks
// who can do each governed action (change the cluster-scoped Kueue kinds, LocalQueues and
// workloads/status in every namespace, update Jobs there). Prints load and engine CPU seconds.
#include "model/loader.h"
#include "rbac/authorizer.h"

#include <sys/resource.h>

#include <cstdio>
#include <string>

namespace {

double cpu_seconds() {
    struct rusage ru {};
    getrusage(RUSAGE_SELF, &ru);
    return static_cast<double>(ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) +
           static_cast<double>(ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) / 1e6;
}

constexpr int k_roles = 5000, k_bindings = 20000, k_namespaces = 500;

std::string generate() {
    std::string y;
    const char* kinds[] = {"clusterqueues", "localqueues", "workloads", "cohorts", "jobs", "pods"};
    for (int i = 0; i < k_roles; ++i) {
        const bool cluster = i % 2 == 0;
        const bool aggregated = i % 100 == 0;
        y += "---\napiVersion: rbac.authorization.k8s.io/v1\nkind: " + std::string(cluster ? "ClusterRole" : "Role") +
             "\nmetadata:\n  name: role-" + std::to_string(i) +
             (cluster ? "" : "\n  namespace: ns-" + std::to_string(i % k_namespaces)) + "\n  labels: {tier: t" +
             std::to_string(i % 10) + "}\n";
        if (cluster && aggregated) {
            y += "aggregationRule:\n  clusterRoleSelectors: [{matchLabels: {tier: t" + std::to_string(i % 7) + "}}]\n";
            continue;
        }
        y += "rules:\n- apiGroups: [kueue.x-k8s.io, batch, \"\"]\n  resources: [" + std::string(kinds[i % 6]) + ", " +
             kinds[(i + 1) % 6] + "/status]\n  verbs: [get, list, " + (i % 3 == 0 ? "update, patch" : "watch") +
             "]\n- apiGroups: [\"\"]\n  resources: [configmaps]\n  verbs: [get]\n";
    }
    for (int i = 0; i < k_bindings; ++i) {
        const bool cluster = i % 10 == 0;
        const int role = cluster ? (i % (k_roles / 2)) * 2 : i % k_roles;
        const bool role_is_cluster = role % 2 == 0;
        const int ns = role_is_cluster ? i % k_namespaces : role % k_namespaces;
        y += "---\napiVersion: rbac.authorization.k8s.io/v1\nkind: " +
             std::string(cluster ? "ClusterRoleBinding" : "RoleBinding") + "\nmetadata:\n  name: b-" +
             std::to_string(i) + (cluster ? "" : "\n  namespace: ns-" + std::to_string(ns)) +
             "\nroleRef: {apiGroup: rbac.authorization.k8s.io, kind: " + (role_is_cluster ? "ClusterRole" : "Role") +
             ", name: role-" + std::to_string(role) + "}\nsubjects:\n- {kind: User, name: user-" +
             std::to_string(i % 3000) + "}\n- {kind: Group, name: \"system:serviceaccounts:ns-" +
             std::to_string(i % k_namespaces) + "\"}\n";
    }
    return y;
}

}  // namespace

int main() {
    const std::string text = generate();
    kg::model::Cluster c;
    kg::model::DiagSink d;
    double t0 = cpu_seconds();
    kg::model::load_text("rbac.yaml", text, c, d);
    double t1 = cpu_seconds();
    kg::rbac::Authorizer az(c);
    std::size_t grants = 0, requests = 0;
    auto ask = [&](const char* verb, const char* group, const char* resource, const std::string& ns,
                   const char* sub = "") {
        grants += az.who_can({verb, group, resource, sub, "", ns}).size();
        ++requests;
    };
    for (const char* verb : {"create", "update", "patch", "delete"}) {
        for (const char* kind : {"clusterqueues", "cohorts", "resourceflavors", "workloadpriorityclasses",
                                 "admissionchecks", "topologies"}) {
            ask(verb, "kueue.x-k8s.io", kind, "");
        }
    }
    for (int n = 0; n < k_namespaces; ++n) {
        const std::string ns = "ns-" + std::to_string(n);
        for (const char* verb : {"create", "update", "patch", "delete"}) {
            ask(verb, "kueue.x-k8s.io", "localqueues", ns);
        }
        ask("patch", "kueue.x-k8s.io", "workloads", ns, "status");
        ask("update", "batch", "jobs", ns);
        ask("create", "", "pods", ns);
    }
    double t2 = cpu_seconds();
    std::printf("rbac: %zu roles, %zu bindings (%zu diagnostics), %zu bytes: load %.3f s CPU; engine "
                "(aggregation, index, %zu who-can requests, %zu grants) %.3f s CPU\n",
                c.roles.size(), c.role_bindings.size(), d.items().size(), text.size(), t1 - t0, requests, grants,
                t2 - t1);
    return d.error_count() == 0 ? 0 : 1;
}
