#include "model/yaml/list_layout.h"

#include <algorithm>
#include <cstring>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace kg::model::yaml {

namespace {

// The number of '\n' in [p, p + n), 16 bytes at a time: per-byte equality masks summed
// in byte lanes (at most 255 blocks at a time, so no lane overflows), then across them.
std::size_t count_newlines(const char* p, std::size_t n) {
    std::size_t total = 0;
    std::size_t i = 0;
#if defined(__SSE2__)
    const __m128i nl = _mm_set1_epi8('\n');
    while (n - i >= 16) {
        __m128i lanes = _mm_setzero_si128();
        std::size_t stop = i + std::min<std::size_t>((n - i) / 16, 255) * 16;
        for (; i < stop; i += 16) {
            __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + i));
            lanes = _mm_sub_epi8(lanes, _mm_cmpeq_epi8(v, nl));
        }
        __m128i sums = _mm_sad_epu8(lanes, _mm_setzero_si128());
        total += static_cast<std::size_t>(_mm_cvtsi128_si32(sums)) +
                 static_cast<std::size_t>(_mm_extract_epi16(sums, 4));
    }
#endif
    for (; i < n; ++i) {
        total += p[i] == '\n';
    }
    return total;
}

// Walks a text line by line; `line` excludes the '\n'.
class Lines {
public:
    explicit Lines(std::string_view text) : m_text(text) {}

    bool next() {
        if (m_pos >= m_text.size()) {
            return false;
        }
        if (m_started) {
            ++m_no;
        }
        m_started = true;
        m_begin = m_pos;
        const void* nl = std::memchr(m_text.data() + m_pos, '\n', m_text.size() - m_pos);
        std::size_t end = nl ? static_cast<std::size_t>(static_cast<const char*>(nl) - m_text.data()) : m_text.size();
        m_line = m_text.substr(m_pos, end - m_pos);
        m_pos = nl ? end + 1 : end;
        return true;
    }

    /// Moves to the next line that is `indent` spaces and then `}` or `},` (a JSON
    /// item's closing line), without splitting the lines before it: one memchr per `}`
    /// instead of one per line (an export's items are dozens of short lines each, and
    /// a call per line was a twentieth of loading it). False when there is none.
    bool next_closing(std::size_t indent) {
        const char* s = m_text.data();
        const std::size_t n = m_text.size();
        const std::size_t from = m_pos;  // start of the next line
        for (std::size_t i = from + indent; i < n;) {
            const void* hit = std::memchr(s + i, '}', n - i);
            if (!hit) {
                return false;
            }
            std::size_t b = static_cast<std::size_t>(static_cast<const char*>(hit) - s);
            std::size_t begin = b - indent;
            bool line_start = begin == 0 || s[begin - 1] == '\n';
            bool line_end = b + 1 == n || s[b + 1] == '\n' || (s[b + 1] == ',' && (b + 2 == n || s[b + 2] == '\n'));
            if (line_start && line_end && begin >= from &&
                std::string_view(s + begin, indent).find_first_not_of(' ') == std::string_view::npos) {
                m_no += static_cast<std::uint32_t>((m_started ? 1 : 0) + count_newlines(s + from, begin - from));
                m_started = true;
                m_pos = begin;
                const char* nl = static_cast<const char*>(std::memchr(s + begin, '\n', n - begin));
                std::size_t end = nl ? static_cast<std::size_t>(nl - s) : n;
                m_begin = begin;
                m_line = m_text.substr(begin, end - begin);
                m_pos = nl ? end + 1 : end;
                return true;
            }
            i = b + 1;
        }
        return false;
    }

    std::string_view line() const { return m_line; }
    std::size_t begin() const { return m_begin; }
    std::size_t after() const { return m_pos; }  ///< start of the next line
    std::uint32_t number() const { return m_no; }

private:
    std::string_view m_text;
    std::size_t m_pos = 0;
    std::size_t m_begin = 0;
    std::uint32_t m_no = 0;
    bool m_started = false;
    std::string_view m_line;
};

std::string_view trim_right(std::string_view s) {
    while (!s.empty() && s.back() == ' ') {
        s.remove_suffix(1);
    }
    return s;
}

std::size_t indent_of(std::string_view s) {
    std::size_t i = 0;
    while (i < s.size() && s[i] == ' ') {
        ++i;
    }
    return i;
}

bool is_yaml_item_start(std::string_view line) {
    return !line.empty() && line[0] == '-' && (line.size() == 1 || line[1] == ' ');
}

std::optional<ListLayout> find_yaml_layout(std::string_view text) {
    ListLayout out;
    Lines lines(text);
    std::size_t items_key_begin = 0;
    bool found = false;
    while (lines.next()) {
        std::string_view l = lines.line();
        if (!l.empty() && l[0] == '%') {
            return std::nullopt;  // a directive: leave the document to the one-pass parse
        }
        if (trim_right(l) == "items:") {
            items_key_begin = lines.begin();
            out.items_line = lines.number();
            found = true;
            break;
        }
    }
    if (!found) {
        return std::nullopt;
    }
    std::size_t trailer = text.size();
    while (lines.next()) {
        std::string_view l = lines.line();
        if (is_yaml_item_start(l)) {
            if (!out.items.empty()) {
                out.items.back().end = lines.begin();
            }
            out.items.push_back({lines.begin(), 0, lines.number()});
            continue;
        }
        if (out.items.empty()) {
            return std::nullopt;  // the items must follow their key directly
        }
        if (l.empty() || l[0] == ' ' || l[0] == '#') {
            continue;  // inside an item (or a comment between items)
        }
        char c = l[0];
        bool key_start = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '"' || c == '\'';
        if (!key_start) {
            return std::nullopt;
        }
        trailer = lines.begin();
        break;
    }
    if (out.items.empty()) {
        return std::nullopt;
    }
    out.items.back().end = trailer;
    out.wrapper.reserve(items_key_begin + 10 + (text.size() - trailer));
    out.wrapper.append(text.substr(0, items_key_begin));
    out.wrapper.append("items: []\n");
    out.wrapper.append(text.substr(trailer));
    return out;
}

// The header line of a one-item-per-line export (`jq -c`, `json.dumps` per item):
// `{"apiVersion": "v1", "kind": "List", "items": [`. No bracket or brace may stand
// between the opening `{` and the `"items"` key, so that key is the root's (a string
// cannot open a container); the wrapper check confirms it.
bool is_compact_header(std::string_view l) {
    constexpr std::string_view key = "\"items\": [";
    if (l.size() < 1 + key.size() || l.front() != '{' || l.substr(l.size() - key.size()) != key) {
        return false;
    }
    return l.substr(1, l.size() - 1 - key.size()).find_first_of("{}[]") == std::string_view::npos;
}

// A whole item on one line: `{...}` or `{...},` (the batches check the claim).
bool is_one_line_item(std::string_view l, bool& more) {
    if (l.size() < 2 || l.front() != '{') {
        return false;
    }
    more = l.back() == ',';
    if (more) {
        l.remove_suffix(1);
    }
    return l.size() >= 2 && l.back() == '}';
}

std::optional<ListLayout> find_json_layout(std::string_view text) {
    ListLayout out;
    out.json = true;
    Lines lines(text);
    std::size_t header_end = 0;
    std::size_t items_indent = 0;
    bool found = false;
    bool compact = false;
    while (lines.next()) {
        std::string_view l = trim_right(lines.line());
        std::size_t ind = indent_of(l);
        if (l.substr(ind) == "\"items\": [" || (ind == 0 && is_compact_header(l))) {
            compact = ind == 0 && l.front() == '{';
            items_indent = ind;
            header_end = lines.after();
            out.items_line = lines.number();
            found = true;
            break;
        }
    }
    if (!found || !lines.next()) {
        return std::nullopt;
    }
    std::size_t trailer = 0;
    if (compact) {
        // Items one per line at column 0, then a line opening with the closing `]`.
        for (;;) {
            std::string_view l = trim_right(lines.line());
            bool more = false;
            if (!is_one_line_item(l, more)) {
                return std::nullopt;
            }
            out.items.push_back({lines.begin(), lines.begin() + l.size() - (more ? 1 : 0), lines.number()});
            if (!lines.next()) {
                return std::nullopt;
            }
            if (!more) {
                if (lines.line().empty() || lines.line().front() != ']') {
                    return std::nullopt;
                }
                trailer = lines.begin();
                break;
            }
        }
    } else {
        const std::size_t item_indent = indent_of(lines.line());
        if (item_indent <= items_indent) {
            return std::nullopt;
        }
        auto is_at = [&](std::string_view l, std::size_t ind, std::string_view what) {
            return l.size() == ind + what.size() && indent_of(l) == ind && l.substr(ind) == what;
        };
        // Invariant at the top of the loop: the current line must open an item.
        for (;;) {
            if (!is_at(lines.line(), item_indent, "{")) {
                return std::nullopt;
            }
            out.items.push_back({lines.begin(), 0, lines.number()});
            bool closed = false;
            bool more = false;
            if (lines.next_closing(item_indent)) {
                out.items.back().end = lines.begin() + item_indent + 1;
                closed = true;
                more = lines.line().back() == ',';
            }
            if (!closed || !lines.next()) {
                return std::nullopt;
            }
            if (!more) {
                std::string_view l = trim_right(lines.line());
                if (!is_at(l, items_indent, "]") && !is_at(l, items_indent, "],")) {
                    return std::nullopt;
                }
                trailer = lines.begin();
                break;
            }
        }
    }
    out.wrapper.reserve(header_end + (text.size() - trailer));
    out.wrapper.append(text.substr(0, header_end));
    out.wrapper.append(text.substr(trailer));
    return out;
}

}  // namespace

std::optional<ListLayout> find_list_layout(std::string_view text) {
    // A text that opens with `{` has a flow mapping at its root, never the block
    // mapping of the YAML layout; any other text is not kubectl's JSON. One scan.
    std::size_t first = text.find_first_not_of(" \t\r\n");
    if (first != std::string_view::npos && text[first] == '{') {
        return find_json_layout(text);
    }
    return find_yaml_layout(text);
}

bool has_context_dependent_syntax(std::string_view text) {
    // One memchr pass per byte of interest: these bytes are rare in an export, and
    // memchr is far faster than a byte loop.
    const auto* s = reinterpret_cast<const unsigned char*>(text.data());
    const std::size_t n = text.size();
    auto each = [&](unsigned char byte, auto&& dependent) {
        std::size_t i = 0;
        while (i < n) {
            const void* hit = std::memchr(s + i, byte, n - i);
            if (!hit) {
                return false;
            }
            i = static_cast<std::size_t>(static_cast<const unsigned char*>(hit) - s);
            if (dependent(i)) {
                return true;
            }
            ++i;
        }
        return false;
    };
    // An anchor or alias token starts after a separator or flow indicator.
    auto token_start = [&](std::size_t i) {
        unsigned char p = i == 0 ? ' ' : s[i - 1];
        return p == ' ' || p == '\t' || p == '\n' || p == '[' || p == '{' || p == ',' || p == ':' || p == '-' ||
               p == '?';
    };
    return each(0x00, [](std::size_t) { return true; }) ||  // libfyaml ends its input at a NUL byte
           each('&', token_start) || each('*', token_start) ||
           each('\r', [&](std::size_t i) { return i + 1 == n || s[i + 1] != '\n'; }) ||
           each(0x85, [&](std::size_t i) { return i >= 1 && s[i - 1] == 0xC2; }) ||  // NEL
           each(0xA8, [&](std::size_t i) { return i >= 2 && s[i - 1] == 0x80 && s[i - 2] == 0xE2; }) ||  // LS
           each(0xA9, [&](std::size_t i) { return i >= 2 && s[i - 1] == 0x80 && s[i - 2] == 0xE2; });    // PS
}

}  // namespace kg::model::yaml
