// Loads --policy for inspect and chargeback, printing its diagnostics as every verb does.
#include "cli/policy_flag.h"

#include "cli/load.h"
#include "report/diagnostic_render.h"

#include <iostream>

namespace kg::cli {

bool load_policy_flag(const std::string& path, model::SourceFiles& files, model::GovernancePolicy& out) {
    if (path.empty()) {
        return true;
    }
    model::DiagSink pd;
    auto p = model::load_policy_file(files, path, pd, input_load_options());
    for (const model::Diagnostic& d : pd.items()) {
        std::cerr << report::render_diagnostic(files, d) << "\n";
    }
    if (!p.has_value()) {
        std::cerr << "kueuegov: error: " << p.error().message << "\n";
        return false;
    }
    if (pd.error_count() != 0) {
        return false;
    }
    out = std::move(*p);
    return true;
}

}  // namespace kg::cli
