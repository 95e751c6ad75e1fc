// ResourceFlavor tolerations: key a label name when set, Exists with an empty key,
// no value with Exists, at most 8. Kueue: pkg/webhooks/workload_webhook.go
// validateTolerations and the CEL rules on ResourceFlavorSpec.tolerations.
#include "lint/rules/helpers.h"

namespace kg::lint::rules {

const RuleInfo k_kq1016{"KQ1016", "invalid-tolerations",
                        RuleFamily::validation, RuleScope::definition, Severity::error,
                        "A ResourceFlavor toleration breaks Kubernetes toleration rules",
                        "Give the toleration a key, or use operator Exists with no key and no value."};

void check_kq1016(const RuleContext& cx, FindingSink& out) {
    for (const model::ResourceFlavor& rf : cx.cluster.resource_flavors) {
        const std::string who = "ResourceFlavor \"" + *rf.meta.name + "\" is invalid: ";
        for (std::size_t i = 0; i < rf.tolerations.size(); ++i) {
            const model::Toleration& t = rf.tolerations[i];
            const std::string path = "spec.tolerations[" + std::to_string(i) + "]";
            auto report = [&](const std::string& field, const std::string& msg) {
                out.report(k_kq1016, or_doc(t.pos, rf.meta), path + field, ref("ResourceFlavor", rf.meta),
                           who + path + field + ": " + msg);
            };
            if (!t.key.empty()) {
                if (std::string e = qualified_name_error(t.key); !e.empty()) {
                    report(".key", "Invalid value: \"" + t.key + "\": " + e);
                }
            } else if (t.op != model::TolerationOp::exists) {
                report(".operator", "Invalid value: \"Equal\": operator must be Exists when 'key' is empty, which "
                                    "means 'match all values and all keys'");
            }
            if (t.seconds && t.effect != model::TaintEffect::no_execute) {
                report(".effect", std::string("Invalid value: \"") +
                                      (t.effect == model::TaintEffect::any ? "" : model::taint_effect_name(t.effect)) +
                                      "\": effect must be 'NoExecute' when 'tolerationSeconds' is set");
            }
            if (t.op == model::TolerationOp::exists && !t.value.empty()) {
                report(".value", "Invalid value: \"" + t.value + "\": a value must be empty when 'operator' is 'Exists'");
            }
        }
        if (rf.tolerations.size() > 8) {
            out.report(k_kq1016, or_doc(rf.tolerations[8].pos, rf.meta), "spec.tolerations",
                       ref("ResourceFlavor", rf.meta),
                       who + "spec.tolerations: Too many: " + std::to_string(rf.tolerations.size()) +
                           ": must have at most 8 items");
        }
    }
}

}  // namespace kg::lint::rules
