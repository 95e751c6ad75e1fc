// RBAC at an instant (rbac_state.h): a replay of the captured versions, object by object.
#include "audit/check/rbac_state.h"

#include "model/diagnostic.h"
#include "model/loader.h"

#include <map>
#include <optional>
#include <tuple>

namespace kg::audit::check {

std::unique_ptr<RbacState> rbac_at(const std::vector<audit::RbacVersion>& versions, std::int64_t at_us) {
    auto st = std::make_unique<RbacState>();
    struct Last {
        std::optional<std::string> json;  ///< the last body seen (kept across body-less versions)
        bool deleted = false, stale = false;
    };
    std::map<std::tuple<std::string, std::string, std::string>, Last> objects;
    for (const audit::RbacVersion& v : versions) {
        if (v.ts_us >= at_us) break;  // ordered by time
        st->known = true;
        Last& l = objects[{v.kind, v.namespace_, v.name}];
        if (v.verb == "delete") {
            l = Last{std::nullopt, true, false};
        } else if (v.json) {
            l = Last{v.json, false, false};
        } else {
            l.deleted = false;
            l.stale = true;
        }
    }
    // One List document: the loader reads it as `kubectl get -o json` output.
    std::string list = R"({"apiVersion":"v1","kind":"List","items":[)";
    bool first = true;
    for (const auto& [key, l] : objects) {
        if (l.deleted || !l.json) continue;
        if (l.stale) ++st->stale;
        list += (first ? "" : ",") + *l.json;
        first = false;
    }
    list += "]}";
    model::DiagSink diags;
    model::load_text("RBAC evidence", std::move(list), st->cluster, diags);
    st->unreadable = diags.error_count();
    return st;
}

std::string describe_rbac(const std::string& kind, const std::string& namespace_, const std::string& name) {
    return kind + " \"" + (namespace_.empty() ? name : namespace_ + "/" + name) + "\"";
}

}  // namespace kg::audit::check
