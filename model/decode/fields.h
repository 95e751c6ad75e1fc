// Typed reads from the document tree. Each helper reports a diagnostic at the
// value's position ("expected ..., found ...") and returns nullopt on a mismatch,
// so decoders keep going and a bad field never stops the object.
#pragma once

#include "model/diagnostic.h"
#include "model/objects.h"
#include "model/yaml/node.h"

#include <initializer_list>
#include <optional>
#include <string>
#include <utility>

namespace kg::model::decode {

using yaml::Node;

/// A scalar as text (numbers and booleans too); nullopt and a diagnostic for lists/maps.
std::optional<std::string> as_string(const Node* n, DiagSink& diags, std::string_view field);
/// The same with its position; empty value and no diagnostic when absent or null.
Located<std::string> located_string(const Node* n, DiagSink& diags, std::string_view field);
std::optional<std::int64_t> as_int(const Node* n, DiagSink& diags, std::string_view field, std::int64_t min,
                                   std::int64_t max);
std::optional<bool> as_bool(const Node* n, DiagSink& diags, std::string_view field);
std::optional<Located<Quantity>> as_quantity(const Node* n, DiagSink& diags);
std::optional<Timestamp> as_time(const Node* n, DiagSink& diags, std::string_view field);

/// True for a mapping; a diagnostic for anything but absent/null.
bool is_mapping(const Node* n, DiagSink& diags, std::string_view field);
bool is_sequence(const Node* n, DiagSink& diags, std::string_view field);

/// string -> string map (labels, nodeSelector, nodeLabels); positions of values if asked.
std::map<std::string, std::string> as_string_map(const Node* n, DiagSink& diags, std::string_view field,
                                                 std::map<std::string, SourcePos>* positions = nullptr);
ResourceList as_resource_list(const Node* n, DiagSink& diags, std::string_view field);
/// The same quantities without their positions (status.admission's resourceUsage).
std::map<std::string, Quantity> as_quantity_map(const Node* n, DiagSink& diags, std::string_view field);

/// One of the named values: `expected one of "A", "B", found "C"`.
template <typename E>
std::optional<E> as_enum(const Node* n, DiagSink& diags, std::string_view field,
                         std::initializer_list<std::pair<std::string_view, E>> values) {
    std::optional<std::string> s = as_string(n, diags, field);
    if (!s) {
        return std::nullopt;
    }
    std::string allowed;
    for (const auto& [name, v] : values) {
        if (*s == name) {
            return v;
        }
        allowed += (allowed.empty() ? "\"" : ", \"") + std::string(name) + "\"";
    }
    diags.error(n->pos, std::string(field) + ": expected one of " + allowed + ", found \"" + *s + "\"");
    return std::nullopt;
}

/// Decoders of shared shapes.
LabelSelector decode_label_selector(const Node& n, DiagSink& diags, std::string_view field);
std::vector<Taint> decode_taints(const Node* n, DiagSink& diags, std::string_view field);
std::vector<Toleration> decode_tolerations(const Node* n, DiagSink& diags, std::string_view field);
std::vector<ResourceGroup> decode_resource_groups(const Node* n, DiagSink& diags);
PodSpec decode_pod_spec(const Node* spec, DiagSink& diags);
ObjectMeta decode_meta(const Node& obj, DiagSink& diags);
std::vector<Condition> decode_conditions(const Node* n, DiagSink& diags);

}  // namespace kg::model::decode
