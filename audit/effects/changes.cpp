#include "audit/effects/changes.h"

#include <algorithm>

namespace kg::audit::effects {

std::string change_summary(const ObjectChange& c) {
    if (c.code && *c.code >= 300) return "refused with HTTP " + std::to_string(*c.code);
    if (c.verb == "delete") return "deleted";
    if (!c.body_captured) return "the log carried no body (Metadata level): what changed is not known";
    if (c.first_version) return c.verb == "create" ? "created" : "first captured version";
    if (c.fields.empty()) return "no change to spec, labels or annotations";
    std::string s;
    for (std::size_t i = 0; i < c.fields.size() && i < 4; ++i) {
        const FieldChange& f = c.fields[i];
        s += (i ? "; " : "") + f.path + ": " + f.before.value_or("(absent)") + " -> " + f.after.value_or("(absent)");
    }
    if (c.fields.size() > 4) s += "; and " + std::to_string(c.fields.size() - 4) + " more field(s)";
    return s;
}

std::vector<ChangeLine> changes_in_period(const std::vector<ObjectChange>& changes, Span span) {
    std::vector<ChangeLine> out;
    for (const ObjectChange& c : changes) {
        if (c.origin != "audit" || !span.contains_us(c.ts_us)) continue;
        out.push_back({c.ts_us / 1'000'000, c.actor.empty() ? "(unknown)" : c.actor, c.verb,
                       c.kind + "/" + (c.namespace_.empty() ? "" : c.namespace_ + "/") + c.name, change_summary(c)});
    }
    std::stable_sort(out.begin(), out.end(), [](const ChangeLine& a, const ChangeLine& b) { return a.time < b.time; });
    return out;
}

}  // namespace kg::audit::effects
