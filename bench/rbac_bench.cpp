// RBAC engine benchmark (issue 19: who-can over 5,000 roles and 20,000 bindings < 1 s):
// generates 5,000 roles (aggregated ClusterRoles among them) and 20,000 bindings over 500
// namespaces, with a ClusterQueue selecting half of them and LocalQueues in those, as one
// export; loads it with the real loader, then answers who-can: every governed action of
// rbac/governed_actions.h in the namespaces lint::governed_namespaces gives it. Prints load
// and engine CPU seconds and the engine's ratio to the budget. `bench_rbac --write PATH`
// writes the export instead, for timing the `who-can` verb end to end (scripts/bench).
#include "lint/governed_namespaces.h"
#include "model/loader.h"
#include "rbac/who_can.h"

#include <sys/resource.h>

#include <cstdio>
#include <fstream>
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
    // The queues: a ClusterQueue selecting the even namespaces, a LocalQueue in each of them.
    y += "---\napiVersion: kueue.x-k8s.io/v1beta2\nkind: ClusterQueue\nmetadata: {name: research}\nspec:\n"
         "  namespaceSelector: {matchLabels: {queued: \"yes\"}}\n  resourceGroups: []\n";
    for (int n = 0; n < k_namespaces; ++n) {
        const std::string ns = "ns-" + std::to_string(n);
        y += "---\napiVersion: v1\nkind: Namespace\nmetadata: {name: " + ns + ", labels: {queued: \"" +
             (n % 2 == 0 ? "yes" : "no") + "\"}}\n";
        if (n % 2 == 0) {
            y += "---\napiVersion: kueue.x-k8s.io/v1beta2\nkind: LocalQueue\nmetadata: {name: main, namespace: " + ns +
                 "}\nspec: {clusterQueue: research}\n";
        }
    }
    return y;
}

}  // namespace

int main(int argc, char** argv) {
    const std::string text = generate();
    if (argc == 3 && std::string(argv[1]) == "--write") {
        std::ofstream(argv[2], std::ios::binary) << text;
        return 0;
    }
    kg::model::Cluster c;
    kg::model::DiagSink d;
    double t0 = cpu_seconds();
    kg::model::load_text("rbac.yaml", text, c, d);
    double t1 = cpu_seconds();
    kg::rbac::Authorizer az(c);
    const kg::rbac::NamespaceSets sets = kg::lint::governed_namespaces(c);
    std::size_t grants = 0;
    const auto answers = kg::rbac::who_can(az, sets, {});
    for (const kg::rbac::ActionAnswer& a : answers) {
        grants += a.grants.size();
    }
    double t2 = cpu_seconds();
    std::printf("rbac: %zu roles, %zu bindings (%zu diagnostics), %zu bytes: load %.3f s CPU\n", c.roles.size(),
                c.role_bindings.size(), d.items().size(), text.size(), t1 - t0);
    std::printf("who-can engine: %zu actions over %zu namespaces (%zu with LocalQueues, %zu unselected), %zu grants: "
                "%.3f s CPU, %.2fx the 1 s budget\n",
                answers.size(), sets.all.size(), sets.with_local_queues.size(), sets.unselected.size(), grants, t2 - t1,
                (t2 - t1) / 1.0);
    return d.error_count() == 0 ? 0 : 1;
}
