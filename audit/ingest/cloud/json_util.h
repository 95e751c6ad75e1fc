// Small simdjson accessors shared by the cloud readers (the extractor keeps its own).
#pragma once

#include <simdjson.h>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace kg::audit::ingest::cloud {

using simdjson::dom::element;

inline std::optional<element> field(element e, std::string_view key) {
    element out;
    if (e.is_object() && !e[key].get(out) && !out.is_null()) return out;
    return std::nullopt;
}

/// The string under `key`; nullopt when absent or not a string.
inline std::optional<std::string_view> string_field(element e, std::string_view key) {
    std::string_view s;
    if (e.is_object() && !e[key].get_string().get(s)) return s;
    return std::nullopt;
}

inline bool has(element e, std::string_view key) { return field(e, key).has_value(); }

/// Appends `s` as a JSON string literal.
void append_quoted(std::string& out, std::string_view s);

/// Appends the JSON of `obj` without the keys starting with '@' (Cloud Logging's "@type"),
/// so a body carried by a LogEntry hashes like the same body in a plain audit event.
void append_without_type(std::string& out, element obj);

}  // namespace kg::audit::ingest::cloud
