#include "report/assumptions_render.h"

#include "report/escape.h"

namespace kg::report {

void render_assumptions(std::ostream& err, std::string_view verb, const std::vector<sim::Assumption>& assumptions) {
    for (const sim::Assumption& a : assumptions)
        err << "kueuegov " << verb << ": warning: " << escape_terminal(sim::assumption_text(a)) << "\n";
}

}  // namespace kg::report
