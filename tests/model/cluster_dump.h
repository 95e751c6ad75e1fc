// What two loads of the same text must agree on, as text: every object (kind, name,
// namespace and the position of its mapping) in its list's order, the Pods, the schema
// issues, the skipped kinds, the document count and the Kueue Configuration's position.
// Shared by the tests and the loader fuzzer that hold the two-thread List path (with its
// batches decoded on the thread that parsed them) to the one-pass load.
#pragma once

#include "model/cluster.h"
#include "model/loader.h"

#include <string>
#include <vector>

namespace kg::test {

inline std::string pos_text(const kg::model::SourcePos& p) {
    return std::to_string(p.file_id) + ":" + std::to_string(p.line) + ":" + std::to_string(p.col);
}

inline std::vector<std::string> dump_cluster(const kg::model::Cluster& c) {
    std::vector<std::string> out;
    c.for_each_object([&](const kg::model::ObjectMeta& m, const char* kind) {
        out.push_back(std::string(kind) + " " + m.kind + " " + *m.namespace_ + "/" + *m.name + " at " +
                      pos_text(m.doc_pos) + " name at " + pos_text(m.name.pos));
    });
    for (const kg::model::BoundPod& p : c.pods) {
        out.push_back("Pod " + *p.meta.namespace_ + "/" + *p.meta.name + " at " + pos_text(p.meta.doc_pos));
    }
    for (const kg::model::SchemaIssue& i : c.schema_issues) {
        out.push_back("schema " + i.kind + " " + i.namespace_ + "/" + i.name + " " + pos_text(i.pos) + " " + i.path +
                      ": " + i.message);
    }
    for (const auto& [kind, count] : c.skipped_kinds) {
        out.push_back("skipped " + kind + " x" + std::to_string(count));
    }
    out.push_back("documents " + std::to_string(c.documents));
    if (c.kueue_config) {
        out.push_back("configuration at " + pos_text(c.kueue_config->pos));
    }
    return out;
}

/// Loads `text` as file `name` with `opt` and returns dump_cluster's lines, then every
/// diagnostic formatted (with the source excerpt when `excerpts`): what a load with the
/// two-thread paths on must give as it does with them off.
inline std::vector<std::string> load_and_dump(const std::string& name, const std::string& text,
                                              const kg::model::LoadOptions& opt, bool excerpts = false) {
    kg::model::Cluster c;
    kg::model::DiagSink diags;
    kg::model::load_text(name, text, c, diags, opt);
    std::vector<std::string> out = dump_cluster(c);
    for (const kg::model::Diagnostic& d : diags.items()) {
        out.push_back(kg::model::format_diagnostic(c.files, d, excerpts));
    }
    return out;
}

}  // namespace kg::test
