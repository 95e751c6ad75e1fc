#include "audit/ingest/event_shape.h"

#include "audit/ingest/json_access.h"

#include <cstdint>
#include <iterator>
#include <string_view>

namespace kg::audit::ingest {

using namespace json;

namespace {

enum class Want { string, object, array, integer };

bool has_type(element e, Want want) {
    switch (want) {
        case Want::string: return e.is_string();
        case Want::object: return e.is_object();
        case Want::array: return e.is_array();
        case Want::integer: return e.is_int64() || e.is_uint64();
    }
    return false;
}

const char* want_name(Want want) {
    switch (want) {
        case Want::string: return "a string";
        case Want::object: return "an object";
        case Want::array: return "an array";
        case Want::integer: return "an integer";
    }
    return "";
}

struct FieldRule {
    std::string_view path;  ///< "verb" or "objectRef.name": one level of nesting at most
    Want want;
    bool required;
};

// The audit.k8s.io/v1 Event fields kueuegov reads, with their types (k8s.io/apiserver
// pkg/apis/audit/v1/types.go). A field of another type is a malformed event, never a default:
// an objectRef given as an array must not turn into "non-resource request", nor `stage: 7` into
// ResponseComplete. JSON null counts as absent (Go's omitempty writes nothing instead).
constexpr FieldRule k_event_fields[] = {
    {"stage", Want::string, true},
    {"verb", Want::string, true},
    {"user", Want::object, true},
    {"level", Want::string, false},
    {"requestURI", Want::string, false},
    {"userAgent", Want::string, false},
    {"stageTimestamp", Want::string, false},
    {"requestReceivedTimestamp", Want::string, false},
    {"timestamp", Want::string, false},
    {"sourceIPs", Want::array, false},
    {"objectRef", Want::object, false},
    {"impersonatedUser", Want::object, false},
    {"responseStatus", Want::object, false},
    {"annotations", Want::object, false},
    {"user.username", Want::string, false},
    {"user.groups", Want::array, false},
    {"impersonatedUser.username", Want::string, false},
    {"objectRef.resource", Want::string, false},
    {"objectRef.apiGroup", Want::string, false},
    {"objectRef.apiVersion", Want::string, false},
    {"objectRef.namespace", Want::string, false},
    {"objectRef.name", Want::string, false},
    {"objectRef.uid", Want::string, false},
    {"objectRef.resourceVersion", Want::string, false},
    {"objectRef.subresource", Want::string, false},
    {"responseStatus.code", Want::integer, false},
};


/// The rule for "<prefix><key>" (prefix "" or "user." and the like), or -1. Lengths are
/// compared before bytes, so most rules are passed over at the cost of one comparison.
int rule_of(std::string_view prefix, std::string_view key) {
    for (std::size_t i = 0; i < std::size(k_event_fields); ++i) {
        const std::string_view path = k_event_fields[i].path;
        if (path.size() == prefix.size() + key.size() && path.substr(prefix.size()) == key &&
            path.starts_with(prefix))
            return static_cast<int>(i);
    }
    return -1;
}

/// Whether `v` has the type of rule `i` (JSON null counts as absent); marks the rule seen.
/// The message is built only for a field that is wrong, never for the good ones of every
/// line (issue 18: building it per field was 2-3% of an ingest).
bool field_ok(int i, element v, std::uint32_t& seen) {
    if (i < 0 || v.is_null()) return true;
    seen |= 1u << i;
    return has_type(v, k_event_fields[i].want);
}

std::string field_error(int i, element v) {
    const FieldRule& f = k_event_fields[i];
    return "expected \"" + std::string(f.path) + "\" to be " + want_name(f.want) + ", found " + type_name(v);
}

}  // namespace

const char* type_name(element e) {
    switch (e.type()) {
        case simdjson::dom::element_type::ARRAY: return "an array";
        case simdjson::dom::element_type::OBJECT: return "an object";
        case simdjson::dom::element_type::STRING: return "a string";
        case simdjson::dom::element_type::BOOL: return "true/false";
        case simdjson::dom::element_type::NULL_VALUE: return "null";
        default: return "a number";
    }
}

std::string event_shape_error(element ev) {
    static_assert(std::size(k_event_fields) <= 32);
    std::uint32_t seen = 0;
    simdjson::dom::object top;
    if (ev.get_object().get(top)) return std::string("expected an audit event (a JSON object), found ") + type_name(ev);
    for (auto [key, v] : top) {
        if (key == "auditID") {
            if (!v.is_null() && !v.is_string()) return std::string("expected \"auditID\" to be a string, found ") + type_name(v);
            continue;
        }
        const int rule = rule_of("", key);
        if (!field_ok(rule, v, seen)) return field_error(rule, v);
        std::string_view prefix;
        if (key == "user")
            prefix = "user.";
        else if (key == "objectRef")
            prefix = "objectRef.";
        else if (key == "impersonatedUser")
            prefix = "impersonatedUser.";
        else if (key == "responseStatus")
            prefix = "responseStatus.";
        if (!prefix.empty() && v.is_object()) {
            simdjson::dom::object inner;
            if (v.get_object().get(inner)) continue;
            for (auto [k2, v2] : inner) {
                const int r2 = rule_of(prefix, k2);
                if (!field_ok(r2, v2, seen)) return field_error(r2, v2);
            }
        }
    }
    for (std::size_t i = 0; i < std::size(k_event_fields); ++i) {
        const FieldRule& f = k_event_fields[i];
        if (f.required && !(seen & (1u << i)))
            return "expected an audit event with \"" + std::string(f.path) + "\" (" + want_name(f.want) + "), found none";
    }
    return {};
}

}  // namespace kg::audit::ingest
