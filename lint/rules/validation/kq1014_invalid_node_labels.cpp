// ResourceFlavor nodeLabels: valid label keys and values, at most 8 entries.
// Kueue: pkg/webhooks/resourceflavor_webhook.go ValidateResourceFlavor -> ValidateLabels; CRD MaxProperties=8.
#include "lint/rules/helpers.h"

namespace kg::lint::rules {

const RuleInfo k_kq1014{"KQ1014", "invalid-node-labels",
                        RuleFamily::validation, RuleScope::definition, Severity::error,
                        "A ResourceFlavor's nodeLabels has an invalid key or value, or more than 8 entries",
                        "Use label syntax for keys and values and keep at most 8 nodeLabels."};

void check_kq1014(const RuleContext& cx, FindingSink& out) {
    for (const model::ResourceFlavor& rf : cx.cluster.resource_flavors) {
        const std::string who = "ResourceFlavor \"" + *rf.meta.name + "\" is invalid: ";
        for (const auto& [key, value] : rf.node_labels) {
            std::string kerr = qualified_name_error(key);
            std::string verr = label_value_error(*value);
            if (!kerr.empty()) {
                out.report(k_kq1014, or_doc(value.pos, rf.meta), "spec.nodeLabels", ref("ResourceFlavor", rf.meta),
                           who + "spec.nodeLabels: Invalid value: \"" + key + "\": " + kerr);
            }
            if (!verr.empty()) {
                out.report(k_kq1014, or_doc(value.pos, rf.meta), "spec.nodeLabels", ref("ResourceFlavor", rf.meta),
                           who + "spec.nodeLabels: Invalid value: \"" + *value + "\": " + verr);
            }
        }
        if (rf.node_labels.size() > 8) {
            out.report(k_kq1014, or_doc(rf.node_labels_pos, rf.meta), "spec.nodeLabels",
                       ref("ResourceFlavor", rf.meta),
                       who + "spec.nodeLabels: Too many: " + std::to_string(rf.node_labels.size()) +
                           ": must have at most 8 items");
        }
    }
}

}  // namespace kg::lint::rules
