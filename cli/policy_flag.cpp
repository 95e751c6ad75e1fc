// Loads --policy for every verb that takes it (cli/policy_flag.h).
#include "cli/policy_flag.h"

#include "audit/check/rule.h"
#include "cli/load.h"
#include "lint/rule.h"
#include "model/spelling.h"
#include "report/diagnostic_render.h"

#include <iostream>
#include <string_view>
#include <vector>

namespace kg::cli {

bool load_policy_flag(const std::string& path, model::SourceFiles& files, model::GovernancePolicy& out,
                      bool print_diagnostics) {
    if (path.empty()) {
        return true;
    }
    model::DiagSink pd;
    auto p = model::load_policy_file(files, path, pd, input_load_options());
    if (print_diagnostics) {
        for (const model::Diagnostic& d : pd.items()) {
            std::cerr << report::render_diagnostic(files, d) << "\n";
        }
    }
    if (!p.has_value()) {
        std::cerr << "kueuegov: error: " << p.error().message << "\n";
        return false;
    }
    if (pd.error_count() != 0) {
        return false;
    }
    // One policy serves lint and audit check; each reads the overrides of its own rules, and an
    // id that is neither's is a typo.
    for (const auto& [id, o] : p->rules) {
        if (!lint::find_rule(id) && !audit::check::find_rule(id)) {
            if (print_diagnostics) {
                std::vector<std::string_view> known;
                for (const lint::Rule& r : lint::registry()) known.push_back(r.info->id);
                for (const audit::check::Rule& r : audit::check::registry()) known.push_back(r.info->id);
                const std::string message = "unknown rule \"" + id + "\"" + model::did_you_mean(id, known) +
                                            " (expected a rule id of `kueuegov lint --list-rules` or "
                                            "`kueuegov audit check --list-rules`)";
                std::cerr << report::render_diagnostic(files, {model::Severity::error, o.pos, message}) << "\n";
            }
            return false;
        }
    }
    out = std::move(*p);
    return true;
}

}  // namespace kg::cli
