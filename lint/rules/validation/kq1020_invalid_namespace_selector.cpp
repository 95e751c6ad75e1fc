// A ClusterQueue's namespaceSelector must be a valid metav1.LabelSelector: label-key
// syntax for keys, label-value syntax for values, only In/NotIn/Exists/DoesNotExist
// (Gt and Lt exist only in node selectors), values required for In/NotIn and
// forbidden for Exists/DoesNotExist.
// Kueue: pkg/webhooks/clusterqueue_webhook.go -> metav1validation.ValidateLabelSelector.
#include "lint/rules/helpers.h"

namespace kg::lint::rules {

const RuleInfo k_kq1020{"KQ1020", "invalid-namespace-selector",
                        RuleFamily::validation, RuleScope::definition, Severity::error,
                        "A ClusterQueue's namespaceSelector is not a valid label selector",
                        "Use label-key syntax for keys, In/NotIn with values or Exists/DoesNotExist without."};

void check_kq1020(const RuleContext& cx, FindingSink& out) {
    for (const model::ClusterQueue& cq : cx.cluster.cluster_queues) {
        if (!cq.namespace_selector) {
            continue;
        }
        const model::LabelSelector& s = *cq.namespace_selector;
        const std::string invalid = "ClusterQueue \"" + *cq.meta.name + "\" is invalid: ";
        auto report = [&](SourcePos pos, const std::string& path, const std::string& msg) {
            out.report(k_kq1020, or_doc(pos, cq.meta), path, ref("ClusterQueue", cq.meta), invalid + path + ": " + msg);
        };
        for (const auto& [k, v] : s.match_labels) {
            const std::string path = "spec.namespaceSelector.matchLabels";
            if (std::string e = qualified_name_error(k); !e.empty()) {
                report(s.pos, path, "Invalid value: \"" + k + "\": " + e);
            }
            if (std::string e = label_value_error(v); !e.empty()) {
                report(s.pos, path, "Invalid value: \"" + v + "\": " + e);
            }
        }
        for (std::size_t i = 0; i < s.match_expressions.size(); ++i) {
            const model::LabelRequirement& r = s.match_expressions[i];
            const std::string path = "spec.namespaceSelector.matchExpressions[" + std::to_string(i) + "]";
            if (std::string e = qualified_name_error(*r.key); !e.empty()) {
                report(or_doc(r.key.pos, cq.meta), path + ".key", "Invalid value: \"" + *r.key + "\": " + e);
            }
            switch (r.op) {
            case model::SelectorOp::in:
            case model::SelectorOp::not_in:
                if (r.values.empty()) {
                    report(r.pos, path + ".values",
                           "Required value: must be specified when `operator` is 'In' or 'NotIn'");
                }
                break;
            case model::SelectorOp::exists:
            case model::SelectorOp::does_not_exist:
                if (!r.values.empty()) {
                    report(r.pos, path + ".values",
                           "Forbidden: may not be specified when `operator` is 'Exists' or 'DoesNotExist'");
                }
                break;
            case model::SelectorOp::gt:
            case model::SelectorOp::lt:
                report(r.pos, path + ".operator",
                       std::string("Invalid value: \"") + model::selector_op_name(r.op) +
                           "\": not a valid selector operator");
                break;
            }
            for (const std::string& v : r.values) {
                if (std::string e = label_value_error(v); !e.empty()) {
                    report(r.pos, path + ".values", "Invalid value: \"" + v + "\": " + e);
                }
            }
        }
    }
}

}  // namespace kg::lint::rules
