// Serialising whole JSON documents for output, with the same guarantees as escape_json_string:
// no raw control, C1 or bidi characters, and invalid UTF-8 replaced instead of throwing.
#pragma once

#include <nlohmann/json.hpp>

#include <string>

namespace kg::report {

/// Rewrites raw DEL, C1 (U+0080-U+009F), bidi (U+202A-U+202E, U+2066-U+2069) and U+FFFE/U+FFFF
/// in serialised JSON as \uXXXX escapes. Outside strings JSON is ASCII, so this only touches strings.
std::string json_escape_hostile(std::string text);

/// `j.dump(indent)` that never throws on invalid UTF-8 (U+FFFD instead) and leaves no raw
/// hostile character in the text.
template <class Json>
std::string json_text(const Json& j, int indent = -1) {
    return json_escape_hostile(j.dump(indent, ' ', false, Json::error_handler_t::replace));
}

}  // namespace kg::report
