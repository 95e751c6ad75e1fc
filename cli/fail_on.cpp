#include "cli/fail_on.h"

#include "cli/verb.h"

namespace kg::cli {

int exit_for_findings(const std::vector<model::Finding>& findings, const std::string& fail_on) {
    if (fail_on == "never") {
        return k_exit_ok;
    }
    const model::Severity threshold = fail_on == "info"      ? model::Severity::info
                                      : fail_on == "warning" ? model::Severity::warning
                                                             : model::Severity::error;
    for (const model::Finding& f : findings) {
        if (static_cast<int>(f.severity) <= static_cast<int>(threshold)) {
            return k_exit_findings;
        }
    }
    return k_exit_ok;
}

}  // namespace kg::cli
