#include "audit/timeline_target.h"

#include "audit/check/timeline.h"
#include "audit/store/queries.h"

#include <algorithm>
#include <cctype>
#include <optional>
#include <vector>

namespace kg::audit {

namespace {

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
std::string known_kind(const std::string& word, const std::vector<JobRecord>& jobs) {
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
    for (const JobRecord& j : jobs) {
        if (same(j.kind)) return j.kind;
    }
    return "";
}

std::vector<ObjectChange> changes_of(const EvidenceStore& store, const std::string& kind,
                                            const std::string& ns, const std::string& name) {
    query::ChangeFilter f;
    f.kinds = {kind};
    f.namespace_ = ns;
    f.name = name;
    return query::object_changes(store, f);
}

const JobRecord* find_job(const std::vector<JobRecord>& jobs, const std::string& kind,
                                 const std::string& ns, const std::string& name) {
    for (const JobRecord& j : jobs) {
        if ((kind.empty() || j.kind == kind) && j.namespace_ == ns && j.name == name) return &j;
    }
    return nullptr;
}

/// Resolves the target to a timeline; nullopt with a message on stderr when it cannot.
model::Result<Timeline> timeline_for_target_impl(const EvidenceStore& store, const std::string& target) {
    std::vector<std::string> parts = split(target);
    if (std::any_of(parts.begin(), parts.end(), [](const std::string& p) { return p.empty(); }) || parts.size() > 3) {
        return model::make_error("timeline target \"" + target +
                                 "\": expected NAMESPACE/NAME, KIND/NAME, KIND/NAMESPACE/NAME or NAME");
    }
    const std::vector<JobRecord> jobs = query::jobs(store);
    std::string kind = parts.size() >= 2 ? known_kind(parts[0], jobs) : "";
    // Namespaces are lower-case DNS labels, so a capitalised first part is a kind.
    bool explicit_kind = !kind.empty() && (parts.size() == 3 || std::isupper(static_cast<unsigned char>(parts[0][0])));
    if (parts.size() == 3 && !explicit_kind) {
        return model::make_error("timeline target \"" + target + "\": unknown kind \"" + parts[0] + "\"");
    }
    if (explicit_kind) {
        bool cluster_scoped = std::find(cluster_scoped_kinds().begin(), cluster_scoped_kinds().end(), kind) !=
                              cluster_scoped_kinds().end();
        if (cluster_scoped != (parts.size() == 2)) {
            return model::make_error("timeline target \"" + target + "\": " + kind + " is " +
                                     (cluster_scoped ? "cluster-scoped: use " + kind + "/NAME"
                                                     : "namespaced: use " + kind + "/NAMESPACE/NAME"));
        }
        const std::string ns = parts.size() == 3 ? parts[1] : "";
        const std::string& name = parts.back();
        if (kind == "Workload") {
            return check::workload_timeline(ns, name, query::workload_steps(store, ns, name));
        }
        if (const JobRecord* j = find_job(jobs, kind, ns, name)) {
            return check::job_timeline(*j, query::job_label_changes(store),
                                              query::workload_steps(store, ns));
        }
        return check::object_timeline({kind, ns, name}, changes_of(store, kind, ns, name));
    }
    if (parts.size() == 2) {
        const std::string &ns = parts[0], &name = parts[1];
        std::vector<WorkloadStep> steps = query::workload_steps(store, ns, name);
        if (!steps.empty()) {
            return check::workload_timeline(ns, name, steps);
        }
        if (const JobRecord* j = find_job(jobs, "", ns, name)) {
            return check::job_timeline(*j, query::job_label_changes(store),
                                              query::workload_steps(store, ns));
        }
        Timeline t = check::object_timeline({"LocalQueue", ns, name}, changes_of(store, "LocalQueue", ns, name));
        if (t.entries.empty()) {
            t.object.kind.clear();  // neither a Workload, a Job nor a LocalQueue: do not guess a kind
        }
        return t;
    }
    // A bare name: the cluster-scoped kind that has history under it.
    std::vector<Timeline> found;
    for (const std::string& k : cluster_scoped_kinds()) {
        Timeline t = check::object_timeline({k, "", parts[0]}, changes_of(store, k, "", parts[0]));
        if (!t.entries.empty()) found.push_back(std::move(t));
    }
    if (found.size() > 1) {
        std::string msg = "timeline target \"" + target + "\" names more than one object:";
        for (const Timeline& t : found) msg += " " + t.object.kind + "/" + t.object.name;
        return model::make_error(msg + "; say which with KIND/NAME");
    }
    if (found.empty()) {
        return Timeline{{"", "", parts[0]}, {}};
    }
    return std::move(found.front());
}

}  // namespace

model::Result<Timeline> timeline_for_target(const EvidenceStore& store, const std::string& target) {
    return timeline_for_target_impl(store, target);
}

}  // namespace kg::audit
