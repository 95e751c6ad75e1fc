// `kueuegov audit timeline TARGET --db FILE`: one object's history from the evidence store,
// with actors, times and the wait between steps. TARGET is NAMESPACE/NAME (a Workload, else
// a Job, else a LocalQueue), KIND/NAME for cluster-scoped kinds (ClusterQueue/team-a), KIND/
// NAMESPACE/NAME, or a bare cluster-scoped NAME (resolved by audit/timeline_target.h).
#include "audit/store/store.h"
#include "audit/timeline_target.h"
#include "cli/cluster_flag.h"
#include "cli/evidence_source.h"
#include "cli/verbs/audit.h"
#include "report/escape.h"
#include "report/timeline_render.h"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <iostream>
#include <memory>
#include <sstream>

namespace kg::cli {

namespace {

struct TimelineArgs {
    std::string target, db, output = "text", namespace_;
    std::vector<std::string> clusters;
};

/// -n NAMESPACE as kubectl takes it: NAME becomes NAMESPACE/NAME and KIND/NAME becomes
/// KIND/NAMESPACE/NAME. False (after an error) when TARGET already names a namespace.
bool apply_namespace(TimelineArgs& a) {
    if (a.namespace_.empty()) return true;
    const std::size_t slashes = static_cast<std::size_t>(std::count(a.target.begin(), a.target.end(), '/'));
    const bool kind_first = slashes == 1 && std::isupper(static_cast<unsigned char>(a.target[0]));
    if (slashes == 0) {
        a.target = a.namespace_ + "/" + a.target;
        return true;
    }
    if (kind_first) {
        a.target.insert(a.target.find('/') + 1, a.namespace_ + "/");
        return true;
    }
    std::cerr << "kueuegov: error: -n " << a.namespace_ << " with \"" << a.target
              << "\", which names its namespace already: give NAMESPACE/NAME or -n NAMESPACE NAME\n";
    return false;
}

int run_timeline(TimelineArgs& a) {
    if (!apply_namespace(a)) return k_exit_usage;
    if (!store_present(a.db)) return k_exit_usage;
    audit::EvidenceStore store(a.db, audit::EvidenceStore::Access::read_only);
    const auto clusters = selected_clusters(store, a.clusters);
    if (!clusters) return k_exit_usage;
    if (!group_by_cluster(store)) {
        // One cluster: the output is what it was before clusters existed.
        const model::Result<audit::Timeline> t = audit::timeline_for_target(store, a.target);
        if (!t) {
            std::cerr << "kueuegov: error: " << t.error().message << "\n";
            return k_exit_usage;
        }
        if (a.output == "json") {
            report::render_timeline_json(std::cout, *t);
        } else {
            report::render_timeline_text(std::cout, *t);
        }
        return t->entries.empty() ? k_exit_findings : k_exit_ok;
    }
    // Several clusters: one timeline per selected cluster, each under its name (text), or
    // {"clusters": [{"cluster": NAME, "timeline": ...}]} (JSON). Render first, print after, so
    // an error in one cluster leaves no partial output.
    // A target that names nothing in one cluster is left out there; one that names nothing in
    // any selected cluster is the error it always was.
    std::ostringstream out;
    bool any = false;
    std::size_t shown = 0;
    std::string first_error;
    if (a.output == "json") out << "{\"clusters\": [";
    for (const std::string& cluster : *clusters) {
        store.set_cluster_scope(cluster);
        const model::Result<audit::Timeline> t = audit::timeline_for_target(store, a.target);
        if (!t) {
            if (first_error.empty()) first_error = "cluster " + cluster + ": " + t.error().message;
            continue;
        }
        const std::size_t i = shown++;
        any = any || !t->entries.empty();
        if (a.output == "json") {
            std::ostringstream one;
            report::render_timeline_json(one, *t);
            out << (i ? ", " : "") << "{\"cluster\": " << report::escape_json_string(cluster) << ", \"timeline\": " << one.str()
                << "}";
        } else {
            out << (i ? "\n" : "") << "cluster " << report::escape_terminal(cluster) << ":\n";
            report::render_timeline_text(out, *t);
        }
    }
    if (shown == 0) {
        std::cerr << "kueuegov: error: " << report::escape_terminal(first_error) << "\n";
        return k_exit_usage;
    }
    if (a.output == "json") out << "]}\n";
    std::cout << out.str();
    return any ? k_exit_ok : k_exit_findings;
}

}  // namespace

Verb audit_timeline_subcommand() {
    return {"timeline", "Print one Workload's, Job's or queue's history with actors, times and the wait between steps",
            [](CLI::App& cmd) -> VerbAction {
                auto a = std::make_shared<TimelineArgs>();
                cmd.add_option("target", a->target,
                               "NAMESPACE/NAME (Workload, else Job, else LocalQueue), KIND/NAME, KIND/NAMESPACE/NAME or "
                               "a cluster-scoped NAME")
                    ->required();
                cmd.add_option("--db", a->db, "Evidence store written by audit ingest: SQLite file or postgresql:// URL")->required();
                add_cluster_filter_flag(cmd, a->clusters);
                cmd.add_option("-o,--output", a->output, "Output format")->check(CLI::IsMember({"text", "json"}));
                cmd.add_option("-n,--namespace", a->namespace_,
                               "Namespace of a bare NAME or KIND/NAME target, as kubectl takes it");
                cmd.footer("Examples:\n"
                           "  kueuegov audit timeline ml/job-train-7f3c2 --db evidence.db      # a Workload\n"
                           "  kueuegov audit timeline ml/train --db evidence.db                # a Job and its Workload\n"
                           "  kueuegov audit timeline ClusterQueue/team-a --db evidence.db -o json\n"
                           "  kueuegov audit timeline LocalQueue/ml/default --db evidence.db\n"
                           "  kueuegov audit timeline -n ml job-train-7f3c2 --db evidence.db   # = ml/job-train-7f3c2\n"
                           "Exit status: 0 history printed; 1 the store has no history for the target; 2 usage error,\n"
                           "an ambiguous target or a store that cannot be opened.");
                return [a] { return run_timeline(*a); };
            }};
}

}  // namespace kg::cli
