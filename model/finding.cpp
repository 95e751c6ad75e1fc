// Deterministic order of findings, shared by every renderer.
#include "model/finding.h"

#include <tuple>

namespace kg::model {

bool finding_less(const Finding& a, const Finding& b) {
    return std::tie(a.pos.file_id, a.pos.line, a.pos.col, a.rule, a.object.namespace_, a.object.name, a.message) <
           std::tie(b.pos.file_id, b.pos.line, b.pos.col, b.rule, b.object.namespace_, b.object.name, b.message);
}

std::string finding_fingerprint(const Finding& f) {
    return f.rule + "\t" + f.object.kind + "\t" + f.object.namespace_ + "\t" + f.object.name + "\t" + f.path;
}

}  // namespace kg::model
