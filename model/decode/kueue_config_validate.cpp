// The checks Kueue's manager runs on its Configuration at start-up, after defaulting
// (Kueue: pkg/config/validation.go Validate, apis/config/v1beta2/defaults.go). A manager
// given such a file does not start; kueuegov reports each problem at its position.
// Checked: integrations.frameworks (known built-in names, no duplicates),
// integrations.externalFrameworks (Kind.version.group), managedJobsNamespaceSelector (must
// not select kube-system or Kueue's own namespace), fairSharing.preemptionStrategies (one of
// the three valid sets, in order) and waitForPodsReady (requeuing timestamp, no negative
// backoff or timeout numbers).
#include "model/decode/kueue_config_validate.h"

#include "model/spelling.h"

#include <algorithm>
#include <set>

namespace kg::model::decode {

namespace {

using yaml::Node;

// jobframework integration names (pkg/controller/jobs/*: FrameworkName).
const std::vector<std::string_view> k_frameworks{
    "batch/job",           "deployment",           "jobset.x-k8s.io/jobset",
    "kubeflow.org/jaxjob", "kubeflow.org/mpijob",  "kubeflow.org/paddlejob",
    "kubeflow.org/pytorchjob", "kubeflow.org/tfjob", "kubeflow.org/xgboostjob",
    "leaderworkerset.x-k8s.io/leaderworkerset", "pod", "ray.io/raycluster", "ray.io/rayjob", "ray.io/rayservice",
    "sparkoperator.k8s.io/sparkapplication", "statefulset", "trainer.kubeflow.org/trainjob",
    "workload.codeflare.dev/appwrapper",
};

const std::vector<std::vector<std::string>> k_strategy_sets{
    {"LessThanOrEqualToFinalShare"},
    {"LessThanInitialShare"},
    {"LessThanOrEqualToFinalShare", "LessThanInitialShare"},
};

std::string quoted(std::string_view s) { return "\"" + std::string(s) + "\""; }

std::vector<const Node*> strings_of(const Node* seq) {
    std::vector<const Node*> out;
    if (seq && seq->is_sequence()) {
        for (const Node& n : seq->items) {
            if (n.is_scalar()) {
                out.push_back(&n);
            }
        }
    }
    return out;
}

void integrations(const Node& obj, const std::optional<LabelSelector>& selector, std::vector<ConfigIssue>& out) {
    std::vector<const Node*> fw = strings_of(obj.at_path("integrations.frameworks"));
    std::set<std::string> seen;
    std::string supported;
    for (std::string_view f : k_frameworks) {
        supported += (supported.empty() ? "" : ", ") + quoted(f);
    }
    for (std::size_t i = 0; i < fw.size(); ++i) {
        std::string path = "integrations.frameworks[" + std::to_string(i) + "]";
        const std::string& name = fw[i]->scalar;
        if (std::find(k_frameworks.begin(), k_frameworks.end(), name) == k_frameworks.end()) {
            out.push_back({fw[i]->pos, path, path + ": Unsupported value: " + quoted(name) + ": supported values: " +
                                                 supported + did_you_mean(name, k_frameworks)});
        } else if (!seen.insert(name).second) {
            out.push_back({fw[i]->pos, path, path + ": Duplicate value: " + quoted(name)});
        }
    }
    std::vector<const Node*> ext = strings_of(obj.at_path("integrations.externalFrameworks"));
    for (std::size_t i = 0; i < ext.size(); ++i) {
        std::string path = "integrations.externalFrameworks[" + std::to_string(i) + "]";
        const std::string& name = ext[i]->scalar;
        if (std::count(name.begin(), name.end(), '.') < 2) {
            out.push_back({ext[i]->pos, path, path + ": Invalid value: " + quoted(name) +
                                                  ": must be format, 'Kind.version.group.com'"});
        } else if (!seen.insert(name).second) {
            out.push_back({ext[i]->pos, path, path + ": Duplicate value: " + quoted(name)});
        }
    }
    // Defaulted, the selector exempts kube-system and Kueue's namespace; one written by hand
    // must too, or the manager would manage its own pods.
    if (selector) {
        const Node* ns = obj.get("namespace");
        std::string kueue_ns = ns && ns->is_scalar() && !ns->scalar.empty() ? ns->scalar : "kueue-system";
        for (const std::string& p : {std::string("kube-system"), kueue_ns}) {
            if (selector->matches({{"kubernetes.io/metadata.name", p}})) {
                out.push_back({selector->pos, "managedJobsNamespaceSelector",
                               "managedJobsNamespaceSelector: Invalid value: should not match the " + quoted(p) +
                                   " namespace"});
            }
        }
    }
}

void fair_sharing(const Node& obj, std::vector<ConfigIssue>& out) {
    const Node* s = obj.at_path("fairSharing.preemptionStrategies");
    std::vector<const Node*> given = strings_of(s);
    if (given.empty()) {
        return;  // defaulted
    }
    std::vector<std::string> names;
    for (const Node* n : given) {
        names.push_back(n->scalar);
    }
    if (std::find(k_strategy_sets.begin(), k_strategy_sets.end(), names) != k_strategy_sets.end()) {
        return;
    }
    std::string have, valid;
    for (const std::string& n : names) {
        have += (have.empty() ? "" : ",") + n;
    }
    for (const auto& set : k_strategy_sets) {
        std::string one;
        for (const std::string& n : set) {
            one += (one.empty() ? "" : ",") + n;
        }
        valid += (valid.empty() ? "" : ", ") + quoted(one);
    }
    out.push_back({s->pos, "fairSharing.preemptionStrategies",
                   "fairSharing.preemptionStrategies: Unsupported value: " + quoted(have) + ": supported values: " +
                       valid});
}

void wait_for_pods_ready(const Node& obj, bool v1beta1, std::vector<ConfigIssue>& out) {
    const Node* w = obj.get("waitForPodsReady");
    if (!w || !w->is_mapping()) {
        return;
    }
    if (v1beta1) {
        const Node* en = w->get("enable");
        if (!en || !en->is_scalar() || en->scalar != "true") {
            return;  // Kueue validates only an enabled waitForPodsReady
        }
    }
    if (const Node* t = w->at_path("requeuingStrategy.timestamp"); t && t->is_scalar() && t->scalar != "Creation" &&
                                                                    t->scalar != "Eviction") {
        out.push_back({t->pos, "waitForPodsReady.requeuingStrategy.timestamp",
                       "waitForPodsReady.requeuingStrategy.timestamp: Unsupported value: " + quoted(t->scalar) +
                           ": supported values: \"Creation\", \"Eviction\"" +
                           did_you_mean(t->scalar, {"Creation", "Eviction"})});
    }
    for (const char* f : {"requeuingStrategy.backoffLimitCount", "requeuingStrategy.backoffBaseSeconds",
                          "requeuingStrategy.backoffMaxSeconds"}) {
        const Node* n = w->at_path(f);
        if (n && n->is_scalar() && !n->scalar.empty() && n->scalar[0] == '-') {
            std::string path = std::string("waitForPodsReady.") + f;
            out.push_back({n->pos, path, path + ": Invalid value: " + n->scalar + ": must be greater than or equal to 0"});
        }
    }
    for (const char* f : {"timeout", "recoveryTimeout"}) {
        const Node* n = w->get(f);
        if (n && n->is_scalar() && !n->scalar.empty() && n->scalar[0] == '-') {
            std::string path = std::string("waitForPodsReady.") + f;
            out.push_back({n->pos, path, path + ": Invalid value: " + quoted(n->scalar) +
                                             ": must be greater than or equal to 0"});
        }
    }
}

}  // namespace

std::vector<ConfigIssue> validate_kueue_config(const Node& obj, bool v1beta1,
                                               const std::optional<LabelSelector>& managed_jobs_selector) {
    std::vector<ConfigIssue> out;
    unknown_config_fields(obj, v1beta1, out);
    wait_for_pods_ready(obj, v1beta1, out);
    integrations(obj, managed_jobs_selector, out);
    fair_sharing(obj, out);
    return out;
}

}  // namespace kg::model::decode
