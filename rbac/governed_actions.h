// The actions that decide whether a queue is control or documentation (issue 19): changing
// queue policy, LocalQueues, a Workload's admission, a job's queue-name label, or running
// work where no ClusterQueue looks. One catalogue, as data, read by `who-can`, the RBAC lint
// rules and the bench, so they never disagree on what "can change queue policy" means.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace kg::rbac {

/// What an action is about; the lint rules pick their actions by it.
enum class ActionCategory {
    queue_policy,     ///< the cluster-scoped Kueue objects that define quota and admission
    local_queues,     ///< LocalQueues: which ClusterQueue a namespace's jobs land in
    workload_status,  ///< workloads/status: force or clear admission
    queue_label,      ///< rewrite kueue.x-k8s.io/queue-name on an integrated job kind
    bypass,           ///< create pods or Jobs where work can skip the queue
};
const char* category_name(ActionCategory c);

/// Where an action is asked.
enum class ActionScope {
    cluster,                ///< cluster-scoped resources: ClusterRoleBindings only
    every_namespace,        ///< every namespace the inputs know
    queue_namespaces,       ///< namespaces holding LocalQueues
    /// Namespaces where work can skip the queue: no ClusterQueue's namespaceSelector selects
    /// them, or they hold LocalQueues but Kueue ignores Jobs without the queue-name label.
    bypass_namespaces,
};
const char* scope_name(ActionScope s);

/// One resource an action touches: API group ("" core), plural resource, subresource.
struct ActionTarget {
    std::string api_group;
    std::string resource;
    std::string subresource;
    /// "resource", "group/resource" or "group/resource/subresource", for people.
    std::string text() const;
};

struct GovernedAction {
    std::string id;       ///< stable kebab id: --action takes it, JSON carries it
    std::string summary;  ///< one line for people
    ActionCategory category;
    ActionScope scope;
    std::vector<std::string> verbs;     ///< any of them is the action
    std::vector<ActionTarget> targets;  ///< any of them is the action
};

/// Every governed action, in the order `who-can` prints them.
const std::vector<GovernedAction>& governed_actions();
/// The action with this id, or nullptr.
const GovernedAction* find_action(std::string_view id);

}  // namespace kg::rbac
