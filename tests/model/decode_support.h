// Shared by the decode tests: load YAML text into a Cluster and read back its diagnostics
// exactly as the CLI prints them.
#pragma once

#include "model/loader.h"

#include <string>
#include <vector>

namespace kg::model::test {

struct Loaded {
    Cluster cluster;
    DiagSink diags;
};

inline Loaded load(std::string text) {
    Loaded l;
    load_text("in.yaml", std::move(text), l.cluster, l.diags);
    return l;
}

inline std::vector<std::string> errors(const Loaded& l) {
    std::vector<std::string> out;
    for (const Diagnostic& d : l.diags.items()) {
        out.push_back(format_diagnostic(l.cluster.files, d, false));
    }
    return out;
}

}  // namespace kg::model::test
