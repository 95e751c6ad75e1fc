#include "audit/ingest/json_access.h"

#include <charconv>

namespace kg::audit::ingest::json {

std::optional<element> child(element e, std::string_view key) {
    element out;
    if (e.is_object() && !e[key].get(out) && !out.is_null()) return out;
    return std::nullopt;
}

std::optional<element> path(element e, std::initializer_list<std::string_view> keys) {
    std::optional<element> cur = e;
    for (std::string_view k : keys) {
        if (!cur) return std::nullopt;
        cur = child(*cur, k);
    }
    return cur;
}

std::string_view str(element e, std::string_view key) {
    std::string_view s;
    if (e.is_object() && !e[key].get_string().get(s)) return s;
    return {};
}

std::string_view str(const std::optional<element>& e, std::string_view key) { return e ? str(*e, key) : std::string_view(); }

std::optional<std::int64_t> integer(element e, std::string_view key) {
    std::int64_t v = 0;
    if (e.is_object() && !e[key].get_int64().get(v)) return v;
    return std::nullopt;
}

/// A quantity as text: Kubernetes writes strings, YAML exports may carry plain numbers.
std::string scalar_text(element v) {
    std::string_view s;
    if (!v.get_string().get(s)) return std::string(s);
    std::int64_t i = 0;
    if (!v.get_int64().get(i)) return std::to_string(i);
    std::uint64_t u = 0;
    if (!v.get_uint64().get(u)) return std::to_string(u);
    double d = 0;
    if (!v.get_double().get(d)) {
        char buf[64];
        auto r = std::to_chars(buf, buf + sizeof buf, d);
        return std::string(buf, r.ptr);
    }
    bool b = false;
    if (!v.get_bool().get(b)) return b ? "true" : "false";
    return simdjson::minify(v);
}

std::string json_of(element e) { return simdjson::minify(e); }

/// The array or object behind `e` (empty when it is something else), as a named value: range-for
/// over `get_array().value_unsafe()` would bind a reference into a destroyed temporary.
simdjson::dom::array array_of(element e) {
    simdjson::dom::array a;
    if (e.get_array().get(a)) return {};
    return a;
}

simdjson::dom::object object_of(element e) {
    simdjson::dom::object o;
    if (e.get_object().get(o)) return {};
    return o;
}

/// The user's groups as a compact JSON array.
std::string groups_json(const std::optional<element>& user) {
    if (!user) return "[]";
    if (auto g = child(*user, "groups"); g && g->is_array()) return json_of(*g);
    return "[]";
}

bool is_full_object(const std::optional<element>& e) {
    return e && e->is_object() && str(*e, "kind") != "Status" && child(*e, "metadata").has_value();
}

/// The value at `key` including JSON null (child() treats null as absent).
std::optional<element> raw_child(element e, std::string_view key) {
    element out;
    if (e.is_object() && !e[key].get(out)) return out;
    return std::nullopt;
}

}  // namespace kg::audit::ingest::json
