// Kueue's CRD schemas as the API server applies them: unknown fields (kubectl's strict
// field validation), wrong types, enum values, patterns, lengths, bounds, required
// fields, and unknown kinds of kueue.x-k8s.io. The loader checks each object against the
// table generated from Kueue's config/components/crd/bases (model/schema); this rule
// reports what it found. Kueue: config/components/crd/bases/*.yaml.
#include "lint/rules/helpers.h"

#include <set>
#include <tuple>

namespace kg::lint::rules {

const RuleInfo k_kq1022{"KQ1022", "schema-violation",
                        RuleFamily::validation, RuleScope::definition, Severity::error,
                        "An object does not match Kueue's CRD schema: unknown field, wrong type or value",
                        "Fix the field at the position shown: the API server rejects the object as written.",
                        /*defers=*/true};

void check_kq1022(const RuleContext& cx, FindingSink& out) {
    // A value the loader already could not read (KQ1000) is reported once, there.
    std::set<std::tuple<std::uint32_t, std::uint32_t, std::uint32_t>> read_errors;
    for (const model::Diagnostic& d : cx.input_diags) {
        read_errors.insert({d.pos.file_id, d.pos.line, d.pos.col});
    }
    // So is a spelling of the other API version (KQ1021 names the right one).
    auto other_version = [&](const std::vector<model::Located<std::string>>& used) {
        for (const auto& u : used) {
            read_errors.insert({u.pos.file_id, u.pos.line, u.pos.col});
        }
    };
    for (const auto& cq : cx.cluster.cluster_queues) other_version(cq.version_spellings);
    for (const auto& c : cx.cluster.cohorts) other_version(c.version_spellings);
    for (const model::SchemaIssue& i : cx.cluster.schema_issues) {
        if (read_errors.count({i.pos.file_id, i.pos.line, i.pos.col})) {
            continue;
        }
        std::string who = i.name.empty() ? i.kind : i.kind + " \"" + (i.namespace_.empty() ? "" : i.namespace_ + "/") +
                                                        i.name + "\"";
        out.report(k_kq1022, i.pos, i.path, {i.kind, i.namespace_, i.name}, who + " is invalid: " + i.message);
    }
}

}  // namespace kg::lint::rules
