// Live reading through kubectl (live_source.h). kubectl's stderr is the only account of what
// went wrong (RBAC, a kind not served, no credentials), so it is classified here into a
// message that names the kind, and otherwise passed on verbatim.
#include "cli/live/live_source.h"

#include "cli/load.h"
#include "model/loader.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <iostream>
#include <set>

namespace kg::cli {

namespace {

// Kinds a verb can do without: Kueue serves Cohort only since v0.11 and the others are optional
// features; simulate then says what it assumed (sim/assumptions).
const std::set<std::string> k_optional{"cohorts", "admissionchecks", "workloadpriorityclasses", "priorityclasses",
                                       "topologies"};

std::string base_of(const std::string& kind) { return kind.substr(0, kind.find('.')); }

std::string join(const std::vector<std::string>& v) {
    std::string s;
    for (const std::string& k : v) s += (s.empty() ? "" : ",") + k;
    return s;
}

/// The text between `open` and the next quote after it in `s`, or "".
std::string quoted_after(const std::string& s, const std::string& open) {
    std::size_t at = s.find(open);
    if (at == std::string::npos) return "";
    at += open.size();
    std::size_t end = s.find('"', at);
    return end == std::string::npos ? "" : s.substr(at, end - at);
}

std::string first_line(const std::string& s) {
    std::string l = s.substr(0, s.find('\n'));
    return l.empty() ? "(no message)" : l;
}

}  // namespace

void add_live_flags(CLI::App& cmd, LiveFlags& f) {
    cmd.add_flag("--live", f.live, "Read the cluster through kubectl (current context) instead of -f files");
    cmd.add_option("--context", f.target.context, "Read the cluster through kubectl with this kubeconfig context");
    cmd.add_option("--kubeconfig", f.target.kubeconfig, "Read the cluster through kubectl with this kubeconfig file");
}

std::vector<std::string> live_kinds(LiveVerb verb) {
    if (verb == LiveVerb::diff_state) {
        // The work, not the policy: BASE and HEAD bring the queue objects under review.
        return {"workloads.kueue.x-k8s.io", "jobs.batch", "namespaces", "priorityclasses.scheduling.k8s.io"};
    }
    if (verb == LiveVerb::who_can) {
        // The RBAC kinds, and what says which namespaces each action is asked in (lint/
        // governed_namespaces.h): every Namespace, the LocalQueues, and the ClusterQueues'
        // namespaceSelectors. Not Workloads or Jobs: Namespaces already name every namespace.
        return {"clusterroles.rbac.authorization.k8s.io", "clusterrolebindings.rbac.authorization.k8s.io",
                "roles.rbac.authorization.k8s.io", "rolebindings.rbac.authorization.k8s.io",
                "clusterqueues.kueue.x-k8s.io", "localqueues.kueue.x-k8s.io", "namespaces"};
    }
    std::vector<std::string> k{"clusterqueues.kueue.x-k8s.io", "localqueues.kueue.x-k8s.io",
                               "resourceflavors.kueue.x-k8s.io", "cohorts.kueue.x-k8s.io",
                               "admissionchecks.kueue.x-k8s.io"};
    switch (verb) {
        case LiveVerb::inspect:  // usage and pending counts: Workloads, and suspended Jobs without one
            k.insert(k.end(), {"workloads.kueue.x-k8s.io", "jobs.batch"});
            break;
        case LiveVerb::lint:  // references, priorities, namespaces and Jobs that bypass Kueue
            k.insert(k.end(), {"workloadpriorityclasses.kueue.x-k8s.io", "priorityclasses.scheduling.k8s.io",
                               "namespaces", "jobs.batch"});
            break;
        case LiveVerb::simulate:  // everything admission reads (the kinds of export-command)
            k.insert(k.end(), {"workloadpriorityclasses.kueue.x-k8s.io", "workloads.kueue.x-k8s.io", "namespaces",
                               "priorityclasses.scheduling.k8s.io", "jobs.batch", "topologies.kueue.x-k8s.io",
                               "nodes", "pods"});
            break;
        case LiveVerb::diff_state:
        case LiveVerb::who_can: break;  // returned above
    }
    return k;
}

bool load_live(const LiveFlags& f, const std::vector<std::string>& wanted, model::Cluster& out,
               model::DiagSink& diags) {
    std::vector<std::string> kinds = wanted;
    const std::size_t cap = input_load_options().max_file_bytes;
    while (true) {
        auto run = run_kubectl(f.target, {"get", join(kinds), "--all-namespaces", "-o", "json"}, cap);
        if (!run) {
            std::cerr << "kueuegov: error: " << run.error().message << "\n";
            return false;
        }
        if (run->exit_code == 0) {
            std::string name = "kubectl get " + join(kinds) + " -A -o json";
            if (!f.target.context.empty()) name += " (context " + f.target.context + ")";
            model::load_text(name, std::move(run->out), out, diags, input_load_options());
            return true;  // diagnostics are the caller's to print (lint turns them into KQ1000)
        }
        const std::string& err = run->err;
        if (std::string missing = quoted_after(err, "doesn't have a resource type \""); !missing.empty()) {
            auto it = std::find_if(kinds.begin(), kinds.end(), [&](const std::string& k) { return base_of(k) == missing; });
            if (it != kinds.end() && k_optional.count(missing)) {
                std::cerr << "kueuegov: warning: the cluster serves no " << *it << "; reading without them\n";
                kinds.erase(it);
                continue;
            }
            std::cerr << "kueuegov: error: the cluster serves no " << (it == kinds.end() ? missing : *it)
                      << " (is Kueue installed, and its CRDs?): " << first_line(err) << "\n";
            return false;
        }
        if (err.find("(Forbidden)") != std::string::npos || err.find("is forbidden") != std::string::npos) {
            std::string res = quoted_after(err, "cannot list resource \"");
            std::string group = quoted_after(err, "in API group \"");
            std::string kind = res.empty() ? "a kind" : group.empty() ? res : res + "." + group;
            std::cerr << "kueuegov: error: kubectl may not list " << kind
                      << " in all namespaces (RBAC forbids it); grant list on it, or export what you may read and "
                         "pass it with -f: "
                      << first_line(err) << "\n";
            return false;
        }
        std::cerr << "kueuegov: error: kubectl get failed (exit " << run->exit_code << "): " << first_line(err)
                  << "\n";
        return false;
    }
}

bool load_sources(const std::vector<std::string>& paths, const LiveFlags& live, LiveVerb verb, const char* verb_name,
                  LoadedInput& in) {
    if (!live.active()) {
        if (paths.empty()) {
            std::cerr << "kueuegov: error: " << verb_name
                      << " needs -f PATH (a file, a directory or - for stdin), or --live/--context/--kubeconfig to "
                         "read the cluster through kubectl\n";
            in.ok = false;
            return false;
        }
        in = load_inputs(paths);
        return in.ok;
    }
    in.ok = load_live(live, live_kinds(verb), in.cluster, in.diags);
    print_diagnostics(in.cluster.files, in.diags);
    if (in.ok && !paths.empty()) {
        model::DiagSink more;
        in.ok = model::load_paths(paths, in.cluster, more, input_load_options());
        print_diagnostics(in.cluster.files, more);
        for (const model::Diagnostic& d : more.items()) in.diags.add(d.severity, d.pos, d.message);
    }
    return in.ok;
}

std::optional<PendingPosition> visibility_position(const LiveFlags& f, const std::string& ns,
                                                   const std::string& local_queue, const std::string& name) {
    for (const char* version : {"v1beta2", "v1beta1"}) {
        const std::string path = std::string("/apis/visibility.kueue.x-k8s.io/") + version + "/namespaces/" + ns +
                                 "/localqueues/" + local_queue + "/pendingworkloads";
        auto run = run_kubectl(f.target, {"get", "--raw", path}, input_load_options().max_file_bytes);
        if (!run || run->exit_code != 0) {
            continue;  // the visibility API is optional (a feature gate, an APIService)
        }
        auto doc = nlohmann::json::parse(run->out, nullptr, false);
        if (doc.is_discarded() || !doc.contains("items") || !doc["items"].is_array()) {
            continue;
        }
        for (const auto& item : doc["items"]) {
            const auto& meta = item.value("metadata", nlohmann::json::object());
            if (meta.value("name", "") == name && meta.value("namespace", ns) == ns) {
                PendingPosition p;
                p.in_cluster_queue = item.value("positionInClusterQueue", std::int64_t{-1});
                p.in_local_queue = item.value("positionInLocalQueue", std::int64_t{-1});
                p.api_version = std::string("visibility.kueue.x-k8s.io/") + version;
                return p;
            }
        }
        return std::nullopt;
    }
    return std::nullopt;
}

}  // namespace kg::cli
