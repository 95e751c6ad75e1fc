// Deterministic order of findings, shared by every renderer.
#include "model/finding.h"

#include <tuple>

namespace kg::model {

bool finding_less(const Finding& a, const Finding& b) {
    return std::tie(a.pos.file_id, a.pos.line, a.pos.col, a.rule, a.object.namespace_, a.object.name, a.message) <
           std::tie(b.pos.file_id, b.pos.line, b.pos.col, b.rule, b.object.namespace_, b.object.name, b.message);
}

std::string finding_fingerprint(const Finding& f) {
    // A finding about no object (input that is not an object yet: bad YAML, a placeholder)
    // is told apart by its message, which never holds a line number; tabs and newlines
    // would break the baseline's line format.
    std::string last = f.path;
    if (f.object.kind.empty() && last.empty()) {
        last = f.message;
        for (char& c : last) {
            if (c == '\t' || c == '\n' || c == '\r') {
                c = ' ';
            }
        }
    }
    std::string id = f.rule + "\t" + f.object.kind + "\t" + f.object.namespace_ + "\t" + f.object.name + "\t" + last;
    // Lint findings (no cluster) and the default cluster's keep the fingerprints they had.
    if (!f.cluster.empty() && f.cluster != k_default_cluster) id += "\t" + f.cluster;
    return id;
}

}  // namespace kg::model
