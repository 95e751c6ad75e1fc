// Reading simdjson DOM values the way audit events and exports need: absent and null alike,
// strings as views, quantities as text. Internal to audit/ingest.
#pragma once

#include <simdjson.h>

#include <cstdint>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>

namespace kg::audit::ingest::json {

using simdjson::dom::element;

/// The value at `key` of an object; nullopt when absent, null, or `e` is not an object.
std::optional<element> child(element e, std::string_view key);
/// The value at a path of keys.
std::optional<element> path(element e, std::initializer_list<std::string_view> keys);
/// The string at `key`, "" when absent or not a string.
std::string_view str(element e, std::string_view key);
std::string_view str(const std::optional<element>& e, std::string_view key);
/// The integer at `key`.
std::optional<std::int64_t> integer(element e, std::string_view key);
/// A quantity as text: Kubernetes writes strings, YAML exports may carry plain numbers.
std::string scalar_text(element v);
/// The value as compact JSON text.
std::string json_of(element e);
/// The array or object behind `e` (empty when it is something else), as a named value: range-for
/// over `get_array().value_unsafe()` would bind a reference into a destroyed temporary.
simdjson::dom::array array_of(element e);
simdjson::dom::object object_of(element e);
/// The user's groups as a compact JSON array.
std::string groups_json(const std::optional<element>& user);
/// A whole Kubernetes object (not a Status, with metadata).
bool is_full_object(const std::optional<element>& e);
/// The value at `key` including JSON null (child() treats null as absent).
std::optional<element> raw_child(element e, std::string_view key);

}  // namespace kg::audit::ingest::json
