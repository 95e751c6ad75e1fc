// `kueuegov audit timeline TARGET --db FILE`: one object's history from the evidence store,
// with actors, times and the wait between steps. TARGET is NAMESPACE/NAME (a Workload, else
// a Job, else a LocalQueue), KIND/NAME for cluster-scoped kinds (ClusterQueue/team-a), KIND/
// NAMESPACE/NAME, or a bare cluster-scoped NAME (resolved by audit/timeline_target.h).
#include "audit/store/store.h"
#include "audit/timeline_target.h"
#include "cli/evidence_source.h"
#include "cli/verbs/audit.h"
#include "report/timeline_render.h"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <iostream>
#include <memory>

namespace kg::cli {

namespace {

struct TimelineArgs {
    std::string target, db, output = "text", namespace_;
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
