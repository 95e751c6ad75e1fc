// The simple-document fast path (simple_block.h). Positions follow the libfyaml tree
// builder (parse_document.cpp): a block mapping sits at its first key, a block
// sequence at its first `-`, a flow collection at its bracket, a scalar at its first
// character (a quoted one at its opening quote), an empty value at its key. The input
// is ASCII (checked first), so a column is a byte offset.
#include "model/yaml/simple_block.h"

#include "model/yaml/mapping_keys.h"

#include <cstring>

namespace kg::model::yaml {

namespace {

bool is_alnum(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9'); }

// Characters this reader lets a plain scalar start with. YAML reserves the indicators
// (`-?:,[]{}#&*!|>'"%@` and backquote) there; `-` is allowed before a non-space, as
// in `-5`. Anything else declines.
bool plain_first(char c, char next) {
    return is_alnum(c) || (c != '\0' && std::strchr("_./$~+=(", c) != nullptr) ||
           (c == '-' && (is_alnum(next) || next == '.'));
}

// Inside a block plain scalar YAML allows almost every printable character; quotes,
// brackets, backslash, `|`, `@` and backquote are left to libfyaml out of caution.
bool block_plain_body(char c) { return c >= ' ' && c <= '~' && std::strchr("\"'`{}[]|\\@", c) == nullptr; }

// Inside a flow collection `,[]{}` end a plain scalar and `:` may start a value: none
// of them (nor `#`, quotes, `|`, backslash) is accepted inside one.
bool flow_plain_body(char c) { return is_alnum(c) || (c != '\0' && std::strchr("-_./$~+=()%*&!?<>^; ", c) != nullptr); }

// A plain mapping key: no spaces; `:` only when a non-space follows, and never in a
// flow collection (where `a:b` has rules of its own).
bool key_plain_body(char c, bool flow) {
    return is_alnum(c) || (c != '\0' && std::strchr("-_./$~+=()%*&!?<>^;", c) != nullptr) || (c == ':' && !flow);
}

// YAML limits an implicit key to 1024 characters; longer ones are libfyaml's to refuse.
constexpr std::size_t k_max_simple_key = 1000;

class SimpleBlock {
public:
    SimpleBlock(std::uint32_t file_id, const Chunk& chunk, const LoadOptions& opt)
        : m_file(file_id), m_t(chunk.text), m_first_line(chunk.first_line), m_opt(opt) {}

    bool document(Node& root) {
        // One control character, tab, carriage return or non-ASCII byte anywhere, and
        // libfyaml decides (columns in characters, YAML's tab and line-break rules).
        for (char c : m_t) {
            auto u = static_cast<unsigned char>(c);
            if ((u < 0x20 && c != '\n') || u >= 0x7F) {
                return false;
            }
        }
        if (m_t.substr(0, 3) == "---") {
            Line first = line_at(0, 0);
            for (std::size_t i = first.begin + 3; i < first.end; ++i) {
                if (m_t[i] != ' ') {
                    return false;  // `--- content` or `--- # comment`
                }
            }
            m_next = first.end + 1;
            m_next_line = 1;
        }
        root = Node{};
        Line l;
        switch (peek(l)) {
            case Peek::end: return true;  // an empty document: no object
            case Peek::bad: return false;
            case Peek::line: break;
        }
        if (!is_mapping_line(l, l.indent) || !mapping(l, l.indent, 0, root)) {
            return false;  // a root sequence or scalar is rare: libfyaml handles it
        }
        if (peek(l) != Peek::end) {
            return false;  // content after the root ended (a dedent below it)
        }
        // A List wrapper (an `items` key, or a kind ending in List) streams its items,
        // counts nodes per item or hands out nothing: libfyaml's business.
        const Node* kind = root.get("kind");
        bool list_kind = kind && kind->is_scalar() && kind->scalar.size() >= 4 &&
                         kind->scalar.compare(kind->scalar.size() - 4, 4, "List") == 0;
        return root.get("items") == nullptr && !list_kind;
    }

private:
    struct Line {
        std::size_t begin = 0;   ///< offset of its first byte
        std::size_t end = 0;     ///< offset of its '\n' (or of the end of the text)
        std::size_t indent = 0;  ///< leading spaces
        std::uint32_t number = 0;  ///< 0-based, within the chunk
    };
    enum class Peek { line, end, bad };

    Line line_at(std::size_t begin, std::uint32_t number) const {
        Line l;
        l.begin = begin;
        const void* nl = std::memchr(m_t.data() + begin, '\n', m_t.size() - begin);
        l.end = nl ? static_cast<std::size_t>(static_cast<const char*>(nl) - m_t.data()) : m_t.size();
        l.number = number;
        while (l.begin + l.indent < l.end && m_t[l.begin + l.indent] == ' ') {
            ++l.indent;
        }
        return l;
    }

    // The next line with content, skipping blank and comment-only lines; the cursor
    // stays before it until consume(). A marker or directive line declines.
    Peek peek(Line& out) {
        while (m_next < m_t.size()) {
            Line l = line_at(m_next, m_next_line);
            std::size_t first = l.begin + l.indent;
            if (first == l.end || m_t[first] == '#') {
                m_next = l.end + 1;
                ++m_next_line;
                continue;
            }
            if (l.indent == 0) {
                std::string_view head = m_t.substr(first, 3);
                if (head == "---" || head == "..." || m_t[first] == '%') {
                    return Peek::bad;
                }
            }
            out = l;
            return Peek::line;
        }
        return Peek::end;
    }

    void consume(const Line& l) {
        m_next = l.end + 1;
        m_next_line = l.number + 1;
    }

    SourcePos pos(const Line& l, std::size_t offset) const {
        return {m_file, m_first_line + l.number + 1, static_cast<std::uint32_t>(offset - l.begin + 1)};
    }

    char at(std::size_t i, const Line& l) const { return i < l.end ? m_t[i] : '\0'; }

    bool count_node() { return ++m_nodes < m_opt.max_nodes; }

    // A key at `p` on line `l`: its text, position and the offset just past its `:`.
    // Plain (`name:`), or quoted without escapes (`"nvidia.com/gpu":`); the `:` must
    // follow the key directly and be followed by a space or the end of the line.
    bool key_at(const Line& l, std::size_t p, std::string_view& key, std::size_t& after, bool flow = false) const {
        std::size_t q = p;
        if (at(p, l) == '"' || at(p, l) == '\'') {
            char quote = m_t[p];
            const void* close = std::memchr(m_t.data() + p + 1, quote, l.end - p - 1);
            if (!close) {
                return false;
            }
            q = static_cast<std::size_t>(static_cast<const char*>(close) - m_t.data());
            key = m_t.substr(p + 1, q - p - 1);
            if (key.find('\\') != std::string_view::npos && quote == '"') {
                return false;
            }
            ++q;
        } else {
            if (!plain_first(at(p, l), at(p + 1, l)) || m_t[p] == '-') {
                return false;
            }
            while (q < l.end && key_plain_body(m_t[q], flow) &&
                   !(m_t[q] == ':' && (q + 1 == l.end || m_t[q + 1] == ' '))) {
                ++q;
            }
            key = m_t.substr(p, q - p);
        }
        if (at(q, l) != ':' || (q + 1 < l.end && m_t[q + 1] != ' ') || key.size() > k_max_simple_key) {
            return false;
        }
        after = q + 1;
        return true;
    }

    bool is_mapping_line(const Line& l, std::size_t col) const {
        std::string_view key;
        std::size_t after = 0;
        return key_at(l, l.begin + col, key, after);
    }

    static bool is_sequence_line(const Line& l, std::string_view t) {
        std::size_t p = l.begin + l.indent;
        return p < l.end && t[p] == '-' && (p + 1 == l.end || t[p + 1] == ' ');
    }

    // Only spaces, or spaces then a comment, from `p` to the end of the line.
    bool rest_is_blank(const Line& l, std::size_t p) const {
        std::size_t q = p;
        while (q < l.end && m_t[q] == ' ') {
            ++q;
        }
        return q == l.end || (m_t[q] == '#' && q > p);
    }

    // A block mapping whose keys sit at column `col`; its first key is on `first`
    // (after a `- ` when the mapping is a sequence item).
    bool mapping(Line first, std::size_t col, std::size_t depth, Node& out) {
        if (depth >= m_opt.max_depth || !count_node()) {
            return false;
        }
        out.kind = Node::Kind::mapping;
        out.pos = pos(first, first.begin + col);
        out.entries.reserve(4);
        KeyIndex keys;
        Line l = first;
        std::size_t p = first.begin + col;
        while (true) {
            MapEntry entry;
            std::string_view key;
            std::size_t after = 0;
            if (!key_at(l, p, key, after) || key == "<<" || !count_node() ||
                out.entries.size() + 1 >= m_opt.max_mapping_keys) {
                return false;
            }
            entry.key.assign(key);
            entry.key_pos = pos(l, p);
            if (keys.find(out.entries, entry.key) != nullptr) {
                return false;  // a duplicate: libfyaml's parse reports it
            }
            consume(l);
            if (!value(l, after, col, depth + 1, entry.key_pos, entry.value)) {
                return false;
            }
            out.entries.push_back(std::move(entry));
            keys.added(out.entries);
            Line next;
            Peek state = peek(next);
            if (state == Peek::bad) {
                return false;
            }
            if (state == Peek::end || next.indent < col) {
                return true;
            }
            if (next.indent > col) {
                return false;  // a continuation line or a stray indent
            }
            if (is_sequence_line(next, m_t)) {
                return false;  // `- x` beside the keys of a mapping
            }
            l = next;
            p = l.begin + col;
        }
    }

    // The value of a key whose mapping sits at column `col`, starting at `p` on `l`
    // (just past the `:`); `l` is consumed.
    bool value(const Line& l, std::size_t p, std::size_t col, std::size_t depth, SourcePos key_pos, Node& out) {
        while (p < l.end && m_t[p] == ' ') {
            ++p;
        }
        if (p < l.end && m_t[p] != '#') {
            return inline_value(l, p, depth, out) && nothing_nested(col);
        }
        // Nothing on the key's line: a nested block, a sequence at the key's column, or null.
        Line next;
        Peek state = peek(next);
        if (state == Peek::bad) {
            return false;
        }
        if (state == Peek::line && next.indent > col) {
            if (is_sequence_line(next, m_t)) {
                return sequence(next, depth, out);
            }
            return is_mapping_line(next, next.indent) && mapping(next, next.indent, depth, out);
        }
        if (state == Peek::line && next.indent == col && is_sequence_line(next, m_t)) {
            return sequence(next, depth, out);
        }
        if (!count_node()) {
            return false;
        }
        out.kind = Node::Kind::null;
        out.plain = true;
        out.pos = key_pos;
        return true;
    }

    // After a one-line value, the next content line may not be indented deeper than
    // `col`: it would continue a plain scalar, or be an error.
    bool nothing_nested(std::size_t col) {
        Line next;
        Peek state = peek(next);
        return state == Peek::end || (state == Peek::line && next.indent <= col);
    }

    // A block sequence whose `-` sit at the indentation of `first`.
    bool sequence(Line first, std::size_t depth, Node& out) {
        if (depth >= m_opt.max_depth || !count_node()) {
            return false;
        }
        std::size_t col = first.indent;
        out.kind = Node::Kind::sequence;
        out.pos = pos(first, first.begin + col);
        Line l = first;
        while (true) {
            std::size_t p = l.begin + col + 1;
            while (p < l.end && m_t[p] == ' ') {
                ++p;
            }
            if (p == l.end || m_t[p] == '#' || (m_t[p] == '-' && (p + 1 == l.end || m_t[p + 1] == ' '))) {
                return false;  // an empty item or a nested `- -`: rare, libfyaml's
            }
            Node item;
            if (is_mapping_line(l, p - l.begin)) {
                // `- key: value`: a mapping whose keys line up with this first key.
                if (!mapping(l, p - l.begin, depth + 1, item)) {
                    return false;
                }
            } else {
                consume(l);
                if (!inline_value(l, p, depth + 1, item) || !nothing_nested(col)) {
                    return false;
                }
            }
            out.items.push_back(std::move(item));
            Line next;
            Peek state = peek(next);
            if (state == Peek::bad) {
                return false;
            }
            if (state == Peek::end || next.indent != col || !is_sequence_line(next, m_t)) {
                return state != Peek::line || next.indent <= col;
            }
            l = next;
        }
    }

    // A value that ends on its line: a flow collection, a quoted or a plain scalar,
    // followed by nothing but spaces or a comment.
    bool inline_value(const Line& l, std::size_t p, std::size_t depth, Node& out) {
        std::size_t end = p;
        char c = m_t[p];
        if (c == '{' || c == '[') {
            if (!flow(l, p, depth, out, end)) {
                return false;
            }
        } else if (c == '"' || c == '\'') {
            if (!quoted(l, p, out, end)) {
                return false;
            }
        } else {
            if (!plain_first(c, at(p + 1, l))) {
                return false;
            }
            std::size_t q = p;
            while (q < l.end && !(m_t[q] == '#' && m_t[q - 1] == ' ')) {
                if (!block_plain_body(m_t[q]) || (m_t[q] == ':' && (q + 1 == l.end || m_t[q + 1] == ' '))) {
                    return false;
                }
                ++q;
            }
            std::size_t text_end = q;
            while (text_end > p && m_t[text_end - 1] == ' ') {
                --text_end;
            }
            if (!plain(l, p, text_end, out)) {
                return false;
            }
            end = q;
        }
        return rest_is_blank(l, end) || (end < l.end && m_t[end] == '#' && m_t[end - 1] == ' ');
    }

    bool plain(const Line& l, std::size_t p, std::size_t end, Node& out) {
        if (!count_node()) {
            return false;
        }
        out.pos = pos(l, p);
        out.plain = true;
        out.scalar.assign(m_t.data() + p, end - p);
        const std::string& s = out.scalar;
        bool null = s == "~" || s == "null" || s == "Null" || s == "NULL";
        out.kind = null ? Node::Kind::null : Node::Kind::scalar;
        return true;
    }

    // `"text"` without a backslash, or `'text'` without a doubled quote; `end` is set
    // just past the closing quote.
    bool quoted(const Line& l, std::size_t p, Node& out, std::size_t& end) {
        char quote = m_t[p];
        const void* close = std::memchr(m_t.data() + p + 1, quote, l.end - p - 1);
        if (!close || !count_node()) {
            return false;
        }
        std::size_t q = static_cast<std::size_t>(static_cast<const char*>(close) - m_t.data());
        std::string_view inner = m_t.substr(p + 1, q - p - 1);
        if ((quote == '"' && inner.find('\\') != std::string_view::npos) || at(q + 1, l) == quote) {
            return false;
        }
        out.kind = Node::Kind::scalar;
        out.plain = false;
        out.pos = pos(l, p);
        out.scalar.assign(inner);
        end = q + 1;
        return true;
    }

    // A flow collection that closes on its line: `{key: value, ...}` or `[value, ...]`,
    // values being flow collections, quoted scalars or plain scalars of flow_plain_body.
    bool flow(const Line& l, std::size_t p, std::size_t depth, Node& out, std::size_t& end) {
        if (depth >= m_opt.max_depth || !count_node()) {
            return false;
        }
        bool is_map = m_t[p] == '{';
        char close = is_map ? '}' : ']';
        out.kind = is_map ? Node::Kind::mapping : Node::Kind::sequence;
        out.pos = pos(l, p);
        KeyIndex keys;
        std::size_t q = skip_spaces(l, p + 1);
        if (at(q, l) == close) {
            end = q + 1;
            return true;
        }
        while (true) {
            if (is_map) {
                MapEntry entry;
                std::string_view key;
                std::size_t after = 0;
                if (!key_at(l, q, key, after, true) || after == l.end || key == "<<" || !count_node() ||
                    out.entries.size() + 1 >= m_opt.max_mapping_keys) {
                    return false;
                }
                entry.key.assign(key);
                entry.key_pos = pos(l, q);
                if (keys.find(out.entries, entry.key) != nullptr) {
                    return false;
                }
                q = skip_spaces(l, after);
                if (!flow_value(l, q, depth + 1, entry.value, q)) {
                    return false;
                }
                out.entries.push_back(std::move(entry));
                keys.added(out.entries);
            } else {
                Node item;
                if (!flow_value(l, q, depth + 1, item, q)) {
                    return false;
                }
                out.items.push_back(std::move(item));
            }
            q = skip_spaces(l, q);
            if (at(q, l) == close) {
                end = q + 1;
                return true;
            }
            if (at(q, l) != ',') {
                return false;  // `key: value` in a flow sequence, a missing comma, an open line
            }
            q = skip_spaces(l, q + 1);
            if (at(q, l) == close || at(q, l) == ',') {
                return false;  // a trailing or doubled comma
            }
        }
    }

    std::size_t skip_spaces(const Line& l, std::size_t p) const {
        while (p < l.end && m_t[p] == ' ') {
            ++p;
        }
        return p;
    }

    // One value inside a flow collection at `p`; `end` is set just past it.
    bool flow_value(const Line& l, std::size_t p, std::size_t depth, Node& out, std::size_t& end) {
        char c = at(p, l);
        if (c == '{' || c == '[') {
            return flow(l, p, depth, out, end);
        }
        if (c == '"' || c == '\'') {
            return quoted(l, p, out, end);
        }
        if (!plain_first(c, at(p + 1, l))) {
            return false;
        }
        std::size_t q = p;
        while (q < l.end && flow_plain_body(m_t[q])) {
            ++q;
        }
        std::size_t text_end = q;
        while (text_end > p && m_t[text_end - 1] == ' ') {
            --text_end;
        }
        end = q;
        return plain(l, p, text_end, out);
    }

    std::uint32_t m_file;
    std::string_view m_t;
    std::uint32_t m_first_line;
    const LoadOptions& m_opt;
    std::size_t m_next = 0;          ///< offset of the first line not yet consumed
    std::uint32_t m_next_line = 0;   ///< its 0-based number within the chunk
    std::size_t m_nodes = 0;         ///< nodes and keys so far, as libfyaml's builder counts them
};

}  // namespace

bool parse_simple_block(std::uint32_t file_id, const Chunk& chunk, const LoadOptions& opt, Node& root) {
    try {
        return SimpleBlock(file_id, chunk, opt).document(root);
    } catch (const std::bad_alloc&) {
        return false;  // libfyaml's parse meets the same shortage and says so
    }
}

}  // namespace kg::model::yaml
