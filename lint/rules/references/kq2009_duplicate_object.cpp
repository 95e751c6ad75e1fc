// The same object (kind, namespace, name) defined more than once in the files of one
// run: applied together, the later definition replaces the earlier one, so the earlier
// one's settings never take effect. Cross-object rules use the later definition
// (lint/applied_view.h); this rule says so at the replaced one.
#include "lint/rules/helpers.h"

#include "lint/meta_key.h"

#include <unordered_map>

namespace kg::lint::rules {

const RuleInfo k_kq2009{"KQ2009", "duplicate-object",
                        RuleFamily::references, RuleScope::definition, Severity::warning,
                        "The same object is defined more than once in the files of one run",
                        "Keep one definition, or lint the files that are applied together separately."};

namespace {

template <typename Vec>
void check(const model::SourceFiles& files, const Vec& objects, const char* kind, FindingSink& out) {
    // key -> the next definition seen from the end
    std::unordered_map<MetaKey, const model::ObjectMeta*, MetaKey::Hash> later;
    later.reserve(objects.size());
    for (std::size_t i = objects.size(); i-- > 0;) {
        const model::ObjectMeta& m = objects[i].meta;
        if (m.name->empty()) {
            continue;
        }
        auto [it, fresh] = later.try_emplace(MetaKey(m), &m);
        if (fresh) {
            continue;
        }
        SourcePos again = or_doc(it->second->name.pos, *it->second);
        out.report(k_kq2009, or_doc(m.name.pos, m), "metadata.name", ref(kind, m),
                   std::string(kind) + " \"" + m.key() + "\" is defined again at " + files.name(again.file_id) +
                       ":" + std::to_string(again.line) + ": applied together, that definition replaces this " +
                       "one, and cross-object rules use only the last one",
                   {{again, "the later definition"}});
        it->second = &m;
    }
}

}  // namespace

void check_kq2009(const RuleContext& cx, FindingSink& out) {
    const model::Cluster& c = cx.cluster;
    const model::SourceFiles& f = c.files;
    check(f, c.resource_flavors, "ResourceFlavor", out);
    check(f, c.cluster_queues, "ClusterQueue", out);
    check(f, c.cohorts, "Cohort", out);
    check(f, c.local_queues, "LocalQueue", out);
    check(f, c.workloads, "Workload", out);
    check(f, c.workload_priority_classes, "WorkloadPriorityClass", out);
    check(f, c.priority_classes, "PriorityClass", out);
    check(f, c.admission_checks, "AdmissionCheck", out);
    check(f, c.namespaces, "Namespace", out);
    check(f, c.nodes, "Node", out);
}

}  // namespace kg::lint::rules
