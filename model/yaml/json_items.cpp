// JSON List items through simdjson's On-Demand API (json_items.h). Every node gets
// the position the libfyaml tree builder (parse_document.cpp) gives it: the first
// character of its token (a string's opening quote, a mapping's `{`), as a 1-based
// line and a 1-based column counted in characters, not bytes.
#include "model/yaml/json_items.h"

#include "model/yaml/mapping_keys.h"
#include "model/yaml/utf8.h"

#include <simdjson.h>

#include <algorithm>
#include <bit>
#include <cstring>
#include <span>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace kg::model::yaml {

namespace {

namespace od = simdjson::ondemand;

// Bit i of `newline` / `special` says whether byte i of the 32-byte block at `p` is a
// newline / is any other control character or part of a non-ASCII character (such a
// block is looked at byte by byte).
struct Masks {
    std::uint64_t newline;
    std::uint64_t special;
};
constexpr unsigned k_block = 32;
#if defined(__SSE2__)
Masks block_masks(const char* p) {
    auto half = [](const char* q, std::uint32_t& nl, std::uint32_t& low) {
        __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(q));
        nl = static_cast<std::uint32_t>(_mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_set1_epi8('\n'))));
        // Signed bytes: below 0x20 are the control characters and every byte of 0x80 and up.
        low = static_cast<std::uint32_t>(_mm_movemask_epi8(_mm_cmplt_epi8(v, _mm_set1_epi8(0x20))));
    };
    std::uint32_t nl0, low0, nl1, low1;
    half(p, nl0, low0);
    half(p + 16, nl1, low1);
    std::uint64_t nl = nl0 | (std::uint64_t{nl1} << 16);
    std::uint64_t low = low0 | (std::uint64_t{low1} << 16);
    return {nl, low & ~nl};
}
#else
Masks block_masks(const char* p) {
    Masks m{0, 0};
    for (unsigned i = 0; i < k_block; ++i) {
        auto c = static_cast<unsigned char>(p[i]);
        m.newline |= static_cast<std::uint64_t>(c == '\n') << i;
        m.special |= static_cast<std::uint64_t>(c >= 0x80 || (c < 0x20 && c != '\n')) << i;
    }
    return m;
}
#endif

// Line and column of byte offsets into one text, asked for in increasing order (the
// order of the document): the cursor only moves forward, so the whole text is
// scanned once, and so is each line for its columns (an export with one item per
// line has lines of a thousand characters and dozens of nodes on each; counting
// every column from the line's start made that quadratic). The text must have 32
// readable bytes past its end: simdjson's padding.
//
// The same pass refuses what YAML reads otherwise than JSON: a carriage return without
// a newline after it (JSON whitespace between tokens) and NEL, LS and PS (allowed raw
// in a JSON string), which libfyaml takes for line breaks, so it would count lines
// differently or fold the string; a tab (libfyaml reads one in a flow collection by
// YAML's rules); a NUL byte (libfyaml stops reading there). The batch is then left
// to libfyaml. (The rest of has_context_dependent_syntax in list_layout.h, anchors
// and aliases, is not JSON: simdjson refuses it.)
class PositionCursor {
public:
    PositionCursor(std::uint32_t file_id, std::string_view text, std::uint32_t first_line)
        : m_file(file_id), m_text(text), m_line(first_line + 1) {}

    /// False when `offset` lies before the last offset asked for (never in document order),
    /// or when the text up to it holds one of the bytes refused above.
    bool at(std::size_t offset, SourcePos& out) {
        if (offset < m_pos || offset > m_text.size()) {
            return false;
        }
        // 32 bytes at a time: newlines counted and the last one found from a bit mask
        // (the column is then the distance from the line's start), byte by byte only in
        // a block with a non-ASCII byte or a control character other than a newline.
        // A memchr and a column count per gap between two nodes cost more than the gap
        // (an eighth of loading an export); so did 16-byte blocks with a running column
        // (a gap between two nodes of an indented export is two such blocks). The last
        // block may read past `offset`, masked off: the text is simdjson's padded input.
        const char* base = m_text.data();
        std::size_t p = m_pos;
        while (p < offset) {
            auto n = static_cast<unsigned>(std::min<std::size_t>(offset - p, k_block));
            Masks m = block_masks(base + p);
            std::uint64_t keep = (std::uint64_t{1} << n) - 1;  // n <= 32
            if (m.special & keep) {
                for (std::size_t block_end = p + n; p < block_end; ++p) {
                    if (refused(base + p)) {
                        return false;
                    }
                    step(p);
                }
                continue;
            }
            if (std::uint64_t nl = m.newline & keep) {
                // Bit by bit (rarely more than one newline in a block): without -mpopcnt,
                // std::popcount is a call into libgcc.
                for (std::uint64_t rest = nl; rest != 0; rest &= rest - 1) {
                    ++m_line;
                }
                m_line_start = p + static_cast<unsigned>(63 - std::countl_zero(nl)) + 1;
                m_continuations = 0;
            }
            p += n;
        }
        m_pos = offset;
        auto column = static_cast<std::uint32_t>(offset - m_line_start - m_continuations + 1);
        out = {m_file, m_line, column};
        return true;
    }

private:
    // A carriage return not followed by a newline, a tab, a NUL, or the last byte of NEL
    // (C2 85), LS (E2 80 A8) or PS (E2 80 A9). Reads one byte on (the padding) and up
    // to two back.
    bool refused(const char* p) const {
        auto at = [&](std::ptrdiff_t k) { return static_cast<unsigned char>(p[k]); };
        std::ptrdiff_t before = p - m_text.data();
        switch (at(0)) {
            case '\r': return p[1] != '\n';
            case '\t':
            case '\0': return true;
            case 0x85: return before >= 1 && at(-1) == 0xC2;
            case 0xA8:
            case 0xA9: return before >= 2 && at(-1) == 0x80 && at(-2) == 0xE2;
            default: return false;
        }
    }

    // libfyaml counts columns in characters, not bytes: a UTF-8 continuation byte
    // adds none.
    void step(std::size_t i) {
        auto c = static_cast<unsigned char>(m_text[i]);
        if (c == '\n') {
            ++m_line;
            m_line_start = i + 1;
            m_continuations = 0;
        } else {
            m_continuations += (c & 0xC0) == 0x80;
        }
    }

    std::uint32_t m_file;
    std::string_view m_text;
    std::size_t m_pos = 0;            ///< last offset asked for
    std::size_t m_line_start = 0;     ///< offset of the first byte of m_pos's line
    std::size_t m_continuations = 0;  ///< UTF-8 continuation bytes from m_line_start to m_pos
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

// The first `"` or `\\` at or after `p`, a block at a time. The string holding it lies
// in simdjson's padded input, so reading a block past its end stays in the buffer.
const char* quote_or_backslash(const char* p) {
#if defined(__SSE2__)
    for (;; p += 16) {
        __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
        auto hits = static_cast<unsigned>(_mm_movemask_epi8(
            _mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8('"')), _mm_cmpeq_epi8(v, _mm_set1_epi8('\\')))));
        if (hits != 0) {
            return p + std::countr_zero(hits);
        }
    }
#else
    while (*p != '"' && *p != '\\') {
        ++p;
    }
    return p;
#endif
}

// The text of a string whose opening quote is just before `p`, read in place when it
// holds no escape: false when it has a backslash and simdjson must unescape it. Stage 1
// validated the document (UTF-8, no raw control character in a string), so the
// closing quote is there and the raw bytes are the string's.
bool unescaped_in_place(const char* p, std::string_view& out) {
    const char* q = quote_or_backslash(p);
    if (*q != '"') {
        return false;
    }
    out = {p, static_cast<std::size_t>(q - p)};
    return true;
}

// The next slot of `v` to build a node into: an element a previous tree left there
// (list_parallel hands the same vectors back batch after batch), whose strings and
// vectors keep their capacity, else a new one. Every Workload of an export has nearly
// the same shape, so rebuilding over the last tree allocates almost nothing; building
// fresh trees and freeing them was a quarter of the load's instructions (malloc, free
// and the destructor). `used` counts the slots taken; trim() drops the rest.
template <class T>
T& next_slot(std::vector<T>& v, std::size_t& used) {
    if (used < v.size()) {
        return v[used++];
    }
    ++used;
    return v.emplace_back();
}

template <class T>
void trim(std::vector<T>& v, std::size_t used) {
    v.erase(v.begin() + static_cast<std::ptrdiff_t>(used), v.end());
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
        out.plain = true;
        out.scalar.clear();
        out.items.clear();
        out.entries.reserve(4);
        std::size_t used = 0;
        KeyIndex keys;
        for (auto field_result : obj) {
            od::field field;
            if (std::move(field_result).get(field)) {
                return false;
            }
            const char* key_raw = field.key().raw();  // just after the opening quote
            SourcePos key_pos;
            if (!key_raw || !position(key_raw - 1, key_pos) || !count_node()) {
                return false;
            }
            // Keys without escapes (all of an export's) are read in place; simdjson's
            // unescaping copied each one into its buffer first.
            std::string_view key;
            if (!unescaped_in_place(key_raw, key) && field.unescaped_key().get(key)) {
                return false;
            }
            // Merge keys and duplicates: the one-pass parse has rules and diagnostics for them.
            std::span<const MapEntry> built(out.entries.data(), used);
            if (key == "<<" || keys.find(built, key) != nullptr || used >= m_opt.max_mapping_keys ||
                (m_unicode_escapes && has_surrogate_escape(raw_key(key_raw)))) {
                return false;
            }
            // Built in place: moving a finished entry (a Node of strings and vectors) into
            // the mapping cost as much as building it.
            MapEntry& entry = next_slot(out.entries, used);
            entry.key.assign(key);
            entry.key_pos = key_pos;
            if (!build(field.value(), entry.value, depth + 1)) {
                return false;
            }
            keys.added({out.entries.data(), used});
        }
        trim(out.entries, used);
        return true;
    }

    bool sequence(od::value& v, Node& out, std::size_t depth) {
        od::array arr;
        if (too_deep(depth) || v.get_array().get(arr)) {
            return false;
        }
        out.kind = Node::Kind::sequence;
        out.plain = true;
        out.scalar.clear();
        out.entries.clear();
        std::size_t used = 0;
        for (auto element_result : arr) {
            od::value element;
            if (std::move(element_result).get(element) || !build(element, next_slot(out.items, used), depth + 1)) {
                return false;
            }
        }
        trim(out.items, used);
        return true;
    }

    bool string(od::value& v, Node& out) {
        // Read in place when it has no escape, as keys are. The value must still be
        // consumed: left unconsumed, On-Demand skips it leniently (a string followed by
        // `:` is taken for a key), and `{"a": "b": 1}` or `"x": "{y": {}}` passed as
        // valid JSON (the loader fuzzer's finding). get_raw_json_string only advances.
        std::string_view raw = v.raw_json_token();  // from the opening quote
        std::string_view text;
        od::raw_json_string consumed;
        if (!raw.empty() && unescaped_in_place(raw.data() + 1, text)) {
            if (v.get_raw_json_string().get(consumed)) {
                return false;
            }
        } else {
            if ((m_unicode_escapes && has_surrogate_escape(raw)) || v.get_string().get(text)) {
                return false;
            }
        }
        out.kind = Node::Kind::scalar;
        out.plain = false;
        out.scalar.assign(text);
        out.items.clear();
        out.entries.clear();
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
        out.items.clear();
        out.entries.clear();
        return true;
    }

    std::string_view m_text;
    PositionCursor& m_cursor;
    std::size_t m_depth_bias;
    const LoadOptions& m_opt;
    std::size_t m_nodes = 0;
    /// Whether the text holds a `\u` at all: most batches have none, and then no string
    /// needs the surrogate check (one search per batch instead of one per string).
    bool m_unicode_escapes;
};

}  // namespace

static_assert(k_json_items_padding >= simdjson::SIMDJSON_PADDING, "json_items.h promises simdjson's padding");

bool parse_json_items(std::uint32_t file_id, const std::string& wrapped, std::uint32_t first_line,
                      std::size_t depth_bias, const LoadOptions& opt, std::vector<Node>& out) {
    // (A tab is refused by PositionCursor, in its pass over the text.)
    if (depth_bias >= opt.max_depth) {
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
        std::size_t used = 0;
        for (auto item_result : items) {
            od::value item;
            if (std::move(item_result).get(item)) {
                return false;
            }
            if (!builder.item(item, next_slot(out, used))) {
                return false;
            }
        }
        trim(out, used);
        // What PositionCursor refuses, after the last node as well.
        SourcePos end;
        if (!cursor.at(text.size(), end)) {
            return false;
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
