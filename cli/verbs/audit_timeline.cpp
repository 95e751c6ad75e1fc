// `kueuegov audit timeline TARGET --db FILE`: one object's history from the evidence store,
// with actors, times and the wait between steps. TARGET is NAMESPACE/NAME (a Workload, else
// a Job, else a LocalQueue), KIND/NAME for cluster-scoped kinds (ClusterQueue/team-a), KIND/
// NAMESPACE/NAME, or a bare cluster-scoped NAME.
#include "audit/check/timeline.h"
#include "audit/store/queries.h"
#include "audit/store/store.h"
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
    std::string target, db, output = "text";
};

const std::vector<std::string>& cluster_scoped_kinds() {
    static const std::vector<std::string> k{"ClusterQueue", "Cohort", "ResourceFlavor", "WorkloadPriorityClass",
                                            "AdmissionCheck"};
    return k;
}

std::vector<std::string> split(const std::string& s) {
    std::vector<std::string> out;
    std::size_t at = 0;
    while (true) {
        std::size_t slash = s.find('/', at);
        out.push_back(s.substr(at, slash - at));
        if (slash == std::string::npos) {
            return out;
        }
        at = slash + 1;
    }
}

/// "clusterqueue" or "ClusterQueue" -> "ClusterQueue"; "" when not a kind this verb knows.
std::string known_kind(const std::string& word, const std::vector<audit::JobRecord>& jobs) {
    auto same = [&](const std::string& k) {
        return k.size() == word.size() && std::equal(k.begin(), k.end(), word.begin(), [](char a, char b) {
                   return std::tolower(static_cast<unsigned char>(a)) == std::tolower(static_cast<unsigned char>(b));
               });
    };
    for (const std::string& k : cluster_scoped_kinds()) {
        if (same(k)) return k;
    }
    for (const char* k : {"LocalQueue", "Workload"}) {
        if (same(k)) return k;
    }
    for (const audit::JobRecord& j : jobs) {
        if (same(j.kind)) return j.kind;
    }
    return "";
}

std::vector<audit::ObjectChange> changes_of(const audit::EvidenceStore& store, const std::string& kind,
                                            const std::string& ns, const std::string& name) {
    audit::query::ChangeFilter f;
    f.kinds = {kind};
    f.namespace_ = ns;
    f.name = name;
    return audit::query::object_changes(store, f);
}

const audit::JobRecord* find_job(const std::vector<audit::JobRecord>& jobs, const std::string& kind,
                                 const std::string& ns, const std::string& name) {
    for (const audit::JobRecord& j : jobs) {
        if ((kind.empty() || j.kind == kind) && j.namespace_ == ns && j.name == name) return &j;
    }
    return nullptr;
}

/// Resolves the target to a timeline; nullopt with a message on stderr when it cannot.
std::optional<audit::Timeline> resolve(const audit::EvidenceStore& store, const std::string& target) {
    std::vector<std::string> parts = split(target);
    if (std::any_of(parts.begin(), parts.end(), [](const std::string& p) { return p.empty(); }) || parts.size() > 3) {
        std::cerr << "kueuegov: error: timeline target \"" << target
                  << "\": expected NAMESPACE/NAME, KIND/NAME, KIND/NAMESPACE/NAME or NAME\n";
        return std::nullopt;
    }
    const std::vector<audit::JobRecord> jobs = audit::query::jobs(store);
    std::string kind = parts.size() >= 2 ? known_kind(parts[0], jobs) : "";
    // Namespaces are lower-case DNS labels, so a capitalised first part is a kind.
    bool explicit_kind = !kind.empty() && (parts.size() == 3 || std::isupper(static_cast<unsigned char>(parts[0][0])));
    if (parts.size() == 3 && !explicit_kind) {
        std::cerr << "kueuegov: error: timeline target \"" << target << "\": unknown kind \"" << parts[0] << "\"\n";
        return std::nullopt;
    }
    if (explicit_kind) {
        bool cluster_scoped = std::find(cluster_scoped_kinds().begin(), cluster_scoped_kinds().end(), kind) !=
                              cluster_scoped_kinds().end();
        if (cluster_scoped != (parts.size() == 2)) {
            std::cerr << "kueuegov: error: timeline target \"" << target << "\": " << kind << " is "
                      << (cluster_scoped ? "cluster-scoped: use " + kind + "/NAME" : "namespaced: use " + kind + "/NAMESPACE/NAME")
                      << "\n";
            return std::nullopt;
        }
        const std::string ns = parts.size() == 3 ? parts[1] : "";
        const std::string& name = parts.back();
        if (kind == "Workload") {
            return audit::check::workload_timeline(ns, name, audit::query::workload_steps(store, ns, name));
        }
        if (const audit::JobRecord* j = find_job(jobs, kind, ns, name)) {
            return audit::check::job_timeline(*j, audit::query::job_label_changes(store),
                                              audit::query::workload_steps(store, ns));
        }
        return audit::check::object_timeline({kind, ns, name}, changes_of(store, kind, ns, name));
    }
    if (parts.size() == 2) {
        const std::string &ns = parts[0], &name = parts[1];
        std::vector<audit::WorkloadStep> steps = audit::query::workload_steps(store, ns, name);
        if (!steps.empty()) {
            return audit::check::workload_timeline(ns, name, steps);
        }
        if (const audit::JobRecord* j = find_job(jobs, "", ns, name)) {
            return audit::check::job_timeline(*j, audit::query::job_label_changes(store),
                                              audit::query::workload_steps(store, ns));
        }
        audit::Timeline t = audit::check::object_timeline({"LocalQueue", ns, name}, changes_of(store, "LocalQueue", ns, name));
        if (t.entries.empty()) {
            t.object.kind.clear();  // neither a Workload, a Job nor a LocalQueue: do not guess a kind
        }
        return t;
    }
    // A bare name: the cluster-scoped kind that has history under it.
    std::vector<audit::Timeline> found;
    for (const std::string& k : cluster_scoped_kinds()) {
        audit::Timeline t = audit::check::object_timeline({k, "", parts[0]}, changes_of(store, k, "", parts[0]));
        if (!t.entries.empty()) found.push_back(std::move(t));
    }
    if (found.size() > 1) {
        std::cerr << "kueuegov: error: timeline target \"" << target << "\" names more than one object:";
        for (const audit::Timeline& t : found) std::cerr << " " << t.object.kind << "/" << t.object.name;
        std::cerr << "; say which with KIND/NAME\n";
        return std::nullopt;
    }
    if (found.empty()) {
        return audit::Timeline{{"", "", parts[0]}, {}};
    }
    return std::move(found.front());
}

int run_timeline(const TimelineArgs& a) {
    if (!std::filesystem::exists(a.db)) {
        std::cerr << "kueuegov: error: cannot open evidence store " << a.db << ": no such file\n";
        return k_exit_usage;
    }
    audit::EvidenceStore store(a.db, audit::EvidenceStore::Access::read_only);
    std::optional<audit::Timeline> t = resolve(store, a.target);
    if (!t) {
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
                cmd.add_option("--db", a->db, "Evidence store (SQLite file written by audit ingest)")->required();
                cmd.add_option("-o,--output", a->output, "Output format")->check(CLI::IsMember({"text", "json"}));
                cmd.footer("Examples:\n"
                           "  kueuegov audit timeline ml/job-train-7f3c2 --db evidence.db      # a Workload\n"
                           "  kueuegov audit timeline ml/train --db evidence.db                # a Job and its Workload\n"
                           "  kueuegov audit timeline ClusterQueue/team-a --db evidence.db -o json\n"
                           "  kueuegov audit timeline LocalQueue/ml/default --db evidence.db\n"
                           "Exit status: 0 history printed; 1 the store has no history for the target; 2 usage error,\n"
                           "an ambiguous target or a store that cannot be opened.");
                return [a] { return run_timeline(*a); };
            }};
}

}  // namespace kg::cli
