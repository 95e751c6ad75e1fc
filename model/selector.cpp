// Kubernetes label-selector, node-selector and toleration semantics
// (apimachinery labels.Selector, component-helpers nodeaffinity, core/v1 helpers).
#include "model/selector.h"

#include <algorithm>
#include <charconv>

namespace kg::model {

std::optional<SelectorOp> parse_selector_op(std::string_view s) {
    if (s == "In") return SelectorOp::in;
    if (s == "NotIn") return SelectorOp::not_in;
    if (s == "Exists") return SelectorOp::exists;
    if (s == "DoesNotExist") return SelectorOp::does_not_exist;
    if (s == "Gt") return SelectorOp::gt;
    if (s == "Lt") return SelectorOp::lt;
    return std::nullopt;
}

const char* selector_op_name(SelectorOp op) {
    switch (op) {
        case SelectorOp::in: return "In";
        case SelectorOp::not_in: return "NotIn";
        case SelectorOp::exists: return "Exists";
        case SelectorOp::does_not_exist: return "DoesNotExist";
        case SelectorOp::gt: return "Gt";
        case SelectorOp::lt: return "Lt";
    }
    return "In";
}

namespace {
// strconv.ParseInt(s, 10, 64): an optional '+' or '-', then decimal digits, fitting an int64.
bool parse_i64(std::string_view s, std::int64_t& out) {
    if (!s.empty() && s.front() == '+') {
        s.remove_prefix(1);
        if (!s.empty() && s.front() == '-') {
            return false;  // "+-5" is not a number
        }
    }
    auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
    return !s.empty() && ec == std::errc() && p == s.data() + s.size();
}

// The checks labels.NewRequirement makes on a node selector requirement: a term
// holding a malformed requirement cannot be built and so matches no node.
bool well_formed(const LabelRequirement& r) {
    switch (r.op) {
        case SelectorOp::in:
        case SelectorOp::not_in: return !r.values.empty();
        case SelectorOp::exists:
        case SelectorOp::does_not_exist: return r.values.empty();
        case SelectorOp::gt:
        case SelectorOp::lt: {
            std::int64_t bound = 0;
            return r.values.size() == 1 && parse_i64(r.values[0], bound);
        }
    }
    return false;
}

// nodeSelectorRequirementsAsFieldSelector: a field requirement is In or NotIn with one value.
bool well_formed_field(const LabelRequirement& r) {
    return r.values.size() == 1 && (r.op == SelectorOp::in || r.op == SelectorOp::not_in);
}
}  // namespace

bool LabelRequirement::matches(const Labels& labels) const {
    auto it = labels.find(*key);
    bool has = it != labels.end();
    switch (op) {
        case SelectorOp::in: return has && std::find(values.begin(), values.end(), it->second) != values.end();
        case SelectorOp::not_in: return !has || std::find(values.begin(), values.end(), it->second) == values.end();
        case SelectorOp::exists: return has;
        case SelectorOp::does_not_exist: return !has;
        case SelectorOp::gt:
        case SelectorOp::lt: {
            std::int64_t label_value = 0, bound = 0;
            if (!has || values.size() != 1 || !parse_i64(it->second, label_value) || !parse_i64(values[0], bound)) {
                return false;
            }
            return op == SelectorOp::gt ? label_value > bound : label_value < bound;
        }
    }
    return false;
}

bool LabelSelector::matches(const Labels& labels) const {
    for (const auto& [k, v] : match_labels) {
        auto it = labels.find(k);
        if (it == labels.end() || it->second != v) {
            return false;
        }
    }
    return std::all_of(match_expressions.begin(), match_expressions.end(),
                       [&](const LabelRequirement& r) { return r.matches(labels); });
}

std::optional<TaintEffect> parse_taint_effect(std::string_view s) {
    if (s == "NoSchedule") return TaintEffect::no_schedule;
    if (s == "PreferNoSchedule") return TaintEffect::prefer_no_schedule;
    if (s == "NoExecute") return TaintEffect::no_execute;
    if (s.empty()) return TaintEffect::any;
    return std::nullopt;
}

const char* taint_effect_name(TaintEffect e) {
    switch (e) {
        case TaintEffect::no_schedule: return "NoSchedule";
        case TaintEffect::prefer_no_schedule: return "PreferNoSchedule";
        case TaintEffect::no_execute: return "NoExecute";
        case TaintEffect::any: return "";
    }
    return "";
}

// core/v1 Toleration.ToleratesTaint: an empty effect matches every effect, an empty
// key every key (so an empty key with Exists tolerates everything), Exists ignores
// the value and Equal compares it.
bool Toleration::tolerates(const Taint& t) const {
    if (effect != TaintEffect::any && effect != t.effect) {
        return false;
    }
    if (!key.empty() && key != t.key) {
        return false;
    }
    return op == TolerationOp::exists || value == t.value;
}

bool tolerated(const Taint& t, const std::vector<Toleration>& a, const std::vector<Toleration>& b) {
    auto ok = [&t](const Toleration& tol) { return tol.tolerates(t); };
    return std::any_of(a.begin(), a.end(), ok) || std::any_of(b.begin(), b.end(), ok);
}

bool node_matches(const Labels& node_labels, const Labels& node_selector, const std::optional<NodeAffinity>& affinity) {
    for (const auto& [k, v] : node_selector) {
        auto it = node_labels.find(k);
        if (it == node_labels.end() || it->second != v) {
            return false;
        }
    }
    if (!affinity) {
        return true;
    }
    // component-helpers nodeaffinity: terms are ORed and a term's expressions ANDed;
    // an empty term (no expressions, no fields) selects nothing, and so does a term
    // holding a malformed requirement. matchFields are only checked against a node's
    // name, which a labels-only node does not have, so they never exclude it.
    return std::any_of(affinity->required_terms.begin(), affinity->required_terms.end(),
                       [&](const NodeSelectorTerm& term) {
                           if (term.match_expressions.empty() && term.match_fields.empty()) {
                               return false;
                           }
                           const auto& exprs = term.match_expressions;
                           return std::all_of(exprs.begin(), exprs.end(), well_formed) &&
                                  std::all_of(term.match_fields.begin(), term.match_fields.end(), well_formed_field) &&
                                  std::all_of(exprs.begin(), exprs.end(),
                                              [&](const LabelRequirement& r) { return r.matches(node_labels); });
                       });
}

}  // namespace kg::model
