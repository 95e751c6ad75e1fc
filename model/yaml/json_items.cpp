// JSON List items through simdjson's On-Demand API (json_items.h). Every node gets
// the position the libfyaml tree builder (parse_document.cpp) gives it: the first
// character of its token (a string's opening quote, a mapping's `{`), as a 1-based
// line and a 1-based column counted in characters, not bytes.
#include "model/yaml/json_items.h"

#include "model/yaml/mapping_keys.h"
#include "model/yaml/utf8.h"

#include <simdjson.h>

#include <cstring>

namespace kg::model::yaml {

namespace {

namespace od = simdjson::ondemand;

// Line and column of byte offsets into one text, asked for in increasing order (the
// order of the document): the cursor only moves forward, so the whole text is
// scanned once, and so is each line for its columns (an export with one item per
// line has lines of a thousand characters and dozens of nodes on each; counting
// every column from the line's start made that quadratic).
class PositionCursor {
public:
    PositionCursor(std::uint32_t file_id, std::string_view text, std::uint32_t first_line)
        : m_file(file_id), m_text(text), m_line(first_line + 1) {}

    /// False when `offset` lies before the last offset asked for (never in document order).
    bool at(std::size_t offset, SourcePos& out) {
        if (offset < m_pos || offset > m_text.size()) {
            return false;
        }
        while (m_pos < offset) {
            const void* nl = std::memchr(m_text.data() + m_pos, '\n', offset - m_pos);
            if (!nl) {
                break;
            }
            m_pos = static_cast<std::size_t>(static_cast<const char*>(nl) - m_text.data()) + 1;
            m_col = 1;
            ++m_line;
        }
        // libfyaml counts columns in characters, not bytes.
        m_col += utf8_length(m_text.substr(m_pos, offset - m_pos));
        m_pos = offset;
        out = {m_file, m_line, static_cast<std::uint32_t>(m_col)};
        return true;
    }

private:
    std::uint32_t m_file;
    std::string_view m_text;
    std::size_t m_pos = 0;  ///< last offset asked for
    std::size_t m_col = 1;  ///< 1-based column (in characters) of m_pos
    std::uint32_t m_line;
};

// JSON's number grammar: -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?
bool is_json_number(std::string_view s) {
    std::size_t i = 0;
    auto digits = [&] {
        std::size_t start = i;
        while (i < s.size() && s[i] >= '0' && s[i] <= '9') {
            ++i;
        }
        return i > start;
    };
    if (i < s.size() && s[i] == '-') {
        ++i;
    }
    if (i < s.size() && s[i] == '0') {
        ++i;
    } else if (!digits()) {
        return false;
    }
    if (i < s.size() && s[i] == '.') {
        ++i;
        if (!digits()) {
            return false;
        }
    }
    if (i < s.size() && (s[i] == 'e' || s[i] == 'E')) {
        ++i;
        if (i < s.size() && (s[i] == '+' || s[i] == '-')) {
            ++i;
        }
        if (!digits()) {
            return false;
        }
    }
    return i == s.size();
}

std::string_view trim_token(std::string_view raw) {
    while (!raw.empty() && (raw.back() == ' ' || raw.back() == '\n' || raw.back() == '\r' || raw.back() == '\t')) {
        raw.remove_suffix(1);
    }
    return raw;
}

// A `\uD800`-`\uDFFF` escape: JSON joins surrogate pairs, YAML has no such notion, so
// the two parsers may not agree on the string.
bool has_surrogate_escape(std::string_view raw) {
    for (std::size_t i = raw.find("\\u"); i != std::string_view::npos; i = raw.find("\\u", i + 2)) {
        // (An escaped backslash before `u` is harmless to misread: it only declines.)
        if (i + 3 < raw.size() && (raw[i + 2] == 'd' || raw[i + 2] == 'D') &&
            std::strchr("89abcdefABCDEF", raw[i + 3]) != nullptr) {
            return true;
        }
    }
    return false;
}

// A key's source text, from just after its opening quote to its closing one (the
// document was validated, so the closing quote is there).
std::string_view raw_key(const char* p) {
    const char* q = p;
    while (*q != '"') {
        q += *q == '\\' ? 2 : 1;
    }
    return {p, static_cast<std::size_t>(q - p)};
}

class ItemBuilder {
public:
    ItemBuilder(std::string_view text, PositionCursor& cursor, std::size_t depth_bias, const LoadOptions& opt)
        : m_text(text), m_cursor(cursor), m_depth_bias(depth_bias), m_opt(opt),
          m_unicode_escapes(text.find("\\u") != std::string_view::npos) {}

    /// One List item (depth 0) into `out`; false declines the batch.
    bool item(od::value v, Node& out) {
        m_nodes = 2;  // the one-pass parse counts the List wrapper and its items sequence in every item
        return build(v, out, 0);
    }

private:
    bool position(const char* p, SourcePos& out) {
        if (p < m_text.data()) {
            return false;
        }
        return m_cursor.at(static_cast<std::size_t>(p - m_text.data()), out);
    }

    bool count_node() { return ++m_nodes <= m_opt.max_nodes; }

    bool build(od::value& v, Node& out, std::size_t depth) {
        od::json_type type;
        const char* at = nullptr;
        if (v.type().get(type) || v.current_location().get(at) || !position(at, out.pos) || !count_node()) {
            return false;
        }
        switch (type) {
            case od::json_type::object: return mapping(v, out, depth);
            case od::json_type::array: return sequence(v, out, depth);
            case od::json_type::string: return string(v, out);
            default: return literal(v, out);
        }
    }

    // The one-pass parse refuses a container opened `max_depth` levels down, counting
    // the levels above this text (depth_bias) and the `[` around the items.
    bool too_deep(std::size_t depth) const { return depth + 1 + m_depth_bias >= m_opt.max_depth; }

    bool mapping(od::value& v, Node& out, std::size_t depth) {
        od::object obj;
        if (too_deep(depth) || v.get_object().get(obj)) {
            return false;
        }
        out.kind = Node::Kind::mapping;
        out.entries.reserve(4);
        KeyIndex keys;
        for (auto field_result : obj) {
            od::field field;
            if (std::move(field_result).get(field)) {
                return false;
            }
            const char* key_raw = field.key().raw();  // just after the opening quote
            SourcePos key_pos;
            std::string_view key;
            if (!key_raw || !position(key_raw - 1, key_pos) || !count_node() || field.unescaped_key().get(key)) {
                return false;
            }
            m_key.assign(key);
            // Merge keys and duplicates: the one-pass parse has rules and diagnostics for them.
            if (m_key == "<<" || keys.find(out.entries, m_key) != nullptr ||
                out.entries.size() >= m_opt.max_mapping_keys ||
                (m_unicode_escapes && has_surrogate_escape(raw_key(key_raw)))) {
                return false;
            }
            // Built in place: moving a finished entry (a Node of strings and vectors) into
            // the mapping cost as much as building it.
            MapEntry& entry = out.entries.emplace_back();
            entry.key.assign(m_key);
            entry.key_pos = key_pos;
            if (!build(field.value(), entry.value, depth + 1)) {
                return false;
            }
            keys.added(out.entries);
        }
        return true;
    }

    bool sequence(od::value& v, Node& out, std::size_t depth) {
        od::array arr;
        if (too_deep(depth) || v.get_array().get(arr)) {
            return false;
        }
        out.kind = Node::Kind::sequence;
        for (auto element_result : arr) {
            od::value element;
            if (std::move(element_result).get(element) || !build(element, out.items.emplace_back(), depth + 1)) {
                return false;
            }
        }
        return true;
    }

    bool string(od::value& v, Node& out) {
        std::string_view text;
        if ((m_unicode_escapes && has_surrogate_escape(v.raw_json_token())) || v.get_string().get(text)) {
            return false;
        }
        out.kind = Node::Kind::scalar;
        out.plain = false;
        out.scalar.assign(text);
        return true;
    }

    // true, false, null and numbers: plain scalars in YAML, with the same text.
    bool literal(od::value& v, Node& out) {
        std::string_view raw = trim_token(v.raw_json_token());
        out.plain = true;
        if (raw == "null") {
            out.kind = Node::Kind::null;
        } else if (raw == "true" || raw == "false" || is_json_number(raw)) {
            out.kind = Node::Kind::scalar;
        } else {
            return false;  // YAML would read it as some plain scalar; JSON has no such literal
        }
        out.scalar.assign(raw);
        return true;
    }

    std::string_view m_text;
    PositionCursor& m_cursor;
    std::size_t m_depth_bias;
    const LoadOptions& m_opt;
    std::size_t m_nodes = 0;
    std::string m_key;  ///< the key being checked, reused from key to key
    /// Whether the text holds a `\u` at all: most batches have none, and then no string
    /// needs the surrogate check (one search per batch instead of one per string).
    bool m_unicode_escapes;
};

}  // namespace

static_assert(k_json_items_padding >= simdjson::SIMDJSON_PADDING, "json_items.h promises simdjson's padding");

bool parse_json_items(std::uint32_t file_id, const std::string& wrapped, std::uint32_t first_line,
                      std::size_t depth_bias, const LoadOptions& opt, std::vector<Node>& out) {
    // libfyaml reads a tab in a flow collection by YAML's rules, not JSON's.
    if (wrapped.find('\t') != std::string_view::npos || depth_bias >= opt.max_depth) {
        return false;
    }
    try {
        // In place when the caller left room for the padding (list_parallel does),
        // else through a padded copy.
        simdjson::padded_string copy;
        simdjson::padded_string_view padded(wrapped.data(), wrapped.size(), wrapped.capacity());
        if (padded.padding() < simdjson::SIMDJSON_PADDING) {
            copy = simdjson::padded_string(wrapped);
            padded = copy;
        }
        // One parser per thread: its buffers are reused from batch to batch.
        thread_local od::parser parser;
        od::document doc;
        od::array items;
        if (parser.iterate(padded).get(doc) || doc.get_array().get(items)) {
            return false;
        }
        std::string_view text(padded.data(), padded.size());
        PositionCursor cursor(file_id, text, first_line);
        ItemBuilder builder(text, cursor, depth_bias, opt);
        for (auto item_result : items) {
            od::value item;
            if (std::move(item_result).get(item)) {
                return false;
            }
            if (!builder.item(item, out.emplace_back())) {
                return false;
            }
        }
        // Nothing may follow the closing `]` (an item text holding `], [` would close the
        // array early): at the end, the document has no location left.
        const char* rest = nullptr;
        return doc.current_location().get(rest) == simdjson::OUT_OF_BOUNDS;
    } catch (const std::bad_alloc&) {
        return false;  // the one-pass parse meets the same shortage and says so
    }
}

}  // namespace kg::model::yaml
