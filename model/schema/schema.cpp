// Walks a document tree against the generated CRD table (kueue_crds.inc). Messages follow
// the API server's wording (field.ErrorList: "Unsupported value", "Required value",
// "Invalid value ... must be of type", kubectl's "unknown field"), plus "did you mean".
#include "model/schema/schema.h"

#include "model/spelling.h"
#include "model/yaml/utf8.h"

#include <cstdint>
#include <cstring>
#include <memory>
#include <mutex>
#include <regex>
#include <unordered_map>

namespace kg::model::schema {

namespace {

struct SchemaNode {
    std::int8_t type;  ///< 0 any, 1 object, 2 array, 3 string, 4 integer, 5 number, 6 boolean
    std::int8_t flags;
    std::int32_t pattern;  ///< string index, -1 none
    std::int64_t min_length, max_length, min_items, max_items;  ///< -1 none
    std::int64_t minimum, maximum;                              ///< valid per flags
    std::int32_t first_enum, enum_count, first_prop, prop_count, items, additional;
};
struct SchemaProp {
    std::int32_t name, node, required;
};
struct SchemaRoot {
    const char* group;
    const char* kind;
    const char* version;
    bool namespaced;
    bool deprecated;
    std::int32_t node;
};

#include "model/schema/kueue_crds.inc"

/// k_strings with their lengths, measured once at start-up: the walk compares property
/// names by binary search, and a strlen on every comparison showed in the load's profile.
const std::vector<std::string_view> k_string_views(std::begin(k_strings), std::end(k_strings));

std::string_view str(std::int32_t i) { return k_string_views[static_cast<std::size_t>(i)]; }

constexpr int k_preserve = 1, k_int_or_string = 2, k_open_object = 8, k_has_min = 16, k_has_max = 32;
// Bit 4 is x-kubernetes-nullable as scripts/gen-schema writes it; null is accepted for every
// optional field anyway (JSON null counts as absent), so no check reads it yet.
[[maybe_unused]] constexpr int k_nullable = 4;

enum class JsonType { null, boolean, integer, number, string, object, array };

bool one_of(std::string_view s, std::initializer_list<std::string_view> set) {
    for (std::string_view x : set) {
        if (s == x) {
            return true;
        }
    }
    return false;
}

bool all_digits(std::string_view s) {
    return !s.empty() && s.find_first_not_of("0123456789") == std::string_view::npos;
}

}  // namespace

// YAML 1.1's float without its sign (the resolver sigs.k8s.io/yaml applies):
//   [0-9]*\.?[0-9]+([eE][-+]?[0-9]+)? | [0-9]+\.([eE][-+]?[0-9]+)? | \.(inf|Inf|INF|nan|NaN|NAN)
// Written out rather than as a std::regex, which was a twentieth of loading a YAML export
// (every plain scalar that is not an integer went through it).
bool is_yaml11_float(std::string_view s) {
    if (one_of(s, {".inf", ".Inf", ".INF", ".nan", ".NaN", ".NAN"})) {
        return true;
    }
    std::size_t i = 0;
    auto digits = [&] {
        std::size_t start = i;
        while (i < s.size() && s[i] >= '0' && s[i] <= '9') {
            ++i;
        }
        return i - start;
    };
    std::size_t before_dot = digits();
    if (i < s.size() && s[i] == '.') {
        ++i;
        if (digits() == 0 && before_dot == 0) {
            return false;  // "." and ".e5": neither alternative takes them
        }
    } else if (before_dot == 0) {
        return false;
    }
    if (i < s.size() && (s[i] == 'e' || s[i] == 'E')) {
        ++i;
        if (i < s.size() && (s[i] == '-' || s[i] == '+')) {
            ++i;
        }
        if (digits() == 0) {
            return false;
        }
    }
    return i == s.size();
}

namespace {

/// The JSON type the API server sees after YAML-to-JSON (sigs.k8s.io/yaml, YAML 1.1 rules).
JsonType json_type(const yaml::Node& n) {
    switch (n.kind) {
        case yaml::Node::Kind::null: return JsonType::null;
        case yaml::Node::Kind::mapping: return JsonType::object;
        case yaml::Node::Kind::sequence: return JsonType::array;
        case yaml::Node::Kind::scalar: break;
    }
    if (!n.plain) {
        return JsonType::string;
    }
    std::string_view s = n.scalar;
    if (one_of(s, {"true", "True", "TRUE", "false", "False", "FALSE", "yes", "Yes", "YES", "no", "No", "NO", "on",
                   "On", "ON", "off", "Off", "OFF", "y", "Y", "n", "N"})) {
        return JsonType::boolean;
    }
    std::string_view body = !s.empty() && (s[0] == '-' || s[0] == '+') ? s.substr(1) : s;
    if (all_digits(body)) {
        return JsonType::integer;
    }
    if (is_yaml11_float(body)) {
        return JsonType::number;
    }
    return JsonType::string;
}

const char* type_name(JsonType t) {
    switch (t) {
        case JsonType::null: return "null";
        case JsonType::boolean: return "boolean";
        case JsonType::integer: return "integer";
        case JsonType::number: return "number";
        case JsonType::string: return "string";
        case JsonType::object: return "object";
        case JsonType::array: return "array";
    }
    return "?";
}

const char* schema_type_name(int t) {
    static const char* const k_names[] = {"any", "object", "array", "string", "integer", "number", "boolean"};
    return t >= 0 && t <= 6 ? k_names[t] : "any";
}

bool type_ok(int want, int flags, JsonType got) {
    if (flags & k_int_or_string) {
        // Quantities: the API server takes 8, "8" and (through resource.Quantity) 0.5.
        return got == JsonType::integer || got == JsonType::string || got == JsonType::number;
    }
    switch (want) {
        case 1: return got == JsonType::object;
        case 2: return got == JsonType::array;
        case 3: return got == JsonType::string;
        case 4: return got == JsonType::integer;
        case 5: return got == JsonType::integer || got == JsonType::number;
        case 6: return got == JsonType::boolean;
        default: return true;
    }
}

/// The compiled pattern of string `index`; null when std::regex cannot take it (it is
/// then not checked rather than guessed). Each is compiled the first time a value is
/// checked against it: compiling all of the CRDs' patterns up front cost 40 million
/// instructions per run, and an export of Workloads meets a handful of them.
const std::regex* pattern(std::int32_t index) {
    struct Slot {
        std::once_flag once;
        std::unique_ptr<std::regex> re;
    };
    static std::vector<Slot> k_compiled(std::size(k_strings));
    Slot& slot = k_compiled[static_cast<std::size_t>(index)];
    std::call_once(slot.once, [&] {
        std::string p = k_strings[index];
        auto flags = std::regex::ECMAScript | std::regex::optimize;
        if (p.rfind("^(?i)", 0) == 0) {
            p = "^" + p.substr(5);  // Go's case-insensitive flag
            flags |= std::regex::icase;
        }
        try {
            slot.re = std::make_unique<std::regex>(p, flags);
        } catch (const std::regex_error&) {
        }
    });
    return slot.re.get();
}

/// Whether `text` matches pattern `index` (true when std::regex cannot take the pattern).
/// Exports repeat the same few values (namespaces, queue names, flavor names) thousands of
/// times, and std::regex costs microseconds a call: answers are remembered per thread, in
/// a table per pattern that starts over when it grows past a bound.
bool matches_pattern(std::int32_t index, const std::string& text) {
    const std::regex* re = pattern(index);
    if (!re) {
        return true;
    }
    constexpr std::size_t k_remembered = 4096;
    thread_local std::unordered_map<std::int32_t, std::unordered_map<std::string, bool>> answers;
    auto& known = answers[index];
    if (auto it = known.find(text); it != known.end()) {
        return it->second;
    }
    bool match = std::regex_search(text, *re);
    if (known.size() >= k_remembered) {
        known.clear();
    }
    known.emplace(text, match);
    return match;
}

std::string quoted(std::string_view s) { return "\"" + std::string(s) + "\""; }

/// The indices (within the node's properties) of a schema node's required properties,
/// listed once at start-up: walking every property of every object for the flag was a
/// twentieth of the walk.
const std::vector<std::int32_t>& required_props(const SchemaNode& s) {
    static const std::vector<std::vector<std::int32_t>> k_required = [] {
        std::vector<std::vector<std::int32_t>> out(std::size(k_nodes));
        for (std::size_t n = 0; n < std::size(k_nodes); ++n) {
            for (std::int32_t i = 0; i < k_nodes[n].prop_count; ++i) {
                if (k_props[k_nodes[n].first_prop + i].required) {
                    out[n].push_back(i);
                }
            }
        }
        return out;
    }();
    return k_required[static_cast<std::size_t>(&s - k_nodes)];
}

// A field path ("spec.podSets[0].name") made into text only when a message needs it:
// almost every object has no issue, and building the text for every node was a third
// of the walk.
struct Path {
    const Path* parent = nullptr;
    std::string_view key;  ///< the field name (empty for an index or the root)
    std::size_t index = 0;
    bool is_index = false;

    std::string str() const {
        std::string base = parent ? parent->str() : std::string();
        if (is_index) {
            return base + "[" + std::to_string(index) + "]";
        }
        return base.empty() ? std::string(key) : base + "." + std::string(key);
    }
};

class Walker {
public:
    explicit Walker(std::vector<Issue>& out) : m_out(out) {}

    void value(const yaml::Node& v, const SchemaNode& s, const Path& at, SourcePos key_pos) {
        if (s.flags & k_preserve) {
            return;
        }
        JsonType t = json_type(v);
        if (t == JsonType::null) {
            return;  // the API server drops null fields before validating
        }
        if (!type_ok(s.type, s.flags, t)) {
            add(v.pos, at.str(), at.str() + ": Invalid value: " + quoted(type_name(t)) + ": " + at.str() + " in body must be of type " +
                                 schema_type_name(s.type) + ": " + quoted(type_name(t)));
            return;
        }
        if (t == JsonType::object) {
            object(v, s, at, key_pos);
        } else if (t == JsonType::array) {
            array(v, s, at);
        } else {
            scalar(v, s, t, at);
        }
    }

private:
    std::vector<Issue>& m_out;

    void add(SourcePos pos, const std::string& path, std::string message) {
        m_out.push_back({pos, path, std::move(message)});
    }

    void object(const yaml::Node& v, const SchemaNode& s, const Path& at, SourcePos key_pos) {
        if (s.flags & k_open_object) {
            return;  // metadata: the API server checks ObjectMeta itself
        }
        const SchemaProp* first = s.prop_count ? &k_props[s.first_prop] : nullptr;
        std::int32_t next = 0;  // the property after the last one found
        for (const yaml::MapEntry& e : v.entries) {
            const SchemaProp* p = find(first, s.prop_count, e.key, next);
            Path child{&at, e.key};
            if (p) {
                value(e.value, k_nodes[p->node], child, e.key_pos);
            } else if (s.additional >= 0) {
                value(e.value, k_nodes[s.additional], child, e.key_pos);
            } else {
                std::string child_path = child.str();
                std::vector<std::string_view> names;
                for (std::int32_t i = 0; i < s.prop_count; ++i) {
                    names.push_back(k_strings[first[i].name]);
                }
                add(e.key_pos, child_path, "unknown field " + quoted(child_path) + did_you_mean(e.key, names));
            }
        }
        // Only required properties are looked up: a PodSpec has dozens of optional ones,
        // and each lookup scans the mapping's entries.
        for (std::int32_t i : required_props(s)) {
            const yaml::Node* got = v.get(str(first[i].name));
            if (!got || got->is_null()) {
                std::string field = Path{&at, k_strings[first[i].name]}.str();
                add(key_pos.known() ? key_pos : v.pos, field, field + ": Required value");
            }
        }
    }

    // Equal strings, without a memcmp call for the short ones (property names mostly
    // are): that call was a tenth of the walk.
    static bool same(std::string_view a, std::string_view b) {
        const std::size_t n = a.size();
        if (n != b.size()) {
            return false;
        }
        if (n >= 8 && n <= 16) {
            // Two 8-byte words that overlap when n < 16: every byte compared once or twice.
            std::uint64_t a0, a1, b0, b1;
            std::memcpy(&a0, a.data(), 8);
            std::memcpy(&b0, b.data(), 8);
            std::memcpy(&a1, a.data() + n - 8, 8);
            std::memcpy(&b1, b.data() + n - 8, 8);
            return ((a0 ^ b0) | (a1 ^ b1)) == 0;
        }
        if (n < 8) {
            for (std::size_t i = 0; i < n; ++i) {
                if (a[i] != b[i]) {
                    return false;
                }
            }
            return true;
        }
        return std::memcmp(a.data(), b.data(), n) == 0;
    }

    static const SchemaProp* find(const SchemaProp* first, std::int32_t count, std::string_view key,
                                  std::int32_t& next) {
        // kubectl prints an object's keys sorted, as the properties are: the one after
        // the last found is tried first, and most keys are found with one comparison.
        if (next < count && same(str(first[next].name), key)) {
            return &first[next++];
        }
        const SchemaProp* found = search(first, count, key);
        if (found) {
            next = static_cast<std::int32_t>(found - first) + 1;
        }
        return found;
    }

    static const SchemaProp* search(const SchemaProp* first, std::int32_t count, std::string_view key) {
        // Properties are sorted by name (the generator sorts them): binary search. The
        // first bytes decide most probes without a memcmp call (a tenth of the walk).
        std::int32_t lo = 0, hi = count;
        while (lo < hi) {
            std::int32_t mid = (lo + hi) / 2;
            std::string_view name = str(first[mid].name);
            bool less = !name.empty() && !key.empty() && name[0] != key[0]
                            ? static_cast<unsigned char>(name[0]) < static_cast<unsigned char>(key[0])
                            : name < key;
            if (less) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo < count && same(str(first[lo].name), key) ? &first[lo] : nullptr;
    }

    void array(const yaml::Node& v, const SchemaNode& s, const Path& at) {
        const auto n = static_cast<std::int64_t>(v.items.size());
        if (s.max_items >= 0 && n > s.max_items) {
            add(v.pos, at.str(), at.str() + ": Too many: " + std::to_string(n) + ": must have at most " +
                                 std::to_string(s.max_items) + " items");
        }
        if (s.min_items >= 0 && n < s.min_items) {
            add(v.pos, at.str(), at.str() + ": Invalid value: " + std::to_string(n) + ": " + at.str() + " in body should have at least " +
                                 std::to_string(s.min_items) + " items");
        }
        if (s.items < 0) {
            return;
        }
        for (std::size_t i = 0; i < v.items.size(); ++i) {
            value(v.items[i], k_nodes[s.items], Path{&at, {}, i, true}, v.items[i].pos);
        }
    }

    void scalar(const yaml::Node& v, const SchemaNode& s, JsonType t, const Path& at) {
        const std::string& text = v.scalar;
        if (s.enum_count > 0) {
            bool ok = false;
            for (std::int32_t i = 0; i < s.enum_count && !ok; ++i) {
                ok = str(k_enums[s.first_enum + i]) == text;
            }
            if (!ok) {
                // The list for the message only when there is one to write.
                std::vector<std::string_view> allowed;
                for (std::int32_t i = 0; i < s.enum_count; ++i) {
                    allowed.push_back(str(k_enums[s.first_enum + i]));
                }
                std::string list;
                for (std::string_view a : allowed) {
                    list += (list.empty() ? "" : ", ") + quoted(a);
                }
                add(v.pos, at.str(), at.str() + ": Unsupported value: " + quoted(text) + ": supported values: " + list +
                                     did_you_mean(text, allowed));
                return;
            }
        }
        if (t == JsonType::string && (s.max_length >= 0 || s.min_length >= 0)) {
            // Counted only for a field with a bound: most strings have none.
            std::int64_t len = static_cast<std::int64_t>(yaml::utf8_length(text));
            if (s.max_length >= 0 && len > s.max_length) {
                add(v.pos, at.str(), at.str() + ": Too long: may not be more than " + std::to_string(s.max_length) + " bytes");
            }
            if (s.min_length >= 0 && len < s.min_length) {
                add(v.pos, at.str(), at.str() + ": Invalid value: " + quoted(text) + ": " + at.str() + " in body should be at least " +
                                     std::to_string(s.min_length) + " chars long");
            }
        }
        if (t == JsonType::string && s.pattern >= 0 && !matches_pattern(s.pattern, text)) {
            add(v.pos, at.str(), at.str() + ": Invalid value: " + quoted(text) + ": " + at.str() + " in body should match '" +
                                 k_strings[s.pattern] + "'");
        }
        if (t == JsonType::integer || t == JsonType::number) {
            // Bounds are only checked on integers (every bounded Kueue field is one).
            if (t == JsonType::integer && text.size() < 19) {
                std::int64_t x = std::stoll(text);
                if ((s.flags & k_has_min) && x < s.minimum) {
                    add(v.pos, at.str(), at.str() + ": Invalid value: " + text + ": " + at.str() +
                                         " in body should be greater than or equal to " + std::to_string(s.minimum));
                }
                if ((s.flags & k_has_max) && x > s.maximum) {
                    add(v.pos, at.str(), at.str() + ": Invalid value: " + text + ": " + at.str() +
                                         " in body should be less than or equal to " + std::to_string(s.maximum));
                }
            }
        }
    }
};

}  // namespace

bool check_object(const yaml::Node& obj, std::string_view group, std::string_view version, std::string_view kind,
                  SourcePos kind_pos, std::vector<Issue>& out) {
    if (group != "kueue.x-k8s.io") {
        return false;
    }
    // The root first, with lengths measured once: the lists for the messages below are
    // only built for an object that has none (building them, and a strlen per root per
    // object, was a ninth of the schema walk of a Workload export).
    static const std::vector<std::pair<std::string_view, std::string_view>> k_root_names = [] {
        std::vector<std::pair<std::string_view, std::string_view>> names;
        for (const SchemaRoot& r : k_roots) {
            names.emplace_back(r.kind, r.version);
        }
        return names;
    }();
    const SchemaRoot* found = nullptr;
    for (std::size_t i = 0; i < k_root_names.size() && !found; ++i) {
        if (k_root_names[i].first == kind && k_root_names[i].second == version) {
            found = &k_roots[i];
        }
    }
    if (!found) {
        std::vector<std::string_view> kinds, versions;
        for (const auto& [root_kind, root_version] : k_root_names) {
            if (kinds.empty() || kinds.back() != root_kind) {
                kinds.push_back(root_kind);
            }
            if (root_kind == kind) {
                versions.push_back(root_version);
            }
        }
        if (versions.empty()) {
            out.push_back({kind_pos, "kind", "unknown kind " + quoted(kind) + " in " + std::string(group) +
                                                 did_you_mean(kind, kinds)});
        } else {
            std::string served;
            for (std::string_view v : versions) {
                served += (served.empty() ? "" : ", ") + std::string(v);
            }
            out.push_back({kind_pos, "apiVersion", std::string(group) + "/" + std::string(version) +
                                                       " does not serve " + std::string(kind) + " (served: " + served +
                                                       ")"});
        }
        return false;
    }
    Walker(out).value(obj, k_nodes[found->node], Path{}, obj.pos);
    return true;
}

std::string_view kueue_version() { return KG_SCHEMA_KUEUE_VERSION; }
std::string_view kueue_commit() { return KG_SCHEMA_KUEUE_COMMIT; }

}  // namespace kg::model::schema
