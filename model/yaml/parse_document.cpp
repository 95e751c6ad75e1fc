// libfyaml's event stream turned into yaml::Node trees: one YAML/JSON text (a
// document, or a batch of List items) parsed into top-level objects. Mapping keys,
// anchors and aliases, depth and node limits are enforced here, while the tree is
// built. This is the only file that includes libfyaml; parse.cpp decides what text
// reaches it.
#include "model/loader.h"
#include "model/yaml/mapping_keys.h"
#include "model/yaml/parse_document.h"

#include <libfyaml.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <memory>
#include <optional>

namespace kg::model {

namespace {

using yaml::Chunk;
using yaml::MapEntry;
using yaml::Node;

struct Frame {
    Node node;
    std::string key;  ///< pending mapping key (mappings only)
    SourcePos key_pos;
    bool have_key = false;
    std::string anchor;
    yaml::KeyIndex keys;  ///< mappings only: finds duplicate keys without a scan per key
};

struct Captured {
    std::string text;
};

void capture_diag(struct fy_diag*, void* user, const char* buf, size_t len) {
    static_cast<Captured*>(user)->text.append(buf, len);
}

// libfyaml prints "<name>:LINE:COL: error: MESSAGE\n<source>\n^": keep line, col and message.
bool parse_fy_message(const std::string& text, std::uint32_t& line, std::uint32_t& col, std::string& msg) {
    std::size_t e = text.find(": error: ");
    if (e == std::string::npos) {
        return false;
    }
    std::size_t nl = text.find('\n', e);
    msg = text.substr(e + 9, nl == std::string::npos ? std::string::npos : nl - e - 9);
    std::size_t c2 = text.rfind(':', e - 1);
    std::size_t c1 = c2 == std::string::npos || c2 == 0 ? std::string::npos : text.rfind(':', c2 - 1);
    if (c1 == std::string::npos) {
        return true;
    }
    line = static_cast<std::uint32_t>(std::strtoul(text.c_str() + c1 + 1, nullptr, 10));
    col = static_cast<std::uint32_t>(std::strtoul(text.c_str() + c2 + 1, nullptr, 10));
    return true;
}

class TreeBuilder {
public:
    TreeBuilder(std::uint32_t file_id, std::string_view input, std::uint32_t line_offset, std::size_t depth_bias,
                DiagSink& diags, const LoadOptions& opt, const std::function<void(Node&&)>& sink)
        : m_file(file_id), m_input(input), m_line_offset(line_offset), m_depth_bias(depth_bias), m_diags(diags),
          m_opt(opt), m_sink(sink) {}

    /// 1-based line of the root mapping's `items` key, 0 when there was none.
    std::uint32_t root_items_line() const { return m_root_items_line; }

    /// Consumes one event; returns false when the document must be abandoned.
    bool on_event(struct fy_event* e) {
        switch (e->type) {
            case FYET_DOCUMENT_START: start_document(); return true;
            case FYET_DOCUMENT_END: return end_document();
            case FYET_MAPPING_START:
                return open(Node::Kind::mapping, fy_event_get_token(e), e->mapping_start.anchor);
            case FYET_SEQUENCE_START:
                return open(Node::Kind::sequence, fy_event_get_token(e), e->sequence_start.anchor);
            case FYET_MAPPING_END:
            case FYET_SEQUENCE_END: return close();
            case FYET_SCALAR: return scalar(e);
            case FYET_ALIAS: return alias(e);
            default: return true;
        }
    }

private:
    SourcePos pos_of(struct fy_token* t, int back = 0) const {
        const struct fy_mark* m = t ? fy_token_start_mark(t) : nullptr;
        if (!m) {
            return {m_file, 0, 0};
        }
        int col = m->column + 1 - back;
        return {m_file, static_cast<std::uint32_t>(m->line) + 1 + m_line_offset,
                static_cast<std::uint32_t>(col < 1 ? 1 : col)};
    }

    void start_document() {
        m_stack.clear();
        m_anchors.clear();
        m_alias_nodes = 0;
        m_nodes = 0;
        m_root_kind.clear();
        m_streaming_items = false;
        m_had_root = false;
    }

    bool end_document() {
        m_stack.clear();
        return true;
    }

    bool open(Node::Kind kind, struct fy_token* tok, struct fy_token* anchor) {
        if (m_stack.size() + m_depth_bias >= m_opt.max_depth) {
            m_diags.error(pos_of(tok), "nesting deeper than " + std::to_string(m_opt.max_depth) +
                                           " levels: expected a Kubernetes object, found a runaway structure");
            return false;
        }
        if (!count_nodes_added(1, pos_of(tok))) {
            return false;
        }
        Frame f;
        f.node.kind = kind;
        f.node.pos = pos_of(tok);
        if (kind == Node::Kind::mapping) {
            f.node.entries.reserve(4);  // most Kubernetes mappings hold a few keys: fewer regrowths
        }
        f.anchor = token_text(anchor);
        // A List document (kind: *List, or kind not seen yet as kubectl's JSON writes it
        // after items) streams its items; so does a top-level JSON array.
        if (kind == Node::Kind::sequence && m_stack.size() == 1 && m_stack[0].node.is_mapping() &&
            m_stack[0].have_key && m_stack[0].key == "items" &&
            (m_root_kind.empty() || ends_with(m_root_kind, "List"))) {
            m_streaming_items = true;
            m_nodes = 2;  // node limits count per item from here: the wrapper and its items sequence
        }
        m_stack.push_back(std::move(f));
        return true;
    }

    static bool ends_with(const std::string& s, std::string_view suffix) {
        return s.size() >= suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
    }

    static std::string token_text(struct fy_token* t) {
        if (!t) {
            return {};
        }
        std::size_t len = 0;
        const char* txt = fy_token_get_text(t, &len);
        return txt ? std::string(txt, len) : std::string();
    }

    // A scalar's value. fy_token_get_text formats every quoted scalar into a buffer
    // (a tenth of loading an export); a one-line scalar without escapes is its own
    // source text between the marks, so that is taken directly.
    std::string scalar_text(struct fy_token* tok, enum fy_scalar_style style) const {
        std::string_view raw = source_of(tok);
        std::optional<std::string_view> direct;
        // (A plain loop: find_first_of calls memchr over `chars` for every byte.)
        auto lacks = [](std::string_view v, std::string_view chars) {
            for (char c : v) {
                for (char x : chars) {
                    if (c == x) {
                        return false;
                    }
                }
            }
            return true;
        };
        if (style == FYSS_DOUBLE_QUOTED && raw.size() >= 2 && raw.front() == '"' && raw.back() == '"') {
            std::string_view inner = raw.substr(1, raw.size() - 2);
            if (lacks(inner, "\\\"\n\r")) {
                direct = inner;
            }
        } else if (style == FYSS_SINGLE_QUOTED && raw.size() >= 2 && raw.front() == '\'' && raw.back() == '\'') {
            std::string_view inner = raw.substr(1, raw.size() - 2);
            // A quote right after the marks means they cut the scalar short: libfyaml's marks
            // for a run of escaped quotes can span only the first two (found by the loader fuzzer).
            const std::size_t after = static_cast<std::size_t>(raw.data() - m_input.data()) + raw.size();
            const bool cut_short = after < m_input.size() && m_input[after] == '\'';
            if (!cut_short && lacks(inner, "'\n\r")) {
                direct = inner;
            }
        } else if (style == FYSS_PLAIN && !raw.empty() && lacks(raw, "\n\r") && raw.back() != ' ' &&
                   raw.back() != '\t') {
            direct = raw;
        }
        if (!direct) {
            return token_text(tok);
        }
#ifndef NDEBUG
        // Debug builds (the sanitizer tests, the fuzzer) check the shortcut against libfyaml.
        if (token_text(tok) != *direct) {
            std::fprintf(stderr, "scalar shortcut differs from libfyaml: [%.*s]\n", static_cast<int>(raw.size()),
                         raw.data());
            std::abort();
        }
#endif
        return std::string(*direct);
    }

    // The source bytes between a token's start and end marks (empty when unknown).
    std::string_view source_of(struct fy_token* tok) const {
        const struct fy_mark* b = fy_token_start_mark(tok);
        const struct fy_mark* e = fy_token_end_mark(tok);
        if (!b || !e || e->input_pos < b->input_pos || e->input_pos > m_input.size()) {
            return {};
        }
        return m_input.substr(b->input_pos, e->input_pos - b->input_pos);
    }

    bool scalar(struct fy_event* e) {
        struct fy_token* tok = e->scalar.value;
        enum fy_scalar_style style = fy_token_scalar_style(tok);
        Node n;
        n.kind = Node::Kind::scalar;
        n.plain = style == FYSS_PLAIN;
        bool quoted = style == FYSS_SINGLE_QUOTED || style == FYSS_DOUBLE_QUOTED;
        n.pos = pos_of(tok, quoted ? 1 : 0);
        if (n.pos.line == 0) {
            n.pos = empty_node_pos();
        }
        if (!count_nodes_added(1, n.pos)) {
            return false;
        }
        n.scalar = scalar_text(tok, style);
        if (n.plain && (n.scalar.empty() || n.scalar == "~" || n.scalar == "null" || n.scalar == "Null" ||
                        n.scalar == "NULL")) {
            n.kind = Node::Kind::null;
        }
        std::string anchor = token_text(e->scalar.anchor);
        if (!anchor.empty()) {
            m_anchors[anchor] = std::make_shared<const Node>(n);
        }
        return attach(std::move(n));
    }

    bool alias(struct fy_event* e) {
        std::string name = token_text(e->alias.anchor);
        auto it = m_anchors.find(name);
        SourcePos p = pos_of(fy_event_get_token(e));
        if (it == m_anchors.end()) {
            m_diags.error(p, "expected a defined anchor for alias *" + name + ", found none");
            return false;
        }
        std::size_t added = count_nodes(*it->second);
        m_alias_nodes += added;
        if (m_alias_nodes > m_opt.max_alias_nodes) {
            m_diags.error(p, "aliases expand to more than " + std::to_string(m_opt.max_alias_nodes) +
                                 " nodes: refusing an alias bomb");
            return false;
        }
        if (!count_nodes_added(added, p)) {
            return false;
        }
        Node copy = *it->second;
        return attach(std::move(copy));
    }

    // Counts nodes of the object being built; a runaway object stops the document.
    bool count_nodes_added(std::size_t n, SourcePos p) {
        m_nodes += n;
        if (m_nodes > m_opt.max_nodes) {
            m_diags.error(p, "object holds more than " + std::to_string(m_opt.max_nodes) +
                                 " nodes: expected a Kubernetes object, found a runaway document "
                                 "(--max-nodes-per-object raises the limit)");
            return false;
        }
        return true;
    }

    // An empty node (`key:` or `-` with nothing after it) has no token: point at its
    // key, or else at the sequence that holds it, never at line 0.
    SourcePos empty_node_pos() const {
        if (m_stack.empty()) {
            return {m_file, m_line_offset + 1, 1};
        }
        const Frame& top = m_stack.back();
        return top.node.is_mapping() && top.have_key ? top.key_pos : top.node.pos;
    }

    static std::size_t count_nodes(const Node& n) {
        std::size_t c = 1;
        for (const Node& i : n.items) {
            c += count_nodes(i);
        }
        for (const MapEntry& e : n.entries) {
            c += 1 + count_nodes(e.value);
        }
        return c;
    }

    bool close() {
        if (m_stack.empty()) {
            return true;
        }
        Frame f = std::move(m_stack.back());
        m_stack.pop_back();
        if (f.node.is_mapping()) {
            yaml::apply_merge_keys(f.node, m_diags);
        }
        if (!f.anchor.empty()) {
            m_anchors[f.anchor] = std::make_shared<const Node>(f.node);
        }
        if (m_stack.empty()) {
            return finish_root(std::move(f.node));
        }
        bool was_items = m_streaming_items && m_stack.size() == 1 && f.node.is_sequence() && m_stack[0].have_key &&
                         m_stack[0].key == "items";
        if (was_items) {
            m_streaming_items = false;
            m_stack[0].have_key = false;  // the items were handed out one by one
            return true;
        }
        return attach(std::move(f.node));
    }

    bool finish_root(Node&& root) {
        m_had_root = true;
        if (root.is_sequence()) {
            for (Node& item : root.items) {
                m_sink(std::move(item));
            }
            return true;
        }
        if (root.is_mapping()) {
            const Node* kind = root.get("kind");
            // A wrapper holds nothing but apiVersion, kind, metadata and items: a PriceList
            // (kueuegov's prices file, with currency and prices) is an object, not a List.
            bool list = kind && kind->is_scalar() && ends_with(kind->scalar, "List") &&
                        std::all_of(root.entries.begin(), root.entries.end(), [](const MapEntry& e) {
                            return e.key == "apiVersion" || e.key == "kind" || e.key == "metadata" || e.key == "items";
                        });
            if (list) {
                // The items (if any were kept) are the objects; the List wrapper itself is not.
                for (MapEntry& e : root.entries) {
                    if (e.key == "items" && e.value.is_sequence()) {
                        for (Node& item : e.value.items) {
                            m_sink(std::move(item));
                        }
                    }
                }
                return true;
            }
        }
        if (!root.is_null()) {
            m_sink(std::move(root));
        }
        return true;
    }

    bool attach(Node&& n) {
        if (m_stack.empty()) {
            return finish_root(std::move(n));
        }
        Frame& top = m_stack.back();
        if (top.node.is_sequence()) {
            if (m_streaming_items && m_stack.size() == 2) {
                m_sink(std::move(n));  // one List item, complete: hand it out now
                m_nodes = 2;  // limits apply per item (the wrapper and the items sequence stay counted)
                return true;
            }
            top.node.items.push_back(std::move(n));
            return true;
        }
        if (!top.have_key) {
            if (!n.is_scalar() && !n.is_null()) {
                m_diags.error(n.pos, "expected a string mapping key, found " + n.describe());
                return false;
            }
            top.key = std::move(n.scalar);
            top.key_pos = n.pos;
            top.have_key = true;
            if (m_stack.size() == 1 && top.node.is_mapping() && top.key == "items" && m_root_items_line == 0) {
                m_root_items_line = top.key_pos.line;
            }
            return true;
        }
        if (m_stack.size() == 1 && top.key == "kind" && n.is_scalar()) {
            m_root_kind = n.scalar;
        }
        if (const MapEntry* existing = top.keys.find(top.node.entries, top.key)) {
            m_diags.error(top.key_pos, "mapping key \"" + top.key + "\" already defined at " +
                                           std::to_string(existing->key_pos.line) + ":" +
                                           std::to_string(existing->key_pos.col));
            top.have_key = false;
            return true;  // keep the first value, as kubectl's strict decoding would refuse the second
        }
        if (top.node.entries.size() >= m_opt.max_mapping_keys) {
            m_diags.error(top.key_pos, "mapping holds more than " + std::to_string(m_opt.max_mapping_keys) +
                                           " keys: expected a Kubernetes object, found a runaway mapping "
                                           "(--max-mapping-keys raises the limit)");
            return false;
        }
        top.node.entries.push_back(MapEntry{std::move(top.key), top.key_pos, std::move(n)});
        top.keys.added(top.node.entries);
        top.key.clear();
        top.have_key = false;
        return true;
    }

    std::uint32_t m_file;
    std::string_view m_input;  ///< the text given to the parser (marks are offsets into it)
    std::uint32_t m_line_offset;
    /// Levels above this text in the real document (1 for a batch of List items).
    std::size_t m_depth_bias;
    DiagSink& m_diags;
    const LoadOptions& m_opt;
    const std::function<void(Node&&)>& m_sink;
    std::vector<Frame> m_stack;
    /// Anchored subtrees, copied when an alias names them.
    std::map<std::string, std::shared_ptr<const Node>> m_anchors;
    std::size_t m_alias_nodes = 0;
    std::size_t m_nodes = 0;  ///< nodes of the current object (document or streamed List item)
    std::string m_root_kind;
    bool m_streaming_items = false;
    bool m_had_root = false;
    std::uint32_t m_root_items_line = 0;
};

}  // namespace

namespace yaml {

DocumentResult parse_document(std::uint32_t file_id, const Chunk& chunk, std::size_t depth_bias, DiagSink& diags,
                              const LoadOptions& opt, const std::function<void(Node&&)>& sink) {
    DocumentResult result;
    Captured captured;
    struct fy_diag_cfg dcfg;
    fy_diag_cfg_default(&dcfg);
    dcfg.fp = nullptr;
    dcfg.output_fn = capture_diag;
    dcfg.user = &captured;
    dcfg.colorize = false;
    dcfg.show_source = false;
    dcfg.show_position = true;
    dcfg.show_type = true;
    dcfg.show_module = false;
    std::unique_ptr<struct fy_diag, void (*)(struct fy_diag*)> diag(fy_diag_create(&dcfg), fy_diag_destroy);
    struct fy_parse_cfg cfg;
    std::memset(&cfg, 0, sizeof cfg);
    cfg.flags = static_cast<enum fy_parse_cfg_flags>(FYPCF_QUIET | FYPCF_DEFAULT_VERSION_1_2);
    cfg.diag = diag.get();
    std::unique_ptr<struct fy_parser, void (*)(struct fy_parser*)> parser(fy_parser_create(&cfg), fy_parser_destroy);
    if (!parser || fy_parser_set_string(parser.get(), chunk.text.data(), chunk.text.size()) != 0) {
        diags.error({file_id, chunk.first_line + 1, 1}, "cannot start the YAML parser");
        return result;
    }
    TreeBuilder builder(file_id, chunk.text, chunk.first_line, depth_bias, diags, opt, sink);
    bool ok = true;
    while (struct fy_event* e = fy_parser_parse(parser.get())) {
        if (ok) {
            ok = builder.on_event(e);
        }
        fy_parser_event_free(parser.get(), e);
        if (!ok) {
            break;
        }
    }
    result.root_items_line = builder.root_items_line();
    if (!ok) {
        return result;
    }
    if (fy_parser_get_stream_error(parser.get())) {
        std::uint32_t line = 0, col = 0;
        std::string msg;
        if (parse_fy_message(captured.text, line, col, msg)) {
            std::uint32_t max_line = chunk.first_line + 1 +
                                     static_cast<std::uint32_t>(std::count(chunk.text.begin(), chunk.text.end(), '\n'));
            line = std::min(line + chunk.first_line, max_line);
            diags.error({file_id, line, col == 0 ? 1 : col}, "invalid YAML: " + msg);
        } else {
            diags.error({file_id, chunk.first_line + 1, 1}, "invalid YAML in this document");
        }
        return result;
    }
    result.complete = true;
    return result;
}

}  // namespace yaml

}  // namespace kg::model
