// ResourceFlavor nodeTaints: valid key and value, unique by (key, effect), at most 8.
// Kueue: pkg/webhooks/resourceflavor_webhook.go validateNodeTaints; CRD MaxItems=8.
#include "lint/rules/helpers.h"

#include <set>

namespace kg::lint::rules {

const RuleInfo k_kq1015{"KQ1015", "invalid-node-taints",
                        RuleFamily::validation, RuleScope::definition, Severity::error,
                        "A ResourceFlavor's nodeTaints has an invalid or duplicate taint, or more than 8",
                        "Give each taint a label-syntax key and value, once per key and effect."};

void check_kq1015(const RuleContext& cx, FindingSink& out) {
    for (const model::ResourceFlavor& rf : cx.cluster.resource_flavors) {
        const std::string who = "ResourceFlavor \"" + *rf.meta.name + "\" is invalid: ";
        std::set<std::pair<std::string, model::TaintEffect>> seen;
        for (std::size_t i = 0; i < rf.node_taints.size(); ++i) {
            const model::Taint& t = rf.node_taints[i];
            const std::string path = "spec.nodeTaints[" + std::to_string(i) + "]";
            auto report = [&](const std::string& field, const std::string& msg) {
                out.report(k_kq1015, or_doc(t.pos, rf.meta), path + field, ref("ResourceFlavor", rf.meta),
                           who + path + field + ": " + msg);
            };
            if (std::string e = qualified_name_error(t.key); !e.empty()) {
                report(".key", "Invalid value: \"" + t.key + "\": " + e);
            }
            if (std::string e = label_value_error(t.value); !e.empty()) {
                report(".value", "Invalid value: \"" + t.value + "\": " + e);
            }
            if (!seen.insert({t.key, t.effect}).second) {
                report("", std::string("Duplicate value: \"") + t.key + ":" + model::taint_effect_name(t.effect) +
                               "\": taints must be unique by key and effect pair");
            }
        }
        if (rf.node_taints.size() > 8) {
            out.report(k_kq1015, or_doc(rf.node_taints[8].pos, rf.meta), "spec.nodeTaints",
                       ref("ResourceFlavor", rf.meta),
                       who + "spec.nodeTaints: Too many: " + std::to_string(rf.node_taints.size()) +
                           ": must have at most 8 items");
        }
    }
}

}  // namespace kg::lint::rules
