// Label selectors (metav1.LabelSelector), node selector terms, taints and
// tolerations, with Kubernetes matching semantics. nil vs empty selector matters
// to Kueue: a nil namespaceSelector matches nothing, {} matches everything.
#pragma once

#include "model/source_pos.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace kg::model {

using Labels = std::map<std::string, std::string>;

enum class SelectorOp { in, not_in, exists, does_not_exist, gt, lt };

/// Parses "In", "NotIn", "Exists", "DoesNotExist", "Gt", "Lt".
std::optional<SelectorOp> parse_selector_op(std::string_view s);
const char* selector_op_name(SelectorOp op);

struct LabelRequirement {
    Located<std::string> key;
    SelectorOp op = SelectorOp::exists;
    std::vector<std::string> values;
    SourcePos pos;

    bool matches(const Labels& labels) const;
};

struct LabelSelector {
    std::vector<std::pair<std::string, std::string>> match_labels;
    std::vector<LabelRequirement> match_expressions;
    SourcePos pos;

    /// An empty selector ({}) selects everything.
    bool is_empty() const { return match_labels.empty() && match_expressions.empty(); }
    bool matches(const Labels& labels) const;
};

struct NodeSelectorTerm {
    std::vector<LabelRequirement> match_expressions;
    std::vector<LabelRequirement> match_fields;
};

/// requiredDuringSchedulingIgnoredDuringExecution of a pod's nodeAffinity.
struct NodeAffinity {
    std::vector<NodeSelectorTerm> required_terms;
};

enum class TaintEffect { no_schedule, prefer_no_schedule, no_execute, any /* toleration with empty effect */ };
std::optional<TaintEffect> parse_taint_effect(std::string_view s);  // "" -> any
const char* taint_effect_name(TaintEffect e);

struct Taint {
    std::string key;
    std::string value;
    TaintEffect effect = TaintEffect::no_schedule;
    SourcePos pos;
};

enum class TolerationOp { equal, exists };

struct Toleration {
    std::string key;  ///< empty with op exists = tolerate everything
    TolerationOp op = TolerationOp::equal;
    std::string value;
    TaintEffect effect = TaintEffect::any;
    SourcePos pos;
    std::optional<std::int64_t> seconds;  ///< tolerationSeconds (only meaningful with NoExecute)

    bool tolerates(const Taint& t) const;
};

bool tolerated(const Taint& t, const std::vector<Toleration>& a, const std::vector<Toleration>& b = {});

/// kube-scheduler semantics of nodeSelector + required node affinity against one node's labels.
bool node_matches(const Labels& node_labels, const Labels& node_selector, const std::optional<NodeAffinity>& affinity);

}  // namespace kg::model
