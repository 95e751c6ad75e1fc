// `kueuegov export-command`: the kubectl line that exports every kind the offline verbs
// read, so that an export leaves nothing out that simulate would then have to assume.
#include "cli/verbs.h"

#include <iostream>

namespace kg::cli {

namespace {

// The kinds simulate, explain and inspect read (sim/assumptions.cpp warns for each one an
// input references but lacks). Jobs stand for every integrated kind the inputs may hold.
// Topologies, Nodes and Pods are what topology-aware scheduling places on (sim/tas): the
// levels, the Nodes' labels, allocatable and taints, and the capacity bound non-TAS Pods use.
constexpr const char* k_kinds =
    "clusterqueues,localqueues,resourceflavors,cohorts,admissionchecks,workloadpriorityclasses,workloads,"
    "namespaces,priorityclasses,jobs,topologies,nodes,pods";

// What who-can and the RBAC lint rules read beside the queue objects: the roles with their
// aggregation rules, and the bindings (rbac/aggregation.cpp resolves them as the API server does).
constexpr const char* k_rbac_kinds = "clusterroles,clusterrolebindings,roles,rolebindings";

}  // namespace

Verb export_command_verb() {
    return {"export-command", "Print the kubectl command that exports everything simulate, explain and inspect read",
            [](CLI::App& cmd) -> VerbAction {
                auto file = std::make_shared<std::string>("state.yaml");
                auto rbac = std::make_shared<bool>(false);
                cmd.add_option("--output-file", *file, "File name the printed command writes (default state.yaml)");
                cmd.add_flag("--rbac", *rbac,
                             "Also export ClusterRoles, ClusterRoleBindings, Roles and RoleBindings, for who-can "
                             "and the RBAC lint rules");
                cmd.footer("Example:\n"
                           "  eval \"$(kueuegov export-command)\" && kueuegov simulate -f state.yaml\n"
                           "A cluster whose Kueue serves no Cohort (or Topology) kind rejects \"cohorts\" (or\n"
                           "\"topologies\"): drop it from the list; simulate then says which cohorts it assumed.\n"
                           "topologies,nodes,pods are for topology-aware scheduling: TAS placement needs the\n"
                           "Topology levels, the Nodes' labels, allocatable and taints, and the bound Pods.");
                return [file, rbac] {
                    std::cout << "kubectl get " << k_kinds << (*rbac ? std::string(",") + k_rbac_kinds : "")
                              << " -A -o yaml > " << *file << "\n";
                    return k_exit_ok;
                };
            }};
}

}  // namespace kg::cli
