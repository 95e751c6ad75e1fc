#include "cli/fail_on.h"

#include "cli/verb.h"

namespace kg::cli {

std::optional<model::Severity> fail_threshold(const std::string& fail_on) {
    if (fail_on == "never") {
        return std::nullopt;
    }
    return fail_on == "info" ? model::Severity::info : fail_on == "warning" ? model::Severity::warning
                                                                            : model::Severity::error;
}

int exit_for_findings(const std::vector<model::Finding>& findings, const std::string& fail_on) {
    const std::optional<model::Severity> threshold = fail_threshold(fail_on);
    if (!threshold) {
        return k_exit_ok;
    }
    for (const model::Finding& f : findings) {
        if (static_cast<int>(f.severity) <= static_cast<int>(*threshold)) {
            return k_exit_findings;
        }
    }
    return k_exit_ok;
}

}  // namespace kg::cli
