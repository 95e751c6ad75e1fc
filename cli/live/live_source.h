// Live mode: --live, --context NAME or --kubeconfig FILE read the cluster through the user's
// own kubectl (`kubectl get KINDS -A -o json`, exactly the kinds the verb reads) instead of
// files, and explain asks Kueue's visibility API for pending positions when it answers.
#pragma once

#include "cli/live/kubectl.h"
#include "model/cluster.h"
#include "model/diagnostic.h"

#include <CLI/CLI.hpp>

#include <optional>
#include <string>
#include <vector>

namespace kg::cli {

struct LiveFlags {
    KubectlTarget target;
    bool live = false;
    bool active() const { return live || !target.context.empty() || !target.kubeconfig.empty(); }
};

/// Adds --live, --context NAME and --kubeconfig FILE (kubectl's own flags, passed through).
void add_live_flags(CLI::App& cmd, LiveFlags& f);

/// What a verb reads from a live cluster.
enum class LiveVerb { inspect, lint, simulate, diff_state, who_can };

/// The resources (RESOURCE.GROUP, as kubectl takes them) `verb` reads.
std::vector<std::string> live_kinds(LiveVerb verb);

/// Reads `kinds` through kubectl into `out` (diagnostics into `diags`). A kind the API server
/// does not serve is dropped with a warning when the verb can do without it (Cohorts before
/// Kueue served them, AdmissionChecks, WorkloadPriorityClasses), else an error; a kind RBAC
/// forbids is an error naming it. Prints every kubectl problem (the input diagnostics are left
/// in `diags` for the caller); false means exit 2.
bool load_live(const LiveFlags& f, const std::vector<std::string>& kinds, model::Cluster& out,
               model::DiagSink& diags);

/// The verb's input: the live cluster (when `live` is active) plus `paths`, or `paths` alone.
/// Prints every problem; `ok` false when the cluster or a path could not be read at all. An
/// empty `paths` without live mode is a usage error naming both ways.
struct LoadedInput;
bool load_sources(const std::vector<std::string>& paths, const LiveFlags& live, LiveVerb verb, const char* verb_name,
                  LoadedInput& in);

/// Kueue's visibility API's positions of one pending workload, when it answers.
struct PendingPosition {
    std::int64_t in_cluster_queue = 0, in_local_queue = 0;
    std::string api_version;  ///< visibility.kueue.x-k8s.io/v1beta1 or v1beta2
};

/// Asks /apis/visibility.kueue.x-k8s.io/{v1beta2,v1beta1}/namespaces/NS/localqueues/LQ/
/// pendingworkloads for `name`; nullopt when no version answers or the workload is not listed.
std::optional<PendingPosition> visibility_position(const LiveFlags& f, const std::string& ns,
                                                   const std::string& local_queue, const std::string& name);

}  // namespace kg::cli
