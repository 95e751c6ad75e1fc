// Text and JSON of usage per purpose. Purpose names come from the policy file and flavor and
// resource names from the inputs: text goes through escape_terminal.
#include "report/purpose_usage_render.h"

#include "model/amount.h"
#include "report/escape.h"

namespace kg::report {

using nlohmann::ordered_json;

void render_purpose_usage_text(std::ostream& out, const std::vector<sim::PurposeUsage>& rows) {
    out << "\nPurposes (policy purposes:; " << model::k_no_purpose << " = no mapping decides):\n";
    if (rows.empty()) {
        out << "  no workloads\n";
    }
    for (const sim::PurposeUsage& r : rows) {
        out << "  " << escape_terminal(r.purpose) << ": " << r.reserving << " reserving (" << r.admitted
            << " admitted), " << r.pending << " pending\n";
        for (const auto& [fr, v] : r.usage) {
            out << "    " << escape_terminal(fr.first) << " " << escape_terminal(fr.second) << ": "
                << model::format_amount(fr.second, model::Amount::of(v)) << "\n";
        }
    }
}

ordered_json purpose_usage_json(const std::vector<sim::PurposeUsage>& rows) {
    ordered_json out = ordered_json::array();
    for (const sim::PurposeUsage& r : rows) {
        ordered_json usage = ordered_json::array();
        for (const auto& [fr, v] : r.usage) {
            usage.push_back({{"flavor", fr.first},
                             {"resource", fr.second},
                             {"used", model::format_amount(fr.second, model::Amount::of(v))}});
        }
        out.push_back({{"purpose", r.purpose},
                       {"reserving", r.reserving},
                       {"admitted", r.admitted},
                       {"pending", r.pending},
                       {"usage", usage}});
    }
    return out;
}

}  // namespace kg::report
